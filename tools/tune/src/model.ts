/**
 * The tuner's model of the evaluation over compact traces (trace-data.ts).
 *
 * Real-valued, for training: v = fade * (mg * p / 24 + eg * (24 - p) * sf / 1536),
 * where mg and eg are the linear sums plus each active attacking side's king
 * safety through its transform (mg: clamp(u, 0, 1500)^2 / 720, eg: clamp(u, 0,
 * 1500) / 20), sf is the scale factor of the side ahead in eg (as evaluate picks
 * it), p the clamped phase and fade the fifty-move factor; v is clamped to
 * +-EVAL_LIMIT. Nothing is truncated. The loss is the mean of (sigmoid(v) - r)^2
 * with sigmoid(v) = 1 / (1 + 10^(-K v / 400)).
 *
 * Integer, for checking rounded weights: the same steps in evaluate's integer
 * arithmetic (packed scores; the evaluation's own kingSafetyTransform, blend and
 * fade), which model.test.ts holds equal to `evaluate` itself.
 */
import {
  EVAL_LIMIT,
  KS_MAX_UNITS,
  PARAM_COUNT,
  PHASE_MAX,
  SCALE_NORMAL,
  blend,
  fade,
  kingSafetyTransform,
} from '@tempo-chess/eval';
import { egScore, makeScore, mgScore } from '@tempo-chess/position';
import { F_BLACK_TO_MOVE, F_KS_BLACK, F_KS_WHITE, KS_BLACK, KS_INDEX, type TraceData } from './trace-data';

const LN10_400 = Math.LN10 / 400;
const SF_DIV = PHASE_MAX * SCALE_NORMAL;

/** Real-valued weights: mg[i], eg[i] for parameter index i. */
export interface Weights {
  readonly mg: Float64Array;
  readonly eg: Float64Array;
}

/** A float copy of integer (or float) weights. */
export function toWeights(p: { readonly mg: ArrayLike<number>; readonly eg: ArrayLike<number> }): Weights {
  return { mg: Float64Array.from(p.mg), eg: Float64Array.from(p.eg) };
}

/** 1 / (1 + 10^(-K v / 400)). */
export function sigmoid(v: number, k: number): number {
  return 1 / (1 + Math.exp(-k * v * LN10_400));
}

/** The fifty-move fade's factor (real-valued). */
function fadeFactor(r: number): number {
  return r <= 20 ? 1 : r >= 100 ? 0 : (100 - r) / 80;
}

/** The model's score of position i from white's view (real-valued, see the module note). */
export function realScore(d: TraceData, i: number, w: Weights): number {
  return realLossAndGradient(d, i, i + 1, w, 1, null).vLast;
}

/**
 * The mean loss over positions [lo, hi); when `grad` is given, adds the loss's
 * gradient (the mean's) into grad.mg / grad.eg. vLast: the last position's score.
 */
