/**
 * Legal move generation into a preallocated list. One pass computes the check mask
 * and the pinned pieces, then every generated move is legal: king moves are tested
 * against attacks with the king lifted off the board, pinned pieces move along their
 * pin line, en passant is tested by playing it out on the occupancy, and castling
 * checks its empty path and the squares the king crosses (Chess960 included).
 */
import {
  BETWEEN,
  BISHOP_PARAMS,
  BISHOP_RAYS,
  BISHOP_STEPS,
  BISHOP_TABLE,
  KING_ATTACKS,
  KNIGHT_ATTACKS,
  LINE,
  NOT_FILE_A as NOT_A,
  NOT_FILE_H as NOT_H,
  NO_SQUARE,
  PAWN_ATTACKS,
  RANK_1_LO,
  RANK_3_LO,
  RANK_6_HI,
  RANK_8_HI,
  ROOK_PARAMS,
  ROOK_RAYS,
  ROOK_STEPS,
  ROOK_TABLE,
  magicIndex,
  QUEEN,
  ROOK,
  BISHOP,
  KNIGHT,
} from '@tempo-chess/bitboard';
import {
  CASTLING,
  EN_PASSANT,
  epCaptureIsLegal,
  isAttacked,
  type Position,
  PROMOTION,
  W_ALL,
  B_ALL,
  WP,
  WN,
  WB,
  WR,
  WQ,
  WK,
  TO_SHIFT,
  PROMOTION_SHIFT,
} from '@tempo-chess/position';
import { PINNED, pinnedPieces } from './common';

/** Writes the four promotions from -> to (queen first) and returns the new end. */
function pushPromotions(list: Int32Array, n: number, from: number, to: number): number {
  const base = from | (to << TO_SHIFT) | PROMOTION;
  list[n] = base | ((QUEEN - KNIGHT) << PROMOTION_SHIFT);
  list[n + 1] = base;
  list[n + 2] = base | ((ROOK - KNIGHT) << PROMOTION_SHIFT);
  list[n + 3] = base | ((BISHOP - KNIGHT) << PROMOTION_SHIFT);
  return n + 4;
}

/** Emits a move for every square in (lo, hi) from `from`. */
export function pushTargets(list: Int32Array, n: number, from: number, lo: number, hi: number): number {
  while (lo !== 0) {
    list[n++] = from | ((31 - Math.clz32(lo ^ (lo - 1))) << TO_SHIFT);
    lo &= lo - 1;
  }
  while (hi !== 0) {
    list[n++] = from | ((63 - Math.clz32(hi ^ (hi - 1))) << TO_SHIFT);
    hi &= hi - 1;
  }
  return n;
}

/** Emits pawn moves to every square in (lo, hi) from `to - delta`; promotions when the target is on the last rank. */
export function pushPawnTargets(
  list: Int32Array,
  n: number,
  delta: number,
  lo: number,
  hi: number,
  promoLo: number,
  promoHi: number,
): number {
  let pl = lo & promoLo,
    ph = hi & promoHi;
  lo &= ~promoLo;
  hi &= ~promoHi;
  while (lo !== 0) {
    const to = 31 - Math.clz32(lo ^ (lo - 1));
    list[n++] = (to - delta) | (to << TO_SHIFT);
    lo &= lo - 1;
  }
  while (hi !== 0) {
    const to = 63 - Math.clz32(hi ^ (hi - 1));
    list[n++] = (to - delta) | (to << TO_SHIFT);
    hi &= hi - 1;
  }
  while (pl !== 0) {
    const to = 31 - Math.clz32(pl ^ (pl - 1));
    n = pushPromotions(list, n, to - delta, to);
    pl &= pl - 1;
  }
  while (ph !== 0) {
    const to = 63 - Math.clz32(ph ^ (ph - 1));
    n = pushPromotions(list, n, to - delta, to);
    ph &= ph - 1;
  }
  return n;
}

