/**
 * Board masks for one 32-bit half of a bitboard (lo = ranks 1-4, hi = ranks 5-8).
 *
 * This file imports nothing on purpose: esbuild inlines the integer constants of an
 * import-free module into every bundle that uses them, so hot code reads literals
 * instead of loading a module variable (and checking its type) on every use. So
 * the values are plain literals: an operator such as `~` or `| 0` in an initializer
 * stops the inlining. bitboard.test.ts checks each against its definition.
 */

/** File a in either half. */
export const FILE_A = 0x01010101;
/** File h in either half. */
export const FILE_H = -0x7f7f7f80; // 0x80808080 as an int32
/** Every square but file a, in either half. */
export const NOT_FILE_A = -0x01010102; // ~0x01010101
/** Every square but file h, in either half. */
export const NOT_FILE_H = 0x7f7f7f7f;
/** Rank masks within one half: rank r of the board lives in half r >> 2 at shift (r & 3) * 8. */
export const RANK_1_LO = 0x000000ff;
/** Rank 2, in the lo half. */
export const RANK_2_LO = 0x0000ff00;
/** White pawns on rank 3 after one push may push a second square. */
export const RANK_3_LO = 0x00ff0000;
/** Rank 4, in the lo half. */
export const RANK_4_LO = -0x01000000; // 0xff000000 as an int32
/** Rank 5, in the hi half. */
export const RANK_5_HI = 0x000000ff;
/** Black pawns on rank 6 after one push may push a second square. */
export const RANK_6_HI = 0x0000ff00;
/** Rank 7, in the hi half. */
export const RANK_7_HI = 0x00ff0000;
/** Rank 8, in the hi half. */
export const RANK_8_HI = -0x01000000; // 0xff000000 as an int32
/** The long diagonals a1-h8 and a8-h1 in each half. */
export const LONG_DIAGONALS_LO = 0x18244281;
/** The long diagonals' squares in the hi half (LONG_DIAGONALS_LO is the lo half's). */
export const LONG_DIAGONALS_HI = -0x7ebddbe8; // 0x81422418 as an int32
/** The centre squares: d4, e4 in the lo half, d5, e5 in the hi half. */
export const CENTER_LO = 0x18000000;
/** The centre squares of the hi half, d5 and e5 (CENTER_LO holds d4 and e4). */
export const CENTER_HI = 0x00000018;
