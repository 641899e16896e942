/**
 * Offsets of the piece bitboards in Position.bb (piece p at bb[2p], bb[2p + 1]; colour
 * c's pieces at bb[16c], bb[16c + 1], the slots of the unused piece codes 0 and 8),
 * named for the attack code. Import-free, so esbuild inlines them (see bitboard's
 * masks.ts). A colour-relative offset is (c << 4) + the white one.
 */
export const W_ALL = 0,
  B_ALL = 16;
export const WP = 2,
  WN = 4,
  WB = 6,
  WR = 8,
  WQ = 10,
  WK = 12;
export const BP = 18,
  BN = 20,
  BB = 22,
  BR = 24,
  BQ = 26,
  BK = 28;
