/**
 * `tempo-nnue train`: the run. Loads the records, splits off the held-out games, fits
 * the scale (or takes --scale), starts from seeded weights or the checkpoint, then per
 * epoch: the training records in a seeded order, batch by batch gradient (CHUNKS fixed
 * slices) and AdamW step, the held-out loss, a log line, a checkpoint. With --qat the
 * last epochs run the passes on the rounded parameters (qat.ts). At the end the
 * quantised net is written and checked against the float one.
 */
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { QB, encodeNet, decodeNet } from '@tempo-chess/nnue';
import { InputError, Rng, type Io } from '@tempo-chess/toolkit';
import { readCheckpoint, writeCheckpoint, type CheckpointHeader, type EpochLog } from './checkpoint';
import { fitScale, loadData, type TrainData } from './data';
import { checkQuantised, quantise, type QuantCheck } from './export';
import { makeLayout, type Layout } from './kernel';
import type { TrainArgs, TrainConfig } from './options';
import { LocalPool, WorkerPool, type Pool } from './pool';
import { isQatEpoch } from './qat';
import { OUT_CLIP_DEFAULT, TaskRunner, createArena, type SharedState } from './tasks';
import { startLine } from './progress-line';

/** The learning rate falls by cosine from lr to lr * LR_FLOOR over the run's steps. */
export const LR_FLOOR = 0.02;

/** Step t's (1-based) learning rate out of `total`. */
export function learningRate(lr: number, t: number, total: number): number {
  return lr * (LR_FLOOR + (1 - LR_FLOOR) * 0.5 * (1 + Math.cos((Math.PI * (t - 1)) / Math.max(1, total))));
}

/**
 * Epoch e's order of the training records (Fisher-Yates from Rng("<seed>:order:<e>")).
 * With `mirror` the order holds every record twice, as record number * 2 + mirror bit
 * (`order` is 2N long), so the shuffle mixes both copies; without, the record numbers
 * as before mirroring existed (the same orders, so old runs give the same bytes).
 */
export function epochOrder(train: Uint32Array, seed: number, epoch: number, order: Uint32Array, mirror = false): void {
  if (mirror) {
    for (let i = 0; i < train.length; i++) {
      order[2 * i] = train[i] * 2;
      order[2 * i + 1] = train[i] * 2 + 1;
    }
  } else order.set(train);
  const rng = new Rng(`${seed}:order:${epoch}`);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng.float() * (i + 1));
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
}

/** Seeded starting weights: first layer uniform in +/-0.1, output layer in +/-1/sqrt(2H), biases 0. */
export function initialWeights(
  p: Float32Array,
  hidden: number,
  ftBias: number,
  outWeights: number,
  outBias: number,
  seed: number,
): void {
  const rng = new Rng(`${seed}:init`);
  for (let i = 0; i < ftBias; i++) p[i] = (rng.float() * 2 - 1) * 0.1;
  const r = 1 / Math.sqrt(2 * hidden);
  for (let i = outWeights; i < outBias; i++) p[i] = (rng.float() * 2 - 1) * r;
}

/**
 * Rounds the output weights to their int16 grid (multiples of 1/QB) before the last
 * epoch, which then trains only the rest: the first layer and the biases learn around
 * the rounded output layer, whose rounding (steps of 400/QB = 6.25 cp for a saturated
 * neuron) is otherwise the largest part of the quantised net's error. With --qat too:
 * there the output weights' straight-through steps gather at the midpoints between
 * grid points (a weight whose best value lies between two of them is pushed back from
 * either side), so every epoch rounds many of them the other way; held, they stop.
 */
export function snapOutputWeights(p: Float32Array, L: Layout): void {
  for (let i = L.outWeights; i < L.outBias; i++) p[i] = Math.round(p[i] * QB) / QB;
}

/** The float clip of the output weights: --out-clip (the net file's units) / QB. */
export function outClipOf(cfg: TrainConfig): number {
  return (cfg.outClip ?? OUT_CLIP_DEFAULT) / QB;
}

/** What a run produced. */
export interface TrainResult {
  scale: number;
  history: EpochLog[];
  /** null when stopped early. */
  check: QuantCheck | null;
  netPath: string | null;
}

/**
 * The first field where a checkpoint's config differs from this run's, or null; over the
 * fields of both, so an option one of them leaves out (--mirror when off) is compared too.
 */
function configDifference(a: TrainConfig, b: TrainConfig): string | null {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof TrainConfig)[]);
  for (const key of keys) if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) return key;
  return null;
}

/** A run's state between its phases. */
interface Run {
  args: TrainArgs;
  cfg: TrainConfig;
  data: TrainData;
  L: Layout;
  memory: WebAssembly.Memory;
  /** Views of the arena on this thread (parameters, m, v), for checkpoints and export. */
  local: TaskRunner;
  header: CheckpointHeader;
  ckPath: string;
  log: (line: string) => void;
}

