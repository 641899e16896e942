/**
 * The input features (768 per perspective) and the output bucket, as the shared
 * spec fixes them: own pieces first, the board flipped vertically for black, so a
 * position and its colour flip have the same features and evaluate exactly alike.
 */
import { NNUE_INPUTS } from './constants';

/**
 * Feature of a piece of colour `colour` (0 white, 1 black) and type `type` (1 pawn ..
 * 6 king) on `square` (a1 = 0 .. h8 = 63), seen from `perspective` (0 white, 1 black).
 */
export function featureIndex(perspective: number, colour: number, type: number, square: number): number {
  return ((colour === perspective ? 0 : 6) + type - 1) * 64 + (perspective === 0 ? square : square ^ 56);
}

/**
 * The feature of piece code `piece` ((colour << 3) | type) minus its square part, per
 * perspective: FEATURE_BASE[perspective * 16 + piece]. The feature of a piece on sq is
 * FEATURE_BASE[p * 16 + piece] + (sq ^ (56 * p)): one load instead of the branches.
 */
export const FEATURE_BASE: Int32Array = (() => {
  const t = new Int32Array(32).fill(-NNUE_INPUTS);
  for (let p = 0; p < 2; p++)
    for (let c = 0; c < 2; c++)
      for (let type = 1; type <= 6; type++) t[p * 16 + ((c << 3) | type)] = featureIndex(p, c, type, 56 * p); // the square that maps to 0
  return t;
})();

/**
 * Output bucket of a position with `pieceCount` pieces on the board (kings included,
 * 2..32): min(B - 1, floor((n - 2) * B / 32)). Counts below 2 (not a position) give 0.
 */
export function outputBucket(pieceCount: number, buckets: number): number {
  if (pieceCount <= 2) return 0;
  const b = ((pieceCount - 2) * buckets) >> 5;
  return b < buckets ? b : buckets - 1;
}
