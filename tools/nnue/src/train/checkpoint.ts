/**
 * The checkpoint written after every epoch (DIR/checkpoint.bin): everything a resumed
 * run needs to continue exactly. Layout: "TNCK", u32 version 1, u32 length of a UTF-8
 * JSON header, the JSON (config, fitted scale, epochs done, Adam steps done, the loss
 * history), zero padding to a multiple of 4, then the float parameters, Adam's m and
 * v (float32, little-endian, Layout order). The random state is the seed and the epoch:
 * epoch e's order is drawn from its own generator, Rng("<seed>:order:<e>"), so nothing
 * else is needed to draw the next one. Written under a temporary name, then renamed.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { InputError } from '@tempo-chess/toolkit';
import type { TrainConfig } from './options';

/** One finished epoch. */
export interface EpochLog {
  epoch: number;
  train: number;
  holdout: number;
}

export interface CheckpointHeader {
  config: TrainConfig;
  scale: number;
  epoch: number;
  step: number;
  history: EpochLog[];
}

const MAGIC = 'TNCK';

/** Writes the checkpoint; `params`, `m`, `v` are the arena's views (length = parameter count). */
export function writeCheckpoint(
  path: string,
  header: CheckpointHeader,
  params: Float32Array,
  m: Float32Array,
  v: Float32Array,
): void {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const head = 12 + Math.ceil(json.length / 4) * 4;
  const n = params.length;
  const bytes = new Uint8Array(head + 12 * n);
  const view = new DataView(bytes.buffer);
  bytes.set(Buffer.from(MAGIC, 'latin1'), 0);
  view.setUint32(4, 1, true);
  view.setUint32(8, json.length, true);
  bytes.set(json, 12);
  [params, m, v].forEach((a, k) => {
    for (let i = 0; i < n; i++) view.setFloat32(head + 4 * (k * n + i), a[i], true);
  });
  writeFileSync(`${path}.partial`, bytes);
  renameSync(`${path}.partial`, path);
}

/**
 * Reads a checkpoint into the arena views; `check` sees the header first (and throws if
 * it belongs to another run); throws InputError for a file that is not one of this shape.
 */
export function readCheckpoint(
  path: string,
  params: Float32Array,
  m: Float32Array,
  v: Float32Array,
  check: (h: CheckpointHeader) => void,
): CheckpointHeader {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw new InputError(
      `cannot resume: cannot read ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== MAGIC || view.getUint32(4, true) !== 1)
    throw new InputError(`cannot resume: ${path} is not a checkpoint`);
  const len = view.getUint32(8, true);
  const head = 12 + Math.ceil(len / 4) * 4;
  const n = params.length;
  let header: CheckpointHeader;
  try {
    header = JSON.parse(bytes.toString('utf8', 12, 12 + len)) as CheckpointHeader;
  } catch {
    throw new InputError(`cannot resume: ${path} has a corrupt header`);
  }
  check(header);
  if (bytes.length !== head + 12 * n)
    throw new InputError(
      `cannot resume: ${path} has ${bytes.length} bytes, a net of this shape needs ${head + 12 * n}`,
    );
  [params, m, v].forEach((a, k) => {
    for (let i = 0; i < n; i++) a[i] = view.getFloat32(head + 4 * (k * n + i), true);
  });
  return header;
}
