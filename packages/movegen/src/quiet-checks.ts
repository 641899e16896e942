/**
 * The legal quiet moves that give check, without generating the others: what the
 * search's late-move pruning still tries once it has given up on quiets (its picker
 * would otherwise generate every quiet and throw away all but the checks).
 *
 * The moves come out exactly as generateQuiets writes them with the non-checks left
 * out (a subsequence, same order), so a search that switches generators visits the
 * same tree. Each piece's targets are narrowed before its moves are written: the
 * squares from which its kind checks the enemy king (the row's check info), or, for a
 * piece that alone shields that king from one of our sliders, any square off their
 * common line. Castling is rare and tested move by move.
 */
import {
  BISHOP_PARAMS,
  BISHOP_RAYS,
  BISHOP_STEPS,
  BISHOP_TABLE,
  KING_ATTACKS,
  KNIGHT_ATTACKS,
  LINE,
  RANK_1_LO,
  RANK_3_LO,
  RANK_6_HI,
  RANK_8_HI,
  ROOK_PARAMS,
  ROOK_RAYS,
  ROOK_STEPS,
  ROOK_TABLE,
  magicIndex,
} from '@tempo-chess/bitboard';
import {
  B_ALL,
  TO_SHIFT,
  W_ALL,
  WB,
  WK,
  WN,
  WP,
  WQ,
  WR,
  isAttacked,
  setCheckInfo,
  type Position,
  type StateInfo,
} from '@tempo-chess/position';
import { PINNED, pinnedPieces } from './common';
import { generateCastlingInto, generatePinnedPawnsInto, pushPawnTargets, pushTargets } from './gen';
import { givesCheck } from './legality';

/** Whether square sq is in the bitboard (lo, hi). */
function has(lo: number, hi: number, sq: number): boolean {
  return (sq < 32 ? (lo >>> sq) & 1 : (hi >>> (sq - 32)) & 1) !== 0;
}

/**
 * Writes the legal quiet checks of the side to move into list[start..) and returns the
 * end. Precondition: not in check (the search's quiet stage is never reached in check).
 * Fills the row's check info when it is not filled yet.
 */
export function generateQuietChecks(pos: Position, list: Int32Array, start: number): number {
  const bb = pos.bb,
    st = pos.st;
  if (__DEBUG__ && (st.checkersLo | st.checkersHi) !== 0) throw new Error('generateQuietChecks called in check');
  const us = pos.side,
    o = us << 4;
  if (st.ciKing < 0) setCheckInfo(bb, st, us);
  const occLo = bb[W_ALL] | bb[B_ALL],
    occHi = bb[W_ALL + 1] | bb[B_ALL + 1];
  const kLo = bb[o + WK],
    kHi = bb[o + WK + 1];
  const ksq = kLo !== 0 ? 31 - Math.clz32(kLo ^ (kLo - 1)) : 63 - Math.clz32(kHi ^ (kHi - 1));
  let n = start;
  if (has(st.ciBlockersLo, st.ciBlockersHi, ksq)) n = kingChecks(pos, list, n, ksq, occLo, occHi);
  let pinLo = 0,
    pinHi = 0;
  if (pinnedPieces(bb, us, ksq, occLo, occHi)) {
    pinLo = PINNED[0];
    pinHi = PINNED[1];
  }
  n = knightChecks(bb, st, o, list, n, ~occLo, ~occHi, pinLo, pinHi);
  n = sliderChecks(bb, st, o, list, n, ksq, occLo, occHi, pinLo, pinHi);
  n = pawnChecks(pos, list, n, ksq, occLo, occHi, pinLo, pinHi);
  // Castling: rare, generated as quiets and tested.
  const rights = st.castling & (us === 0 ? 3 : 12);
  if (rights !== 0) n = keepChecks(pos, list, n, generateCastlingInto(pos, list, n, rights, ksq, occLo, occHi));
  return n;
}

/**
 * The king shields their king from one of our sliders: its moves off the common line
 * uncover a check (a king never checks directly).
 */
