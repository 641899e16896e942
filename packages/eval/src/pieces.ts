/**
 * Piece terms for one side: mobility over safe squares, outposts, bishop pair and
 * bad-bishop pawns (and rammed ones), the bishop on a long diagonal, minors behind
 * pawns and their distance to their king, rooks on open files, on the seventh and on
 * a queen's file, the trapped rook; while walking the pieces it builds the side's
 * attack maps (by piece type, all, and attacked twice) and its attacks on the enemy
 * king zone, which king safety and threats then reuse.
 */
import {
  BISHOP_PARAMS,
  BISHOP_TABLE,
  CENTER_HI,
  CENTER_LO,
  KING_ATTACKS,
  KNIGHT_ATTACKS,
  LONG_DIAGONALS_HI,
  LONG_DIAGONALS_LO,
  ROOK_PARAMS,
  ROOK_TABLE,
  magicIndex,
  popcount,
} from '@tempo-chess/bitboard';
import type { Position } from '@tempo-chess/position';
import type { EvalContext } from './context';
import {
  BISHOP_LONG_DIAGONAL,
  BISHOP_PAIR,
  BISHOP_PAWNS_SAME_COLOR,
  BISHOP_RAMMED_PAWNS,
  KS_ATTACKER,
  KS_ZONE_ATTACKS,
  MINOR_BEHIND_PAWN,
  MINOR_KING_DISTANCE,
  MOBILITY_BISHOP,
  MOBILITY_KNIGHT,
  MOBILITY_QUEEN,
  MOBILITY_ROOK,
  OUTPOST_BISHOP,
  OUTPOST_KNIGHT,
  QUEEN_SEVENTH,
  ROOK_OPEN_FILE,
  ROOK_QUEEN_FILE,
  ROOK_SEMI_OPEN_FILE,
  ROOK_SEVENTH,
  ROOK_TRAPPED,
} from './layout';
import { PE_ATTACKS, PE_SPAN } from './pawns';
import { DISTANCE, KING_ZONE } from './tables';

/** Attack-map kinds (EvalContext.att, colour c's kind k at 16c + 2k). */
export const ATT_PAWN = 0,
  ATT_KNIGHT = 2,
  ATT_BISHOP = 4,
  ATT_ROOK = 6,
  ATT_QUEEN = 8,
  ATT_KING = 10,
  ATT_ALL = 12,
  ATT_TWO = 14;
/** Light squares in either half. */
export const LIGHT_SQUARES = 0x55aa55aa;

/** The king square of colour c. */
export function kingSq(bb: Int32Array, c: number): number {
  const k = (c << 4) + 12,
    lo = bb[k];
  return lo !== 0 ? 31 - Math.clz32(lo ^ (lo - 1)) : 63 - Math.clz32(bb[k + 1] ^ (bb[k + 1] - 1));
}

/** Starts colour c's attack maps with its pawns (from the pawn entry e) and its king. */
export function initAttacks(pos: Position, ctx: EvalContext, c: number, e: number): void {
  const A = ctx.att,
    h = ctx.pawnHash,
    a = c << 4,
    k = kingSq(pos.bb, c);
  const pLo = h[e + PE_ATTACKS + 2 * c],
    pHi = h[e + PE_ATTACKS + 2 * c + 1];
  const kLo = KING_ATTACKS[2 * k],
    kHi = KING_ATTACKS[2 * k + 1];
  A[a] = pLo;
  A[a + 1] = pHi;
  A[a + ATT_KING] = kLo;
  A[a + ATT_KING + 1] = kHi;
  A[a + ATT_ALL] = pLo | kLo;
  A[a + ATT_ALL + 1] = pHi | kHi;
  A[a + ATT_TWO] = pLo & kLo;
  A[a + ATT_TWO + 1] = pHi & kHi;
}

/**
 * Colour c's piece terms (packed, good for c). Fills c's attack maps by piece
 * type and ctx.ks[2c], ctx.ks[2c + 1]: its king-attack units and attacker count.
 * Each piece type has its own function: one function with all four loops had
 * more popcount call sites than TurboFan's inlining budget, and the rest stayed
 * calls. The shared inputs and running maps travel in ctx.pv (PV_* words).
 */
