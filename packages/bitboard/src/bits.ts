/**
 * Helpers for 64-bit sets held as two uint32 halves: lo = a1..h4, hi = a5..h8.
 * JavaScript shifts wrap mod 32, so nothing here ever shifts across the halves.
 */

/** Number of set bits in a 32-bit word (SWAR). */
export function popcount32(x: number): number {
  x = (x - ((x >>> 1) & 0x55555555)) | 0;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Number of squares in the set (lo, hi) in one pass: both halves' 2-bit and 4-bit
 * partial counts, summed before the last folding step, so one multiply finishes
 * both (each nibble of the sum is at most 8, each byte at most 16).
 */
export function popcount(lo: number, hi: number): number {
  lo = (lo - ((lo >>> 1) & 0x55555555)) | 0;
  hi = (hi - ((hi >>> 1) & 0x55555555)) | 0;
  lo = (lo & 0x33333333) + ((lo >>> 2) & 0x33333333);
  hi = (hi & 0x33333333) + ((hi >>> 2) & 0x33333333);
  let x = (lo + hi) | 0;
  x = (x & 0x0f0f0f0f) + ((x >>> 4) & 0x0f0f0f0f);
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Index of the lowest set bit of a non-zero word. `x ^ (x - 1)` keeps the value in
 * int32 range, which `x & -x` does not for bit 31 (a deoptimisation in V8).
 */
export function lsb32(x: number): number {
  return 31 - Math.clz32(x ^ (x - 1));
}

/** Index of the highest set bit of a non-zero word. */
export function msb32(x: number): number {
  return 31 - Math.clz32(x);
}

/** Lowest square of a non-empty set. */
export function lsb(lo: number, hi: number): number {
  return lo !== 0 ? lsb32(lo) : 32 + lsb32(hi);
}

/** Highest square of a non-empty set. */
export function msb(lo: number, hi: number): number {
  return hi !== 0 ? 32 + msb32(hi) : msb32(lo);
}

/** The lo half of the one-square set {sq}: 0 when sq is in the hi half. */
export const sqLo = (sq: number): number => (sq < 32 ? (1 << sq) >>> 0 : 0);
/** The hi half of the one-square set {sq}. */
export const sqHi = (sq: number): number => (sq >= 32 ? (1 << (sq - 32)) >>> 0 : 0);

/** Whether square sq is in the set (lo, hi). */
export function testSquare(lo: number, hi: number, sq: number): boolean {
  return sq < 32 ? ((lo >>> sq) & 1) !== 0 : ((hi >>> (sq - 32)) & 1) !== 0;
}

/** The squares of a set in increasing order (for tests and tools, not hot paths). */
export function squaresOf(lo: number, hi: number): number[] {
  const out: number[] = [];
  while (lo !== 0) {
    out.push(lsb32(lo));
    lo &= lo - 1;
  }
  while (hi !== 0) {
    out.push(32 + lsb32(hi));
    hi &= hi - 1;
  }
  return out;
}

/** An 8x8 picture of a set, rank 8 first, for debugging. */
export function bitboardToString(lo: number, hi: number): string {
  let s = '';
  for (let r = 7; r >= 0; r--) {
    for (let f = 0; f < 8; f++) s += testSquare(lo, hi, r * 8 + f) ? 'X' : '.';
    s += '\n';
  }
  return s;
}
