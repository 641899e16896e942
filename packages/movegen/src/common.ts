/**
 * Shared pieces of move generation: the pin computation, which skips all work when
 * no enemy slider shares a line with the king.
 */
import { BETWEEN, BISHOP_RAYS, ROOK_RAYS } from '@tempo/bitboard';

export { ROOK_RAYS, BISHOP_RAYS };

/** Scratch output of pinnedPieces: the pinned set (lo, hi). */
export const PINNED = new Int32Array(2);

/**
 * Pieces of colour `us` (whose king is on ksq) pinned to their king by enemy sliders:
 * own pieces that are the only piece between the king and an enemy slider on a
 * shared line. Writes the set to PINNED. `us` offset o = 16 * us.
 */
export function pinnedPieces(bb: Int32Array, us: number, ksq: number, occLo: number, occHi: number): void {
  const o = us << 4, t = o ^ 16;
  const k2 = ksq << 1;
  let sLo = (ROOK_RAYS[k2] & (bb[t + 8] | bb[t + 10])) | (BISHOP_RAYS[k2] & (bb[t + 6] | bb[t + 10]));
  let sHi = (ROOK_RAYS[k2 + 1] & (bb[t + 9] | bb[t + 11])) | (BISHOP_RAYS[k2 + 1] & (bb[t + 7] | bb[t + 11]));
  let pLo = 0, pHi = 0;
  const ownLo = bb[o], ownHi = bb[o + 1];
  while ((sLo | sHi) !== 0) {
    let s: number;
    if (sLo !== 0) { s = 31 - Math.clz32(sLo ^ (sLo - 1)); sLo &= sLo - 1; }
    else { s = 63 - Math.clz32(sHi ^ (sHi - 1)); sHi &= sHi - 1; }
    const i = (k2 << 6) + (s << 1); // BETWEEN index 2 * (ksq * 64 + s)
    const bLo = BETWEEN[i] & occLo, bHi = BETWEEN[i + 1] & occHi;
    // Exactly one piece between, and it is ours.
    if (bLo !== 0) {
      if (bHi === 0 && (bLo & (bLo - 1)) === 0) pLo |= bLo & ownLo;
    } else if (bHi !== 0 && (bHi & (bHi - 1)) === 0) pHi |= bHi & ownHi;
  }
  PINNED[0] = pLo;
  PINNED[1] = pHi;
}
