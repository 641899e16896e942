/**
 * Endgame knowledge: dead draws by material, KPK by the bitbase, scale factors
 * for drawish material, and the won endings against a lone king (KXK).
 */
import { popcount } from '@tempo-chess/bitboard';
import type { Position } from '@tempo-chess/position';
import { kpkWins } from './kpk';
import { NONPAWN_VALUE } from './psq-table';
import { SCALE_NORMAL } from './taper';
import { CENTER_DISTANCE, DISTANCE } from './tables';

/** Light squares (b1, a2, ...) in either half of a bitboard. */
const LIGHT = 0x55aa55aa;

/**
 * Exactly 0, as neither side can mate: KK, KNK, KBK, KNNK (two knights against a
 * bare king), and any number of bishops that all stand on one square colour.
 */
export function isDrawnByMaterial(pos: Position): boolean {
  const c = pos.pieceCount;
  // Pawns, rooks or queens on the board: never.
  if ((c[1] | c[4] | c[5] | c[9] | c[12] | c[13]) !== 0) return false;
  const n = c[2] + c[10],
    b = c[3] + c[11];
  if (n + b <= 1) return true;
  if (b === 0) return n === 2 && (c[2] === 0 || c[10] === 0);
  if (n !== 0) return false;
  const bb = pos.bb,
    lo = bb[6] | bb[22],
    hi = bb[7] | bb[23];
  return ((lo & LIGHT) | (hi & LIGHT)) === 0 || ((lo & ~LIGHT) | (hi & ~LIGHT)) === 0;
}

/** KPK: the score of a win for the strong side, plus this per rank of the pawn (below a won KQK, so pushing to promotion pays). */
export const KPK_WIN = 600,
  KPK_RANK_BONUS = 20;

/**
 * KPK by the bitbase, from white's view: 0 for a draw, else +-(KPK_WIN + bonus by
 * the pawn's relative rank). Precondition: the material is exactly king and pawn
 * against king.
 */
export function kpkScore(pos: Position): number {
  const bb = pos.bb;
  const strong = (bb[2] | bb[3]) !== 0 ? 0 : 1;
  const o = strong << 4,
    d = o ^ 16;
  let p = lsbOf(bb[o + 2], bb[o + 3]),
    wk = lsbOf(bb[o + 12], bb[o + 13]),
    bk = lsbOf(bb[d + 12], bb[d + 13]);
  if (strong === 1) {
    p ^= 56;
    wk ^= 56;
    bk ^= 56;
  }
  if ((p & 7) >= 4) {
    p ^= 7;
    wk ^= 7;
    bk ^= 7;
  }
  if (!kpkWins(pos.side === strong ? 0 : 1, wk, bk, p)) return 0;
  const v = KPK_WIN + KPK_RANK_BONUS * (p >>> 3);
  return strong === 0 ? v : -v;
}

function manhattan(a: number, b: number): number {
  return Math.abs((a & 7) - (b & 7)) + Math.abs((a >>> 3) - (b >>> 3));
}

function lsbOf(lo: number, hi: number): number {
  return lo !== 0 ? 31 - Math.clz32(lo ^ (lo - 1)) : 63 - Math.clz32(hi ^ (hi - 1));
}

/**
 * The endgame scale factor (of 64) applied to the eg half when `strong` is the
 * side ahead in eg: 0..64 for drawish material, SCALE_NORMAL otherwise.
 * passedLo/Hi: the strong side's passed pawns.
 */
export function scaleFactor(pos: Position, strong: number, passedLo: number, passedHi: number): number {
  const st = pos.st,
    c = pos.pieceCount,
    bb = pos.bb,
    weak = strong ^ 1;
  const npmS = strong === 0 ? st.nonPawnW : st.nonPawnB,
    npmW = strong === 0 ? st.nonPawnB : st.nonPawnW;
  const s8 = strong << 3,
    w8 = weak << 3;
  const pawnsS = c[s8 | 1],
    pawnsW = c[w8 | 1];
  // No pawns and at most a minor piece ahead: hard or impossible to win.
  if (pawnsS === 0 && npmS - npmW <= NONPAWN_VALUE[3])
    return npmS < NONPAWN_VALUE[4] ? 0 : npmW <= NONPAWN_VALUE[3] ? 4 : 14;
  // Opposite-coloured bishops.
  if (c[3] === 1 && c[11] === 1) {
    const wLight = ((bb[6] | bb[7]) & LIGHT) !== 0,
      bLight = ((bb[22] | bb[23]) & LIGHT) !== 0;
    if (wLight !== bLight) {
      if (npmS === NONPAWN_VALUE[3] && npmW === NONPAWN_VALUE[3]) {
        const v = 16 + 8 * popcount(passedLo, passedHi);
        return v > 48 ? 48 : v;
      }
      return 44;
    }
  }
  const so = strong << 4,
    wo = weak << 4;
  // Rook pawns and the wrong bishop: the lone king reaches the corner.
  if (npmS === NONPAWN_VALUE[3] && c[s8 | 3] === 1 && npmW === 0 && pawnsS > 0) {
    const pLo = bb[so + 2],
      pHi = bb[so + 3],
      all = pLo | pHi;
    const onA = (all & ~0x01010101) === 0,
      onH = (all & ~(0x80808080 | 0)) === 0;
    if (onA || onH) {
      const q = (strong === 0 ? 56 : 0) + (onA ? 0 : 7);
      const qLight = ((q ^ (q >>> 3)) & 1) !== 0;
      const bLight = ((bb[so + 6] | bb[so + 7]) & LIGHT) !== 0;
      const wk = lsbOf(bb[wo + 12], bb[wo + 13]);
      if (qLight !== bLight && DISTANCE[(wk << 6) + q] <= 1) return 0;
    }
  }
  // KRPKR with the defending king on the pawn's file in front of it.
  if (
    npmS === NONPAWN_VALUE[4] &&
    npmW === NONPAWN_VALUE[4] &&
    c[s8 | 4] === 1 &&
    c[w8 | 4] === 1 &&
    pawnsS === 1 &&
    pawnsW === 0
  ) {
    const p = lsbOf(bb[so + 2], bb[so + 3]),
      wk = lsbOf(bb[wo + 12], bb[wo + 13]);
    const ahead = strong === 0 ? wk > p : wk < p;
    if ((wk & 7) === (p & 7) && ahead) return 8;
  }
  return SCALE_NORMAL;
}