/**
 * Generates legal moves of the side to move into list[start..) and returns the end.
 * `captures` selects captures (en passant included) and all promotions; `quiets`
 * selects the other moves (castling included). Both give every legal move.
 */
export function generate(pos: Position, list: Int32Array, start: number, captures: boolean, quiets: boolean): number {
  const bb = pos.bb,
    st = pos.st;
  const us = pos.side,
    o = us << 4,
    t = o ^ 16;
  const ownLo = bb[o],
    ownHi = bb[o + (W_ALL + 1)],
    enLo = bb[t],
    enHi = bb[t + (W_ALL + 1)];
  const occLo = ownLo | enLo,
    occHi = ownHi | enHi;
  const ksq =
    bb[o + WK] !== 0
      ? 31 - Math.clz32(bb[o + WK] ^ (bb[o + WK] - 1))
      : 63 - Math.clz32(bb[o + (WK + 1)] ^ (bb[o + (WK + 1)] - 1));
  const chLo = st.checkersLo,
    chHi = st.checkersHi;
  let n = start;

  // Target squares of non-pawn moves by kind.
  let tLo = 0,
    tHi = 0;
  if (captures) {
    tLo |= enLo;
    tHi |= enHi;
  }
  if (quiets) {
    tLo |= ~occLo;
    tHi |= ~occHi;
  }

  // King moves: lifted off the board so it cannot hide behind itself from a slider.
  const k2 = ksq << 1;
  const kOccLo = ksq < 32 ? occLo & ~(1 << ksq) : occLo,
    kOccHi = ksq < 32 ? occHi : occHi & ~(1 << (ksq - 32));
  // One loop over both halves, so each call site stays warm (see count.ts).
  for (let lo = KING_ATTACKS[k2] & tLo, hi = KING_ATTACKS[k2 + 1] & tHi, to = 0; (lo | hi) !== 0;) {
    if (lo !== 0) {
      to = 31 - Math.clz32(lo ^ (lo - 1));
      lo &= lo - 1;
    } else {
      to = 63 - Math.clz32(hi ^ (hi - 1));
      hi &= hi - 1;
    }
    if (!isAttacked(bb, to, us ^ 1, kOccLo, kOccHi)) list[n++] = ksq | (to << TO_SHIFT);
  }

  // Check mask: in single check, other pieces must capture the checker or block.
  let cmLo = -1,
    cmHi = -1;
  const inCheck = (chLo | chHi) !== 0;
  if (inCheck) {
    if ((chLo !== 0 && chHi !== 0) || (chLo & (chLo - 1)) !== 0 || (chHi & (chHi - 1)) !== 0) return n; // double check
    const c = chLo !== 0 ? 31 - Math.clz32(chLo ^ (chLo - 1)) : 63 - Math.clz32(chHi ^ (chHi - 1));
    const bi = (k2 << 6) + (c << 1);
    cmLo = BETWEEN[bi] | chLo;
    cmHi = BETWEEN[bi + 1] | chHi;
    tLo &= cmLo;
    tHi &= cmHi;
  }

  let pinLo = 0,
    pinHi = 0;
  if (pinnedPieces(bb, us, ksq, occLo, occHi)) {
    pinLo = PINNED[0];
    pinHi = PINNED[1];
  }
  const lineBase = k2 << 6; // LINE index 2 * (ksq * 64 + from) = lineBase + 2 * from

  // Knights: a pinned knight never moves.
  const NA = KNIGHT_ATTACKS;
  for (let lo = bb[o + WN] & ~pinLo, hi = bb[o + (WN + 1)] & ~pinHi, from = 0; (lo | hi) !== 0;) {
    if (lo !== 0) {
      from = 31 - Math.clz32(lo ^ (lo - 1));
      lo &= lo - 1;
    } else {
      from = 63 - Math.clz32(hi ^ (hi - 1));
      hi &= hi - 1;
    }
    n = pushTargets(list, n, from, NA[from << 1] & tLo, NA[(from << 1) + 1] & tHi);
  }

  // Sliders: diagonal movers (bishops, queens), then line movers (rooks, queens).
  // The tables are bound to locals (see count.ts); one loop body keeps the
  // magicIndex call site warm, so V8 inlines it.
  for (let kind = 0; kind < 2; kind++) {
    const P = kind === 0 ? BISHOP_PARAMS : ROOK_PARAMS,
      T = kind === 0 ? BISHOP_TABLE : ROOK_TABLE,
      ST = kind === 0 ? BISHOP_STEPS : ROOK_STEPS;
    const R = kind === 0 ? BISHOP_RAYS : ROOK_RAYS;
    let sLo = (kind === 0 ? bb[o + WB] : bb[o + WR]) | bb[o + WQ];
    let sHi = (kind === 0 ? bb[o + (WB + 1)] : bb[o + (WR + 1)]) | bb[o + (WQ + 1)];
    while ((sLo | sHi) !== 0) {
      let from: number;
      if (sLo !== 0) {
        from = 31 - Math.clz32(sLo ^ (sLo - 1));
        sLo &= sLo - 1;
      } else {
        from = 63 - Math.clz32(sHi ^ (sHi - 1));
        sHi &= sHi - 1;
      }
      // No target on the slider's empty-board lines (the usual case for captures): no move.
      if (((R[from << 1] & tLo) | (R[(from << 1) + 1] & tHi)) === 0) continue;
      let aLo = ST[from << 1],
        aHi = ST[(from << 1) + 1];
      if (((aLo & ~occLo) | (aHi & ~occHi)) !== 0) {
        const i = magicIndex(P, from, occLo, occHi);
        aLo = T[i];
        aHi = T[i + 1];
      }
      aLo &= tLo;
      aHi &= tHi;
      if ((from < 32 ? (pinLo >>> from) & 1 : (pinHi >>> (from - 32)) & 1) !== 0) {
        if (inCheck) continue;
        aLo &= LINE[lineBase + (from << 1)];
        aHi &= LINE[lineBase + (from << 1) + 1];
      }
      n = pushTargets(list, n, from, aLo, aHi);
    }
  }

  n = generatePawns(pos, list, n, captures, quiets, ksq, pinLo, pinHi, cmLo, cmHi, inCheck);

  // Castling: not out of check, path empty, no attacked square on the king's way.
  if (quiets && !inCheck) {
    const rights = st.castling & (us === 0 ? 3 : 12);
    if (rights !== 0) n = generateCastlingInto(pos, list, n, rights, ksq, occLo, occHi);
  }
  return n;
}