/** Loads the data and starts from seeded weights, or from the checkpoint with --resume. */
function startRun(args: TrainArgs, io: Io): Run {
  const { config: cfg, out } = args;
  const data: TrainData = loadData(cfg.data, cfg.holdout);
  if (!existsSync(out)) mkdirSync(out, { recursive: true });
  const log = (line: string) => {
    io.out(line);
    appendFileSync(join(out, 'train.log'), line + '\n');
  };
  const L = makeLayout(cfg.hidden, cfg.buckets);
  const memory = createArena(cfg.hidden, cfg.buckets);
  const local = new TaskRunner({
    memory,
    simd: false,
    data: data.bytes,
    order: new Uint32Array(0),
    mirror: false,
    holdout: data.holdout,
    hidden: cfg.hidden,
    buckets: cfg.buckets,
    wdl: cfg.wdl,
    scale: 1,
    outClip: outClipOf(cfg),
  });
  const ckPath = join(out, 'checkpoint.bin');
  let header: CheckpointHeader;
  if (args.resume && existsSync(ckPath)) {
    header = readCheckpoint(ckPath, local.params, local.m, local.v, (h) => {
      const diff = configDifference(h.config, cfg);
      if (diff === null) return;
      const theirs = h.config[diff as keyof TrainConfig];
      throw new InputError(
        `cannot resume: ${ckPath} belongs to a run with another --${diff} (${theirs === undefined ? 'off' : JSON.stringify(theirs)})`,
      );
    });
    log(`resumed from ${ckPath} after epoch ${header.epoch}`);
  } else {
    if (args.resume) throw new InputError(`cannot resume: ${ckPath} does not exist`);
    const scale = cfg.scale ?? fitScale(data);
    initialWeights(local.params, cfg.hidden, L.ftBias, L.outWeights, L.outBias, cfg.seed);
    header = { config: cfg, scale, epoch: 0, step: 0, history: [] };
    writeFileSync(join(out, 'train.log'), '');
  }
  const n = (x: number) => x.toLocaleString('en-US');
  log(
    `data: ${n(data.records)} records of ${n(data.games)} games; training ${n(data.train.length)}, held out ${n(data.holdout.length)} ` +
      `(${n(data.holdoutGames)} games)${cfg.mirror === true ? ', each training record also mirrored' : ''}; scale ${header.scale}${cfg.scale === null ? ' (fitted)' : ''}; ` +
      `net 768x${cfg.hidden}x2 -> ${cfg.buckets} bucket${cfg.buckets > 1 ? 's' : ''}`,
  );
  return { args, cfg, data, L, memory, local, header, ckPath, log };
}

/**
 * One epoch: the seeded order, gradient and step batch by batch, the held-out loss, the
 * checkpoint and the log line. The run's last epoch holds the output weights on their
 * grid; a --qat epoch rounds the parameters before every batch and runs the passes on
 * them (its held-out loss is the rounded net's, the float parameters' in brackets).
 */
async function runEpoch(r: Run, pool: Pool, order: Uint32Array, epoch: number, progress: boolean): Promise<void> {
  const { cfg, data, header } = r;
  const N = order.length,
    batches = Math.ceil(N / cfg.batch),
    totalSteps = batches * cfg.epochs;
  const t0 = performance.now(),
    cpu0 = process.cpuUsage();
  const qat = isQatEpoch(epoch, cfg.epochs, cfg.qat);
  const settle = cfg.epochs >= 2 && epoch === cfg.epochs;
  if (settle) snapOutputWeights(r.local.params, r.L);
  epochOrder(data.train, cfg.seed, epoch, order, cfg.mirror === true);
  const bar = progress ? startLine(`epoch ${epoch}/${cfg.epochs}`, N) : null;
  let lossSum = 0;
  for (let b = 0; b < batches; b++) {
    const start = b * cfg.batch,
      n = Math.min(cfg.batch, N - start);
    let batchLoss = 0;
    if (qat) r.local.roundParams();
    for (const l of await pool.grad(start, n, qat)) batchLoss += l;
    lossSum += batchLoss;
    header.step++;
    await pool.step(n, learningRate(cfg.lr, header.step, totalSteps), header.step, cfg.wd, settle);
    bar?.update(start + n, batchLoss / n);
  }
  bar?.stop();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0),
    cpuSeconds = (cpu.user + cpu.system) / 1e6;
  if (qat) r.local.roundParams();
  const hold = await heldOutLoss(pool, data.holdout.length, qat);
  const unrounded =
    qat && data.holdout.length > 0
      ? ` (float weights ${(await heldOutLoss(pool, data.holdout.length, false)).toFixed(6)})`
      : '';
  const entry: EpochLog = { epoch, train: lossSum / N, holdout: hold };
  header.history.push(entry);
  header.epoch = epoch;
  writeCheckpoint(r.ckPath, header, r.local.params, r.local.m, r.local.v);
  r.log(
    `epoch ${epoch}/${cfg.epochs}: train ${entry.train.toFixed(6)} held-out ${data.holdout.length === 0 ? '-' : hold.toFixed(6)}${unrounded} ` +
      `lr ${learningRate(cfg.lr, header.step, totalSteps).toPrecision(3)} ${Math.round(N / seconds).toLocaleString('en-US')} positions/s (${seconds.toFixed(1)} s; ` +
      `${Math.round(N / cpuSeconds).toLocaleString('en-US')} a CPU-second, all threads)`,
  );
}

