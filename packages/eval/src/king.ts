/**
 * King terms of one side: the pawn shelter and storm in front of its own king and
 * its distance to the nearest pawn file (linear), and its attack on the enemy king,
 * whose units (from evalPieces plus weak zone squares, safe checks, no queen and an
 * offset) go through the non-linear transform when enough attackers take part.
 */
import {
  BISHOP_PARAMS,
  BISHOP_TABLE,
  KNIGHT_ATTACKS,
  ROOK_PARAMS,
  ROOK_TABLE,
  magicIndex,
  popcount,
} from '@tempo-chess/bitboard';
import type { Position } from '@tempo-chess/position';
import { TX_KS_ACTIVE_W, type EvalContext } from './context';
import {
  KING_OPEN_FILE,
  KING_PAWN_DISTANCE,
  KING_SEMI_OPEN_FILE,
  KING_SHELTER,
  KING_STORM,
  KS_NO_QUEEN,
  KS_OFFSET,
  KS_SAFE_CHECK,
  KS_WEAK_SQUARES,
} from './layout';
import { ATT_ALL, ATT_BISHOP, ATT_KING, ATT_KNIGHT, ATT_QUEEN, ATT_ROOK, ATT_TWO, kingSq } from './pieces';
import { kingSafetyTransform } from './taper';
import { KING_ZONE, RANKS_FROM } from './tables';

/**
 * Shelter and storm on the king's file and its neighbours, an open king file, and the
 * king's distance in files to the nearest pawn of either colour (packed, good for c).
 */
export function evalShelter(pos: Position, ctx: EvalContext, c: number): number {
  const bb = pos.bb,
    w = ctx.w,
    tr = ctx.tracing ? (c === 0 ? ctx.tw : ctx.tb) : null;
  const o = c << 4,
    to = o ^ 16;
  const k = kingSq(bb, c),
    kf = k & 7,
    kRel = c === 0 ? k >>> 3 : 7 - (k >>> 3);
  const fLo = RANKS_FROM[2 * (c * 8 + kRel)],
    fHi = RANKS_FROM[2 * (c * 8 + kRel) + 1];
  const ownLo = bb[o + 2] & fLo,
    ownHi = bb[o + 3] & fHi,
    oppLo = bb[to + 2] & fLo,
    oppHi = bb[to + 3] & fHi;
  let s = 0;
  const f0 = kf === 0 ? 0 : kf - 1,
    f1 = kf === 7 ? 7 : kf + 1;
  for (let f = f0; f <= f1; f++) {
    const fm = 0x01010101 << f,
      fc = f < 4 ? f : 7 - f;
    const shelter = KING_SHELTER + 8 * fc + nearestRank(c, ownLo & fm, ownHi & fm);
    const storm = KING_STORM + 8 * fc + nearestRank(c, oppLo & fm, oppHi & fm);
    s += w[shelter] + w[storm];
    if (tr !== null) {
      tr[shelter]++;
      tr[storm]++;
    }
  }
  const km = 0x01010101 << kf;
  if (((bb[o + 2] | bb[o + 3]) & km) === 0) {
    const i = ((bb[to + 2] | bb[to + 3]) & km) === 0 ? KING_OPEN_FILE : KING_SEMI_OPEN_FILE;
    s += w[i];
    if (tr !== null) tr[i]++;
  }
  // Files with a pawn of either colour, folded into one byte.
  let files = bb[2] | bb[3] | bb[18] | bb[19];
  if (files !== 0) {
    files |= files >>> 16;
    files |= files >>> 8;
    files &= 0xff;
    // Widen a window of files around the king's until it holds a pawn file.
    let d = 0,
      near = 1 << kf;
    while ((files & near) === 0) {
      d++;
      near |= (near << 1) | (near >>> 1);
    }
    s += w[KING_PAWN_DISTANCE + d];
    if (tr !== null) tr[KING_PAWN_DISTANCE + d]++;
  }
  return s;
}

