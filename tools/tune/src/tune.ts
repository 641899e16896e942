/**
 * tempo-tune: Texel tuning of every evaluation weight from training records
 * (record.ts). Fits K by golden-section search on the start weights, then all
 * weights by full-batch Adam on the mean squared error between sigmoid(K * eval)
 * and the game result, through the evaluation's trace (model.ts), and writes the
 * rounded table as the evaluation's JSON (the engine's EvalParams). Exit codes: 0
 * done, 1 a runtime error, 2 a usage mistake or unreadable input; always one line
 * on stderr.
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  EvalContext,
  PARAMS,
  PARAM_COUNT,
  PARAM_NAMES,
  PRESET_NAMES,
  TERMS,
  isPresetName,
  paramsFromJson,
  paramsToJson,
  presetParams,
  type EvalParams,
} from '@tempo-chess/eval';
import {
  InputError,
  UsageError,
  failureExit,
  intArg,
  isMainModule,
  parseCommand,
  processIo,
  type Io,
} from '@tempo-chess/toolkit';
import { fitK, integerLoss, packWeights, realLoss, toWeights } from './model';
import { TraceData } from './trace-data';
import { copyWeights, fitWeights, roundWeights, splitLosses } from './tune-fit';
import { loadFiles } from './tune-load';

const USAGE = [
  'usage: tempo-tune --data FILE|PARTS_DIR [--data ...] --out OUT.json [--epochs 1000] [--lr 1]',
  '         [--params IN.json | --preset default|handset|pesto-only] [--validation 0.1] [--k K] [--report-every 100]',
  '         [--check-every 10] [--patience 200] [--keep best|last] [--score-weight 0] [--freeze TERM,...] [--l2 0]',
  '',
  'With a validation set and --keep best (the default) the weights written are those of the epoch with the lowest validation loss',
  '(checked every --check-every epochs), and the fit stops once that loss has not improved for',
  '--patience epochs: on little data the training loss keeps falling while the fit gets worse.',
  '--score-weight W aims the training positions at (1 - W) x result + W x sigmoid(K x search score)',
  '(default 0: the game result alone); the validation loss is always against the results.',
  '--freeze holds every weight of the named terms (spec names: king.pawnDistance, threat.byKing, ...) at its start value.',
  '--l2 X adds X x the sum of (weight - start)^2 (centipawns) to the training loss: rare weights stay near their start.',
].join('\n');

const OPTIONS = {
  data: { type: 'string', multiple: true },
  out: { type: 'string' },
  epochs: { type: 'string' },
  lr: { type: 'string' },
  params: { type: 'string' },
  preset: { type: 'string' },
  validation: { type: 'string' },
  k: { type: 'string' },
  'report-every': { type: 'string' },
  'check-every': { type: 'string' },
  patience: { type: 'string' },
  'score-weight': { type: 'string' },
  keep: { type: 'string' },
  freeze: { type: 'string', multiple: true },
  l2: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface TuneOptions {
  data: string[];
  out: string;
  epochs: number;
  lr: number;
  validation: number;
  k: number | null;
  reportEvery: number;
  checkEvery: number;
  patience: number;
  scoreWeight: number;
  keepBest: boolean;
  start: EvalParams;
  startName: string;
  /** Terms held at their start values (--freeze), and their weights by index (1 = held). */
  frozenTerms: string[];
  frozen: Uint8Array;
  l2: number;
}

function numberArg(
  name: string,
  text: string | undefined,
  min: number,
  max: number,
  fallback: number,
  open = false,
): number {
  if (text === undefined) return fallback;
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || v < min || v > max || (open && (v === min || v === max)))
    throw new UsageError(`${name} must be a number ${open ? 'strictly ' : ''}between ${min} and ${max}, got "${text}"`);
  return v;
}

/**
 * A --data path: a file as it is, or a folder of datagen parts (`<out>.parts`), taken as
 * its `games-*.txt` files in game order (their zero-padded names sort so).
 */
function expandData(path: string): string[] {
  let dir = false;
  try {
    dir = statSync(path).isDirectory();
  } catch {
    return [path]; // the reader names a missing file
  }
  if (!dir) return [path];
  const parts = readdirSync(path)
    .filter((f) => /^games-\d+-\d+\.txt$/.test(f))
    .sort();
  if (parts.length === 0) throw new InputError(`${path}: a folder without datagen parts (games-*.txt)`);
  return parts.map((f) => join(path, f));
}