/** Castling moves for the given rights of the side to move (not in check); exported for count.ts. */
export function generateCastlingInto(
  pos: Position,
  list: Int32Array,
  n: number,
  rights: number,
  ksq: number,
  occLo: number,
  occHi: number,
): number {
  const c = pos.castling,
    bb = pos.bb,
    them = pos.side ^ 1;
  for (let r = rights & -rights; r <= rights; r <<= 1) {
    if ((rights & r) === 0) continue;
    const i = r << 1;
    if ((c.emptyPath[i] & occLo) !== 0 || (c.emptyPath[i + 1] & occHi) !== 0) continue;
    const rsq = c.rookSquare[r];
    // Lift king and rook: the rook may shield the king's destination (Chess960).
    let oLo = occLo,
      oHi = occHi;
    if (ksq < 32) oLo &= ~(1 << ksq);
    else oHi &= ~(1 << (ksq - 32));
    if (rsq < 32) oLo &= ~(1 << rsq);
    else oHi &= ~(1 << (rsq - 32));
    let pLo = c.kingPath[i],
      pHi = c.kingPath[i + 1];
    let safe = true;
    while (safe && pLo !== 0) {
      safe = !isAttacked(bb, 31 - Math.clz32(pLo ^ (pLo - 1)), them, oLo, oHi);
      pLo &= pLo - 1;
    }
    while (safe && pHi !== 0) {
      safe = !isAttacked(bb, 63 - Math.clz32(pHi ^ (pHi - 1)), them, oLo, oHi);
      pHi &= pHi - 1;
    }
    if (safe) list[n++] = ksq | (rsq << TO_SHIFT) | CASTLING;
  }
  return n;
}