export function realLossAndGradient(
  d: TraceData,
  lo: number,
  hi: number,
  w: Weights,
  k: number,
  grad: Weights | null,
): { loss: number; vLast: number } {
  const wm = w.mg,
    we = w.eg,
    lin = d.linStart,
    li = d.linIdx,
    lc = d.linCoef;
  const ks = d.ksStart,
    ki = d.ksIdx,
    kc = d.ksCount,
    KSI = KS_INDEX;
  const flags = d.flags,
    swA = d.scaleWhite,
    sbA = d.scaleBlack,
    phA = d.phase,
    r50 = d.rule50,
    target = d.target;
  const gmArr = grad === null ? null : grad.mg,
    geArr = grad === null ? null : grad.eg;
  const n = hi - lo,
    inv = n > 0 ? 1 / n : 0;
  let loss = 0,
    v = 0;
  for (let i = lo; i < hi; i++) {
    let mg = 0,
      eg = 0;
    const e0 = lin[i],
      e1 = lin[i + 1];
    for (let e = e0; e < e1; e++) {
      const j = li[e],
        c = lc[e];
      mg += c * wm[j];
      eg += c * we[j];
    }
    // King safety: units per attacking side, then the transform.
    let uwm = 0,
      uwe = 0,
      ubm = 0,
      ube = 0;
    const k0 = ks[i],
      k1 = ks[i + 1];
    for (let e = k0; e < k1; e++) {
      const q = ki[e],
        j = KSI[q & ~KS_BLACK],
        c = kc[e];
      if ((q & KS_BLACK) === 0) {
        uwm += c * wm[j];
        uwe += c * we[j];
      } else {
        ubm += c * wm[j];
        ube += c * we[j];
      }
    }
    const f = flags[i];
    if ((f & F_KS_WHITE) !== 0) {
      const m = uwm <= 0 ? 0 : uwm > KS_MAX_UNITS ? KS_MAX_UNITS : uwm,
        x = uwe <= 0 ? 0 : uwe > KS_MAX_UNITS ? KS_MAX_UNITS : uwe;
      mg += (m * m) / 720;
      eg += x / 20;
    }
    if ((f & F_KS_BLACK) !== 0) {
      const m = ubm <= 0 ? 0 : ubm > KS_MAX_UNITS ? KS_MAX_UNITS : ubm,
        x = ube <= 0 ? 0 : ube > KS_MAX_UNITS ? KS_MAX_UNITS : ube;
      mg -= (m * m) / 720;
      eg -= x / 20;
    }
    const sf = eg > 0 ? swA[i] : eg < 0 ? sbA[i] : SCALE_NORMAL;
    const p = phA[i],
      fifty = fadeFactor(r50[i]);
    const dm = (fifty * p) / PHASE_MAX,
      de = (fifty * (PHASE_MAX - p) * sf) / SF_DIV;
    v = mg * dm + eg * de;
    let clamped = false;
    if (v > EVAL_LIMIT) {
      v = EVAL_LIMIT;
      clamped = true;
    } else if (v < -EVAL_LIMIT) {
      v = -EVAL_LIMIT;
      clamped = true;
    }
    const s = 1 / (1 + Math.exp(-k * v * LN10_400)),
      err = s - target[i];
    loss += err * err;
    if (gmArr === null || geArr === null || clamped) continue;
    // dLoss/dv for this position's share of the mean, then chain through the blend.
    const g = 2 * err * s * (1 - s) * k * LN10_400 * inv;
    if (g === 0) continue;
    const gm = g * dm,
      ge = g * de;
    for (let e = e0; e < e1; e++) {
      const j = li[e],
        c = lc[e];
      gmArr[j] += c * gm;
      geArr[j] += c * ge;
    }
    for (let e = k0; e < k1; e++) {
      const q = ki[e],
        j = KSI[q & ~KS_BLACK],
        c = kc[e],
        black = (q & KS_BLACK) !== 0;
      if ((f & (black ? F_KS_BLACK : F_KS_WHITE)) === 0) continue;
      const um = black ? ubm : uwm,
        ue = black ? ube : uwe,
        sign = black ? -1 : 1;
      if (um > 0 && um < KS_MAX_UNITS) gmArr[j] += sign * c * gm * ((2 * um) / 720);
      if (ue > 0 && ue < KS_MAX_UNITS) geArr[j] += sign * c * ge * (1 / 20);
    }
  }
  return { loss: loss * inv, vLast: v };
}

/** The mean loss over [lo, hi) under real weights. */
export function realLoss(d: TraceData, lo: number, hi: number, w: Weights, k: number): number {
  return realLossAndGradient(d, lo, hi, w, k, null).loss;
}

/** Integer weights packed as evaluate holds them (makeScore(mg, eg) per index). */
export function packWeights(p: { readonly mg: ArrayLike<number>; readonly eg: ArrayLike<number> }): Int32Array {
  const out = new Int32Array(PARAM_COUNT);
  for (let i = 0; i < PARAM_COUNT; i++) out[i] = makeScore(p.mg[i], p.eg[i]);
  return out;
}

