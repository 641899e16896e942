/**
 * Single-move questions, as Stockfish's Position answers them: pseudoLegal(m) for
 * moves from the hash table or killers (exact for any 16-bit value), legal(m) for a
 * pseudo-legal move, givesCheck(m).
 */
import {
  BETWEEN,
  BISHOP_TABLE,
  KING,
  KING_ATTACKS,
  KNIGHT_ATTACKS,
  NO_SQUARE,
  PAWN,
  PAWN_ATTACKS,
  ROOK_TABLE,
  bishopIndex,
  rookIndex,
  KNIGHT,
} from '@tempo-chess/bitboard';
import {
  CASTLING,
  EN_PASSANT,
  epCaptureIsLegal,
  isAttacked,
  type Move,
  NORMAL,
  type Position,
  PROMOTION,
  W_ALL,
  B_ALL,
  WB,
  WR,
  WQ,
  WK,
  TO_SHIFT,
  SQUARE_MASK,
  MOVE_TYPE_MASK,
  PROMOTION_SHIFT,
  PROMOTION_MASK,
} from '@tempo-chess/position';

const has = (lo: number, hi: number, sq: number): boolean => (sq < 32 ? (lo >>> sq) & 1 : (hi >>> (sq - 32)) & 1) !== 0;

/**
 * Whether a pseudo-legal move leaves the mover's king safe. Precondition:
 * pseudoLegal(pos, m). Complete also in check: non-king moves must answer it.
 */
export function legal(pos: Position, m: Move): boolean {
  const bb = pos.bb,
    us = pos.side,
    them = us ^ 1,
    o = us << 4,
    t = o ^ 16;
  const from = m & SQUARE_MASK,
    to = (m >>> TO_SHIFT) & SQUARE_MASK,
    type = m & MOVE_TYPE_MASK;
  const ksq =
    bb[o + WK] !== 0
      ? 31 - Math.clz32(bb[o + WK] ^ (bb[o + WK] - 1))
      : 63 - Math.clz32(bb[o + (WK + 1)] ^ (bb[o + (WK + 1)] - 1));
  const occLo = bb[W_ALL] | bb[B_ALL],
    occHi = bb[W_ALL + 1] | bb[B_ALL + 1];
  if (type === EN_PASSANT) return epCaptureIsLegal(bb, us, from, to);
  if (type === CASTLING) {
    if (pos.inCheck()) return false;
    const c = pos.castling;
    const right = rightOf(pos, to);
    let oLo = occLo,
      oHi = occHi;
    if (from < 32) oLo &= ~(1 << from);
    else oHi &= ~(1 << (from - 32));
    if (to < 32) oLo &= ~(1 << to);
    else oHi &= ~(1 << (to - 32));
    let pLo = c.kingPath[2 * right],
      pHi = c.kingPath[2 * right + 1];
    for (; pLo !== 0; pLo &= pLo - 1)
      if (isAttacked(bb, 31 - Math.clz32(pLo ^ (pLo - 1)), them, oLo, oHi)) return false;
    for (; pHi !== 0; pHi &= pHi - 1)
      if (isAttacked(bb, 63 - Math.clz32(pHi ^ (pHi - 1)), them, oLo, oHi)) return false;
    return true;
  }
  if (from === ksq) {
    const oLo = from < 32 ? occLo & ~(1 << from) : occLo,
      oHi = from < 32 ? occHi : occHi & ~(1 << (from - 32));
    return !isAttacked(bb, to, them, oLo, oHi);
  }
  const chLo = pos.st.checkersLo,
    chHi = pos.st.checkersHi;
  if ((chLo | chHi) !== 0) {
    if ((chLo !== 0 && chHi !== 0) || (chLo & (chLo - 1)) !== 0 || (chHi & (chHi - 1)) !== 0) return false;
    const c = chLo !== 0 ? 31 - Math.clz32(chLo ^ (chLo - 1)) : 63 - Math.clz32(chHi ^ (chHi - 1));
    const bi = 2 * (ksq * 64 + c);
    if (to !== c && !has(BETWEEN[bi], BETWEEN[bi + 1], to)) return false;
  }
  // Play the move out on the occupancy: no enemy slider (other than one captured on
  // `to`) may then see the king. This settles pins and slider checks at once.
  let oLo = occLo,
    oHi = occHi;
  if (from < 32) oLo &= ~(1 << from);
  else oHi &= ~(1 << (from - 32));
  if (to < 32) oLo |= 1 << to;
  else oHi |= 1 << (to - 32);
  const notToLo = to < 32 ? ~(1 << to) : -1,
    notToHi = to < 32 ? -1 : ~(1 << (to - 32));
  const r = rookIndex(ksq, oLo, oHi),
    b = bishopIndex(ksq, oLo, oHi);
  const hitLo = ((ROOK_TABLE[r] & (bb[t + WR] | bb[t + WQ])) | (BISHOP_TABLE[b] & (bb[t + WB] | bb[t + WQ]))) & notToLo;
  const hitHi =
    ((ROOK_TABLE[r + 1] & (bb[t + (WR + 1)] | bb[t + (WQ + 1)])) |
      (BISHOP_TABLE[b + 1] & (bb[t + (WB + 1)] | bb[t + (WQ + 1)]))) &
    notToHi;
  return (hitLo | hitHi) === 0;
}

