/**
 * Offsets of the piece bitboards in Position.bb (piece p at bb[2p], bb[2p + 1]),
 * named for the attack code. Import-free, so esbuild inlines them (see bitboard's
 * masks.ts).
 */
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