function kingChecks(pos: Position, list: Int32Array, n: number, ksq: number, occLo: number, occHi: number): number {
  const k2 = ksq << 1,
    li = (pos.st.ciKing << 7) + k2;
  const kOccLo = ksq < 32 ? occLo & ~(1 << ksq) : occLo,
    kOccHi = ksq < 32 ? occHi : occHi & ~(1 << (ksq - 32));
  const them = pos.side ^ 1;
  for (
    let lo = KING_ATTACKS[k2] & ~occLo & ~LINE[li], hi = KING_ATTACKS[k2 + 1] & ~occHi & ~LINE[li + 1], to = 0;
    (lo | hi) !== 0;
  ) {
    if (lo !== 0) {
      to = 31 - Math.clz32(lo ^ (lo - 1));
      lo &= lo - 1;
    } else {
      to = 63 - Math.clz32(hi ^ (hi - 1));
      hi &= hi - 1;
    }
    if (!isAttacked(pos.bb, to, them, kOccLo, kOccHi)) list[n++] = ksq | (to << TO_SHIFT);
  }
  return n;
}

/** Knights onto their check squares, and a shielding knight anywhere (a pinned knight never moves). */
function knightChecks(
  bb: Int32Array,
  st: StateInfo,
  o: number,
  list: Int32Array,
  n: number,
  emptyLo: number,
  emptyHi: number,
  pinLo: number,
  pinHi: number,
): number {
  const eLine = st.ciKing << 7;
  for (let lo = bb[o + WN] & ~pinLo, hi = bb[o + WN + 1] & ~pinHi, from = 0; (lo | hi) !== 0;) {
    if (lo !== 0) {
      from = 31 - Math.clz32(lo ^ (lo - 1));
      lo &= lo - 1;
    } else {
      from = 63 - Math.clz32(hi ^ (hi - 1));
      hi &= hi - 1;
    }
    let tLo = st.ciKnightLo,
      tHi = st.ciKnightHi;
    if (has(st.ciBlockersLo, st.ciBlockersHi, from)) {
      tLo |= ~LINE[eLine + (from << 1)];
      tHi |= ~LINE[eLine + (from << 1) + 1];
    }
    n = pushTargets(
      list,
      n,
      from,
      KNIGHT_ATTACKS[from << 1] & emptyLo & tLo,
      KNIGHT_ATTACKS[(from << 1) + 1] & emptyHi & tHi,
    );
  }
  return n;
}

/**
 * Sliders in generate's order: diagonal movers (bishops, queens), then line movers
 * (rooks, queens). A queen checks from its bishop's squares and its rook's; a shielding
 * slider from any square off the line; a pinned one stays on its pin line.
 */
function sliderChecks(
  bb: Int32Array,
  st: StateInfo,
  o: number,
  list: Int32Array,
  n: number,
  ksq: number,
  occLo: number,
  occHi: number,
  pinLo: number,
  pinHi: number,
): number {
  const emptyLo = ~occLo,
    emptyHi = ~occHi,
    eLine = st.ciKing << 7,
    lineBase = ksq << 7;
  const qLo = bb[o + WQ],
    qHi = bb[o + WQ + 1];
  const checkQLo = st.ciBishopLo | st.ciRookLo,
    checkQHi = st.ciBishopHi | st.ciRookHi;
  for (let kind = 0; kind < 2; kind++) {
    const P = kind === 0 ? BISHOP_PARAMS : ROOK_PARAMS,
      T = kind === 0 ? BISHOP_TABLE : ROOK_TABLE,
      ST = kind === 0 ? BISHOP_STEPS : ROOK_STEPS;
    const R = kind === 0 ? BISHOP_RAYS : ROOK_RAYS;
    const checkLo = kind === 0 ? st.ciBishopLo : st.ciRookLo,
      checkHi = kind === 0 ? st.ciBishopHi : st.ciRookHi;
    const own = o + (kind === 0 ? WB : WR);
    let sLo = bb[own] | qLo;
    let sHi = bb[own + 1] | qHi;
    while ((sLo | sHi) !== 0) {
      let from: number;
      if (sLo !== 0) {
        from = 31 - Math.clz32(sLo ^ (sLo - 1));
        sLo &= sLo - 1;
      } else {
        from = 63 - Math.clz32(sHi ^ (sHi - 1));
        sHi &= sHi - 1;
      }
      const isQueen = has(qLo, qHi, from);
      let tLo = (isQueen ? checkQLo : checkLo) & emptyLo,
        tHi = (isQueen ? checkQHi : checkHi) & emptyHi;
      if (has(st.ciBlockersLo, st.ciBlockersHi, from)) {
        tLo = emptyLo & (tLo | ~LINE[eLine + (from << 1)]);
        tHi = emptyHi & (tHi | ~LINE[eLine + (from << 1) + 1]);
      }
      if (((R[from << 1] & tLo) | (R[(from << 1) + 1] & tHi)) === 0) continue;
      let aLo = ST[from << 1],
        aHi = ST[(from << 1) + 1];
      if (((aLo & emptyLo) | (aHi & emptyHi)) !== 0) {
        const i = magicIndex(P, from, occLo, occHi);
        aLo = T[i];
        aHi = T[i + 1];
      }
      aLo &= tLo;
      aHi &= tHi;
      if (has(pinLo, pinHi, from)) {
        aLo &= LINE[lineBase + (from << 1)];
        aHi &= LINE[lineBase + (from << 1) + 1];
      }
      n = pushTargets(list, n, from, aLo, aHi);
    }
  }
  return n;
}