export function evalPieces(pos: Position, ctx: EvalContext, c: number, e: number): number {
  const bb = pos.bb,
    A = ctx.att,
    h = ctx.pawnHash,
    P = ctx.pv;
  const o = c << 4,
    t = c ^ 1,
    to = t << 4;
  const ownPLo = bb[o + 2],
    ownPHi = bb[o + 3],
    oppPLo = bb[to + 2],
    oppPHi = bb[to + 3];
  // Mobility area: not our pawns or king, not attacked by an enemy pawn.
  P[PV_AREA] = ~(ownPLo | bb[o + 12] | h[e + PE_ATTACKS + 2 * t]);
  P[PV_AREA + 1] = ~(ownPHi | bb[o + 13] | h[e + PE_ATTACKS + 2 * t + 1]);
  // Outpost squares: relative ranks 4-6, defended by our pawns, out of reach of enemy pawns.
  // White: rank 4 (top byte of lo) and ranks 5-6; black: ranks 3-4 (top half of lo) and rank 5.
  P[PV_OUTPOST] = A[o] & ~h[e + PE_SPAN + 2 * t] & (c === 0 ? -0x01000000 : -0x00010000);
  P[PV_OUTPOST + 1] = A[o + 1] & ~h[e + PE_SPAN + 2 * t + 1] & (c === 0 ? 0x0000ffff : 0x000000ff);
  const ek = kingSq(bb, t);
  P[PV_ZONE] = KING_ZONE[2 * ek];
  P[PV_ZONE + 1] = KING_ZONE[2 * ek + 1];
  P[PV_OCC] = bb[0] | bb[16];
  P[PV_OCC + 1] = bb[1] | bb[17];
  // Our seventh: the enemy king on the eighth or enemy pawns on the seventh.
  const ekRel = c === 0 ? ek >>> 3 : 7 - (ek >>> 3);
  P[PV_SEVENTH] = ekRel === 7 || (c === 0 ? (oppPHi & 0x00ff0000) !== 0 : (oppPLo & 0x0000ff00) !== 0) ? 1 : 0;
  P[PV_ALL] = A[o + ATT_ALL];
  P[PV_ALL + 1] = A[o + ATT_ALL + 1];
  P[PV_TWO] = A[o + ATT_TWO];
  P[PV_TWO + 1] = A[o + ATT_TWO + 1];
  P[PV_KS_UNITS] = 0;
  P[PV_KS_COUNT] = 0;
  P[PV_OWN_KING] = kingSq(bb, c);
  let s = knights(pos, ctx, c) + bishops(pos, ctx, c) + rooks(pos, ctx, c) + queens(pos, ctx, c);
  if (pos.pieceCount[(c << 3) | 3] >= 2) {
    s += ctx.w[BISHOP_PAIR];
    if (ctx.tracing) (c === 0 ? ctx.tw : ctx.tb)[BISHOP_PAIR]++;
  }
  A[o + ATT_ALL] = P[PV_ALL];
  A[o + ATT_ALL + 1] = P[PV_ALL + 1];
  A[o + ATT_TWO] = P[PV_TWO];
  A[o + ATT_TWO + 1] = P[PV_TWO + 1];
  ctx.ks[2 * c] = P[PV_KS_UNITS];
  ctx.ks[2 * c + 1] = P[PV_KS_COUNT];
  return s;
}

/** Words of ctx.pv: inputs shared by the piece functions and their running results. */
export const PV_AREA = 0,
  PV_ZONE = 2,
  PV_OUTPOST = 4,
  PV_OCC = 6,
  PV_SEVENTH = 8,
  PV_ALL = 9,
  PV_TWO = 11,
  PV_KS_UNITS = 13,
  PV_KS_COUNT = 14,
  PV_OWN_KING = 15;
export const PV_WORDS = 16;

