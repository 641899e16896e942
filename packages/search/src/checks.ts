/**
 * givesCheck from the row's check info: the squares from which each piece kind of
 * the side to move would check, and the pieces whose departure uncovers a check
 * (see position's checks.ts). The first doMove from a row fills it, and it stays
 * valid across undoMove; a test before that fills it here (the doMove that usually
 * follows would do it anyway, and it costs about one givesCheck). A normal move's
 * check test is then two bit tests instead of movegen's full givesCheck with its
 * slider lookups.
 */
import { BISHOP, KING, KNIGHT, LINE, PAWN, ROOK } from '@tempo-chess/bitboard';
import {
  MOVE_TYPE_MASK,
  NORMAL,
  setCheckInfo,
  SQUARE_MASK,
  TO_SHIFT,
  WK,
  type Position,
  type StateInfo,
} from '@tempo-chess/position';
import { givesCheck, legal } from '@tempo-chess/movegen';

/**
 * Whether a piece of type pt of the side to move would check the other king directly
 * from square `to` (the row's check info must be filled: st.ciKing >= 0). A king never does.
 */
export function checksFrom(st: StateInfo, pt: number, to: number): boolean {
  let lo = 0,
    hi = 0;
  if (pt === PAWN) {
    lo = st.ciPawnLo;
    hi = st.ciPawnHi;
  } else if (pt === KNIGHT) {
    lo = st.ciKnightLo;
    hi = st.ciKnightHi;
  } else if (pt !== KING) {
    if (pt !== ROOK) {
      lo = st.ciBishopLo;
      hi = st.ciBishopHi;
    }
    if (pt !== BISHOP) {
      lo |= st.ciRookLo;
      hi |= st.ciRookHi;
    }
  }
  return (to < 32 ? (lo >>> to) & 1 : (hi >>> (to - 32)) & 1) !== 0;
}

/** Whether the legal move m gives check (same answer as movegen's givesCheck). */
export function givesCheckFast(pos: Position, m: number): boolean {
  const st = pos.st;
  if ((m & MOVE_TYPE_MASK) !== NORMAL) return givesCheck(pos, m);
  if (st.ciKing < 0) setCheckInfo(pos.bb, st, pos.side);
  const from = m & SQUARE_MASK,
    to = (m >>> TO_SHIFT) & SQUARE_MASK;
  if (checksFrom(st, pos.board[from] & 7, to)) return true;
  if ((from < 32 ? (st.ciBlockersLo >>> from) & 1 : (st.ciBlockersHi >>> (from - 32)) & 1) === 0) return false;
  const li = (st.ciKing << 7) + (from << 1);
  return (to < 32 ? (LINE[li] >>> to) & 1 : (LINE[li + 1] >>> (to - 32)) & 1) === 0;
}

/**
 * movegen's legal(m) for a pseudo-legal m, skipping its slider lookups in the common
 * case: not in check, a normal move of a piece other than the king, from a square
 * on no line through our king (so it cannot be pinned).
 */
export function legalQuick(pos: Position, m: number): boolean {
  const st = pos.st;
  if ((st.checkersLo | st.checkersHi) !== 0 || (m & MOVE_TYPE_MASK) !== NORMAL) return legal(pos, m);
  const bb = pos.bb,
    o = pos.side << 4,
    from = m & SQUARE_MASK;
  const kLo = bb[o + WK],
    kHi = bb[o + WK + 1];
  const k = kLo !== 0 ? 31 - Math.clz32(kLo & -kLo) : 63 - Math.clz32(kHi & -kHi);
  if (from === k) return legal(pos, m);
  const li = (k << 7) + (from << 1);
  return (LINE[li] | LINE[li + 1]) === 0 || legal(pos, m);
}
