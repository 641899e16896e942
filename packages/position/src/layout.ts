/**
 * Offsets of the piece bitboards in Position.bb (piece p at bb[2p], bb[2p + 1]; colour
 * c's pieces at bb[16c], bb[16c + 1], the slots of the unused piece codes 0 and 8),
 * named for the attack code. Import-free, so esbuild inlines them (see bitboard's
 * masks.ts). A colour-relative offset is (c << 4) + the white one.
 */
export const W_ALL = 0,
  B_ALL = 16;
/** The bitboard of white pawns: bb[2] (squares a1..h4), bb[3] (a5..h8). */
export const WP = 2;
/** The bitboard of white knights: bb[4] (squares a1..h4), bb[5] (a5..h8). */
export const WN = 4;
/** The bitboard of white bishops: bb[6] (squares a1..h4), bb[7] (a5..h8). */
export const WB = 6;
/** The bitboard of white rooks: bb[8] (squares a1..h4), bb[9] (a5..h8). */
export const WR = 8;
/** The bitboard of white queens: bb[10] (squares a1..h4), bb[11] (a5..h8). */
export const WQ = 10;
/** The bitboard of the white king: bb[12] (squares a1..h4), bb[13] (a5..h8). */
export const WK = 12;
/** The bitboard of black pawns: bb[18] (squares a1..h4), bb[19] (a5..h8). */
export const BP = 18;
/** The bitboard of black knights: bb[20] (squares a1..h4), bb[21] (a5..h8). */
export const BN = 20;
/** The bitboard of black bishops: bb[22] (squares a1..h4), bb[23] (a5..h8). */
export const BB = 22;
/** The bitboard of black rooks: bb[24] (squares a1..h4), bb[25] (a5..h8). */
export const BR = 24;
/** The bitboard of black queens: bb[26] (squares a1..h4), bb[27] (a5..h8). */
export const BQ = 26;
/** The bitboard of the black king: bb[28] (squares a1..h4), bb[29] (a5..h8). */
export const BK = 28;
