/**
 * The search's statistics updates: the correction of the static eval, and the
 * history, killer and counter-move updates after a node (every history update is
 * gravity's). Plain functions of the Searcher, so search.ts keeps to the search itself.
 */
import { PAWN } from '@tempo-chess/bitboard';
import { EN_PASSANT, FROM_TO_MASK, MOVE_TYPE_MASK, SQUARE_MASK, TO_SHIFT } from '@tempo-chess/position';
import {
  CAPTURE_HISTORY_MAX,
  CAPTURE_PIECE_SHIFT,
  CAPTURE_TO_SHIFT,
  CONT_ROW_SHIFT,
  CONT_HISTORY_MAX,
  CORR_DIFF_MAX,
  CORR_GRAIN,
  CORR_MAX,
  CORR_RATE,
  CORR_SIZE,
  CORR_WEIGHT_MAX,
  HIST_BONUS_MIN,
  HISTORY_MAX,
  SIDE_SHIFT,
  SQUARE_BITS,
  TRIED_SIZE,
  VALUE_MATE_IN_MAX_PLY,
  VALUE_MATED_IN_MAX_PLY,
} from './constants';
import { isTactical } from './movepick';
import type { Searcher } from './search';
import { STACK_OFFSET } from './stack';

/** The correction weights are per mille. */
const PER_MILLE = 1000;

/** The static eval corrected by the correction histories. */
export function corrected(s: Searcher, raw: number): number {
  if (s.params.CorrHist === 0) return raw;
  const st = s.pos.st,
    side = s.pos.side * CORR_SIZE,
    P = s.params;
  const c =
    s.h.corrPawn[side + (st.pawnKeyLo & (CORR_SIZE - 1))] * P.CorrPawnWeight +
    s.h.corrMaterial[side + (st.materialKeyLo & (CORR_SIZE - 1))] * P.CorrMaterialWeight;
  const v = raw + ((c / (PER_MILLE * CORR_GRAIN)) | 0);
  return v >= VALUE_MATE_IN_MAX_PLY
    ? VALUE_MATE_IN_MAX_PLY - 1
    : v <= VALUE_MATED_IN_MAX_PLY
      ? VALUE_MATED_IN_MAX_PLY + 1
      : v;
}

/** Moves the correction entries toward the observed error (best - static eval) with weight by depth. */
export function updateCorrection(s: Searcher, diff: number, depth: number): void {
  const st = s.pos.st,
    side = s.pos.side * CORR_SIZE;
  const w = depth + 1 < CORR_WEIGHT_MAX ? depth + 1 : CORR_WEIGHT_MAX;
  const d = diff > CORR_DIFF_MAX ? CORR_DIFF_MAX : diff < -CORR_DIFF_MAX ? -CORR_DIFF_MAX : diff;
  const target = d * CORR_GRAIN * w;
  const cp = s.h.corrPawn,
    cm = s.h.corrMaterial;
  const ip = side + (st.pawnKeyLo & (CORR_SIZE - 1)),
    im = side + (st.materialKeyLo & (CORR_SIZE - 1));
  let e = ((cp[ip] * (CORR_RATE - w) + target) / CORR_RATE) | 0;
  cp[ip] = e > CORR_MAX ? CORR_MAX : e < -CORR_MAX ? -CORR_MAX : e;
  e = ((cm[im] * (CORR_RATE - w) + target) / CORR_RATE) | 0;
  cm[im] = e > CORR_MAX ? CORR_MAX : e < -CORR_MAX ? -CORR_MAX : e;
}

/** History bonus for a move that caused a cutoff at `depth`. */
export function bonus(s: Searcher, depth: number): number {
  const P = s.params,
    b = P.HistBonusMult * depth - P.HistBonusBase;
  return b > P.HistBonusMax ? P.HistBonusMax : b < HIST_BONUS_MIN ? HIST_BONUS_MIN : b;
}

