/**
 * Training data in memory: every record of the .tnd files, back to back in one
 * SharedArrayBuffer that the worker threads read (20M records are 640 MB), the split
 * into training and held-out records by whole games, and the fitted scale.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { InputError } from '@tempo-chess/toolkit';
import { RECORD_BYTES, recordProblem } from '../record';
import { sigmoid } from './kernel';

/** Loaded records and their split. */
export interface TrainData {
  /** All records (SharedArrayBuffer-backed). */
  bytes: Uint8Array;
  records: number;
  /** Record numbers of the training and held-out sets, ascending (SharedArrayBuffer-backed). */
  train: Uint32Array;
  holdout: Uint32Array;
  games: number;
  holdoutGames: number;
}

/** Checks the files (exist, whole records) and returns their sizes; InputError names the first bad one. */
export function checkDataFiles(files: readonly string[]): number[] {
  return files.map((f) => {
    let size;
    try {
      const st = statSync(f);
      if (!st.isFile()) throw new InputError(`cannot read ${f}: not a file`);
      size = st.size;
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw new InputError(
        `cannot read ${f}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`,
      );
    }
    if (size === 0 || size % RECORD_BYTES !== 0)
      throw new InputError(`${f}: ${size} bytes is not a whole number of ${RECORD_BYTES}-byte records`);
    return size;
  });
}

/**
 * Whether a game is held out: a hash of its number (fixed, not the seed, so every run on
 * the same data holds out the same games) below `fraction`.
 */
export function isHeldOut(game: number, fraction: number): boolean {
  let h = Math.imul(game ^ 0x5bd1e995, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) / 4294967296 < fraction;
}

/** Reads `files` into shared memory and splits them; games counted as distinct (file, game number) runs. */
export function loadData(files: readonly string[], holdout: number): TrainData {
  const sizes = checkDataFiles(files);
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total / RECORD_BYTES > 0xffffffff) throw new InputError('more than 2^32 records');
  const bytes = new Uint8Array(new SharedArrayBuffer(total));
  let at = 0;
  for (const f of files) {
    const fd = openSync(f, 'r');
    try {
      const end = at + statSync(f).size;
      while (at < end) {
        const got = readSync(fd, bytes, at, Math.min(1 << 26, end - at), null);
        if (got <= 0) throw new InputError(`${f}: file shrank while being read`);
        at += got;
      }
    } finally {
      closeSync(fd);
    }
  }
  const records = total / RECORD_BYTES;
  for (let i = 0, f = 0, fileEnd = sizes[0] / RECORD_BYTES, fileStart = 0; i < records; i++) {
    while (i >= fileEnd) {
      fileStart = fileEnd;
      fileEnd += sizes[++f] / RECORD_BYTES;
    }
    const problem = recordProblem(bytes, i * RECORD_BYTES);
    if (problem !== null)
      throw new InputError(
        `${files[f]}: record ${i - fileStart} (byte ${(i - fileStart) * RECORD_BYTES}) is not a training record: ${problem}`,
      );
  }
  const view = new DataView(bytes.buffer);
  const held = new Uint8Array(records);
  let nHeld = 0,
    games = 0,
    heldGames = 0,
    prev = -1;
  for (let i = 0; i < records; i++) {
    const game = view.getUint32(i * RECORD_BYTES + 28, true);
    const out = isHeldOut(game, holdout);
    if (game !== prev) {
      games++;
      if (out) heldGames++;
      prev = game;
    }
    if (out) {
      held[i] = 1;
      nHeld++;
    }
  }
  const train = new Uint32Array(new SharedArrayBuffer(4 * (records - nHeld)));
  const hold = new Uint32Array(new SharedArrayBuffer(4 * Math.max(1, nHeld))).subarray(0, nHeld);
  for (let i = 0, t = 0, h = 0; i < records; i++) {
    if (held[i] === 1) hold[h++] = i;
    else train[t++] = i;
  }
  if (train.length === 0) throw new InputError('no training records left after the held-out split');
  return { bytes, records, train, holdout: hold, games, holdoutGames: heldGames };
}

/**
 * Fits S in sigmoid(score / S) to the game results (the Texel fit of tools/tune, whose K
 * gives S = 400 / (K ln 10)): golden-section search over [50, 2000] on the mean squared
 * error between sigmoid(score / S) and the result, over at most 1M training records taken
 * at a fixed stride.
 */
export function fitScale(data: TrainData): number {
  const view = new DataView(data.bytes.buffer);
  const stride = Math.max(1, Math.ceil(data.train.length / 1_000_000));
  const scores: number[] = [],
    results: number[] = [];
  for (let i = 0; i < data.train.length; i += stride) {
    const o = data.train[i] * RECORD_BYTES;
    scores.push(view.getInt16(o + 24, true));
    results.push(data.bytes[o + 26] / 2);
  }
  const loss = (s: number): number => {
    let sum = 0;
    for (let i = 0; i < scores.length; i++) {
      const e = sigmoid(scores[i] / s) - results[i];
      sum += e * e;
    }
    return sum;
  };
  const phi = (Math.sqrt(5) - 1) / 2;
  let a = 50,
    b = 2000;
  let c = b - phi * (b - a),
    d = a + phi * (b - a),
    fc = loss(c),
    fd = loss(d);
  while (b - a > 0.01) {
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - phi * (b - a);
      fc = loss(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + phi * (b - a);
      fd = loss(d);
    }
  }
  return Math.round(((a + b) / 2) * 100) / 100;
}
