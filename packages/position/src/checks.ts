/**
 * Check facts of a position, written into a state row: the checkers of the side to
 * move (a from-scratch computation, used after special moves and when a move gives
 * check), and the check info of the side to move against the other king
 * (Stockfish's set_check_info), from which doMove tells whether a move gives check.
 * `S` is the state stack's data and `b` the row's base offset (row << STATE_SHIFT).
 */
import { BISHOP_RAYS, BISHOP_TABLE, KING, KNIGHT_ATTACKS, PAWN_ATTACKS, ROOK_RAYS, ROOK_TABLE, bishopIndex, rookIndex } from '@tempo/bitboard';
import {
  S_CHECKERS_HI,
  S_CHECKERS_LO,
  S_CI_BISHOP_HI,
  S_CI_BISHOP_LO,
  S_CI_BLOCKERS_HI,
  S_CI_BLOCKERS_LO,
  S_CI_KING,
  S_CI_KNIGHT_HI,
  S_CI_KNIGHT_LO,
  S_CI_PAWN_HI,
  S_CI_PAWN_LO,
  S_CI_ROOK_HI,
  S_CI_ROOK_LO,
} from './state';
import { sliderBlockers } from './attacks';

const BLOCKERS = new Int32Array(2);

/** Square of colour c's king on piece bitboards bb. */
function kingOf(bb: Int32Array, c: number): number {
  const kb = ((c << 3) | KING) << 1;
  return bb[kb] !== 0 ? 31 - Math.clz32(bb[kb] ^ (bb[kb] - 1)) : 63 - Math.clz32(bb[kb + 1] ^ (bb[kb + 1] - 1));
}

/** Writes the checkers of colour c's king (c to move): the pieces of the other side attacking it. */
export function setCheckers(bb: Int32Array, S: Int32Array, b: number, c: number): void {
  const o = (c ^ 1) << 4, k = kingOf(bb, c);
  const k2 = k << 1, pa = (c << 7) + k2;
  let lo = (KNIGHT_ATTACKS[k2] & bb[o + 4]) | (PAWN_ATTACKS[pa] & bb[o + 2]);
  let hi = (KNIGHT_ATTACKS[k2 + 1] & bb[o + 5]) | (PAWN_ATTACKS[pa + 1] & bb[o + 3]);
  // Magic lookups only when a slider stands on one of the king's lines.
  const rqLo = bb[o + 8] | bb[o + 10], rqHi = bb[o + 9] | bb[o + 11];
  if (((ROOK_RAYS[k2] & rqLo) | (ROOK_RAYS[k2 + 1] & rqHi)) !== 0) {
    const r = rookIndex(k, bb[0] | bb[16], bb[1] | bb[17]);
    lo |= ROOK_TABLE[r] & rqLo;
    hi |= ROOK_TABLE[r + 1] & rqHi;
  }
  const bqLo = bb[o + 6] | bb[o + 10], bqHi = bb[o + 7] | bb[o + 11];
  if (((BISHOP_RAYS[k2] & bqLo) | (BISHOP_RAYS[k2 + 1] & bqHi)) !== 0) {
    const i = bishopIndex(k, bb[0] | bb[16], bb[1] | bb[17]);
    lo |= BISHOP_TABLE[i] & bqLo;
    hi |= BISHOP_TABLE[i + 1] & bqHi;
  }
  S[b + S_CHECKERS_LO] = lo;
  S[b + S_CHECKERS_HI] = hi;
}

/**
 * Writes the check info of side `us` (to move) against the other king (see
 * S_CI_KING): the squares from which each piece type of us would give check, and
 * the pieces of us that alone stand between one of its sliders and that king.
 */
export function setCheckInfo(bb: Int32Array, S: Int32Array, b: number, us: number): void {
  const o = us << 4, k = kingOf(bb, us ^ 1);
  const k2 = k << 1, occLo = bb[0] | bb[16], occHi = bb[1] | bb[17];
  const pa = ((us ^ 1) << 7) + k2; // our pawn on sq attacks k iff their pawn on k attacks sq
  S[b + S_CI_PAWN_LO] = PAWN_ATTACKS[pa];
  S[b + S_CI_PAWN_HI] = PAWN_ATTACKS[pa + 1];
  S[b + S_CI_KNIGHT_LO] = KNIGHT_ATTACKS[k2];
  S[b + S_CI_KNIGHT_HI] = KNIGHT_ATTACKS[k2 + 1];
  const bi = bishopIndex(k, occLo, occHi), ri = rookIndex(k, occLo, occHi);
  S[b + S_CI_BISHOP_LO] = BISHOP_TABLE[bi];
  S[b + S_CI_BISHOP_HI] = BISHOP_TABLE[bi + 1];
  S[b + S_CI_ROOK_LO] = ROOK_TABLE[ri];
  S[b + S_CI_ROOK_HI] = ROOK_TABLE[ri + 1];
  // Our pieces that alone block one of our sliders from the king.
  const sLo = (ROOK_RAYS[k2] & (bb[o + 8] | bb[o + 10])) | (BISHOP_RAYS[k2] & (bb[o + 6] | bb[o + 10]));
  const sHi = (ROOK_RAYS[k2 + 1] & (bb[o + 9] | bb[o + 11])) | (BISHOP_RAYS[k2 + 1] & (bb[o + 7] | bb[o + 11]));
  sliderBlockers(k, sLo, sHi, bb[o], bb[o + 1], occLo, occHi, BLOCKERS);
  S[b + S_CI_BLOCKERS_LO] = BLOCKERS[0];
  S[b + S_CI_BLOCKERS_HI] = BLOCKERS[1];
  S[b + S_CI_KING] = k;
}
