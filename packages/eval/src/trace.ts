/**
 * The trace: per weight, how often white's and black's features use it, so the
 * linear part of the evaluation is exactly the sum of (white - black) x weight,
 * tapered. King safety is kept per attacking side, before its transform; the
 * non-linear rest (insufficient material, KPK, KXK, scale factors, fifty-move fade)
 * records its inputs and results. scoreFromTrace rebuilds evaluate's score from
 * a trace and any parameter table: what a tuner needs.
 */
import { WHITE } from '@tempo-chess/bitboard';
import { makeScore, type Position } from '@tempo-chess/position';
import {
  type EvalContext,
  TX_DRAWN,
  TX_KPK,
  TX_KXK,
  TX_KS_ACTIVE_B,
  TX_KS_ACTIVE_W,
  TX_SF_B,
  TX_SF_W,
} from './context';
import { evaluateWhite } from './evaluate';
import { EVAL_LIMIT, SCALE_NORMAL, blend, fade, kingSafetyTransform } from './taper';
import { MATERIAL, N_PARAMS, PSQ_PAWN } from './layout';
import { PARAMS, type EvalParams } from './params';

/** A traced evaluation (see the module note). */
export interface EvalTrace {
  /** Per parameter index: white's feature count (king safety: white attacking the black king). */
  readonly white: Int32Array;
  /** The same for black. */
  readonly black: Int32Array;
  /** Side to move (0 white, 1 black). */
  readonly side: number;
  /** The position's phase (sum of phase weights; the blend clamps it to 24). */
  readonly phase: number;
  /** Plies since the last capture or pawn move (the fifty-move fade's input). */
  readonly rule50: number;
  /** Dead draw by material: the score is exactly 0. */
  readonly drawn: boolean;
  /** KPK: the bitbase's score from white's view, or null when the material is not KPK. */
  readonly kpk: number | null;
  /** Whether each side's king attack counts (enough attackers), white's first. */
  readonly kingSafetyActive: readonly [boolean, boolean];
  /** The endgame scale factor (of 64) if white is the stronger side, and if black is. */
  readonly scaleWhite: number;
  /** The endgame scale factor (of 64) if black is the stronger side. */
  readonly scaleBlack: number;
  /** KXK (a lone king against mating material): kxkScore from white's view, or null when it does not apply. */
  readonly kxk: number | null;
  /** evaluate's result (side to move's view). */
  readonly score: number;
}

/** Both halves of a king-safety sum for one attacking side. */
function kingSafetySum(counts: Int32Array, p: EvalParams, out: number[]): void {
  let mg = 0,
    eg = 0;
  for (let i = 0; i < N_PARAMS; i++) {
    if (!PARAMS[i].kingSafety || counts[i] === 0) continue;
    mg += counts[i] * p.mg[i];
    eg += counts[i] * p.eg[i];
  }
  out[0] = mg;
  out[1] = eg;
}

/** The mg and eg sums of one side's king attack after the transform, or zeros if inactive. */
export function kingSafetyTerm(trace: EvalTrace, color: number, p: EvalParams): [number, number] {
  if (!trace.kingSafetyActive[color]) return [0, 0];
  const s = [0, 0];
  kingSafetySum(color === WHITE ? trace.white : trace.black, p, s);
  const t = kingSafetyTransform(makeScore(s[0], s[1]));
  return [(t << 16) >> 16, (t + 0x8000) >> 16];
}

/** The score (side to move's view) that evaluate gives for the traced position under table p. */
export function scoreFromTrace(trace: EvalTrace, p: EvalParams): number {
  let v: number;
  if (trace.drawn) v = 0;
  else if (trace.kpk !== null) v = trace.kpk;
  else if (trace.kxk !== null) return trace.side === WHITE ? trace.kxk : (0 - trace.kxk) | 0;
  else {
    let mg = 0,
      eg = 0;
    for (let i = 0; i < N_PARAMS; i++) {
      if (PARAMS[i].kingSafety) continue;
      const c = trace.white[i] - trace.black[i];
      if (c === 0) continue;
      mg += c * p.mg[i];
      eg += c * p.eg[i];
    }
    const kw = kingSafetyTerm(trace, 0, p),
      kb = kingSafetyTerm(trace, 1, p);
    mg += kw[0] - kb[0];
    eg += kw[1] - kb[1];
    const sf = eg > 0 ? trace.scaleWhite : eg < 0 ? trace.scaleBlack : SCALE_NORMAL;
    v = blend(mg, eg, trace.phase, sf);
  }
  v = fade(v, trace.rule50);
  v = v > EVAL_LIMIT ? EVAL_LIMIT : v < -EVAL_LIMIT ? -EVAL_LIMIT : v;
  return trace.side === WHITE ? v : (0 - v) | 0;
}

/**
 * Evaluates pos with tracing on and returns the trace. Throws if pos was built
 * with a psq table whose values differ from ctx's (the trace would not add up).
 */
export function traceEvaluation(pos: Position, ctx: EvalContext): EvalTrace {
  const tw = ctx.tw,
    tb = ctx.tb,
    tx = ctx.tx;
  tw.fill(0);
  tb.fill(0);
  tx.fill(0);
  tx[TX_SF_W] = tx[TX_SF_B] = SCALE_NORMAL;
  tx[TX_KPK] = 0x7fffffff;
  // Material and piece-square coefficients from the board (evaluate reads them from the position's incremental score).
  let psq = 0;
  for (let sq = 0; sq < 64; sq++) {
    const pc = pos.board[sq];
    if (pc === 0) continue;
    const t = pc & 7,
      black = pc >= 8,
      arr = black ? tb : tw,
      s = black ? sq ^ 56 : sq;
    if (t < 6) arr[MATERIAL + t - 1]++;
    arr[PSQ_PAWN + 64 * (t - 1) + s]++;
    const v = (t < 6 ? ctx.w[MATERIAL + t - 1] : 0) + ctx.w[PSQ_PAWN + 64 * (t - 1) + s];
    psq = (psq + (black ? -v : v)) | 0;
  }
  if (psq !== pos.st.psq)
    throw new Error(
      "traceEvaluation: the position was built with a psq table other than the context's (use { psq: ctx.psq })",
    );
  ctx.tracing = true;
  let v: number;
  try {
    v = evaluateWhite(pos, ctx);
  } finally {
    ctx.tracing = false;
  }
  return {
    white: Int32Array.from(tw),
    black: Int32Array.from(tb),
    side: pos.side,
    phase: pos.st.phase,
    rule50: pos.st.rule50,
    drawn: tx[TX_DRAWN] !== 0,
    kpk: tx[TX_KPK] === 0x7fffffff ? null : tx[TX_KPK],
    kingSafetyActive: [tx[TX_KS_ACTIVE_W] !== 0, tx[TX_KS_ACTIVE_B] !== 0],
    scaleWhite: tx[TX_SF_W],
    scaleBlack: tx[TX_SF_B],
    kxk: tx[TX_KXK] === 0 ? null : tx[TX_KXK],
    score: pos.side === WHITE ? v : (0 - v) | 0,
  };
}