function knights(pos: Position, ctx: EvalContext, c: number): number {
  const bb = pos.bb,
    A = ctx.att,
    a = c << 4;
  let lo = bb[a + 4],
    hi = bb[a + 5];
  if ((lo | hi) === 0) {
    A[a + ATT_KNIGHT] = 0;
    A[a + ATT_KNIGHT + 1] = 0;
    return 0;
  }
  const board = pos.board,
    P = ctx.pv,
    w = ctx.w,
    KN = KNIGHT_ATTACKS,
    tr = ctx.tracing ? (c === 0 ? ctx.tw : ctx.tb) : null;
  const areaLo = P[PV_AREA],
    areaHi = P[PV_AREA + 1],
    zoneLo = P[PV_ZONE],
    zoneHi = P[PV_ZONE + 1];
  const outLo = P[PV_OUTPOST],
    outHi = P[PV_OUTPOST + 1],
    ownKing64 = P[PV_OWN_KING] << 6;
  let allLo = P[PV_ALL],
    allHi = P[PV_ALL + 1],
    twoLo = P[PV_TWO],
    twoHi = P[PV_TWO + 1];
  let s = 0,
    mLo = 0,
    mHi = 0,
    units = 0,
    count = 0;
  while ((lo | hi) !== 0) {
    let sq: number;
    if (lo !== 0) {
      sq = 31 - Math.clz32(lo ^ (lo - 1));
      lo &= lo - 1;
    } else {
      sq = 63 - Math.clz32(hi ^ (hi - 1));
      hi &= hi - 1;
    }
    const aLo = KN[2 * sq],
      aHi = KN[2 * sq + 1];
    const kd = DISTANCE[ownKing64 + sq];
    s += kd * w[MINOR_KING_DISTANCE];
    if (tr !== null) tr[MINOR_KING_DISTANCE] += kd;
    mLo |= aLo;
    mHi |= aHi;
    twoLo |= allLo & aLo;
    twoHi |= allHi & aHi;
    allLo |= aLo;
    allHi |= aHi;
    const mi = MOBILITY_KNIGHT + popcount(aLo & areaLo, aHi & areaHi);
    s += w[mi];
    if (tr !== null) tr[mi]++;
    if (((sq < 32 ? outLo : outHi) & (1 << sq)) !== 0) {
      s += w[OUTPOST_KNIGHT];
      if (tr !== null) tr[OUTPOST_KNIGHT]++;
    }
    const front = c === 0 ? sq + 8 : sq - 8;
    if (front >= 0 && front < 64 && (board[front] & 7) === 1) {
      s += w[MINOR_BEHIND_PAWN];
      if (tr !== null) tr[MINOR_BEHIND_PAWN]++;
    }
    if (((aLo & zoneLo) | (aHi & zoneHi)) !== 0) {
      const z = popcount(aLo & zoneLo, aHi & zoneHi);
      count++;
      units += w[KS_ATTACKER] + z * w[KS_ZONE_ATTACKS];
      if (tr !== null) {
        tr[KS_ATTACKER]++;
        tr[KS_ZONE_ATTACKS] += z;
      }
    }
  }
  A[a + ATT_KNIGHT] = mLo;
  A[a + ATT_KNIGHT + 1] = mHi;
  P[PV_ALL] = allLo;
  P[PV_ALL + 1] = allHi;
  P[PV_TWO] = twoLo;
  P[PV_TWO + 1] = twoHi;
  P[PV_KS_UNITS] += units;
  P[PV_KS_COUNT] += count;
  return s;
}

