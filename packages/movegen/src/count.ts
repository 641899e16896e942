/**
 * Counting legal moves without listing them, for perft's last ply (bulk counting):
 * the same legality as gen.ts, but target sets that are already legal are counted
 * by popcount. A separate function rather than a flag in generate(), because the
 * branch-free counting loop is what makes bulk perft fast.
 */
import {
  BETWEEN,
  BISHOP_PARAMS,
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
  ROOK_STEPS,
  ROOK_TABLE,
  bishopIndex,
  rookIndex,
} from '@tempo-chess/bitboard';
import {
  epCaptureIsLegal,
  isAttacked,
  type Position,
  W_ALL,
  B_ALL,
  WP,
  WN,
  WB,
  WR,
  WQ,
  WK,
  BP,
} from '@tempo-chess/position';
import { PINNED, pinnedPieces } from './common';
import { generateCastlingInto, generatePinnedPawnsInto } from './gen';

const scratch = new Int32Array(64);

/** Bits set in (lo, hi): both halves counted side by side in one SWAR pass. */
function pc2(lo: number, hi: number): number {
  lo = (lo - ((lo >>> 1) & 0x55555555)) | 0;
  hi = (hi - ((hi >>> 1) & 0x55555555)) | 0;
  lo = (lo & 0x33333333) + ((lo >>> 2) & 0x33333333);
  hi = (hi & 0x33333333) + ((hi >>> 2) & 0x33333333);
  lo = (lo + (lo >>> 4)) & 0x0f0f0f0f;
  hi = (hi + (hi >>> 4)) & 0x0f0f0f0f;
  return Math.imul(lo + hi, 0x01010101) >>> 24;
}

/** The bits of (lo, hi) counted per byte position (each byte 0..16); sum the bytes to finish. */
function bytes(lo: number, hi: number): number {
  lo = (lo - ((lo >>> 1) & 0x55555555)) | 0;
  hi = (hi - ((hi >>> 1) & 0x55555555)) | 0;
  lo = (lo & 0x33333333) + ((lo >>> 2) & 0x33333333) + (hi & 0x33333333) + ((hi >>> 2) & 0x33333333);
  return (lo & 0x0f0f0f0f) + ((lo >>> 4) & 0x0f0f0f0f);
}