/**
 * The gravity update of entry i of a history table by bonus b (ab = |b|):
 * h += b - h * |b| / max, which moves h toward +-max and keeps |h| within max.
 */
export function gravity(t: Int16Array, i: number, b: number, ab: number, max: number): void {
  t[i] += b - (((t[i] * ab) / max) | 0);
}

/** Gravity updates of the quiet histories of move m (piece-to key pc, see pieceTo) at stack slot sp. */
export function updateQuiet(s: Searcher, m: number, pc: number, sp: number, b: number): void {
  const cont = s.ss.cont,
    ch = s.h.cont,
    ab = b < 0 ? -b : b;
  gravity(s.h.main, (s.pos.side << SIDE_SHIFT) | (m & FROM_TO_MASK), b, ab, HISTORY_MAX);
  gravity(ch, cont[sp - 1] + pc, b, ab, CONT_HISTORY_MAX);
  gravity(ch, cont[sp - 2] + pc, b, ab, CONT_HISTORY_MAX);
}

/**
 * Bonus b (> 0) for the opponent's quiet move that led to a fail-low node: their butterfly
 * and continuation histories.
 */
export function updatePrior(s: Searcher, m: number, pc: number, sp: number, b: number): void {
  const cont = s.ss.cont,
    ch = s.h.cont;
  gravity(s.h.main, ((s.pos.side ^ 1) << SIDE_SHIFT) | (m & FROM_TO_MASK), b, b, HISTORY_MAX);
  gravity(ch, cont[sp - 2] + pc, b, b, CONT_HISTORY_MAX);
  gravity(ch, cont[sp - 3] + pc, b, b, CONT_HISTORY_MAX);
}

/** Gravity update of the capture history of m. */
export function updateCapture(s: Searcher, m: number, b: number): void {
  const board = s.pos.board,
    to = (m >>> TO_SHIFT) & SQUARE_MASK;
  const captured = (m & MOVE_TYPE_MASK) === EN_PASSANT ? PAWN : board[to] & 7;
  const i = (board[m & SQUARE_MASK] << CAPTURE_PIECE_SHIFT) | (to << CAPTURE_TO_SHIFT) | captured;
  gravity(s.h.capture, i, b, b < 0 ? -b : b, CAPTURE_HISTORY_MAX);
}

/** Histories, killers and counter move after bestMove raised alpha at a node with the tried lists of slot. */
export function updateStats(
  s: Searcher,
  bestMove: number,
  depth: number,
  ply: number,
  slot: number,
  quiets: number,
  captures: number,
): void {
  const sp = ply + STACK_OFFSET,
    board = s.pos.board,
    b = bonus(s, depth);
  const qt = s.quietsTried,
    ct = s.capturesTried,
    base = slot * TRIED_SIZE;
  if (!isTactical(s.pos, bestMove)) {
    updateQuiet(s, bestMove, pieceTo(board, bestMove), sp, b);
    const k = s.h.killers;
    if (k[2 * ply] !== bestMove) {
      k[2 * ply + 1] = k[2 * ply];
      k[2 * ply] = bestMove;
    }
    if (s.ss.move[sp - 1] !== 0) s.h.counter[s.ss.cont[sp - 1] >> CONT_ROW_SHIFT] = bestMove;
    for (let i = 0; i < quiets; i++) {
      const m = qt[base + i];
      updateQuiet(s, m, pieceTo(board, m), sp, -b);
    }
  } else updateCapture(s, bestMove, b);
  for (let i = 0; i < captures; i++) updateCapture(s, ct[base + i], -b);
}

/** The piece-to key of move m on `board` (before m is played): (piece << SQUARE_BITS) | to. */
export function pieceTo(board: Uint8Array, m: number): number {
  return (board[m & SQUARE_MASK] << SQUARE_BITS) | ((m >>> TO_SHIFT) & SQUARE_MASK);
}
