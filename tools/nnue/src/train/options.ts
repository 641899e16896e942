/**
 * `tempo-nnue train` options. Everything that changes the bytes of the result is in
 * TrainConfig (and in the checkpoint, which --resume compares); --threads is not, since
 * the result does not depend on it.
 */
import { UsageError, intArg, parseCommand } from '@tempo-chess/toolkit';
import { simdAvailable } from './kernel-simd';

export const TRAIN_USAGE = [
  'usage: tempo-nnue train --data FILE.tnd [--data ...] --out DIR [--hidden 256] [--buckets 1] [--epochs 20]',
  '         [--batch 16384] [--lr 0.001] [--wd 0.01] [--wdl 0.3] [--scale S] [--threads 2] [--holdout 0.05]',
  '         [--seed 1] [--check 200000] [--kernel simd|plain] [--mirror] [--qat N] [--out-clip N]',
  '         [--resume] [--stop-after EPOCH]',
  '',
  "Loss: (sigmoid(net cp / S) - target)^2, target = (1 - wdl) x sigmoid(score / S) + wdl x result (mover's view);",
  'S is fitted to the data (golden-section search on sigmoid(score / S) against the results) unless --scale is given.',
  'AdamW (betas 0.9, 0.999; decoupled weight decay --wd), learning rate cosine-decayed from --lr to --lr / 50 over the run.',
  'Held out: whole games, chosen by a hash of the game number (--holdout is the fraction).',
  '--mirror: every training record twice an epoch, as it is and mirrored left-right (files a <-> h); held-out records as they are.',
  '--qat N: the last N epochs train the net rounded to the int16 grids of the net file (straight-through gradient to the float',
  'weights), so the exported net is the net trained; without it the last epoch rounds and holds the output weights only.',
  "--out-clip N: no output weight beyond +-N in the net file (1..32767, default 32767); 127 lets the engine's forward pass",
  'run its one-dot kernel (weights that fit a signed byte).',
  'DIR gets checkpoint.bin after every epoch, train.log, and net.nnue (the quantised net) at the end.',
  '--stop-after E ends the run after epoch E (no net written); --resume with the same options goes on from the checkpoint,',
  'and the result is byte for byte that of a run never stopped.',
].join('\n');

const OPTIONS = {
  data: { type: 'string', multiple: true },
  out: { type: 'string' },
  hidden: { type: 'string' },
  buckets: { type: 'string' },
  epochs: { type: 'string' },
  batch: { type: 'string' },
  lr: { type: 'string' },
  wd: { type: 'string' },
  wdl: { type: 'string' },
  scale: { type: 'string' },
  threads: { type: 'string' },
  holdout: { type: 'string' },
  seed: { type: 'string' },
  check: { type: 'string' },
  kernel: { type: 'string' },
  'stop-after': { type: 'string' },
  mirror: { type: 'boolean' },
  qat: { type: 'string' },
  'out-clip': { type: 'string' },
  resume: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** What the result depends on. */
export interface TrainConfig {
  data: string[];
  hidden: number;
  buckets: number;
  epochs: number;
  batch: number;
  lr: number;
  wd: number;
  wdl: number;
  /** null: fitted on the data. */
  scale: number | null;
  holdout: number;
  seed: number;
  /** Held-out positions the quantised net is compared on. */
  check: number;
  /** The row loops: WebAssembly SIMD or plain TypeScript (the same arithmetic up to float rounding, so part of the result). */
  kernel: 'simd' | 'plain';
  /**
   * Every training record also mirrored left-right. Present only when on, so that a run
   * without it writes the checkpoint (its JSON header) of the trainer before the option.
   */
  mirror?: true;
  /**
   * The last `qat` epochs train the rounded net (qat.ts). Present only when on (1 or
   * more), so that a run without it writes the checkpoint of the trainer before the option.
   */
  qat?: number;
  /**
   * The largest |output weight| in the net file's units (the float clip is outClip / QB).
   * Present only when given and not the default (32767), so that a run without it
   * writes the checkpoint of the trainer before the option.
   */
  outClip?: number;
}

export interface TrainArgs {
  config: TrainConfig;
  out: string;
  threads: number;
  resume: boolean;
  /** Stop after this epoch (a later --resume goes on), or null. */
  stopAfter: number | null;
}

function numberArg(name: string, text: string | undefined, min: number, max: number, fallback: number): number {
  if (text === undefined) return fallback;
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || v < min || v > max)
    throw new UsageError(`train: ${name} must be a number from ${min} to ${max}, got "${text}"`);
  return v;
}

function kernelArg(text: string | undefined): 'simd' | 'plain' {
  if (text === undefined || text === 'simd') {
    if (!simdAvailable())
      throw new UsageError('train: this Node cannot run the WebAssembly SIMD kernel; use --kernel plain');
    return 'simd';
  }
  if (text === 'plain') return 'plain';
  throw new UsageError(`train: --kernel must be simd or plain, got "${text}"`);
}

/** Parses the train command's arguments; null for --help. */
export function parseTrainArgs(argv: string[]): TrainArgs | null {
  const { values, positionals } = parseCommand('train', argv, OPTIONS);
  if (values.help) return null;
  if (positionals.length > 0) throw new UsageError(`train: unexpected argument ${positionals[0]}`);
  if (values.data === undefined || values.data.length === 0) throw new UsageError('train: --data is required');
  if (values.out === undefined) throw new UsageError('train: --out is required');
  const hidden = intArg('train', '--hidden', values.hidden, 16, 2048, 256);
  if (hidden % 16 !== 0) throw new UsageError(`train: --hidden must be a multiple of 16, got ${hidden}`);
  const config: TrainConfig = {
    data: values.data,
    hidden,
    buckets: intArg('train', '--buckets', values.buckets, 1, 16, 1),
    epochs: intArg('train', '--epochs', values.epochs, 1, 100000, 20),
    batch: intArg('train', '--batch', values.batch, 1, 1 << 22, 16384),
    lr: numberArg('--lr', values.lr, 1e-7, 1, 0.001),
    wd: numberArg('--wd', values.wd, 0, 1, 0.01),
    wdl: numberArg('--wdl', values.wdl, 0, 1, 0.3),
    scale: values.scale === undefined ? null : numberArg('--scale', values.scale, 1, 100000, 0),
    holdout: numberArg('--holdout', values.holdout, 0, 0.9, 0.05),
    seed: intArg('train', '--seed', values.seed, 0, 0x7fffffff, 1),
    check: intArg('train', '--check', values.check, 0, 1e9, 200000),
    kernel: kernelArg(values.kernel),
  };
  if (values.mirror === true) config.mirror = true;
  const qat = intArg('train', '--qat', values.qat, 0, config.epochs, 0);
  if (qat > 0) config.qat = qat;
  const outClip = intArg('train', '--out-clip', values['out-clip'], 1, 32767, 32767);
  if (outClip !== 32767) config.outClip = outClip;
  const stopAfter =
    values['stop-after'] === undefined ? null : intArg('train', '--stop-after', values['stop-after'], 1, 100000);
  return {
    config,
    out: values.out,
    threads: intArg('train', '--threads', values.threads, 1, 8, 2),
    resume: values.resume === true,
    stopAfter,
  };
}