/** Number of legal moves of the side to move; equals generateLegal's count. */
// eslint-disable-next-line max-lines-per-function -- perft's inner loop: a split-off call measured slower (CONVENTIONS rule 13)
export function countLegal(pos: Position): number {
  const bb = pos.bb,
    st = pos.st;
  const KA = KING_ATTACKS,
    NA = KNIGHT_ATTACKS; // module tables bound to locals (see DESIGN.md)
  const us = pos.side,
    o = us << 4,
    t = o ^ 16;
  const ownLo = bb[o],
    ownHi = bb[o + (W_ALL + 1)];
  const occLo = ownLo | bb[t],
    occHi = ownHi | bb[t + (W_ALL + 1)];
  const kb0 = bb[o + WK];
  const ksq = kb0 !== 0 ? 31 - Math.clz32(kb0 ^ (kb0 - 1)) : 63 - Math.clz32(bb[o + (WK + 1)] ^ (bb[o + (WK + 1)] - 1));
  const k2 = ksq << 1;
  const chLo = st.checkersLo,
    chHi = st.checkersHi;
  let n = 0;

  // King: each target tested with the king lifted off the board. One loop over
  // both halves, so its one isAttacked call site is warm whichever side moves
  // (see the sliders below on V8's inlining).
  const kOccLo = ksq < 32 ? occLo & ~(1 << ksq) : occLo,
    kOccHi = ksq < 32 ? occHi : occHi & ~(1 << (ksq - 32));
  const them = us ^ 1;
  for (let lo = KA[k2] & ~ownLo, hi = KA[k2 + 1] & ~ownHi, sq = 0; (lo | hi) !== 0;) {
    if (lo !== 0) {
      sq = 31 - Math.clz32(lo ^ (lo - 1));
      lo &= lo - 1;
    } else {
      sq = 63 - Math.clz32(hi ^ (hi - 1));
      hi &= hi - 1;
    }
    if (!isAttacked(bb, sq, them, kOccLo, kOccHi)) n++;
  }

  let tLo = ~ownLo,
    tHi = ~ownHi;
  let cmLo = -1,
    cmHi = -1;
  const inCheck = (chLo | chHi) !== 0;
  if (inCheck) {
    if ((chLo !== 0 && chHi !== 0) || (chLo & (chLo - 1)) !== 0 || (chHi & (chHi - 1)) !== 0) return n;
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
  const lineBase = k2 << 6;

  let acc = 0; // per-byte counts, at most 16 for each of at most 10 knights (SWAR written out, see the sliders below)
  for (let lo = bb[o + WN] & ~pinLo, hi = bb[o + (WN + 1)] & ~pinHi, f2 = 0; (lo | hi) !== 0;) {
    if (lo !== 0) {
      f2 = (31 - Math.clz32(lo ^ (lo - 1))) << 1;
      lo &= lo - 1;
    } else {
      f2 = (63 - Math.clz32(hi ^ (hi - 1))) << 1;
      hi &= hi - 1;
    }
    let x = NA[f2] & tLo,
      y = NA[f2 + 1] & tHi;
    x = (x - ((x >>> 1) & 0x55555555)) | 0;
    y = (y - ((y >>> 1) & 0x55555555)) | 0;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333) + (y & 0x33333333) + ((y >>> 2) & 0x33333333);
    acc += (x & 0x0f0f0f0f) + ((x >>> 4) & 0x0f0f0f0f);
  }
  n += Math.imul(acc, 0x01010101) >>> 24;

  // Sliders, written into this function: as a call with ten arguments the same loop
  // made bulk perft ~5% slower. Pinned ones (rare) go to countPinnedSliders. Each
  // attack set is counted by SWAR into per-byte counts (at most 16 a set, at most 11
  // sets of a kind: two bishops or rooks, a queen, eight promotions; so no byte
  // overflows), summed by one multiply per kind. The magic lookup and the SWAR count
  // are written out, not called: V8 inlines a call site only if it was warm when the
  // function was compiled, and with calls here the speed depended on which side had
  // moved most before (a cold hi-half loop left its calls out of line: bulk perft 6
  // ran ~25% slower after a perft 5 warm-up than after a perft 4 one).
  const bLo = bb[o + WB] | bb[o + WQ],
    bHi = bb[o + (WB + 1)] | bb[o + (WQ + 1)];
  const rLo = bb[o + WR] | bb[o + WQ],
    rHi = bb[o + (WR + 1)] | bb[o + (WQ + 1)];
  if (((bLo | rLo) & pinLo) !== 0 || ((bHi | rHi) & pinHi) !== 0)
    n += countPinnedSliders(bLo, bHi, rLo, rHi, occLo, occHi, tLo, tHi, pinLo, pinHi, lineBase, inCheck);
  else {
    for (let kind = 0; kind < 2; kind++) {
      const P = kind === 0 ? BISHOP_PARAMS : ROOK_PARAMS,
        T = kind === 0 ? BISHOP_TABLE : ROOK_TABLE,
        ST = kind === 0 ? BISHOP_STEPS : ROOK_STEPS;
      acc = 0;
      for (let lo = kind === 0 ? bLo : rLo, hi = kind === 0 ? bHi : rHi, j = 0; (lo | hi) !== 0;) {
        if (lo !== 0) {
          j = (31 - Math.clz32(lo ^ (lo - 1))) << 3;
          lo &= lo - 1;
        } else {
          j = (63 - Math.clz32(hi ^ (hi - 1))) << 3;
          hi &= hi - 1;
        }
        // Line neighbours all occupied: they are the attacks, no lookup (see ROOK_STEPS).
        let x = ST[j >> 2],
          y = ST[(j >> 2) + 1];
        if (((x & ~occLo) | (y & ~occHi)) !== 0) {
          const i =
            P[j + 5] +
            (((Math.imul(occLo & P[j], P[j + 2]) ^ Math.imul(occHi & P[j + 1], P[j + 3])) >>> P[j + 4]) << 1);
          x = T[i];
          y = T[i + 1];
        }
        x &= tLo;
        y &= tHi;
        x = (x - ((x >>> 1) & 0x55555555)) | 0;
        y = (y - ((y >>> 1) & 0x55555555)) | 0;
        x = (x & 0x33333333) + ((x >>> 2) & 0x33333333) + (y & 0x33333333) + ((y >>> 2) & 0x33333333);
        acc += (x & 0x0f0f0f0f) + ((x >>> 4) & 0x0f0f0f0f);
      }
      n += Math.imul(acc, 0x01010101) >>> 24;
    }
  }
  n +=
    us === 0
      ? countWhitePawns(bb, occLo, occHi, pinLo, pinHi, cmLo, cmHi)
      : countBlackPawns(bb, occLo, occHi, pinLo, pinHi, cmLo, cmHi);

  // Rare cases through the list generator's own code: pinned pawns, en passant, castling.
  if (!inCheck && ((bb[o + WP] & pinLo) | (bb[o + (WP + 1)] & pinHi)) !== 0)
    n += generatePinnedPawnsInto(pos, scratch, 0, true, true, ksq, bb[o + WP] & pinLo, bb[o + (WP + 1)] & pinHi);
  const ep = st.ep;
  if (ep !== NO_SQUARE) {
    const p = (them << 7) + (ep << 1);
    for (let a = PAWN_ATTACKS[p] & bb[o + WP]; a !== 0; a &= a - 1)
      if (epCaptureIsLegal(pos.bb, pos.side, 31 - Math.clz32(a ^ (a - 1)), ep)) n++;
    for (let a = PAWN_ATTACKS[p + 1] & bb[o + (WP + 1)]; a !== 0; a &= a - 1)
      if (epCaptureIsLegal(pos.bb, pos.side, 63 - Math.clz32(a ^ (a - 1)), ep)) n++;
  }
  if (!inCheck) {
    const rights = st.castling & (us === 0 ? 3 : 12);
    // Most nodes with rights have every castling path blocked: reject those here.
    if (rights !== 0) {
      const ep2 = pos.castling.emptyPath,
        r1 = (rights & -rights) << 1,
        r2 = (rights & ~(rights & -rights)) << 1;
      if (
        ((ep2[r1] & occLo) | (ep2[r1 + 1] & occHi)) === 0 ||
        (r2 !== 0 && ((ep2[r2] & occLo) | (ep2[r2 + 1] & occHi)) === 0)
      )
        n += generateCastlingInto(pos, scratch, 0, rights, ksq, occLo, occHi);
    }
  }
  return n;
}