/** --freeze TERM[,TERM...] (repeatable): the terms' weights as an index mask. */
function freezeArg(values: string[] | undefined): { terms: string[]; mask: Uint8Array } {
  const terms = (values ?? [])
    .flatMap((v) => v.split(','))
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const known = new Set(TERMS.map((t) => t.name));
  for (const t of terms)
    if (!known.has(t))
      throw new UsageError(
        `--freeze: unknown term "${t}" (terms are the eval's spec names, such as tempo, mobility.knight, threat.byKing)`,
      );
  const mask = new Uint8Array(PARAM_COUNT),
    set = new Set(terms);
  for (const p of PARAMS) if (set.has(p.term)) mask[p.index] = 1;
  return { terms: [...set], mask };
}

function keepArg(text: string | undefined): boolean {
  if (text === undefined || text === 'best') return true;
  if (text === 'last') return false;
  throw new UsageError(`--keep must be best or last, got "${text}"`);
}

function parseOptions(argv: string[]): TuneOptions | null {
  const { values: v, positionals } = parseCommand('tune', argv, OPTIONS);
  if (v.help) return null;
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
  if (!v.data || v.data.length === 0) throw new UsageError('--data FILE is required');
  if (v.out === undefined) throw new UsageError('--out FILE is required');
  if (!existsSync(dirname(v.out) || '.'))
    throw new UsageError(`--out ${v.out}: directory ${dirname(v.out)} does not exist`);
  if (v.params !== undefined && v.preset !== undefined) throw new UsageError('give --params or --preset, not both');
  let start: EvalParams, startName: string;
  if (v.params !== undefined) {
    let text: string;
    try {
      text = readFileSync(v.params, 'utf8');
    } catch (e) {
      throw new InputError(
        `cannot read ${v.params}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`,
      );
    }
    try {
      start = paramsFromJson(text);
    } catch (e) {
      throw new InputError(`${v.params}: ${(e as Error).message}`);
    }
    startName = v.params;
  } else {
    const name = v.preset ?? 'default';
    if (!isPresetName(name)) throw new UsageError(`--preset must be one of ${PRESET_NAMES.join(', ')}, got "${name}"`);
    start = presetParams(name);
    startName = `preset ${name}`;
  }
  const freeze = freezeArg(v.freeze);
  return {
    data: v.data.flatMap(expandData),
    out: v.out,
    epochs: intArg('tune', '--epochs', v.epochs, 0, 1_000_000, 1000),
    lr: numberArg('--lr', v.lr, 0, 1e4, 1, true),
    validation: numberArg('--validation', v.validation, 0, 0.9, 0.1),
    k: v.k === undefined ? null : numberArg('--k', v.k, 0, 100, 1, true),
    reportEvery: intArg('tune', '--report-every', v['report-every'], 1, 1_000_000, 100),
    checkEvery: intArg('tune', '--check-every', v['check-every'], 1, 1_000_000, 10),
    patience: intArg('tune', '--patience', v.patience, 1, 1_000_000, 200),
    scoreWeight: numberArg('--score-weight', v['score-weight'], 0, 1, 0),
    keepBest: keepArg(v.keep),
    start,
    startName,
    frozenTerms: freeze.terms,
    frozen: freeze.mask,
    l2: numberArg('--l2', v.l2, 0, 1, 0),
  };
}

const f6 = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(6));
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (n: number, ms: number) => `${Math.round(n / Math.max(ms / 1000, 1e-6)).toLocaleString('en-US')}/s`;

