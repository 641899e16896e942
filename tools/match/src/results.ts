/**
 * The result file: settings, counts, pentanomial, engine faults, and the indices of
 * the finished game pairs (pairs finish out of order under concurrency). Rewritten
 * whole (write to a temporary file, then rename) after every pair, so a stop at any
 * moment leaves a consistent file that `--resume` continues and `merge` adds.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { InputError, type Adjudication, type EngineSpec, type FailureKind, type Limit } from '@tempo-chess/toolkit';
import { addCounts, type Counts, type SprtSettings } from './stats';

export const FORMAT = 'tempo-match/1';

/** What makes two runs the same match. */
export interface MatchSettings {
  engines: Array<EngineSpec & { limit: Limit }>;
  chess960: boolean;
  adjudication: Adjudication;
  marginMs: number;
  games: number;
  openings: { file: string; count: number; order: 'sequential' | 'random'; seed: number; part?: 'train' | 'test' };
  sprt?: SprtSettings;
}

/** Engine faults by engine name and kind. */
export type Failures = Record<string, Partial<Record<FailureKind, number>>>;

export interface ResultFile {
  format: typeof FORMAT;
  settings: MatchSettings;
  /** From the first engine's side. */
  counts: Counts;
  failures: Failures;
  /** Finished pair indices, ascending. */
  finished: number[];
  /** Set when the SPRT has decided. */
  sprtDecision?: 'H0' | 'H1';
  /**
   * Games and LLR when the decision was taken. Pairs already in play then are still
   * finished and counted, so the final counts can hold a few more games, and their LLR
   * can fall back just inside the bound: the decision stands.
   */
  sprtDecidedAt?: { games: number; llr: number };
  updated: string;
}

/** Writes the file atomically. */
export function writeResultFile(path: string, r: ResultFile): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, JSON.stringify(r, null, 2) + '\n');
  renameSync(tmp, path);
}

/** Reads and checks a result file; throws InputError naming the file. */
export function readResultFile(path: string): ResultFile {
  let r: ResultFile;
  try {
    r = JSON.parse(readFileSync(path, 'utf8')) as ResultFile;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(
      `cannot read result file ${path}: ${code === 'ENOENT' ? 'no such file' : (code ?? 'not JSON')}`,
    );
  }
  if (r?.format !== FORMAT || !r.settings || !r.counts || !Array.isArray(r.finished)) {
    throw new InputError(`${path} is not a tempo-match result file`);
  }
  return r;
}

/** The first setting that differs, as `engines[1].limit`, or null when equal. */
export function firstDifference(a: unknown, b: unknown, path = ''): string | null {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return a === b ? null : path || '(root)';
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of [...keys].sort()) {
    const d = firstDifference(
      (a as Record<string, unknown>)[k],
      (b as Record<string, unknown>)[k],
      Array.isArray(a) ? `${path}[${k}]` : path ? `${path}.${k}` : k,
    );
    if (d) return d;
  }
  return null;
}

/** The playing conditions `merge` requires to be equal: engines, limits, options, rules, adjudication, margin. */
export const conditions = (s: MatchSettings) => ({
  engines: s.engines,
  chess960: s.chess960,
  adjudication: s.adjudication,
  marginMs: s.marginMs,
});

/** Adds result files played under the same conditions; throws InputError naming a file that differs. */
export function mergeResults(files: Array<{ path: string; result: ResultFile }>): {
  counts: Counts;
  failures: Failures;
  settings: MatchSettings;
} {
  const first = files[0];
  let counts = first.result.counts;
  const failures: Failures = JSON.parse(JSON.stringify(first.result.failures ?? {}));
  for (const f of files.slice(1)) {
    const d = firstDifference(conditions(first.result.settings), conditions(f.result.settings));
    if (d) throw new InputError(`${f.path} was played with other settings than ${first.path} (${d} differs)`);
    counts = addCounts(counts, f.result.counts);
    for (const [name, kinds] of Object.entries(f.result.failures ?? {})) {
      for (const [k, n] of Object.entries(kinds)) {
        const t = (failures[name] ??= {});
        t[k as FailureKind] = (t[k as FailureKind] ?? 0) + (n ?? 0);
      }
    }
  }
  return { counts, failures, settings: first.result.settings };
}