/** Slider moves when some slider is pinned: pinned ones keep to the pin line, and stay put in check. */
function countPinnedSliders(
  bLo: number,
  bHi: number,
  rLo: number,
  rHi: number,
  occLo: number,
  occHi: number,
  tLo: number,
  tHi: number,
  pinLo: number,
  pinHi: number,
  lineBase: number,
  inCheck: boolean,
): number {
  let n = 0;
  for (let kind = 0; kind < 2; kind++) {
    const table = kind === 0 ? BISHOP_TABLE : ROOK_TABLE;
    for (let s = 0, lo = kind === 0 ? bLo : rLo, hi = kind === 0 ? bHi : rHi; (lo | hi) !== 0;) {
      if (lo !== 0) {
        s = 31 - Math.clz32(lo ^ (lo - 1));
        lo &= lo - 1;
      } else {
        s = 63 - Math.clz32(hi ^ (hi - 1));
        hi &= hi - 1;
      }
      const i = kind === 0 ? bishopIndex(s, occLo, occHi) : rookIndex(s, occLo, occHi);
      let aLo = table[i] & tLo,
        aHi = table[i + 1] & tHi;
      if ((s < 32 ? (pinLo >>> s) & 1 : (pinHi >>> (s - 32)) & 1) !== 0) {
        if (inCheck) continue;
        aLo &= LINE[lineBase + (s << 1)];
        aHi &= LINE[lineBase + (s << 1) + 1];
      }
      n += pc2(aLo, aHi);
    }
  }
  return n;
}