/** Runs a command line; resolves to the exit code. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  try {
    const o = parseOptions(argv);
    if (o === null) {
      io.out(USAGE);
      return 0;
    }
    await tune(o, io);
    return 0;
  } catch (e) {
    return failureExit('tempo-tune', e, io);
  }
}

async function tune(o: TuneOptions, io: Io): Promise<void> {
  const t0 = performance.now();
  const tty = io === processIo && process.stderr.isTTY === true;
  // Step 1. Trace every record once with the start weights.
  const ctx = new EvalContext(o.start, 0);
  const data = new TraceData();
  const ls = await loadFiles(o.data, ctx, data, tty);
  const left = data.excluded,
    leftOut = left.drawn + left.kpk + left.kxk,
    epp = data.entriesPerPosition();
  io.out(
    `read ${ls.records} records from ${o.data.length} file(s) in ${secs(ls.totalMs)}: parse ${rate(ls.records, ls.parseMs)}, trace ${rate(ls.records, ls.traceMs)}`,
  );
  io.out(
    `positions: ${data.n} used, ${leftOut} left out (special rules: ${left.drawn} dead draws, ${left.kpk} KPK, ${left.kxk} KXK)`,
  );
  io.out(
    `traces: ${(data.bytes() / 2 ** 20).toFixed(1)} MB, ${epp.linear.toFixed(1)} linear + ${epp.kingSafety.toFixed(1)} king-safety entries a position`,
  );
  if (ls.mismatches > 0)
    io.err(
      `tempo-tune: warning: the integer model disagrees with evaluate on ${ls.mismatches} positions (first: ${ls.firstMismatch})`,
    );
  else io.out(`check: the integer model under the start weights equals evaluate on all ${data.n} positions`);
  const nVal = Math.floor(data.n * o.validation),
    trainEnd = data.n - nVal;
  if (trainEnd === 0) throw new InputError(`no training positions in ${o.data.join(', ')}`);
  const usage = data.usage(0, trainEnd);
  let fixed = 0,
    frozenUsed = 0;
  for (let i = 0; i < PARAM_COUNT; i++) {
    if (usage[i] === 0) fixed++;
    else if (o.frozen[i] !== 0) frozenUsed++;
  }
  io.out(
    `split: ${trainEnd} train, ${nVal} validation (the last ${(o.validation * 100).toFixed(0)}% of the data); start: ${o.startName}; ${PARAM_COUNT - fixed} of ${PARAM_COUNT} weights used by the training positions (the rest held)`,
  );
  if (o.l2 > 0) io.out(`l2: ${o.l2} x the sum of (weight - start)^2 added to the training loss`);
  if (o.frozenTerms.length > 0)
    io.out(`frozen: ${o.frozenTerms.join(', ')} (${frozenUsed} used weights held at their start values)`);
  // Step 2. K on the start weights.
  const start = toWeights(o.start);
  const tk = performance.now();
  const k = o.k ?? fitK(data, 0, trainEnd, start).k;
  const kMs = performance.now() - tk;
  io.out(o.k === null ? `K = ${k.toFixed(4)} (golden section on the training loss, ${secs(kMs)})` : `K = ${k} (given)`);
  if (o.scoreWeight > 0) {
    data.setTargets(0, trainEnd, k, o.scoreWeight);
    io.out(
      `targets: training positions aim at ${+(1 - o.scoreWeight).toFixed(12)} x result + ${o.scoreWeight} x sigmoid(K x search score); validation at the result`,
    );
  }
  const before = splitLosses(data, trainEnd, start, k);
  const packedStart = packWeights(o.start);
  const beforeInt = {
    train: integerLoss(data, 0, trainEnd, packedStart, k),
    validation: nVal ? integerLoss(data, trainEnd, data.n, packedStart, k) : NaN,
  };
  io.out(`epoch 0: train ${f6(before.train)} validation ${f6(before.validation)}`);
  // Step 3. Adam, with a status line every epoch and both losses every reportEvery epochs.
  const tf = performance.now();
  let last = tf;
  // Early stopping on the validation loss: keep the best weights seen, stop after `patience` epochs without a better one.
  const early = o.keepBest && nVal > 0;
  let best = { epoch: 0, loss: before.validation, weights: copyWeights(start) };
  let ran = 0;
  const finalWeights = fitWeights(
    data,
    start,
    { epochs: o.epochs, lr: o.lr, k, trainEnd, frozen: o.frozen, l2: o.l2 },
    (epoch, loss, w) => {
      ran = epoch;
      const now = performance.now(),
        per = (now - tf) / epoch;
      const status = `epoch ${epoch}/${o.epochs} train ${f6(loss)} (before the step) | ${(now - last).toFixed(0)} ms | ETA ${secs(per * (o.epochs - epoch))}`;
      last = now;
      if (tty) process.stderr.write(`\r${status}\x1b[K`);
      else io.err(status);
      if (epoch % o.reportEvery === 0 && epoch !== o.epochs) {
        const l = splitLosses(data, trainEnd, w, k);
        if (tty) process.stderr.write('\r\x1b[K');
        io.out(`epoch ${epoch}: train ${f6(l.train)} validation ${f6(l.validation)}`);
      }
      if (early && (epoch % o.checkEvery === 0 || epoch === o.epochs)) {
        const v = realLoss(data, trainEnd, data.n, w, k);
        if (v < best.loss) best = { epoch, loss: v, weights: copyWeights(w) };
        else if (epoch - best.epoch >= o.patience) return true;
      }
      return false;
    },
  );
  const fitted = early ? best.weights : finalWeights;
  if (tty) process.stderr.write('\r\x1b[K');
  const fitMs = performance.now() - tf;
  // Step 4. Round, check the file loads as the engine loads it, write it.
  const after = splitLosses(data, trainEnd, fitted, k);
  if (early) {
    const l = splitLosses(data, trainEnd, finalWeights, k);
    io.out(
      `epoch ${ran}: train ${f6(l.train)} validation ${f6(l.validation)}${ran < o.epochs ? ` (stopped: no better validation loss for ${o.patience} epochs)` : ''}`,
    );
    io.out(
      `kept: epoch ${best.epoch}, the lowest validation loss: train ${f6(after.train)} validation ${f6(after.validation)}`,
    );
  } else if (ran > 0) io.out(`epoch ${ran}: train ${f6(after.train)} validation ${f6(after.validation)}`);
  const rounded = roundWeights(fitted);
  const json = paramsToJson(rounded);
  new EvalContext(paramsFromJson(json), 0); // throws if the table does not load (int16 psq entries)
  writeFileSync(o.out, json);
  const packed = packWeights(rounded);
  const afterInt = {
    train: integerLoss(data, 0, trainEnd, packed, k),
    validation: nVal ? integerLoss(data, trainEnd, data.n, packed, k) : NaN,
  };
  io.out('');
  io.out(
    `K ${k.toFixed(4)}, ${ran} epochs of Adam at lr ${o.lr}${early ? ` (weights of epoch ${best.epoch} kept)` : ''}, ${data.n} positions used (${trainEnd} train, ${nVal} validation), ${leftOut} left out`,
  );
  io.out('loss                 train      validation');
  io.out(`before (model)       ${f6(before.train)}   ${f6(before.validation)}`);
  io.out(`before (integer)     ${f6(beforeInt.train)}   ${f6(beforeInt.validation)}`);
  io.out(`after (model)        ${f6(after.train)}   ${f6(after.validation)}`);
  io.out(`after (integer)      ${f6(afterInt.train)}   ${f6(afterInt.validation)}`);
  io.out(`largest changes: ${largestChanges(o.start, rounded, 8)}`);
  io.out(
    `time: load ${secs(ls.totalMs)}, K ${secs(kMs)}, fit ${secs(fitMs)} (${(fitMs / Math.max(1, ran)).toFixed(0)} ms an epoch), total ${secs(performance.now() - t0)}`,
  );
  io.out(`wrote ${o.out}`);
}

/** The `count` weights that moved most (by the larger of |mg change| and |eg change|), as `name mg a>b eg c>d`. */
function largestChanges(a: EvalParams, b: EvalParams, count: number): string {
  const moved: [number, number][] = [];
  for (let i = 0; i < PARAM_COUNT; i++) {
    const d = Math.max(Math.abs(b.mg[i] - a.mg[i]), Math.abs(b.eg[i] - a.eg[i]));
    if (d > 0) moved.push([d, i]);
  }
  moved.sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  const text = moved
    .slice(0, count)
    .map(([, i]) => `${PARAM_NAMES[i]} mg ${a.mg[i]}>${b.mg[i]} eg ${a.eg[i]}>${b.eg[i]}`);
  return `${moved.length} of ${PARAM_COUNT} weights changed; ${text.join(', ') || 'none'}`;
}

if (isMainModule(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