/**
 * Quantises, writes DIR/net.nnue (read back once) and compares it with the float net:
 * with --qat the rounded parameters (the net trained), and for information also the
 * float parameters as they are (the comparison a run without --qat makes).
 */
function exportNet(r: Run): { check: QuantCheck; netPath: string } {
  const { data, L, local, cfg } = r;
  const net = quantise(local.params, L);
  const bytes = encodeNet(net);
  decodeNet(bytes);
  const netPath = join(r.args.out, 'net.nnue');
  writeFileSync(netPath, bytes);
  const held = data.holdout.length > 0,
    which = held ? data.holdout : data.train;
  const compare = (p: Float32Array) => checkQuantised(p, L, net, data.bytes, which, cfg.check, cfg.wdl, r.header.scale);
  const where = `${held ? 'held-out' : 'training'} positions`;
  if (cfg.qat !== undefined) {
    const raw = compare(local.params);
    r.log(
      `float weights unrounded vs quantised (information): mean ${raw.meanCp.toFixed(3)} cp, largest ${raw.maxCp.toFixed(2)} cp; loss ${raw.floatLoss.toFixed(6)} unrounded`,
    );
    local.roundParams();
  }
  const check = compare(cfg.qat !== undefined ? local.rounded : local.params);
  r.log(
    `loss on the ${check.positions.toLocaleString('en-US')} ${where} checked: quantised net ${check.loss.toFixed(6)}, ${cfg.qat !== undefined ? 'trained' : 'float'} net ${check.floatLoss.toFixed(6)}`,
  );
  r.log(
    `net: ${netPath} (${bytes.length.toLocaleString('en-US')} bytes, largest output weight ${net.outWeights.reduce((m, w) => Math.max(m, Math.abs(w)), 0)}); quantised vs ${cfg.qat !== undefined ? 'trained (rounded) net' : 'float'} on ${check.positions.toLocaleString('en-US')} ${where}: ` +
      `mean ${check.meanCp.toFixed(3)} cp, largest ${check.maxCp.toFixed(2)} cp (record ${check.worst}): ` +
      (check.ok ? 'within the target (mean <= 2, largest <= 10)' : 'NOT within the target (mean <= 2, largest <= 10)'),
  );
  return { check, netPath };
}

/** Runs training. `script`: the bundled cli.js for worker threads (null: every task on this thread). */
export async function train(args: TrainArgs, io: Io, script: URL | null, progress = true): Promise<TrainResult> {
  const r = startRun(args, io);
  const { cfg, data, header } = r;
  const mirror = cfg.mirror === true;
  if (mirror && data.records > 0x7fffffff)
    throw new InputError('--mirror takes at most 2^31 - 1 records (an order entry is record * 2 + mirror bit)');
  const order = new Uint32Array(new SharedArrayBuffer(4 * data.train.length * (mirror ? 2 : 1)));
  const shared: SharedState = {
    memory: r.memory,
    simd: cfg.kernel === 'simd',
    data: data.bytes,
    order,
    mirror,
    holdout: data.holdout,
    hidden: cfg.hidden,
    buckets: cfg.buckets,
    wdl: cfg.wdl,
    scale: header.scale,
    outClip: outClipOf(cfg),
  };
  const pool: Pool =
    script === null || args.threads === 1
      ? new LocalPool(shared)
      : new WorkerPool(script, shared, args.threads, r.L.size);
  try {
    if (header.epoch === 0)
      r.log(`start: held-out ${(await heldOutLoss(pool, data.holdout.length, false)).toFixed(6)}`);
    const last = args.stopAfter === null ? cfg.epochs : Math.min(cfg.epochs, args.stopAfter);
    for (let epoch = header.epoch + 1; epoch <= last; epoch++) await runEpoch(r, pool, order, epoch, progress);
  } finally {
    await pool.close();
  }
  if (header.epoch < cfg.epochs) {
    r.log(`stopped after epoch ${header.epoch} of ${cfg.epochs} (--stop-after); --resume goes on`);
    return { scale: header.scale, history: header.history, check: null, netPath: null };
  }
  return { scale: header.scale, history: header.history, ...exportNet(r) };
}

/**
 * Mean held-out loss (0 with no held-out records), in pieces of 2^16 records, slices
 * summed in order; of the rounded parameters (written by the caller) with `rounded`.
 */
async function heldOutLoss(pool: Pool, n: number, rounded: boolean): Promise<number> {
  if (n === 0) return 0;
  let sum = 0;
  for (let start = 0; start < n; start += 1 << 16) {
    for (const l of await pool.evaluate(start, Math.min(1 << 16, n - start), rounded)) sum += l;
  }
  return sum / n;
}
