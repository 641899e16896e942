/**
 * Reading training files into TraceData: a streaming line reader (files of
 * millions of lines never sit in memory as text), each record's position built
 * with the tracing context's table and traced once. A malformed line stops the
 * load with its file and line number.
 */
import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { type EvalContext, traceEvaluation } from '@tempo-chess/eval';
import { Position } from '@tempo-chess/position';
import { InputError, startProgress } from '@tempo-chess/toolkit';
import { integerScore, packWeights } from './model';
import { parseRecord } from './record';
import { type TraceData } from './trace-data';

/** What a load did, for the summary. */
export interface LoadStats {
  lines: number;
  records: number;
  /** Milliseconds spent parsing records and building positions, and tracing and storing them. */
  parseMs: number;
  traceMs: number;
  totalMs: number;
  /** Positions where the integer model under the start weights disagrees with evaluate (should be 0). */
  mismatches: number;
  firstMismatch: string | null;
}

/** Checks that every file is a readable regular file before any work starts; throws InputError naming the first that is not. */
export function checkFiles(files: readonly string[]): number {
  let bytes = 0;
  for (const f of files) {
    let st;
    try {
      st = statSync(f);
    } catch (e) {
      throw new InputError(
        `cannot read ${f}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`,
      );
    }
    if (!st.isFile()) throw new InputError(`cannot read ${f}: not a file`);
    bytes += st.size;
  }
  return bytes;
}

/**
 * Appends the records of `files` (in order) to `data`, traced with ctx (its
 * weights are the start weights; positions are built with ctx.psq).
 */
export async function loadFiles(
  files: readonly string[],
  ctx: EvalContext,
  data: TraceData,
  progress = true,
): Promise<LoadStats> {
  const total = checkFiles(files);
  const bar = progress ? startProgress(total, 'bytes') : null;
  const packed = packWeights(ctx.params);
  const stats: LoadStats = {
    lines: 0,
    records: 0,
    parseMs: 0,
    traceMs: 0,
    totalMs: 0,
    mismatches: 0,
    firstMismatch: null,
  };
  const t0 = performance.now();
  try {
    for (const file of files) {
      const rl = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
      let lineNo = 0,
        pending = 0;
      for await (const line of rl) {
        lineNo++;
        stats.lines++;
        pending += line.length + 1;
        if (pending >= 1 << 20 && bar) {
          bar.add(pending);
          pending = 0;
        }
        const text = line.trim();
        if (text === '' || text.startsWith('#')) continue;
        const ta = performance.now();
        let rec, pos;
        try {
          rec = parseRecord(text);
          pos = buildPosition(rec.fen, ctx);
        } catch (e) {
          throw new InputError(`${file}:${lineNo}: ${(e as Error).message}`);
        }
        const tb = performance.now();
        const trace = traceEvaluation(pos, ctx);
        if (data.add(trace, rec.result, rec.score) === null) {
          const v = integerScore(data, data.n - 1, packed);
          if (v !== trace.score && stats.mismatches++ === 0)
            stats.firstMismatch = `${file}:${lineNo}: model ${v}, evaluate ${trace.score}`;
        }
        stats.traceMs += performance.now() - tb;
        stats.parseMs += tb - ta;
        stats.records++;
      }
      if (bar) bar.add(pending);
    }
  } finally {
    bar?.stop();
  }
  stats.totalMs = performance.now() - t0;
  return stats;
}

/** The position of a record's FEN, standard first, then as Chess960 (Shredder-FEN castling); throws with the FEN's error. */
function buildPosition(fen: string, ctx: EvalContext): Position {
  const r = Position.parse(fen, { psq: ctx.psq });
  if (r.ok) return r.value;
  const r960 = Position.parse(fen, { psq: ctx.psq, chess960: true });
  if (r960.ok) return r960.value;
  throw new Error(r.error);
}
