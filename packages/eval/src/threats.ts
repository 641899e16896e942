/**
 * Threats and passed pawns of one side, on the finished attack maps of both:
 * enemy pieces attacked by pawns, minors, rooks and the king, hanging pieces, safe
 * pawn pushes that attack a piece, squares the enemy holds only weakly; passed
 * pawns' free path, blocker, defence, the kings' distances, and the unstoppable
 * passer against a side with only pawns.
 */
import { NOT_FILE_A, NOT_FILE_H, popcount } from '@tempo-chess/bitboard';
import type { Position } from '@tempo-chess/position';
import type { EvalContext } from './context';
import {
  PASSED_BLOCKED,
  PASSED_DEFENDED,
  PASSED_ENEMY_KING,
  PASSED_FREE,
  PASSED_OWN_KING,
  PASSED_UNSTOPPABLE,
  THREAT_BY_KING,
  THREAT_BY_MINOR,
  THREAT_BY_PAWN,
  THREAT_BY_ROOK,
  THREAT_HANGING,
  THREAT_PAWN_PUSH,
  THREAT_RESTRICTED,
} from './layout';
import { PE_PASSED } from './pawns';
import { ATT_ALL, ATT_BISHOP, ATT_KING, ATT_KNIGHT, ATT_PAWN, ATT_ROOK, ATT_TWO, kingSq } from './pieces';
import { DISTANCE, FORWARD_FILE } from './tables';

