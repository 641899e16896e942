/**
 * evaluate: the tapered score of a position from the side to move's view.
 *
 * The linear part is a sum of packed (mg, eg) weights: the position's incremental
 * material + PSQT score, the tempo, the pawn-hash score, the piece, shelter,
 * threat and passed-pawn terms. Each side's king attack goes through a
 * non-linear transform. The blend tapers mg and eg by phase with the endgame
 * scale factor on eg; dead draws, KPK and a lone king against mating material
 * (KXK) are decided first, and the fifty-move fade comes last. Every step is
 * symmetric in the colours (truncating division), so a position and its colour
 * flip score alike.
 */
import { WHITE } from '@tempo-chess/bitboard';
import { egScore, mgScore, type Position } from '@tempo-chess/position';
import type { AccumulatorStack } from '@tempo-chess/nnue';
import { TEMPO } from './layout';
import { TX_DRAWN, TX_KPK, TX_KXK, TX_SF_B, TX_SF_W, type EvalContext } from './context';
import { isDrawnByMaterial, kpkScore, kxkWhite, scaleFactor } from './endgame';
import { evalKingAttack, evalShelter } from './king';
import { PE_PASSED, PE_SCORE, probePawns } from './pawns';
import { evalPieces, initAttacks } from './pieces';
import { EVAL_LIMIT, SCALE_NORMAL, blend, fade } from './taper';
import { evalContested, evalPassed, evalThreats } from './threats';

export { EVAL_LIMIT, KS_MAX_UNITS, SCALE_NORMAL, blend, fade, kingSafetyTransform } from './taper';

/**
 * The evaluation in centipawns from the side to move's view, within +-EVAL_LIMIT.
 * Precondition: pos was built with ctx.psq (or a table with the same values, such
 * as DEFAULT_PSQ for the default and pesto-only presets). Allocates nothing.
 */
export function evaluate(pos: Position, ctx: EvalContext): number {
  const acc = ctx.nnue;
  if (acc !== null) return evaluateNet(pos, acc);
  const v = evaluateWhite(pos, ctx);
  return pos.side === WHITE ? v : (0 - v) | 0;
}

/**
 * The network's evaluation from the side to move's view, wrapped with what the net
 * cannot know: dead draws, KPK and a lone king against mating material are decided
 * by rule first, as in evaluateWhite, and the fifty-move fade applies to the net's
 * score too (its inputs hold no counter). The endgame scale factors are not applied:
 * the net sees the material that drives them.
 * Precondition: `acc` was refreshed at the search root and pushed/popped with every move since.
 */
export function evaluateNet(pos: Position, acc: AccumulatorStack): number {
  const st = pos.st,
    pc = pos.pieceCount;
  if ((pc[1] | pc[9]) === 0 && isDrawnByMaterial(pos)) return 0;
  if (pc[0] + pc[8] === 3 && pc[1] + pc[9] === 1) {
    const k = fade(kpkScore(pos), st.rule50);
    return pos.side === WHITE ? k : (0 - k) | 0;
  }
  const k = kxkWhite(pos);
  if (k !== 0) return pos.side === WHITE ? k : (0 - k) | 0;
  const v = fade(acc.evaluate(pos), st.rule50);
  return v > EVAL_LIMIT ? EVAL_LIMIT : v < -EVAL_LIMIT ? -EVAL_LIMIT : v;
}

/** The evaluation from white's view (see evaluate). */
export function evaluateWhite(pos: Position, ctx: EvalContext): number {
  const st = pos.st,
    pc = pos.pieceCount,
    w = ctx.w,
    tracing = ctx.tracing;
  // Step 1. Material-only verdicts: dead draws, KPK, a lone king against mating material.
  if ((pc[1] | pc[9]) === 0 && isDrawnByMaterial(pos)) {
    if (tracing) ctx.tx[TX_DRAWN] = 1;
    return 0;
  }
  if (pc[0] + pc[8] === 3 && pc[1] + pc[9] === 1) {
    const k = kpkScore(pos);
    if (tracing) ctx.tx[TX_KPK] = k;
    return fade(k, st.rule50);
  }
  const x = kxkWhite(pos);
  if (x !== 0) {
    if (tracing) ctx.tx[TX_KXK] = x;
    return x;
  }
  // Step 2. Linear terms: incremental psq, tempo, pawn structure (hashed).
  let s = st.psq + (pos.side === WHITE ? w[TEMPO] : -w[TEMPO]);
  if (tracing) {
    if (pos.side === WHITE) ctx.tw[TEMPO]++;
    else ctx.tb[TEMPO]++;
  }
  const e = probePawns(pos, ctx);
  s += ctx.pawnHash[e + PE_SCORE];
  // Step 3. Pieces (building the attack maps), then what reads both sides' maps.
  initAttacks(pos, ctx, 0, e);
  initAttacks(pos, ctx, 1, e);
  s += evalPieces(pos, ctx, 0, e) - evalPieces(pos, ctx, 1, e);
  s += evalShelter(pos, ctx, 0) - evalShelter(pos, ctx, 1);
  s += evalThreats(pos, ctx, 0) - evalThreats(pos, ctx, 1) + evalContested(pos, ctx);
  s += evalPassed(pos, ctx, 0, e) - evalPassed(pos, ctx, 1, e);
  // Step 4. King attacks through their transform.
  s += evalKingAttack(pos, ctx, 0) - evalKingAttack(pos, ctx, 1);
  // Step 5. Scale factor for the side ahead in eg, taper, fade.
  const mg = mgScore(s),
    eg = egScore(s);
  const h = ctx.pawnHash;
  let sf = SCALE_NORMAL;
  if (tracing) {
    ctx.tx[TX_SF_W] = scaleFactor(pos, 0, h[e + PE_PASSED], h[e + PE_PASSED + 1]);
    ctx.tx[TX_SF_B] = scaleFactor(pos, 1, h[e + PE_PASSED + 2], h[e + PE_PASSED + 3]);
  }
  if (eg > 0) sf = scaleFactor(pos, 0, h[e + PE_PASSED], h[e + PE_PASSED + 1]);
  else if (eg < 0) sf = scaleFactor(pos, 1, h[e + PE_PASSED + 2], h[e + PE_PASSED + 3]);
  const v = fade(blend(mg, eg, st.phase, sf), st.rule50);
  return v > EVAL_LIMIT ? EVAL_LIMIT : v < -EVAL_LIMIT ? -EVAL_LIMIT : v;
}
