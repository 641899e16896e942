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
import { isAttacked, setCheckInfo, type Position } from '@tempo-chess/position';
import { PINNED, pinnedPieces } from './common';
import { generateCastlingInto, generatePinnedPawnsInto, pushPawnTargets, pushTargets } from './gen';
import { givesCheck } from './legality';

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
  const occLo = bb[0] | bb[16],
    occHi = bb[1] | bb[17];
  const emptyLo = ~occLo,
    emptyHi = ~occHi;
  const ksq =
    bb[o + 12] !== 0 ? 31 - Math.clz32(bb[o + 12] ^ (bb[o + 12] - 1)) : 63 - Math.clz32(bb[o + 13] ^ (bb[o + 13] - 1));
  // Discovered checks: a shielding piece that leaves the line through it and their king.
  const dLo = st.ciBlockersLo,
    dHi = st.ciBlockersHi,
    eLine = st.ciKing << 7;
  let n = start;

  // King: never a direct check; off the line of a shield, a discovered one.
  if ((ksq < 32 ? (dLo >>> ksq) & 1 : (dHi >>> (ksq - 32)) & 1) !== 0) {
    const k2 = ksq << 1,
      li = eLine + k2;
    const kOccLo = ksq < 32 ? occLo & ~(1 << ksq) : occLo,
      kOccHi = ksq < 32 ? occHi : occHi & ~(1 << (ksq - 32));
    for (
      let lo = KING_ATTACKS[k2] & emptyLo & ~LINE[li], hi = KING_ATTACKS[k2 + 1] & emptyHi & ~LINE[li + 1], to = 0;
      (lo | hi) !== 0;
    ) {
      if (lo !== 0) {
        to = 31 - Math.clz32(lo ^ (lo - 1));
        lo &= lo - 1;
      } else {
        to = 63 - Math.clz32(hi ^ (hi - 1));
        hi &= hi - 1;
      }
      if (!isAttacked(bb, to, us ^ 1, kOccLo, kOccHi)) list[n++] = ksq | (to << 6);
    }
  }

  let pinLo = 0,
    pinHi = 0;
  if (pinnedPieces(bb, us, ksq, occLo, occHi)) {
    pinLo = PINNED[0];
    pinHi = PINNED[1];
  }
  const lineBase = ksq << 7;

  // Knights: a pinned knight never moves.
  for (let lo = bb[o + 4] & ~pinLo, hi = bb[o + 5] & ~pinHi, from = 0; (lo | hi) !== 0;) {
    if (lo !== 0) {
      from = 31 - Math.clz32(lo ^ (lo - 1));
      lo &= lo - 1;
    } else {
      from = 63 - Math.clz32(hi ^ (hi - 1));
      hi &= hi - 1;
    }
    let tLo = st.ciKnightLo,
      tHi = st.ciKnightHi;
    if ((from < 32 ? (dLo >>> from) & 1 : (dHi >>> (from - 32)) & 1) !== 0) {
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

  // Sliders in generate's order: diagonal movers (bishops, queens), then line movers
  // (rooks, queens). A queen checks from its bishop's squares and its rook's.
  const qLo = bb[o + 10],
    qHi = bb[o + 11];
  const checkQLo = st.ciBishopLo | st.ciRookLo,
    checkQHi = st.ciBishopHi | st.ciRookHi;
  for (let kind = 0; kind < 2; kind++) {
    const P = kind === 0 ? BISHOP_PARAMS : ROOK_PARAMS,
      T = kind === 0 ? BISHOP_TABLE : ROOK_TABLE,
      ST = kind === 0 ? BISHOP_STEPS : ROOK_STEPS;
    const R = kind === 0 ? BISHOP_RAYS : ROOK_RAYS;
    const checkLo = kind === 0 ? st.ciBishopLo : st.ciRookLo,
      checkHi = kind === 0 ? st.ciBishopHi : st.ciRookHi;
    let sLo = (kind === 0 ? bb[o + 6] : bb[o + 8]) | qLo;
    let sHi = (kind === 0 ? bb[o + 7] : bb[o + 9]) | qHi;
    while ((sLo | sHi) !== 0) {
      let from: number;
      if (sLo !== 0) {
        from = 31 - Math.clz32(sLo ^ (sLo - 1));
        sLo &= sLo - 1;
      } else {
        from = 63 - Math.clz32(sHi ^ (sHi - 1));
        sHi &= sHi - 1;
      }
      const isQueen = (from < 32 ? (qLo >>> from) & 1 : (qHi >>> (from - 32)) & 1) !== 0;
      let tLo = (isQueen ? checkQLo : checkLo) & emptyLo,
        tHi = (isQueen ? checkQHi : checkHi) & emptyHi;
      if ((from < 32 ? (dLo >>> from) & 1 : (dHi >>> (from - 32)) & 1) !== 0) {
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
      if ((from < 32 ? (pinLo >>> from) & 1 : (pinHi >>> (from - 32)) & 1) !== 0) {
        aLo &= LINE[lineBase + (from << 1)];
        aHi &= LINE[lineBase + (from << 1) + 1];
      }
      n = pushTargets(list, n, from, aLo, aHi);
    }
  }

  // Pawns: pushes onto the pawn's check squares, and every push of a shielding pawn
  // whose push leaves the line (one on the line's file stays on it). Promotions are
  // not quiets.
  const white = us === 0,
    d8 = white ? 8 : -8;
  const promoLo = white ? 0 : RANK_1_LO,
    promoHi = white ? RANK_8_HI : 0;
  const pLo = bb[o + 2] & ~pinLo,
    pHi = bb[o + 3] & ~pinHi;
  let allowLo = st.ciPawnLo,
    allowHi = st.ciPawnHi;
  for (let lo = pLo & dLo, hi = pHi & dHi, from = 0; (lo | hi) !== 0;) {
    if (lo !== 0) {
      from = 31 - Math.clz32(lo ^ (lo - 1));
      lo &= lo - 1;
    } else {
      from = 63 - Math.clz32(hi ^ (hi - 1));
      hi &= hi - 1;
    }
    const to = from + d8,
      li = eLine + (from << 1);
    if (pos.board[to] !== 0 || (to < 32 ? (LINE[li] >>> to) & 1 : (LINE[li + 1] >>> (to - 32)) & 1) !== 0) continue;
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
  // Pinned pawns (pushed along their pin line) and castling: rare, generated as quiets and tested.
  const ppLo = bb[o + 2] & pinLo,
    ppHi = bb[o + 3] & pinHi;
  if ((ppLo | ppHi) !== 0)
    n = keepChecks(pos, list, n, generatePinnedPawnsInto(pos, list, n, false, true, ksq, ppLo, ppHi));
  const rights = st.castling & (white ? 3 : 12);
  if (rights !== 0) n = keepChecks(pos, list, n, generateCastlingInto(pos, list, n, rights, ksq, occLo, occHi));
  return n;
}

/** Compacts list[from..end) to the moves that give check; returns the new end. */
function keepChecks(pos: Position, list: Int32Array, from: number, end: number): number {
  let n = from;
  for (let i = from; i < end; i++) if (givesCheck(pos, list[i])) list[n++] = list[i];
  return n;
}
