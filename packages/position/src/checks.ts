/**
 * Check facts of a position, written into a state row: the checkers of the side to
 * move (a from-scratch computation, used after special moves and when a move gives
 * check), and the check info of the side to move against the other king
 * (Stockfish's set_check_info), from which doMove tells whether a move gives check.
 */
import {
  BISHOP_RAYS,
  BISHOP_TABLE,
  KING,
  KNIGHT_ATTACKS,
  PAWN_ATTACKS,
  ROOK_RAYS,
  ROOK_TABLE,
  bishopIndex,
  rookIndex,
} from '@tempo-chess/bitboard';
import type { StateInfo } from './state';
import { sliderBlockers } from './attacks';

const BLOCKERS = new Int32Array(2);

/** Square of colour c's king on piece bitboards bb. */
function kingOf(bb: Int32Array, c: number): number {
  const kb = ((c << 3) | KING) << 1;
  return bb[kb] !== 0 ? 31 - Math.clz32(bb[kb] ^ (bb[kb] - 1)) : 63 - Math.clz32(bb[kb + 1] ^ (bb[kb + 1] - 1));
}

/** Writes the checkers of colour c's king (c to move): the pieces of the other side attacking it. */
export function setCheckers(bb: Int32Array, st: StateInfo, c: number): void {
  const o = (c ^ 1) << 4,
    k = kingOf(bb, c);
  const k2 = k << 1,
    pa = (c << 7) + k2;
  let lo = (KNIGHT_ATTACKS[k2] & bb[o + 4]) | (PAWN_ATTACKS[pa] & bb[o + 2]);
  let hi = (KNIGHT_ATTACKS[k2 + 1] & bb[o + 5]) | (PAWN_ATTACKS[pa + 1] & bb[o + 3]);
  // Magic lookups only when a slider stands on one of the king's lines.
  const rqLo = bb[o + 8] | bb[o + 10],
    rqHi = bb[o + 9] | bb[o + 11];
  if (((ROOK_RAYS[k2] & rqLo) | (ROOK_RAYS[k2 + 1] & rqHi)) !== 0) {
    const r = rookIndex(k, bb[0] | bb[16], bb[1] | bb[17]);
    lo |= ROOK_TABLE[r] & rqLo;
    hi |= ROOK_TABLE[r + 1] & rqHi;
  }
  const bqLo = bb[o + 6] | bb[o + 10],
    bqHi = bb[o + 7] | bb[o + 11];
  if (((BISHOP_RAYS[k2] & bqLo) | (BISHOP_RAYS[k2 + 1] & bqHi)) !== 0) {
    const i = bishopIndex(k, bb[0] | bb[16], bb[1] | bb[17]);
    lo |= BISHOP_TABLE[i] & bqLo;
    hi |= BISHOP_TABLE[i + 1] & bqHi;
  }
  st.checkersLo = lo;
  st.checkersHi = hi;
}

/**
 * Writes the check info of side `us` (to move) against the other king (see
 * StateInfo.ciKing): the squares from which each piece type of us would give check, and
 * the pieces of us that alone stand between one of its sliders and that king.
 */
export function setCheckInfo(bb: Int32Array, st: StateInfo, us: number): void {
  const o = us << 4,
    k = kingOf(bb, us ^ 1);
  const k2 = k << 1,
    occLo = bb[0] | bb[16],
    occHi = bb[1] | bb[17];
  const pa = ((us ^ 1) << 7) + k2; // our pawn on sq attacks k iff their pawn on k attacks sq
  st.ciPawnLo = PAWN_ATTACKS[pa];
  st.ciPawnHi = PAWN_ATTACKS[pa + 1];
  st.ciKnightLo = KNIGHT_ATTACKS[k2];
  st.ciKnightHi = KNIGHT_ATTACKS[k2 + 1];
  const bi = bishopIndex(k, occLo, occHi),
    ri = rookIndex(k, occLo, occHi);
  st.ciBishopLo = BISHOP_TABLE[bi];
  st.ciBishopHi = BISHOP_TABLE[bi + 1];
  st.ciRookLo = ROOK_TABLE[ri];
  st.ciRookHi = ROOK_TABLE[ri + 1];
  // Our pieces that alone block one of our sliders from the king.
  const sLo = (ROOK_RAYS[k2] & (bb[o + 8] | bb[o + 10])) | (BISHOP_RAYS[k2] & (bb[o + 6] | bb[o + 10]));
  const sHi = (ROOK_RAYS[k2 + 1] & (bb[o + 9] | bb[o + 11])) | (BISHOP_RAYS[k2 + 1] & (bb[o + 7] | bb[o + 11]));
  sliderBlockers(k, sLo, sHi, bb[o], bb[o + 1], occLo, occHi, BLOCKERS);
  st.ciBlockersLo = BLOCKERS[0];
  st.ciBlockersHi = BLOCKERS[1];
  st.ciKing = k;
}
