/**
 * Shared pieces of move generation: the pin computation, which skips all work when
 * no enemy slider shares a line with the king.
 */
import { BISHOP_RAYS, ROOK_RAYS } from '@tempo-chess/bitboard';
import { sliderBlockers, W_ALL, WB, WR, WQ } from '@tempo-chess/position';

export { ROOK_RAYS, BISHOP_RAYS };

/** Scratch output of pinnedPieces: the pinned set (lo, hi). */
export const PINNED = new Int32Array(2);

/**
 * Pieces of colour `us` (whose king is on ksq) pinned to their king by enemy sliders:
 * own pieces that are the only piece between the king and an enemy slider on a
 * shared line. Returns false when no enemy slider shares a line with the king (then
 * nothing is pinned and PINNED is left alone); otherwise writes the set to PINNED.
 * The caller reads PINNED only then, which keeps the usual case free of memory
 * traffic. `us` offset o = 16 * us.
 */
export function pinnedPieces(bb: Int32Array, us: number, ksq: number, occLo: number, occHi: number): boolean {
  const o = us << 4,
    t = o ^ 16,
    k2 = ksq << 1,
    RR = ROOK_RAYS,
    BR = BISHOP_RAYS;
  const sLo = (RR[k2] & (bb[t + WR] | bb[t + WQ])) | (BR[k2] & (bb[t + WB] | bb[t + WQ]));
  const sHi =
    (RR[k2 + 1] & (bb[t + (WR + 1)] | bb[t + (WQ + 1)])) | (BR[k2 + 1] & (bb[t + (WB + 1)] | bb[t + (WQ + 1)]));
  if ((sLo | sHi) === 0) return false;
  sliderBlockers(ksq, sLo, sHi, bb[o], bb[o + (W_ALL + 1)], occLo, occHi, PINNED);
  return true;
}
