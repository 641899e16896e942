/**
 * evaluate: the tapered score of a position from the side to move's view.
 *
 * The linear part is a sum of packed (mg, eg) weights: the position's incremental
 * material + PSQT score, the tempo, the pawn-hash score and the piece terms. King
 * safety goes through a non-linear transform per attacking side. The blend tapers
 * mg and eg by phase with the endgame scale factor on eg; KPK, insufficient
 * material and the fifty-move fade come last. Every operation is symmetric in the
 * colours (truncating division), so a position and its colour flip score alike.
 */
import { WHITE } from '@tempo/bitboard';
import { egScore, makeScore, mgScore, type Position } from '@tempo/position';
import { TEMPO } from './layout';
import { TX_DRAWN, type EvalContext } from './context';
import { isDrawnByMaterial } from './endgame';
import { PHASE_MAX } from './psq-table';

/** Scores stay strictly inside this bound; the search's mate scores lie beyond it. */
export const EVAL_LIMIT = 19_999;
/** The scale factor of a normal ending (the eg half is multiplied by sf / SCALE_NORMAL). */
export const SCALE_NORMAL = 64;

/** The taper: mg and eg blended by phase (clamped to PHASE_MAX), eg scaled by sf / 64; truncates towards 0. */
export function blend(mg: number, eg: number, phase: number, sf: number): number {
  const p = phase > PHASE_MAX ? PHASE_MAX : phase;
  return ((mg * p * SCALE_NORMAL + eg * (PHASE_MAX - p) * sf) / (PHASE_MAX * SCALE_NORMAL)) | 0;
}

/** King-safety units beyond which the transform stops growing (keeps the result well inside int16). */
export const KS_MAX_UNITS = 1500;

/**
 * The king-safety transform of one attacking side's packed unit sum: mg grows as
 * units^2 / 720, eg as units / 20, both only for positive units. Packed result.
 */
export function kingSafetyTransform(s: number): number {
  let mg = mgScore(s), eg = egScore(s);
  mg = mg <= 0 ? 0 : mg > KS_MAX_UNITS ? KS_MAX_UNITS : mg;
  eg = eg <= 0 ? 0 : eg > KS_MAX_UNITS ? KS_MAX_UNITS : eg;
  return makeScore(((mg * mg) / 720) | 0, (eg / 20) | 0);
}

/** The fifty-move fade: full score up to 20 plies without progress, then linearly to 0 at 100. */
export function fade(v: number, rule50: number): number {
  if (rule50 <= 20) return v;
  if (rule50 >= 100) return 0;
  return ((v * (100 - rule50)) / 80) | 0;
}

/**
 * The evaluation in centipawns from the side to move's view, within +-EVAL_LIMIT.
 * Precondition: pos was built with ctx.psq (or a table with the same values, such
 * as DEFAULT_PSQ for the default and pesto-only presets). Allocates nothing.
 */
export function evaluate(pos: Position, ctx: EvalContext): number {
  const v = evaluateWhite(pos, ctx);
  return pos.side === WHITE ? v : (0 - v) | 0;
}

/** The evaluation from white's view. */
export function evaluateWhite(pos: Position, ctx: EvalContext): number {
  const st = pos.st, w = ctx.w, tracing = ctx.tracing;
  if (isDrawnByMaterial(pos)) {
    if (tracing) ctx.tx[TX_DRAWN] = 1;
    return 0;
  }
  let s = st.psq;
  s += pos.side === WHITE ? w[TEMPO] : -w[TEMPO];
  if (tracing) {
    if (pos.side === WHITE) ctx.tw[TEMPO]++;
    else ctx.tb[TEMPO]++;
  }
  let v = blend(mgScore(s), egScore(s), st.phase, SCALE_NORMAL);
  v = fade(v, st.rule50);
  return v > EVAL_LIMIT ? EVAL_LIMIT : v < -EVAL_LIMIT ? -EVAL_LIMIT : v;
}