function bishops(pos: Position, ctx: EvalContext, c: number): number {
  const bb = pos.bb,
    A = ctx.att,
    a = c << 4;
  let lo = bb[a + 6],
    hi = bb[a + 7];
  if ((lo | hi) === 0) {
    A[a + ATT_BISHOP] = 0;
    A[a + ATT_BISHOP + 1] = 0;
    return 0;
  }
  const board = pos.board,
    P = ctx.pv,
    w = ctx.w,
    BP = BISHOP_PARAMS,
    BT = BISHOP_TABLE,
    tr = ctx.tracing ? (c === 0 ? ctx.tw : ctx.tb) : null;
  const areaLo = P[PV_AREA],
    areaHi = P[PV_AREA + 1],
    zoneLo = P[PV_ZONE],
    zoneHi = P[PV_ZONE + 1];
  const outLo = P[PV_OUTPOST],
    outHi = P[PV_OUTPOST + 1],
    occLo = P[PV_OCC],
    occHi = P[PV_OCC + 1];
  const ownPLo = bb[a + 2],
    ownPHi = bb[a + 3],
    oppPLo = bb[(a ^ 16) + 2],
    oppPHi = bb[(a ^ 16) + 3];
  const ownKing64 = P[PV_OWN_KING] << 6;
  // Own pawns with an enemy pawn right in front of them.
  const rammedLo = c === 0 ? ownPLo & ((oppPLo >>> 8) | (oppPHi << 24)) : ownPLo & (oppPLo << 8);
  const rammedHi = c === 0 ? ownPHi & (oppPHi >>> 8) : ownPHi & ((oppPHi << 8) | (oppPLo >>> 24));
  let allLo = P[PV_ALL],
    allHi = P[PV_ALL + 1],
    twoLo = P[PV_TWO],
    twoHi = P[PV_TWO + 1];
  let s = 0,
    mLo = 0,
    mHi = 0,
    units = 0,
    count = 0;
  while ((lo | hi) !== 0) {
    let sq: number;
    if (lo !== 0) {
      sq = 31 - Math.clz32(lo ^ (lo - 1));
      lo &= lo - 1;
    } else {
      sq = 63 - Math.clz32(hi ^ (hi - 1));
      hi &= hi - 1;
    }
    const i = magicIndex(BP, sq, occLo, occHi),
      aLo = BT[i],
      aHi = BT[i + 1];
    mLo |= aLo;
    mHi |= aHi;
    twoLo |= allLo & aLo;
    twoHi |= allHi & aHi;
    allLo |= aLo;
    allHi |= aHi;
    const mi = MOBILITY_BISHOP + popcount(aLo & areaLo, aHi & areaHi);
    s += w[mi];
    if (tr !== null) tr[mi]++;
    if (((sq < 32 ? outLo : outHi) & (1 << sq)) !== 0) {
      s += w[OUTPOST_BISHOP];
      if (tr !== null) tr[OUTPOST_BISHOP]++;
    }
    const front = c === 0 ? sq + 8 : sq - 8;
    if (front >= 0 && front < 64 && (board[front] & 7) === 1) {
      s += w[MINOR_BEHIND_PAWN];
      if (tr !== null) tr[MINOR_BEHIND_PAWN]++;
    }
    const same = ((sq ^ (sq >>> 3)) & 1) !== 0 ? LIGHT_SQUARES : ~LIGHT_SQUARES;
    const n = popcount(ownPLo & same, ownPHi & same);
    s += n * w[BISHOP_PAWNS_SAME_COLOR];
    if (tr !== null) tr[BISHOP_PAWNS_SAME_COLOR] += n;
    const nr = popcount(rammedLo & same, rammedHi & same);
    s += nr * w[BISHOP_RAMMED_PAWNS];
    if (tr !== null) tr[BISHOP_RAMMED_PAWNS] += nr;
    const kd = DISTANCE[ownKing64 + sq];
    s += kd * w[MINOR_KING_DISTANCE + 1];
    if (tr !== null) tr[MINOR_KING_DISTANCE + 1] += kd;
    // On a long diagonal and seeing both centre squares on it (one in each half) when only pawns block.
    if (((sq < 32 ? LONG_DIAGONALS_LO : LONG_DIAGONALS_HI) & (1 << sq)) !== 0) {
      const j = magicIndex(BP, sq, bb[2] | bb[18], bb[3] | bb[19]);
      if ((BT[j] & CENTER_LO) !== 0 && (BT[j + 1] & CENTER_HI) !== 0) {
        s += w[BISHOP_LONG_DIAGONAL];
        if (tr !== null) tr[BISHOP_LONG_DIAGONAL]++;
      }
    }
    if (((aLo & zoneLo) | (aHi & zoneHi)) !== 0) {
      const z = popcount(aLo & zoneLo, aHi & zoneHi);
      count++;
      units += w[KS_ATTACKER + 1] + z * w[KS_ZONE_ATTACKS];
      if (tr !== null) {
        tr[KS_ATTACKER + 1]++;
        tr[KS_ZONE_ATTACKS] += z;
      }
    }
  }
  A[a + ATT_BISHOP] = mLo;
  A[a + ATT_BISHOP + 1] = mHi;
  P[PV_ALL] = allLo;
  P[PV_ALL + 1] = allHi;
  P[PV_TWO] = twoLo;
  P[PV_TWO + 1] = twoHi;
  P[PV_KS_UNITS] += units;
  P[PV_KS_COUNT] += count;
  return s;
}