/** Relative rank (seen from c) of the pawn of a one-file set nearest to c's back rank; 0 when empty. */
function nearestRank(c: number, lo: number, hi: number): number {
  if ((lo | hi) === 0) return 0;
  if (c === 0) return (lo !== 0 ? 31 - Math.clz32(lo ^ (lo - 1)) : 63 - Math.clz32(hi ^ (hi - 1))) >>> 3;
  return 7 - ((hi !== 0 ? 63 - Math.clz32(hi) : 31 - Math.clz32(lo)) >>> 3);
}

/** Colour c's attack on the enemy king after the transform (packed, good for c); 0 unless enough pieces attack. */
export function evalKingAttack(pos: Position, ctx: EvalContext, c: number): number {
  const queens = pos.pieceCount[(c << 3) | 5];
  if (ctx.ks[2 * c + 1] <= 1 - queens) return 0;
  const bb = pos.bb,
    A = ctx.att,
    w = ctx.w,
    tr = ctx.tracing ? (c === 0 ? ctx.tw : ctx.tb) : null;
  const a = c << 4,
    d = a ^ 16;
  const ek = kingSq(bb, c ^ 1),
    zLo = KING_ZONE[2 * ek],
    zHi = KING_ZONE[2 * ek + 1];
  // Zone squares we attack that the defender guards at most once, and then only with king or queen.
  const weakLo = A[a + ATT_ALL] & ~A[d + ATT_TWO] & (~A[d + ATT_ALL] | A[d + ATT_QUEEN] | A[d + ATT_KING]);
  const weakHi =
    A[a + ATT_ALL + 1] & ~A[d + ATT_TWO + 1] & (~A[d + ATT_ALL + 1] | A[d + ATT_QUEEN + 1] | A[d + ATT_KING + 1]);
  const nWeak = popcount(weakLo & zLo, weakHi & zHi);
  // Safe checking squares: not ours, and unguarded or weak and attacked twice by us.
  const safeLo = ~bb[a] & (~A[d + ATT_ALL] | (weakLo & A[a + ATT_TWO]));
  const safeHi = ~bb[a + 1] & (~A[d + ATT_ALL + 1] | (weakHi & A[a + ATT_TWO + 1]));
  const occLo = bb[0] | bb[16],
    occHi = bb[1] | bb[17];
  const bi = magicIndex(BISHOP_PARAMS, ek, occLo, occHi),
    ri = magicIndex(ROOK_PARAMS, ek, occLo, occHi);
  const bLo = BISHOP_TABLE[bi],
    bHi = BISHOP_TABLE[bi + 1],
    rLo = ROOK_TABLE[ri],
    rHi = ROOK_TABLE[ri + 1];
  const nN = popcount(
    KNIGHT_ATTACKS[2 * ek] & A[a + ATT_KNIGHT] & safeLo,
    KNIGHT_ATTACKS[2 * ek + 1] & A[a + ATT_KNIGHT + 1] & safeHi,
  );
  const nB = popcount(bLo & A[a + ATT_BISHOP] & safeLo, bHi & A[a + ATT_BISHOP + 1] & safeHi);
  const nR = popcount(rLo & A[a + ATT_ROOK] & safeLo, rHi & A[a + ATT_ROOK + 1] & safeHi);
  const nQ = popcount((bLo | rLo) & A[a + ATT_QUEEN] & safeLo, (bHi | rHi) & A[a + ATT_QUEEN + 1] & safeHi);
  let u = ctx.ks[2 * c] + nWeak * w[KS_WEAK_SQUARES] + w[KS_OFFSET];
  u += nN * w[KS_SAFE_CHECK] + nB * w[KS_SAFE_CHECK + 1] + nR * w[KS_SAFE_CHECK + 2] + nQ * w[KS_SAFE_CHECK + 3];
  if (queens === 0) u += w[KS_NO_QUEEN];
  if (tr !== null) {
    ctx.tx[TX_KS_ACTIVE_W + c] = 1;
    tr[KS_WEAK_SQUARES] += nWeak;
    tr[KS_OFFSET]++;
    tr[KS_SAFE_CHECK] += nN;
    tr[KS_SAFE_CHECK + 1] += nB;
    tr[KS_SAFE_CHECK + 2] += nR;
    tr[KS_SAFE_CHECK + 3] += nQ;
    if (queens === 0) tr[KS_NO_QUEEN]++;
  }
  return kingSafetyTransform(u);
}