/** Moves of white's unpinned pawns, set-wise; promotions count four. */
function countWhitePawns(
  bb: Int32Array,
  occLo: number,
  occHi: number,
  pinLo: number,
  pinHi: number,
  cmLo: number,
  cmHi: number,
): number {
  const pLo = bb[WP] & ~pinLo,
    pHi = bb[WP + 1] & ~pinHi;
  const eLo = bb[B_ALL] & cmLo,
    eHi = bb[B_ALL + 1] & cmHi;
  const emLo = ~occLo,
    emHi = ~occHi;
  const sLo = (pLo << 8) & emLo,
    sHi = ((pHi << 8) | (pLo >>> 24)) & emHi;
  const dLo = ((sLo & RANK_3_LO) << 8) & emLo & cmLo;
  const aLo = ((pLo & NOT_A) << 7) & eLo,
    aHi = (((pHi & NOT_A) << 7) | ((pLo & NOT_A) >>> 25)) & eHi;
  const cLo = ((pLo & NOT_H) << 9) & eLo,
    cHi = (((pHi & NOT_H) << 9) | ((pLo & NOT_H) >>> 23)) & eHi;
  const qLo = sLo & cmLo,
    qHi = sHi & cmHi;
  const promo = ((qHi & RANK_8_HI) >>> 24) | ((aHi & RANK_8_HI) >>> 16) | ((cHi & RANK_8_HI) >>> 8);
  return (
    Math.imul(bytes(qLo, qHi) + bytes(dLo, aLo) + bytes(aHi, cLo) + bytes(cHi, 0) + 3 * bytes(promo, 0), 0x01010101) >>>
    24
  );
}

/** Moves of black's unpinned pawns, set-wise; promotions count four. */
function countBlackPawns(
  bb: Int32Array,
  occLo: number,
  occHi: number,
  pinLo: number,
  pinHi: number,
  cmLo: number,
  cmHi: number,
): number {
  const pLo = bb[BP] & ~pinLo,
    pHi = bb[BP + 1] & ~pinHi;
  const eLo = bb[W_ALL] & cmLo,
    eHi = bb[W_ALL + 1] & cmHi;
  const emLo = ~occLo,
    emHi = ~occHi;
  const sLo = ((pLo >>> 8) | (pHi << 24)) & emLo,
    sHi = (pHi >>> 8) & emHi;
  const dHi = ((sHi & RANK_6_HI) >>> 8) & emHi & cmHi;
  const aLo = (((pLo & NOT_A) >>> 9) | ((pHi & NOT_A) << 23)) & eLo,
    aHi = ((pHi & NOT_A) >>> 9) & eHi;
  const cLo = (((pLo & NOT_H) >>> 7) | ((pHi & NOT_H) << 25)) & eLo,
    cHi = ((pHi & NOT_H) >>> 7) & eHi;
  const qLo = sLo & cmLo,
    qHi = sHi & cmHi;
  const promo = (qLo & RANK_1_LO) | ((aLo & RANK_1_LO) << 8) | ((cLo & RANK_1_LO) << 16);
  return (
    Math.imul(bytes(qLo, qHi) + bytes(dHi, aLo) + bytes(aHi, cLo) + bytes(cHi, 0) + 3 * bytes(promo, 0), 0x01010101) >>>
    24
  );
}
