/**
 * The float network's forward and backward passes over one position, plain TypeScript
 * over typed arrays. Only the ~32 active inputs of each perspective are touched: a
 * feature's H first-layer weights are one contiguous row (feature-major, as the net
 * file stores them), so the accumulator is a sum of rows and the first layer's
 * gradient is added to the same rows.
 *
 * Parameters live in one Float32Array (Layout): ftWeights[768 * H], ftBias[H],
 * outWeights[B * 2H] (per bucket: H side-to-move weights, then H other-side ones),
 * outBias[B]. The output v is in units of SCALE (400) centipawns; the loss of a
 * position is (sigmoid(400 v / S) - target)^2.
 */
import { NNUE_INPUTS, NNUE_SCALE } from '@tempo-chess/nnue';
import { RECORD_BYTES } from '../record';

/** Where each block of the parameter vector starts. */
export interface Layout {
  hidden: number;
  buckets: number;
  ftBias: number;
  outWeights: number;
  outBias: number;
  /** Parameters in all. */
  size: number;
}

export function makeLayout(hidden: number, buckets: number): Layout {
  const ftBias = NNUE_INPUTS * hidden;
  const outWeights = ftBias + hidden;
  const outBias = outWeights + 2 * buckets * hidden;
  return { hidden, buckets, ftBias, outWeights, outBias, size: outBias + buckets };
}

/** Bytes of one Scratch inside a buffer: 4H floats and 64 ints. */
export const scratchBytes = (hidden: number): number => 16 * hidden + 256;

/**
 * Per-task scratch for one position: both accumulators, their gradients, the feature
 * lists; in its own memory or at `byteOffset` of a shared buffer (the trainer's arena).
 */
export class Scratch {
  readonly acc: Float32Array[];
  readonly grad: Float32Array[];
  /** Active features, white's perspective at [0, 32), black's at [32, 64). */
  readonly features: Int32Array;
  count = 0;
  constructor(hidden: number, buffer: ArrayBufferLike = new ArrayBuffer(scratchBytes(hidden)), byteOffset = 0) {
    const f = (k: number) => new Float32Array(buffer, byteOffset + 4 * k * hidden, hidden);
    this.acc = [f(0), f(1)];
    this.grad = [f(2), f(3)];
    this.features = new Int32Array(buffer, byteOffset + 16 * hidden, 64);
  }
}

/**
 * The features of the record at `offset` into s.features (white's at 0.., black's at
 * 32..) and s.count; returns the side to move. featureIndex of the spec written out:
 * ((own ? 0 : 1) * 6 + type - 1) * 64 + (white's view ? sq : sq ^ 56).
 *
 * `flip` is XORed into every square first: 0 reads the record as it is, MIRROR (7)
 * reads the board mirrored left-right (files a <-> h), which the net cannot tell from a
 * real position with the same score and result since its inputs hold no castling rights
 * (train --mirror).
 */
export function recordFeatures(data: Uint8Array, offset: number, s: Scratch, flip = 0): number {
  const f = s.features;
  const lo = data[offset] | (data[offset + 1] << 8) | (data[offset + 2] << 16) | (data[offset + 3] << 24);
  const hi = data[offset + 4] | (data[offset + 5] << 8) | (data[offset + 6] << 16) | (data[offset + 7] << 24);
  let n = 0;
  for (let half = 0; half < 2; half++) {
    let bits = half === 0 ? lo : hi;
    while (bits !== 0) {
      const sq = (31 - Math.clz32(bits & -bits) + half * 32) ^ flip;
      bits &= bits - 1;
      const code = (data[offset + 8 + (n >> 1)] >> ((n & 1) << 2)) & 15;
      const colour = code >> 3,
        type = code & 7;
      f[n] = ((colour * 6 + type - 1) << 6) | sq;
      f[32 + n] = (((colour ^ 1) * 6 + type - 1) << 6) | (sq ^ 56);
      n++;
    }
  }
  s.count = n;
  return data[offset + 27];
}

/** recordFeatures' `flip` that mirrors the board left-right (square a1 <-> h1: sq ^ 7). */
export const MIRROR = 7;

/** sigmoid(x) = 1 / (1 + e^-x). */
export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** The record's target: (1 - wdl) * sigmoid(score / S) + wdl * result (side to move's view). */
export function recordTarget(data: Uint8Array, offset: number, wdl: number, invScale: number): number {
  const raw = data[offset + 24] | (data[offset + 25] << 8);
  const score = (raw << 16) >> 16;
  return (1 - wdl) * sigmoid(score * invScale) + wdl * data[offset + 26] * 0.5;
}