/** The castling-right bit whose rook stands on rsq for the side to move, or 0. */
function rightOf(pos: Position, rsq: number): number {
  const base = pos.side === 0 ? 1 : 4;
  const c = pos.castling.rookSquare;
  if (c[base] === rsq) return base;
  if (c[base << 1] === rsq) return base << 1;
  return 0;
}

/**
 * Whether m could be generated here by a pseudo-legal generator: the right piece on
 * `from`, a reachable `to`, and the encoding consistent (promotion bits only on
 * promotions). Exact for any 16-bit value, so hash moves may be garbage.
 */
export function pseudoLegal(pos: Position, m: Move): boolean {
  const bb = pos.bb,
    board = pos.board,
    us = pos.side;
  const from = m & SQUARE_MASK,
    to = (m >>> TO_SHIFT) & SQUARE_MASK,
    type = m & MOVE_TYPE_MASK;
  const piece = board[from];
  if (m === 0 || piece === 0 || piece >>> 3 !== us || from === to) return false;
  if (type !== PROMOTION && (m & (PROMOTION_MASK << PROMOTION_SHIFT)) !== 0) return false;
  const pt = piece & 7;
  if (type === CASTLING) {
    if (pt !== KING) return false;
    const right = rightOf(pos, to);
    if (right === 0 || (pos.castlingRights & right) === 0) return false;
    const c = pos.castling;
    return (
      ((c.emptyPath[2 * right] & (bb[W_ALL] | bb[B_ALL])) |
        (c.emptyPath[2 * right + 1] & (bb[W_ALL + 1] | bb[B_ALL + 1]))) ===
      0
    );
  }
  const target = board[to];
  if (target !== 0 && target >>> 3 === us) return false;
  if (pt === PAWN) {
    const lastRank = us === 0 ? 7 : 0;
    if (type === EN_PASSANT) {
      const ep = pos.epSquare;
      return (
        ep !== NO_SQUARE &&
        to === ep &&
        has(PAWN_ATTACKS[(us << 7) + 2 * from], PAWN_ATTACKS[(us << 7) + 2 * from + 1], to)
      );
    }
    if ((to >>> 3 === lastRank) !== (type === PROMOTION)) return false;
    const d = us === 0 ? 8 : -8;
    if (target !== 0) return has(PAWN_ATTACKS[(us << 7) + 2 * from], PAWN_ATTACKS[(us << 7) + 2 * from + 1], to);
    if (to === from + d) return true;
    return to === from + 2 * d && from >>> 3 === (us === 0 ? 1 : 6) && board[from + d] === 0;
  }
  if (type !== NORMAL) return false;
  const f2 = from << 1;
  const occLo = bb[W_ALL] | bb[B_ALL],
    occHi = bb[W_ALL + 1] | bb[B_ALL + 1];
  switch (pt) {
    case 2:
      return has(KNIGHT_ATTACKS[f2], KNIGHT_ATTACKS[f2 + 1], to);
    case 6:
      return has(KING_ATTACKS[f2], KING_ATTACKS[f2 + 1], to);
    case 3: {
      const i = bishopIndex(from, occLo, occHi);
      return has(BISHOP_TABLE[i], BISHOP_TABLE[i + 1], to);
    }
    case 4: {
      const i = rookIndex(from, occLo, occHi);
      return has(ROOK_TABLE[i], ROOK_TABLE[i + 1], to);
    }
    default: {
      const i = bishopIndex(from, occLo, occHi),
        j = rookIndex(from, occLo, occHi);
      return has(BISHOP_TABLE[i] | ROOK_TABLE[j], BISHOP_TABLE[i + 1] | ROOK_TABLE[j + 1], to);
    }
  }
}

