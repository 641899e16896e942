/**
 * Quantisation-aware training (`train --qat N`): in the run's last N epochs the forward
 * and backward passes run on the parameters rounded to the net file's integer grids
 * (first layer and its bias in steps of 1/QA, output weights 1/QB, output bias
 * 1/(QA QB)), and the gradient found there is applied to the float parameters
 * unchanged (the straight-through estimator: rounding is taken as the identity in the
 * backward pass). So the net that is trained, whose held-out loss is logged and which
 * the export check compares, is the net that is exported; the float parameters only
 * carry the small steps that add up until a weight crosses to the next grid point. The
 * run's last epoch still rounds and holds the output weights (train.ts,
 * snapOutputWeights): under this estimator they gather at the midpoints between grid
 * points and flip from epoch to epoch.
 *
 * The rounded copy lives in the arena beside the parameters (tasks.ts) and is written
 * by the calling thread before every batch (a pass over the parameters, ~0.5 ms at
 * H 256, against tens of ms for the batch), so the workers read a copy that is a
 * function of the parameters alone and the run stays the same for any thread count.
 *
 * The float forward on the rounded copy is the integer inference of @tempo-chess/nnue
 * (`evaluateFeatures`) as far as it matters: an accumulator is a sum of multiples of
 * 1/QA (float32, so within ~1e-7 of acc_int / QA), clamp(x, 0, 1) is the integer
 * SCReLU's clamp(acc, 0, QA) at that scale, and the first layer's clip (+/-1.98, at most
 * 505 / QA a weight) keeps 32 features and the bias inside int16, so the engine's
 * accumulator never wraps. What it leaves out is the integer output's two truncations
 * (of sum / QA and of the centipawns), under 1.03 cp together: they have no gradient and
 * would only add a step function to the loss.
 */
import { QA, QB } from '@tempo-chess/nnue';
import type { Layout } from './kernel';

/** Float parameter i's integer in the net file: round(p * its scale), as export.ts writes it. */
export const toGrid = (x: number, scale: number): number => Math.round(x * scale);

/** Writes into `q` the parameters `p` on their grids (the values the exported net holds, divided by their scales). */
export function roundToGrid(p: Float32Array, q: Float32Array, L: Layout): void {
  const run = (lo: number, hi: number, scale: number) => {
    for (let i = lo; i < hi; i++) q[i] = toGrid(p[i], scale) / scale;
  };
  run(0, L.outWeights, QA);
  run(L.outWeights, L.outBias, QB);
  run(L.outBias, L.size, QA * QB);
}

/** Whether epoch e (1-based) of a run of `epochs` trains the rounded net (the last `qat` epochs; none when undefined). */
export const isQatEpoch = (epoch: number, epochs: number, qat: number | undefined): boolean =>
  qat !== undefined && epoch > epochs - qat;