function generatePawns(
  pos: Position,
  list: Int32Array,
  n: number,
  captures: boolean,
  quiets: boolean,
  ksq: number,
  pinLo: number,
  pinHi: number,
  cmLo: number,
  cmHi: number,
  inCheck: boolean,
): number {
  const bb = pos.bb,
    us = pos.side,
    o = us << 4,
    t = o ^ 16;
  const enLo = bb[t],
    enHi = bb[t + (W_ALL + 1)];
  const emptyLo = ~(bb[W_ALL] | bb[B_ALL]),
    emptyHi = ~(bb[W_ALL + 1] | bb[B_ALL + 1]);
  const white = us === 0;
  const promoLo = white ? 0 : RANK_1_LO,
    promoHi = white ? RANK_8_HI : 0;
  // Unpinned pawns move set-wise; pinned ones one by one below.
  const pLo = bb[o + WP] & ~pinLo,
    pHi = bb[o + (WP + 1)] & ~pinHi;
  // Pushes: quiet ones when quiets, promotion pushes when captures.
  // Two-half shifts written out in locals (lo' = lo << k, hi' = hi << k | lo >>> (32 - k)
  // towards h8; the mirror towards a1): no scratch array between the halves.
  if (quiets || captures) {
    let sLo: number, sHi: number, dLo: number, dHi: number;
    if (white) {
      sLo = (pLo << 8) & emptyLo;
      sHi = ((pHi << 8) | (pLo >>> 24)) & emptyHi;
      const r3 = sLo & RANK_3_LO;
      dLo = (r3 << 8) & emptyLo & cmLo;
      dHi = (r3 >>> 24) & emptyHi & cmHi;
    } else {
      sLo = ((pLo >>> 8) | (pHi << 24)) & emptyLo;
      sHi = (pHi >>> 8) & emptyHi;
      const r6 = sHi & RANK_6_HI;
      dLo = (r6 << 24) & emptyLo & cmLo;
      dHi = (r6 >>> 8) & emptyHi & cmHi;
    }
    sLo &= cmLo;
    sHi &= cmHi;
    const d8 = white ? 8 : -8;
    if (!quiets) {
      sLo &= promoLo;
      sHi &= promoHi;
      dLo = 0;
      dHi = 0;
    } else if (!captures) {
      sLo &= ~promoLo;
      sHi &= ~promoHi;
    }
    n = pushPawnTargets(list, n, d8, sLo, sHi, promoLo, promoHi);
    n = pushPawnTargets(list, n, 2 * d8, dLo, dHi, 0, 0);
  }
  if (captures) {
    // Towards file a (white +7, black -9) from pawns not on file a; towards file h (+9 / -7).
    const aLo = pLo & NOT_A,
      aHi = pHi & NOT_A,
      hLo = pLo & NOT_H,
      hHi = pHi & NOT_H;
    let lo: number, hi: number;
    if (white) {
      lo = aLo << 7;
      hi = (aHi << 7) | (aLo >>> 25);
    } else {
      lo = (aLo >>> 9) | (aHi << 23);
      hi = aHi >>> 9;
    }
    n = pushPawnTargets(list, n, white ? 7 : -9, lo & enLo & cmLo, hi & enHi & cmHi, promoLo, promoHi);
    if (white) {
      lo = hLo << 9;
      hi = (hHi << 9) | (hLo >>> 23);
    } else {
      lo = (hLo >>> 7) | (hHi << 25);
      hi = hHi >>> 7;
    }
    n = pushPawnTargets(list, n, white ? 9 : -7, lo & enLo & cmLo, hi & enHi & cmHi, promoLo, promoHi);
  }
  // Pinned pawns move only along the pin line, and never while in check.
  const qLo = bb[o + WP] & pinLo,
    qHi = bb[o + (WP + 1)] & pinHi;
  if (!inCheck && (qLo | qHi) !== 0) n = generatePinnedPawnsInto(pos, list, n, captures, quiets, ksq, qLo, qHi);
  // En passant: rare, so tested by playing it out.
  const ep = pos.st.ep;
  if (captures && ep !== NO_SQUARE) {
    const p = ((us ^ 1) << 7) + (ep << 1);
    let aLo = PAWN_ATTACKS[p] & bb[o + WP],
      aHi = PAWN_ATTACKS[p + 1] & bb[o + (WP + 1)];
    while ((aLo | aHi) !== 0) {
      let from: number;
      if (aLo !== 0) {
        from = 31 - Math.clz32(aLo ^ (aLo - 1));
        aLo &= aLo - 1;
      } else {
        from = 63 - Math.clz32(aHi ^ (aHi - 1));
        aHi &= aHi - 1;
      }
      if (epCaptureIsLegal(pos.bb, pos.side, from, ep)) list[n++] = from | (ep << TO_SHIFT) | EN_PASSANT;
    }
  }
  return n;
}