/** Colour c's threats against the other side (packed, good for c). */
export function evalThreats(pos: Position, ctx: EvalContext, c: number): number {
  const bb = pos.bb,
    A = ctx.att,
    w = ctx.w,
    tr = ctx.tracing ? (c === 0 ? ctx.tw : ctx.tb) : null;
  const a = c << 4,
    d = a ^ 16,
    o = a,
    to = d;
  const nonPawnLo = bb[to] & ~bb[to + 2] & ~bb[to + 12],
    nonPawnHi = bb[to + 1] & ~bb[to + 3] & ~bb[to + 13];
  let s = 0;
  // Enemy pieces attacked by our pawns.
  const paLo = A[a + ATT_PAWN],
    paHi = A[a + ATT_PAWN + 1];
  if (((paLo & nonPawnLo) | (paHi & nonPawnHi)) !== 0) {
    for (let vt = 2; vt <= 5; vt++) {
      const vLo = paLo & bb[to + 2 * vt],
        vHi = paHi & bb[to + 2 * vt + 1];
      if ((vLo | vHi) === 0) continue;
      const n = popcount(vLo, vHi);
      s += n * w[THREAT_BY_PAWN + vt - 2];
      if (tr !== null) tr[THREAT_BY_PAWN + vt - 2] += n;
    }
  }
  // Weak: enemy pieces (not the king) not defended by a pawn and attacked by us.
  const weakLo = bb[to] & ~bb[to + 12] & ~A[d + ATT_PAWN] & A[a + ATT_ALL];
  const weakHi = bb[to + 1] & ~bb[to + 13] & ~A[d + ATT_PAWN + 1] & A[a + ATT_ALL + 1];
  const mLo = (nonPawnLo | weakLo) & (A[a + ATT_KNIGHT] | A[a + ATT_BISHOP]);
  const mHi = (nonPawnHi | weakHi) & (A[a + ATT_KNIGHT + 1] | A[a + ATT_BISHOP + 1]);
  const rLo = weakLo & A[a + ATT_ROOK],
    rHi = weakHi & A[a + ATT_ROOK + 1];
  if ((mLo | mHi | rLo | rHi) !== 0) {
    for (let vt = 1; vt <= 5; vt++) {
      const vLo = bb[to + 2 * vt],
        vHi = bb[to + 2 * vt + 1];
      if ((((mLo | rLo) & vLo) | ((mHi | rHi) & vHi)) === 0) continue;
      const nm = popcount(mLo & vLo, mHi & vHi);
      const nr = popcount(rLo & vLo, rHi & vHi);
      s += nm * w[THREAT_BY_MINOR + vt - 1] + nr * w[THREAT_BY_ROOK + vt - 1];
      if (tr !== null) {
        tr[THREAT_BY_MINOR + vt - 1] += nm;
        tr[THREAT_BY_ROOK + vt - 1] += nr;
      }
    }
  }
  // Hanging: enemy pieces we attack that nothing defends.
  const nh = popcount(
    nonPawnLo & A[a + ATT_ALL] & ~A[d + ATT_ALL],
    nonPawnHi & A[a + ATT_ALL + 1] & ~A[d + ATT_ALL + 1],
  );
  s += nh * w[THREAT_HANGING];
  if (tr !== null) tr[THREAT_HANGING] += nh;
  // Safe pawn pushes (one or two squares) that would attack an enemy piece.
  const eLo = ~(bb[0] | bb[16]),
    eHi = ~(bb[1] | bb[17]);
  const pLo = bb[o + 2],
    pHi = bb[o + 3];
  let qLo: number, qHi: number;
  if (c === 0) {
    qLo = (pLo << 8) & eLo;
    qHi = ((pHi << 8) | (pLo >>> 24)) & eHi;
    // Pawns one push from rank 2 land on rank 3 and may go on to rank 4 (both in the lo half).
    qLo |= ((qLo & 0x00ff0000) << 8) & eLo;
  } else {
    qLo = ((pLo >>> 8) | (pHi << 24)) & eLo;
    qHi = (pHi >>> 8) & eHi;
    // Black pawns one push from rank 7 land on rank 6 (hi half, bits 8..15) and may go on to rank 5.
    const dHi = ((qHi & 0x0000ff00) >>> 8) & eHi;
    qHi |= dHi;
  }
  const safeLo = qLo & ~A[d + ATT_PAWN] & (A[a + ATT_ALL] | ~A[d + ATT_ALL]);
  const safeHi = qHi & ~A[d + ATT_PAWN + 1] & (A[a + ATT_ALL + 1] | ~A[d + ATT_ALL + 1]);
  if ((safeLo | safeHi) !== 0) {
    let tLo: number, tHi: number;
    if (c === 0) {
      tLo = ((safeLo << 9) & NOT_FILE_A) | ((safeLo << 7) & NOT_FILE_H);
      tHi = (((safeHi << 9) | (safeLo >>> 23)) & NOT_FILE_A) | (((safeHi << 7) | (safeLo >>> 25)) & NOT_FILE_H);
    } else {
      tLo = (((safeLo >>> 7) | (safeHi << 25)) & NOT_FILE_A) | (((safeLo >>> 9) | (safeHi << 23)) & NOT_FILE_H);
      tHi = ((safeHi >>> 7) & NOT_FILE_A) | ((safeHi >>> 9) & NOT_FILE_H);
    }
    const np = popcount(tLo & nonPawnLo, tHi & nonPawnHi);
    s += np * w[THREAT_PAWN_PUSH];
    if (tr !== null) tr[THREAT_PAWN_PUSH] += np;
  }
  return s;
}

/**
 * Both sides' threats by the king (enemy pawns and pieces next to it that nothing
 * defends) and restricted squares (both sides attack them and the enemy holds them
 * neither by a pawn nor twice against our once), white minus black. Apart from
 * evalThreats, which more popcounts would push past TurboFan's inlining budget.
 */
