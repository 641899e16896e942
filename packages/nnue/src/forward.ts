/**
 * The integer forward pass: screlu of both perspectives' accumulators through one
 * output bucket. `evaluateFeatures` is the reference from scratch (the trainer's
 * export check and the accumulator stack are tested against it); `forward` is the
 * same arithmetic over accumulators the stack keeps.
 */
import { NNUE_INPUTS, NNUE_SCALE, QA, QB } from './constants';
import { outputBucket } from './features';
import type { NetWeights } from './net';

/**
 * Output of the net for accumulators acc[us..us+H) (side to move) and
 * acc[them..them+H) through bucket `bucket`, in centipawns from the side to move's view
 * (the plain loop: evaluateFeatures' reference; the stack runs forwardWords):
 *   sum = sum_j screlu(acc_us[j]) * w[j] + screlu(acc_them[j]) * w[H + j]   (scale QA*QA*QB)
 *   cp  = trunc((trunc(sum / QA) + outBias) * NNUE_SCALE / (QA * QB))
 * Each product is below 2^31 and the sum far below 2^53, so float arithmetic is exact
 * and the order of the additions does not matter (two partial sums hide the latency).
 */
export function forward(net: NetWeights, acc: Int16Array, us: number, them: number, bucket: number): number {
  const w = net.outWeights,
    H = net.hidden;
  const wo = bucket * 2 * H;
  let s0 = 0,
    s1 = 0;
  for (let j = 0; j < H; j += 2) {
    let a = acc[us + j],
      b = acc[us + j + 1];
    a = a < 0 ? 0 : a > QA ? QA : a;
    b = b < 0 ? 0 : b > QA ? QA : b;
    s0 += a * w[wo + j] * a;
    s1 += b * w[wo + j + 1] * b;
  }
  const wt = wo + H;
  for (let j = 0; j < H; j += 2) {
    let a = acc[them + j],
      b = acc[them + j + 1];
    a = a < 0 ? 0 : a > QA ? QA : a;
    b = b < 0 ? 0 : b > QA ? QA : b;
    s0 += a * w[wt + j] * a;
    s1 += b * w[wt + j + 1] * b;
  }
  return scale(s0 + s1, net.outBias[bucket]);
}

/** The forward pass's last step: the sum (scale QA*QA*QB) and the bucket's bias (QA*QB) to centipawns. */
export function scale(sum: number, bias: number): number {
  return Math.trunc(((Math.trunc(sum / QA) + bias) * NNUE_SCALE) / (QA * QB));
}

/**
 * `forward` for the accumulator stack, on Int32Array views (two int16 lanes a word) of
 * the accumulators and of net.outWeights: one bounds-checked load gives two lanes,
 * split by shifts. Offsets and n (= H / 2) are in words. The same sum as `forward`
 * (exact, so the order does not matter). The clamp is branch-free
 * (`a &= ~(a >> 31)` for max(a, 0), `QA + (d & (d >> 31))` with d = a - QA for
 * min(a, QA)): on accumulators that differ from call to call, as a search's do, the
 * branches of `a < 0 ? 0 : ...` mispredict about half the time, and this loop took
 * ~790 ns against 1,300-2,100 for H = 256 (Math.min/max: 2,350).
 */
export function forwardWords(
  acc: Int32Array,
  w: Int32Array,
  us: number,
  them: number,
  wo: number,
  n: number,
  bias: number,
): number {
  let s0 = 0,
    s1 = 0;
  for (let j = 0; j < n; j++) {
    const x = acc[us + j],
      y = w[wo + j];
    let a = (x << 16) >> 16,
      b = x >> 16;
    a &= ~(a >> 31);
    b &= ~(b >> 31);
    const d = a - QA,
      e = b - QA;
    a = QA + (d & (d >> 31));
    b = QA + (e & (e >> 31));
    s0 += a * ((y << 16) >> 16) * a;
    s1 += b * (y >> 16) * b;
  }
  const wt = wo + n;
  for (let j = 0; j < n; j++) {
    const x = acc[them + j],
      y = w[wt + j];
    let a = (x << 16) >> 16,
      b = x >> 16;
    a &= ~(a >> 31);
    b &= ~(b >> 31);
    const d = a - QA,
      e = b - QA;
    a = QA + (d & (d >> 31));
    b = QA + (e & (e >> 31));
    s0 += a * ((y << 16) >> 16) * a;
    s1 += b * (y >> 16) * b;
  }
  return scale(s0 + s1, bias);
}

/** Adds the bias and the weights of every feature in `features` into acc[at..at+H). */
export function accumulate(net: NetWeights, features: ArrayLike<number>, acc: Int16Array, at: number): void {
  const H = net.hidden,
    w = net.ftWeights;
  for (let j = 0; j < H; j++) acc[at + j] = net.ftBias[j];
  for (let i = 0; i < features.length; i++) {
    const f = features[i];
    if (!(f >= 0 && f < NNUE_INPUTS && Number.isInteger(f)))
      throw new RangeError(`nnue: feature ${f} is not an integer in 0..${NNUE_INPUTS - 1}`);
    const o = f * H;
    for (let j = 0; j < H; j++) acc[at + j] += w[o + j];
  }
}

/**
 * The net's evaluation from scratch, in centipawns from the side to move's view:
 * `white` and `black` are the active features from white's and from black's
 * perspective (featureIndex), the piece count is white.length, `stm` the side to
 * move (0 white, 1 black).
 */
export function evaluateFeatures(
  net: NetWeights,
  white: ArrayLike<number>,
  black: ArrayLike<number>,
  stm: number,
): number {
  if (white.length !== black.length)
    throw new RangeError(`nnue: ${white.length} white features but ${black.length} black ones`);
  const H = net.hidden;
  const acc = new Int16Array(2 * H);
  accumulate(net, white, acc, 0);
  accumulate(net, black, acc, H);
  return forward(net, acc, stm === 0 ? 0 : H, stm === 0 ? H : 0, outputBucket(white.length, net.buckets));
}
