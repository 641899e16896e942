/**
 * The weight fit: full-batch Adam on the real model's loss (model.ts) with K
 * fixed, over the training positions; weights that no training position uses, and
 * those the caller freezes, are held at their start values. Then rounding to the table's integers.
 */
import { PARAM_COUNT, type EvalParams } from '@tempo-chess/eval';
import { realLoss, realLossAndGradient, type Weights } from './model';
import type { TraceData } from './trace-data';

/** The table's valid range for a weight (params.ts, int16). */
export const WEIGHT_MIN = -32768,
  WEIGHT_MAX = 32767;

export interface FitOptions {
  epochs: number;
  /** Adam's step size, in centipawns. */
  lr: number;
  k: number;
  /** Training positions are [0, trainEnd), validation [trainEnd, data.n). */
  trainEnd: number;
  beta1?: number;
  beta2?: number;
  /** Weights held at their start values whatever the data says (1 = held), by index. */
  frozen?: Uint8Array;
  /**
   * L2 pull towards the start weights: the loss minimised is the training loss plus
   * l2 x the sum over free weights of (w - start)^2, in centipawns squared (default 0).
   * It keeps weights that few positions use (rare squares and counts) near their start.
   */
  l2?: number;
}

/**
 * Called after every epoch's step with the training loss (without the L2 term) at the
 * weights before that step and the weights after it. Returning true stops the fit there.
 */
export type EpochHook = (epoch: number, trainLoss: number, weights: Weights) => boolean | void;

/** Adam from `start` (not modified); returns the fitted real weights. */
export function fitWeights(d: TraceData, start: Weights, o: FitOptions, onEpoch: EpochHook = () => {}): Weights {
  const b1 = o.beta1 ?? 0.9,
    b2 = o.beta2 ?? 0.999,
    eps = 1e-8,
    l2 = o.l2 ?? 0;
  const w: Weights = { mg: Float64Array.from(start.mg), eg: Float64Array.from(start.eg) };
  const g: Weights = { mg: new Float64Array(PARAM_COUNT), eg: new Float64Array(PARAM_COUNT) };
  const mM = new Float64Array(PARAM_COUNT),
    mE = new Float64Array(PARAM_COUNT);
  const vM = new Float64Array(PARAM_COUNT),
    vE = new Float64Array(PARAM_COUNT);
  const usage = d.usage(0, o.trainEnd);
  const free: number[] = [];
  for (let i = 0; i < PARAM_COUNT; i++) if (usage[i] > 0 && (o.frozen === undefined || o.frozen[i] === 0)) free.push(i);
  let p1 = 1,
    p2 = 1;
  for (let epoch = 1; epoch <= o.epochs; epoch++) {
    g.mg.fill(0);
    g.eg.fill(0);
    const { loss } = realLossAndGradient(d, 0, o.trainEnd, w, o.k, g);
    if (l2 > 0) {
      for (let f = 0; f < free.length; f++) {
        const i = free[f];
        g.mg[i] += 2 * l2 * (w.mg[i] - start.mg[i]);
        g.eg[i] += 2 * l2 * (w.eg[i] - start.eg[i]);
      }
    }
    p1 *= b1;
    p2 *= b2;
    const a = (o.lr * Math.sqrt(1 - p2)) / (1 - p1);
    for (let f = 0; f < free.length; f++) {
      const i = free[f];
      mM[i] = b1 * mM[i] + (1 - b1) * g.mg[i];
      vM[i] = b2 * vM[i] + (1 - b2) * g.mg[i] * g.mg[i];
      mE[i] = b1 * mE[i] + (1 - b1) * g.eg[i];
      vE[i] = b2 * vE[i] + (1 - b2) * g.eg[i] * g.eg[i];
      w.mg[i] = clampWeight(w.mg[i] - (a * mM[i]) / (Math.sqrt(vM[i]) + eps));
      w.eg[i] = clampWeight(w.eg[i] - (a * mE[i]) / (Math.sqrt(vE[i]) + eps));
    }
    if (onEpoch(epoch, loss, w) === true) break;
  }
  return w;
}

function clampWeight(x: number): number {
  return x < WEIGHT_MIN ? WEIGHT_MIN : x > WEIGHT_MAX ? WEIGHT_MAX : x;
}

/** A copy of w. */
export function copyWeights(w: Weights): Weights {
  return { mg: Float64Array.from(w.mg), eg: Float64Array.from(w.eg) };
}

/** The nearest integers within the table's range. */
export function roundWeights(w: Weights): EvalParams {
  const mg = new Int32Array(PARAM_COUNT),
    eg = new Int32Array(PARAM_COUNT);
  for (let i = 0; i < PARAM_COUNT; i++) {
    mg[i] = clampWeight(Math.round(w.mg[i]));
    eg[i] = clampWeight(Math.round(w.eg[i]));
  }
  return { mg, eg };
}

/** Train and validation loss of the real model (validation NaN when empty). */
export function splitLosses(
  d: TraceData,
  trainEnd: number,
  w: Weights,
  k: number,
): { train: number; validation: number } {
  return { train: realLoss(d, 0, trainEnd, w, k), validation: trainEnd < d.n ? realLoss(d, trainEnd, d.n, w, k) : NaN };
}
