/**
 * Endgame knowledge that depends on material only: dead draws, and (later in
 * this file) scale factors and mop-up.
 */
import type { Position } from '@tempo/position';

/** Light squares (b1, a2, ...) in either half of a bitboard. */
const LIGHT = 0x55aa55aa;

/**
 * Exactly 0, as neither side can mate: KK, KNK, KBK, KNNK (two knights against a
 * bare king), and any number of bishops that all stand on one square colour.
 */
export function isDrawnByMaterial(pos: Position): boolean {
  const c = pos.pieceCount;
  // Pawns, rooks or queens on the board: never.
  if ((c[1] | c[4] | c[5] | c[9] | c[12] | c[13]) !== 0) return false;
  const n = c[2] + c[10], b = c[3] + c[11];
  if (n + b <= 1) return true;
  if (b === 0) return n === 2 && (c[2] === 0 || c[10] === 0);
  if (n !== 0) return false;
  const bb = pos.bb, lo = bb[6] | bb[22], hi = bb[7] | bb[23];
  return ((lo & LIGHT) | (hi & LIGHT)) === 0 || ((lo & ~LIGHT) | (hi & ~LIGHT)) === 0;
}