function rooks(pos: Position, ctx: EvalContext, c: number): number {
  const bb = pos.bb,
    A = ctx.att,
    a = c << 4;
  let lo = bb[a + 8],
    hi = bb[a + 9];
  if ((lo | hi) === 0) {
    A[a + ATT_ROOK] = 0;
    A[a + ATT_ROOK + 1] = 0;
    return 0;
  }
  const P = ctx.pv,
    w = ctx.w,
    RP = ROOK_PARAMS,
    RT = ROOK_TABLE,
    tr = ctx.tracing ? (c === 0 ? ctx.tw : ctx.tb) : null;
  const areaLo = P[PV_AREA],
    areaHi = P[PV_AREA + 1],
    zoneLo = P[PV_ZONE],
    zoneHi = P[PV_ZONE + 1];
  const occLo = P[PV_OCC],
    occHi = P[PV_OCC + 1],
    seventh = P[PV_SEVENTH];
  const fileSet = bb[a + 2] | bb[a + 3],
    oppFiles = bb[(a ^ 16) + 2] | bb[(a ^ 16) + 3];
  const queenFiles = bb[10] | bb[11] | bb[26] | bb[27];
  let allLo = P[PV_ALL],
    allHi = P[PV_ALL + 1],
    twoLo = P[PV_TWO],
    twoHi = P[PV_TWO + 1];
  let s = 0,
    mLo = 0,
    mHi = 0,
    units = 0,
    count = 0;
  while ((lo | hi) !== 0) {
    let sq: number;
    if (lo !== 0) {
      sq = 31 - Math.clz32(lo ^ (lo - 1));
      lo &= lo - 1;
    } else {
      sq = 63 - Math.clz32(hi ^ (hi - 1));
      hi &= hi - 1;
    }
    const i = magicIndex(RP, sq, occLo, occHi),
      aLo = RT[i],
      aHi = RT[i + 1];
    mLo |= aLo;
    mHi |= aHi;
    twoLo |= allLo & aLo;
    twoHi |= allHi & aHi;
    allLo |= aLo;
    allHi |= aHi;
    const mob = popcount(aLo & areaLo, aHi & areaHi);
    s += w[MOBILITY_ROOK + mob];
    if (tr !== null) tr[MOBILITY_ROOK + mob]++;
    const f = sq & 7,
      r = c === 0 ? sq >>> 3 : 7 - (sq >>> 3),
      fm = 0x01010101 << f;
    if (r === 6 && seventh !== 0) {
      s += w[ROOK_SEVENTH];
      if (tr !== null) tr[ROOK_SEVENTH]++;
    }
    if ((queenFiles & fm) !== 0) {
      s += w[ROOK_QUEEN_FILE];
      if (tr !== null) tr[ROOK_QUEEN_FILE]++;
    }
    if ((fileSet & fm) === 0) {
      const fi = (oppFiles & fm) === 0 ? ROOK_OPEN_FILE : ROOK_SEMI_OPEN_FILE;
      s += w[fi];
      if (tr !== null) tr[fi]++;
    } else if (mob <= 3 && r === 0) {
      // Shut in on the back rank by its own king, which can no longer castle out of the way.
      const kq = kingSq(bb, c),
        kf = kq & 7,
        kRel = c === 0 ? kq >>> 3 : 7 - (kq >>> 3);
      if (kRel === 0 && (pos.st.castling & (c === 0 ? 3 : 12)) === 0 && kf < 4 === f < kf) {
        s += w[ROOK_TRAPPED];
        if (tr !== null) tr[ROOK_TRAPPED]++;
      }
    }
    if (((aLo & zoneLo) | (aHi & zoneHi)) !== 0) {
      const z = popcount(aLo & zoneLo, aHi & zoneHi);
      count++;
      units += w[KS_ATTACKER + 2] + z * w[KS_ZONE_ATTACKS];
      if (tr !== null) {
        tr[KS_ATTACKER + 2]++;
        tr[KS_ZONE_ATTACKS] += z;
      }
    }
  }
  A[a + ATT_ROOK] = mLo;
  A[a + ATT_ROOK + 1] = mHi;
  P[PV_ALL] = allLo;
  P[PV_ALL + 1] = allHi;
  P[PV_TWO] = twoLo;
  P[PV_TWO + 1] = twoHi;
  P[PV_KS_UNITS] += units;
  P[PV_KS_COUNT] += count;
  return s;
}

