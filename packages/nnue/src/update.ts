/**
 * The accumulator update kernels: dst = src + the arriving features' weight rows -
 * the departing ones'. They work on Int32Array views of the int16 arrays, two lanes a
 * word, with SWAR arithmetic that stops carries at the lane boundary:
 *
 *   lanes(x + y) = ((x & 0x7fff7fff) + (y & 0x7fff7fff)) ^ ((x ^ y) & 0x80008000)
 *   lanes(x - y) = ((x | 0x80008000) - (y & 0x7fff7fff)) ^ ((x ^ ~y) & 0x80008000)
 *
 * Each lane wraps mod 2^16 exactly as an Int16Array store does (and the spec's weight
 * clipping keeps every accumulator within int16), so the result is the same as
 * the plain int16 loop's. Why: V8 checks bounds at every typed-array access (and its
 * loop bodies reload the array's base and length), so halving the accesses matters
 * more than the few extra ALU operations. Measured for H = 256 (both perspectives, one
 * move, valgrind): the plain int16 loop 16,400 instructions, with `| 0` indices 12,500,
 * these kernels unrolled by two 9,300; in time ~810, ~610 and ~480 ns. The lane order
 * within a word does not matter (both lanes get the same arithmetic), so this holds on
 * any endianness. Sizes and offsets are in words (H / 2 per perspective).
 */

const M = 0x7fff7fff;
const S = -0x7fff8000; // 0x80008000 as an int32 literal, so esbuild inlines it

/** A move: one feature added (row a), one removed (row s). n is even (H is a multiple of 16). */
export function addSub(
  acc: Int32Array,
  w: Int32Array,
  src: number,
  dst: number,
  n: number,
  a: number,
  s: number,
): void {
  for (let j = 0; j < n; j += 2) {
    const y = w[a + j],
      z = w[s + j],
      y2 = w[a + j + 1],
      z2 = w[s + j + 1];
    const d = (((y | S) - (z & M)) | 0) ^ ((y ^ ~z) & S);
    const d2 = (((y2 | S) - (z2 & M)) | 0) ^ ((y2 ^ ~z2) & S);
    const x = acc[src + j],
      x2 = acc[src + j + 1];
    acc[dst + j] = (((x & M) + (d & M)) | 0) ^ ((x ^ d) & S);
    acc[dst + j + 1] = (((x2 & M) + (d2 & M)) | 0) ^ ((x2 ^ d2) & S);
  }
}

/** A capture: one added, two removed. */
export function addSub2(
  acc: Int32Array,
  w: Int32Array,
  src: number,
  dst: number,
  n: number,
  a: number,
  s: number,
  s2: number,
): void {
  for (let j = 0; j < n; j++) {
    const y = w[a + j],
      z = w[s + j],
      z2 = w[s2 + j];
    const d = (((y | S) - (z & M)) | 0) ^ ((y ^ ~z) & S);
    const e = (((d | S) - (z2 & M)) | 0) ^ ((d ^ ~z2) & S);
    const x = acc[src + j];
    acc[dst + j] = (((x & M) + (e & M)) | 0) ^ ((x ^ e) & S);
  }
}

/** Castling: two added, two removed. */
export function add2Sub2(
  acc: Int32Array,
  w: Int32Array,
  src: number,
  dst: number,
  n: number,
  a: number,
  a2: number,
  s: number,
  s2: number,
): void {
  for (let j = 0; j < n; j++) {
    const y = w[a + j],
      y2 = w[a2 + j],
      z = w[s + j],
      z2 = w[s2 + j];
    const d = (((y | S) - (z & M)) | 0) ^ ((y ^ ~z) & S);
    const d2 = (((y2 | S) - (z2 & M)) | 0) ^ ((y2 ^ ~z2) & S);
    const e = (((d & M) + (d2 & M)) | 0) ^ ((d ^ d2) & S);
    const x = acc[src + j];
    acc[dst + j] = (((x & M) + (e & M)) | 0) ^ ((x ^ e) & S);
  }
}

/** A refresh's step: one feature's row added in place. */
export function addRow(acc: Int32Array, w: Int32Array, dst: number, n: number, a: number): void {
  for (let j = 0; j < n; j++) {
    const x = acc[dst + j],
      y = w[a + j];
    acc[dst + j] = (((x & M) + (y & M)) | 0) ^ ((x ^ y) & S);
  }
}