/**
 * evaluate's exact integer score of position i from white's view under packed
 * integer weights: packed sums (as the position and the eval terms add them), then
 * evaluate's own kingSafetyTransform, blend and fade (truncating divisions) and the clamp.
 */
export function integerScoreWhite(d: TraceData, i: number, packed: Int32Array): number {
  const li = d.linIdx,
    lc = d.linCoef,
    ki = d.ksIdx,
    kc = d.ksCount;
  let s = 0;
  for (let e = d.linStart[i], end = d.linStart[i + 1]; e < end; e++) s = (s + Math.imul(lc[e], packed[li[e]])) | 0;
  let uw = 0,
    ub = 0;
  for (let e = d.ksStart[i], end = d.ksStart[i + 1]; e < end; e++) {
    const q = ki[e],
      t = Math.imul(kc[e], packed[KS_INDEX[q & ~KS_BLACK]]);
    if ((q & KS_BLACK) === 0) uw = (uw + t) | 0;
    else ub = (ub + t) | 0;
  }
  const f = d.flags[i];
  if ((f & F_KS_WHITE) !== 0) s = (s + kingSafetyTransform(uw)) | 0;
  if ((f & F_KS_BLACK) !== 0) s = (s - kingSafetyTransform(ub)) | 0;
  const mg = mgScore(s),
    eg = egScore(s);
  const sf = eg > 0 ? d.scaleWhite[i] : eg < 0 ? d.scaleBlack[i] : SCALE_NORMAL;
  const v = fade(blend(mg, eg, d.phase[i], sf), d.rule50[i]);
  return v > EVAL_LIMIT ? EVAL_LIMIT : v < -EVAL_LIMIT ? -EVAL_LIMIT : v;
}

/** integerScoreWhite from the side to move's view (what `evaluate` returns). */
export function integerScore(d: TraceData, i: number, packed: Int32Array): number {
  const v = integerScoreWhite(d, i, packed);
  return (d.flags[i] & F_BLACK_TO_MOVE) === 0 ? v : (0 - v) | 0;
}

/** The mean loss over [lo, hi) of the integer model under packed integer weights. */
export function integerLoss(d: TraceData, lo: number, hi: number, packed: Int32Array, k: number): number {
  let loss = 0;
  for (let i = lo; i < hi; i++) {
    const err = sigmoid(integerScoreWhite(d, i, packed), k) - d.target[i];
    loss += err * err;
  }
  return hi > lo ? loss / (hi - lo) : 0;
}

/**
 * The K that minimises the real model's loss on [lo, hi) under w: golden-section
 * search on [kLo, kHi] (the loss is unimodal in K) down to a bracket of `tol`.
 */
export function fitK(
  d: TraceData,
  lo: number,
  hi: number,
  w: Weights,
  kLo = 0.05,
  kHi = 10,
  tol = 1e-4,
): { k: number; loss: number; evaluations: number } {
  const phi = (Math.sqrt(5) - 1) / 2;
  let a = kLo,
    b = kHi;
  let c = b - phi * (b - a),
    e = a + phi * (b - a);
  let fc = realLoss(d, lo, hi, w, c),
    fe = realLoss(d, lo, hi, w, e),
    evaluations = 2;
  while (b - a > tol) {
    if (fc < fe) {
      b = e;
      e = c;
      fe = fc;
      c = b - phi * (b - a);
      fc = realLoss(d, lo, hi, w, c);
    } else {
      a = c;
      c = e;
      fc = fe;
      e = a + phi * (b - a);
      fe = realLoss(d, lo, hi, w, e);
    }
    evaluations++;
  }
  const k = (a + b) / 2;
  return { k, loss: realLoss(d, lo, hi, w, k), evaluations: evaluations + 1 };
}