function queens(pos: Position, ctx: EvalContext, c: number): number {
  const bb = pos.bb,
    A = ctx.att,
    a = c << 4;
  let lo = bb[a + 10],
    hi = bb[a + 11];
  if ((lo | hi) === 0) {
    A[a + ATT_QUEEN] = 0;
    A[a + ATT_QUEEN + 1] = 0;
    return 0;
  }
  const P = ctx.pv,
    w = ctx.w,
    RP = ROOK_PARAMS,
    RT = ROOK_TABLE,
    BP = BISHOP_PARAMS,
    BT = BISHOP_TABLE;
  const tr = ctx.tracing ? (c === 0 ? ctx.tw : ctx.tb) : null;
  const areaLo = P[PV_AREA],
    areaHi = P[PV_AREA + 1],
    zoneLo = P[PV_ZONE],
    zoneHi = P[PV_ZONE + 1];
  const occLo = P[PV_OCC],
    occHi = P[PV_OCC + 1],
    seventh = P[PV_SEVENTH];
  let allLo = P[PV_ALL],
    allHi = P[PV_ALL + 1],
    twoLo = P[PV_TWO],
    twoHi = P[PV_TWO + 1];
  let s = 0,
    mLo = 0,
    mHi = 0,
    units = 0,
    count = 0;
  while ((lo | hi) !== 0) {
    let sq: number;
    if (lo !== 0) {
      sq = 31 - Math.clz32(lo ^ (lo - 1));
      lo &= lo - 1;
    } else {
      sq = 63 - Math.clz32(hi ^ (hi - 1));
      hi &= hi - 1;
    }
    const ri = magicIndex(RP, sq, occLo, occHi),
      bi = magicIndex(BP, sq, occLo, occHi);
    const aLo = RT[ri] | BT[bi],
      aHi = RT[ri + 1] | BT[bi + 1];
    mLo |= aLo;
    mHi |= aHi;
    twoLo |= allLo & aLo;
    twoHi |= allHi & aHi;
    allLo |= aLo;
    allHi |= aHi;
    const mi = MOBILITY_QUEEN + popcount(aLo & areaLo, aHi & areaHi);
    s += w[mi];
    if (tr !== null) tr[mi]++;
    if ((c === 0 ? sq >>> 3 : 7 - (sq >>> 3)) === 6 && seventh !== 0) {
      s += w[QUEEN_SEVENTH];
      if (tr !== null) tr[QUEEN_SEVENTH]++;
    }
    if (((aLo & zoneLo) | (aHi & zoneHi)) !== 0) {
      const z = popcount(aLo & zoneLo, aHi & zoneHi);
      count++;
      units += w[KS_ATTACKER + 3] + z * w[KS_ZONE_ATTACKS];
      if (tr !== null) {
        tr[KS_ATTACKER + 3]++;
        tr[KS_ZONE_ATTACKS] += z;
      }
    }
  }
  A[a + ATT_QUEEN] = mLo;
  A[a + ATT_QUEEN + 1] = mHi;
  P[PV_ALL] = allLo;
  P[PV_ALL + 1] = allHi;
  P[PV_TWO] = twoLo;
  P[PV_TWO + 1] = twoHi;
  P[PV_KS_UNITS] += units;
  P[PV_KS_COUNT] += count;
  return s;
}