/**
 * Pawns: pushes onto the pawn's check squares, and every push of a shielding pawn whose
 * push leaves the line (one on the line's file stays on it). Promotions are not quiets.
 * Pinned pawns (pushed along their pin line) are rare: generated as quiets and tested.
 */
function pawnChecks(
  pos: Position,
  list: Int32Array,
  n: number,
  ksq: number,
  occLo: number,
  occHi: number,
  pinLo: number,
  pinHi: number,
): number {
  const bb = pos.bb,
    st = pos.st,
    o = pos.side << 4,
    emptyLo = ~occLo,
    emptyHi = ~occHi,
    eLine = st.ciKing << 7;
  const white = pos.side === 0,
    d8 = white ? 8 : -8;
  const promoLo = white ? 0 : RANK_1_LO,
    promoHi = white ? RANK_8_HI : 0;
  const pLo = bb[o + WP] & ~pinLo,
    pHi = bb[o + WP + 1] & ~pinHi;
  let allowLo = st.ciPawnLo,
    allowHi = st.ciPawnHi;
  for (let lo = pLo & st.ciBlockersLo, hi = pHi & st.ciBlockersHi, from = 0; (lo | hi) !== 0;) {
    if (lo !== 0) {
      from = 31 - Math.clz32(lo ^ (lo - 1));
      lo &= lo - 1;
    } else {
      from = 63 - Math.clz32(hi ^ (hi - 1));
      hi &= hi - 1;
    }
    const to = from + d8,
      li = eLine + (from << 1);
    if (pos.board[to] !== 0 || has(LINE[li], LINE[li + 1], to)) continue;
    // Off the line: both pushes of this pawn uncover the check (the second is on the same
    // file). Only this pawn can push to either square, `to` being empty; a push that
    // promotes is masked off below, and its square beyond the board is not marked.
    if (to < 32) allowLo |= 1 << to;
    else allowHi |= 1 << (to - 32);
    const to2 = to + d8;
    if (to2 >= 0 && to2 < 32) allowLo |= 1 << to2;
    else if (to2 >= 32 && to2 < 64) allowHi |= 1 << (to2 - 32);
  }
  let sLo: number, sHi: number, dbLo: number, dbHi: number;
  if (white) {
    sLo = (pLo << 8) & emptyLo;
    sHi = ((pHi << 8) | (pLo >>> 24)) & emptyHi;
    const r3 = sLo & RANK_3_LO;
    dbLo = (r3 << 8) & emptyLo;
    dbHi = (r3 >>> 24) & emptyHi;
  } else {
    sLo = ((pLo >>> 8) | (pHi << 24)) & emptyLo;
    sHi = (pHi >>> 8) & emptyHi;
    const r6 = sHi & RANK_6_HI;
    dbLo = (r6 << 24) & emptyLo;
    dbHi = (r6 >>> 8) & emptyHi;
  }
  n = pushPawnTargets(list, n, d8, sLo & ~promoLo & allowLo, sHi & ~promoHi & allowHi, 0, 0);
  n = pushPawnTargets(list, n, 2 * d8, dbLo & allowLo, dbHi & allowHi, 0, 0);
  const ppLo = bb[o + WP] & pinLo,
    ppHi = bb[o + WP + 1] & pinHi;
  if ((ppLo | ppHi) !== 0)
    n = keepChecks(pos, list, n, generatePinnedPawnsInto(pos, list, n, false, true, ksq, ppLo, ppHi));
  return n;
}

/** Compacts list[from..end) to the moves that give check; returns the new end. */
function keepChecks(pos: Position, list: Int32Array, from: number, end: number): number {
  let n = from;
  for (let i = from; i < end; i++) if (givesCheck(pos, list[i])) list[n++] = list[i];
  return n;
}