/** Moves of pinned pawns along their pin lines (not in check); exported for count.ts. */
export function generatePinnedPawnsInto(
  pos: Position,
  list: Int32Array,
  n: number,
  captures: boolean,
  quiets: boolean,
  ksq: number,
  qLo: number,
  qHi: number,
): number {
  const bb = pos.bb,
    board = pos.board,
    us = pos.side,
    t = (us ^ 1) << 4;
  const d8 = us === 0 ? 8 : -8;
  while ((qLo | qHi) !== 0) {
    let from: number;
    if (qLo !== 0) {
      from = 31 - Math.clz32(qLo ^ (qLo - 1));
      qLo &= qLo - 1;
    } else {
      from = 63 - Math.clz32(qHi ^ (qHi - 1));
      qHi &= qHi - 1;
    }
    const li = 2 * (ksq * 64 + from);
    const lineLo = LINE[li],
      lineHi = LINE[li + 1];
    const onLine = (sq: number) => (sq < 32 ? (lineLo >>> sq) & 1 : (lineHi >>> (sq - 32)) & 1) !== 0;
    const lastRank = us === 0 ? 7 : 0;
    const to = from + d8;
    if (board[to] === 0 && onLine(to)) {
      if (to >>> 3 === lastRank) {
        if (captures) n = pushPromotions(list, n, from, to);
      } else if (quiets) {
        list[n++] = from | (to << TO_SHIFT);
        const to2 = to + d8;
        if (from >>> 3 === (us === 0 ? 1 : 6) && board[to2] === 0) list[n++] = from | (to2 << TO_SHIFT);
      }
    }
    if (!captures) continue;
    const p = (us << 7) + (from << 1);
    let aLo = PAWN_ATTACKS[p] & bb[t] & lineLo,
      aHi = PAWN_ATTACKS[p + 1] & bb[t + (W_ALL + 1)] & lineHi;
    while ((aLo | aHi) !== 0) {
      let c: number;
      if (aLo !== 0) {
        c = 31 - Math.clz32(aLo ^ (aLo - 1));
        aLo &= aLo - 1;
      } else {
        c = 63 - Math.clz32(aHi ^ (aHi - 1));
        aHi &= aHi - 1;
      }
      if (c >>> 3 === lastRank) n = pushPromotions(list, n, from, c);
      else list[n++] = from | (c << TO_SHIFT);
    }
  }
  return n;
}