/** Output bucket by piece count (the spec's outputBucket). */
export const bucketOf = (pieces: number, buckets: number): number =>
  Math.min(buckets - 1, Math.floor(((pieces - 2) * buckets) / 32));

/** Fills both accumulators of the features in s; returns the net's output v (units of 400 cp) for side `stm`. */
export function forward(p: Float32Array, L: Layout, s: Scratch, stm: number): number {
  const H = L.hidden,
    n = s.count,
    f = s.features;
  for (let side = 0; side < 2; side++) {
    const acc = s.acc[side];
    for (let j = 0; j < H; j++) acc[j] = p[L.ftBias + j];
    for (let k = 0; k < n; k++) {
      const row = f[side * 32 + k] * H;
      for (let j = 0; j < H; j++) acc[j] += p[row + j];
    }
  }
  const bucket = bucketOf(n, L.buckets);
  const ow = L.outWeights + bucket * 2 * H;
  const us = s.acc[stm],
    them = s.acc[stm ^ 1];
  let sum = p[L.outBias + bucket];
  for (let j = 0; j < H; j++) {
    let a = us[j];
    a = a < 0 ? 0 : a > 1 ? 1 : a;
    let b = them[j];
    b = b < 0 ? 0 : b > 1 ? 1 : b;
    sum += a * a * p[ow + j] + b * b * p[ow + H + j];
  }
  return sum;
}

/**
 * Forward and backward for the record at `offset` (mirrored with `flip` MIRROR, as
 * recordFeatures): adds d(loss)/d(parameter) to `g` (the caller divides by the batch
 * size) and returns the position's loss.
 */
export function trainRecord(
  p: Float32Array,
  g: Float32Array,
  L: Layout,
  s: Scratch,
  data: Uint8Array,
  offset: number,
  wdl: number,
  invScale: number,
  flip = 0,
): number {
  const stm = recordFeatures(data, offset, s, flip);
  const target = recordTarget(data, offset, wdl, invScale);
  const v = forward(p, L, s, stm);
  const k = NNUE_SCALE * invScale;
  const q = sigmoid(v * k);
  const err = q - target;
  const dv = 2 * err * q * (1 - q) * k;
  const H = L.hidden,
    n = s.count,
    f = s.features;
  const bucket = bucketOf(n, L.buckets);
  const ow = L.outWeights + bucket * 2 * H;
  g[L.outBias + bucket] += dv;
  const us = s.acc[stm],
    them = s.acc[stm ^ 1];
  const gUs = s.grad[stm],
    gThem = s.grad[stm ^ 1];
  for (let j = 0; j < H; j++) {
    const a = us[j];
    if (a <= 0) gUs[j] = 0;
    else if (a >= 1) {
      gUs[j] = 0;
      g[ow + j] += dv;
    } else {
      g[ow + j] += dv * a * a;
      gUs[j] = dv * p[ow + j] * 2 * a;
    }
    const b = them[j];
    if (b <= 0) gThem[j] = 0;
    else if (b >= 1) {
      gThem[j] = 0;
      g[ow + H + j] += dv;
    } else {
      g[ow + H + j] += dv * b * b;
      gThem[j] = dv * p[ow + H + j] * 2 * b;
    }
  }
  const gw = s.grad[0],
    gb = s.grad[1];
  for (let j = 0; j < H; j++) g[L.ftBias + j] += gw[j] + gb[j];
  for (let side = 0; side < 2; side++) {
    const gs = s.grad[side];
    for (let k2 = 0; k2 < n; k2++) {
      const row = f[side * 32 + k2] * H;
      for (let j = 0; j < H; j++) g[row + j] += gs[j];
    }
  }
  return err * err;
}

/** The loss of the record at `offset` without a gradient (held-out sets). */
export function recordLoss(
  p: Float32Array,
  L: Layout,
  s: Scratch,
  data: Uint8Array,
  offset: number,
  wdl: number,
  invScale: number,
): number {
  const stm = recordFeatures(data, offset, s);
  const err = sigmoid(forward(p, L, s, stm) * NNUE_SCALE * invScale) - recordTarget(data, offset, wdl, invScale);
  return err * err;
}

export { RECORD_BYTES };