/** KXK: the score of a won ending against a lone king, before material and the pushes (above KPK's, so queening pays). */
export const KXK_WIN = 1000;
/** KXK: per step of the lone king away from the centre (CENTER_DISTANCE, 0..6). */
const KXK_EDGE = 20;
/** KXK: per step the kings stand closer (7 minus their distance). */
const KXK_CLOSE = 15;
/** KXK: with minor pieces only, per step the lone king stands closer to a corner they mate in (Manhattan in KBNK). */
const KXK_CORNER = 40;
/** KXK: a pawn of the strong side (a queen once it promotes). */
const KXK_PAWN = 100;

/**
 * The lone-king ending, one rule for both evaluations: a lone king against a queen, a
 * rook, a bishop and a knight, or bishops of both colours (anything more included) is
 * a win, scored from the strong side's view as KXK_WIN plus the strong side's material
 * plus the pushes that mate: the lone king to the edge (with minor pieces alone, to a
 * corner they mate in; in KBNK one of the bishop's colour) and the kings together.
 * The net scores these endings near a rook's value whatever the kings do, and the
 * hand-crafted terms pull the pieces and kings to the centre, so without the pushes
 * alone the search finds no way forward and the fifty-move rule draws them.
 * Precondition: colour `strong ^ 1` has its king alone. 0 when `strong` has no mating
 * material. Allocates nothing.
 */
export function kxkScore(pos: Position, strong: number): number {
  const c = pos.pieceCount,
    s8 = strong << 3,
    bb = pos.bb,
    o = strong << 4;
  const knights = c[s8 | 2],
    bishops = c[s8 | 3],
    heavy = c[s8 | 4] + c[s8 | 5];
  const bishopSquares = bb[o + 6] | bb[o + 7];
  const bothColours = (bishopSquares & LIGHT) !== 0 && (bishopSquares & ~LIGHT) !== 0;
  if (heavy === 0 && !(bishops > 0 && knights > 0) && !bothColours) return 0;
  const np = strong === 0 ? pos.st.nonPawnW : pos.st.nonPawnB;
  const sk = lsbOf(bb[o + 12], bb[o + 13]),
    wk = lsbOf(bb[(o ^ 16) + 12], bb[(o ^ 16) + 13]);
  let s = KXK_WIN + np + c[s8 | 1] * KXK_PAWN + (7 - DISTANCE[(sk << 6) + wk]) * KXK_CLOSE;
  if (heavy === 0 && knights === 1 && bishops === 1 && c[s8 | 1] === 0) {
    // KBNK: no edge term (see bishopCornerDistance).
    return s + (14 - bishopCornerDistance(wk, (bishopSquares & LIGHT) !== 0)) * KXK_CORNER;
  }
  s += CENTER_DISTANCE[wk] * KXK_EDGE;
  // Bishops alone mate in any corner.
  if (heavy === 0)
    s +=
      (7 - Math.min(DISTANCE[wk << 6], DISTANCE[(wk << 6) + 7], DISTANCE[(wk << 6) + 56], DISTANCE[(wk << 6) + 63])) *
      KXK_CORNER;
  return s;
}

/**
 * The Manhattan distance from square `k` to the nearer corner of the bishop's colour
 * (a1 and h8 are dark, a8 and h1 light): only there does KBNK mate, and the king is
 * pushed along the edge from the other corners, so KBNK's pushes use this in place of
 * the distance from the centre.
 */
function bishopCornerDistance(k: number, lightBishop: boolean): number {
  return lightBishop ? Math.min(manhattan(k, 56), manhattan(k, 7)) : Math.min(manhattan(k, 0), manhattan(k, 63));
}

/**
 * kxkScore from white's view when exactly one side has its king alone, else 0 (also
 * when the other side has no mating material). Not faded: the pushes must keep their
 * order to the end, and the search itself draws at the fifty-move rule.
 */
export function kxkWhite(pos: Position): number {
  const pc = pos.pieceCount;
  if ((pc[0] === 1) === (pc[8] === 1)) return 0;
  if (pc[0] === 1) return (0 - kxkScore(pos, 1)) | 0;
  return kxkScore(pos, 0);
}
