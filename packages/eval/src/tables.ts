/**
 * Geometry tables of the evaluation, built once at load. Sets are interleaved
 * Int32Array halves as in @tempo-chess/bitboard: the set for index i is (t[2i], t[2i + 1]).
 */

const set = (t: Int32Array, i: number, sq: number): void => {
  if (sq < 32) t[2 * i] |= 1 << sq;
  else t[2 * i + 1] |= 1 << (sq - 32);
};

/** Squares strictly ahead on the same file, from colour c's side: index c * 64 + sq. */
export const FORWARD_FILE = new Int32Array(256);
/** Squares strictly ahead on the adjacent files (where a pawn could ever attack): index c * 64 + sq. */
export const ATTACK_SPAN = new Int32Array(256);
/** FORWARD_FILE | ATTACK_SPAN: a pawn is passed when no enemy pawn stands here. */
export const PASSED_SPAN = new Int32Array(256);
/** Ranks r and beyond, seen from colour c: index c * 8 + r. */
export const RANKS_FROM = new Int32Array(32);
/** Chebyshev distance between two squares: index a * 64 + b. */
export const DISTANCE = new Uint8Array(64 * 64);
/** Manhattan distance from the centre (0 on d4..e5, 6 in a corner). */
export const CENTER_DISTANCE = new Uint8Array(64);
/** The king zone: the king's square and its neighbours. */
export const KING_ZONE = new Int32Array(128);

for (let c = 0; c < 2; c++) {
  for (let sq = 0; sq < 64; sq++) {
    const f = sq & 7,
      r = sq >>> 3,
      i = c * 64 + sq;
    for (let r2 = 0; r2 < 8; r2++) {
      if (c === 0 ? r2 <= r : r2 >= r) continue;
      set(FORWARD_FILE, i, r2 * 8 + f);
      set(PASSED_SPAN, i, r2 * 8 + f);
      for (const f2 of [f - 1, f + 1]) {
        if (f2 < 0 || f2 > 7) continue;
        set(ATTACK_SPAN, i, r2 * 8 + f2);
        set(PASSED_SPAN, i, r2 * 8 + f2);
      }
    }
  }
  for (let r = 0; r < 8; r++)
    for (let sq = 0; sq < 64; sq++) {
      const rr = c === 0 ? sq >>> 3 : 7 - (sq >>> 3);
      if (rr >= r) set(RANKS_FROM, c * 8 + r, sq);
    }
}
for (let a = 0; a < 64; a++) {
  for (let b = 0; b < 64; b++)
    DISTANCE[a * 64 + b] = Math.max(Math.abs((a & 7) - (b & 7)), Math.abs((a >>> 3) - (b >>> 3)));
  const f = a & 7,
    r = a >>> 3;
  CENTER_DISTANCE[a] = Math.max(3 - f, f - 4) + Math.max(3 - r, r - 4);
  for (let b = 0; b < 64; b++) if (DISTANCE[a * 64 + b] <= 1) set(KING_ZONE, a, b);
}

/** Adjacent files of file f, as a mask of one half (the same pattern in both halves). */
export const ADJACENT_FILES = new Int32Array(8);
for (let f = 0; f < 8; f++)
  ADJACENT_FILES[f] = (f > 0 ? 0x01010101 << (f - 1) : 0) | (f < 7 ? 0x01010101 << (f + 1) : 0);