export function evalContested(pos: Position, ctx: EvalContext): number {
  const bb = pos.bb,
    A = ctx.att,
    w = ctx.w,
    tracing = ctx.tracing;
  let s = 0;
  for (let c = 0; c < 2; c++) {
    const a = c << 4,
      d = a ^ 16;
    const nk = popcount(
      bb[d] & ~bb[d + 12] & A[a + ATT_KING] & ~A[d + ATT_ALL],
      bb[d + 1] & ~bb[d + 13] & A[a + ATT_KING + 1] & ~A[d + ATT_ALL + 1],
    );
    const rLo = A[d + ATT_ALL] & A[a + ATT_ALL] & ~A[d + ATT_PAWN] & ~(A[d + ATT_TWO] & ~A[a + ATT_TWO]);
    const rHi =
      A[d + ATT_ALL + 1] & A[a + ATT_ALL + 1] & ~A[d + ATT_PAWN + 1] & ~(A[d + ATT_TWO + 1] & ~A[a + ATT_TWO + 1]);
    const nr = popcount(rLo, rHi);
    const v = nk * w[THREAT_BY_KING] + nr * w[THREAT_RESTRICTED];
    s += c === 0 ? v : -v;
    if (tracing) {
      const tr = c === 0 ? ctx.tw : ctx.tb;
      tr[THREAT_BY_KING] += nk;
      tr[THREAT_RESTRICTED] += nr;
    }
  }
  return s;
}

/** Colour c's passed pawns (from the pawn entry e) on the current board (packed, good for c). */
export function evalPassed(pos: Position, ctx: EvalContext, c: number, e: number): number {
  const h = ctx.pawnHash;
  let lo = h[e + PE_PASSED + 2 * c],
    hi = h[e + PE_PASSED + 2 * c + 1];
  if ((lo | hi) === 0) return 0;
  const bb = pos.bb,
    board = pos.board,
    A = ctx.att,
    w = ctx.w,
    tr = ctx.tracing ? (c === 0 ? ctx.tw : ctx.tb) : null;
  const a = c << 4,
    d = a ^ 16,
    t = c ^ 1,
    FF = FORWARD_FILE,
    D = DISTANCE;
  const occLo = bb[0] | bb[16],
    occHi = bb[1] | bb[17];
  const ok = kingSq(bb, c),
    ek = kingSq(bb, t);
  const enemyPawnsOnly = (t === 0 ? pos.st.nonPawnW : pos.st.nonPawnB) === 0;
  let s = 0;
  while ((lo | hi) !== 0) {
    let sq: number;
    if (lo !== 0) {
      sq = 31 - Math.clz32(lo ^ (lo - 1));
      lo &= lo - 1;
    } else {
      sq = 63 - Math.clz32(hi ^ (hi - 1));
      hi &= hi - 1;
    }
    const r = c === 0 ? sq >>> 3 : 7 - (sq >>> 3),
      stop = c === 0 ? sq + 8 : sq - 8,
      i = (c << 7) + (sq << 1);
    if (board[stop] !== 0) {
      s += w[PASSED_BLOCKED];
      if (tr !== null) tr[PASSED_BLOCKED]++;
    }
    const pathEmpty = ((FF[i] & occLo) | (FF[i + 1] & occHi)) === 0;
    if (pathEmpty && ((FF[i] & A[d + ATT_ALL]) | (FF[i + 1] & A[d + ATT_ALL + 1])) === 0) {
      s += w[PASSED_FREE + r];
      if (tr !== null) tr[PASSED_FREE + r]++;
    }
    if (((sq < 32 ? A[a + ATT_ALL] : A[a + ATT_ALL + 1]) & (1 << sq)) !== 0) {
      s += w[PASSED_DEFENDED];
      if (tr !== null) tr[PASSED_DEFENDED]++;
    }
    const dOwn = D[(ok << 6) + stop],
      dEnemy = D[(ek << 6) + stop];
    s += dOwn * w[PASSED_OWN_KING + r] + dEnemy * w[PASSED_ENEMY_KING + r];
    if (tr !== null) {
      tr[PASSED_OWN_KING + r] += dOwn;
      tr[PASSED_ENEMY_KING + r] += dEnemy;
    }
    if (enemyPawnsOnly && pathEmpty) {
      // Rule of the square: the king, with the move if it is its turn, cannot reach the promotion square in time.
      const q = c === 0 ? 56 + (sq & 7) : sq & 7;
      const moves = r === 1 ? 5 : 7 - r;
      if (D[(ek << 6) + q] - (pos.side === t ? 1 : 0) > moves) {
        s += w[PASSED_UNSTOPPABLE];
        if (tr !== null) tr[PASSED_UNSTOPPABLE]++;
      }
    }
  }
  return s;
}