/**
 * Whether a legal move gives check: the moved (or promoted, or castled) piece
 * attacks the enemy king from its new square, or a slider of ours sees the king
 * through the squares the move vacates.
 */
export function givesCheck(pos: Position, m: Move): boolean {
  const bb = pos.bb,
    board = pos.board,
    us = pos.side,
    o = us << 4,
    t = o ^ 16;
  const from = m & SQUARE_MASK,
    to0 = (m >>> TO_SHIFT) & SQUARE_MASK,
    type = m & MOVE_TYPE_MASK;
  const ek =
    bb[t + WK] !== 0
      ? 31 - Math.clz32(bb[t + WK] ^ (bb[t + WK] - 1))
      : 63 - Math.clz32(bb[t + (WK + 1)] ^ (bb[t + (WK + 1)] - 1));
  let pt = board[from] & 7,
    to = to0;
  // Squares vacated (v) and filled (f) by the move; our sliders lose v and gain the mover's new square.
  let vLo = from < 32 ? 1 << from : 0,
    vHi = from < 32 ? 0 : 1 << (from - 32);
  if (type === CASTLING) {
    if (to0 < 32) vLo |= 1 << to0;
    else vHi |= 1 << (to0 - 32);
    to = pos.castling.rookTo[to0];
    pt = 4;
  } else if (type === EN_PASSANT) {
    const c = to0 ^ 8;
    if (c < 32) vLo |= 1 << c;
    else vHi |= 1 << (c - 32);
  } else if (type === PROMOTION) pt = ((m >>> PROMOTION_SHIFT) & PROMOTION_MASK) + KNIGHT;
  let fLo = to < 32 ? 1 << to : 0,
    fHi = to < 32 ? 0 : 1 << (to - 32);
  const toLo = fLo,
    toHi = fHi;
  if (type === CASTLING) {
    const k = pos.castling.kingTo[to0];
    if (k < 32) fLo |= 1 << k;
    else fHi |= 1 << (k - 32);
  }
  const oLo = ((bb[W_ALL] | bb[B_ALL]) & ~vLo) | fLo,
    oHi = ((bb[W_ALL + 1] | bb[B_ALL + 1]) & ~vHi) | fHi;
  const t2 = to << 1;
  if (pt === PAWN) {
    if (has(PAWN_ATTACKS[(us << 7) + t2], PAWN_ATTACKS[(us << 7) + t2 + 1], ek)) return true;
  } else if (pt === 2) {
    if (has(KNIGHT_ATTACKS[t2], KNIGHT_ATTACKS[t2 + 1], ek)) return true;
  }
  const line = pt === 4 || pt === 5,
    diag = pt === 3 || pt === 5;
  const rqLo = ((bb[o + WR] | bb[o + WQ]) & ~vLo) | (line ? toLo : 0),
    rqHi = ((bb[o + (WR + 1)] | bb[o + (WQ + 1)]) & ~vHi) | (line ? toHi : 0);
  const bqLo = ((bb[o + WB] | bb[o + WQ]) & ~vLo) | (diag ? toLo : 0),
    bqHi = ((bb[o + (WB + 1)] | bb[o + (WQ + 1)]) & ~vHi) | (diag ? toHi : 0);
  const r = rookIndex(ek, oLo, oHi),
    b = bishopIndex(ek, oLo, oHi);
  return (
    ((ROOK_TABLE[r] & rqLo) | (ROOK_TABLE[r + 1] & rqHi) | (BISHOP_TABLE[b] & bqLo) | (BISHOP_TABLE[b + 1] & bqHi)) !==
    0
  );
}
