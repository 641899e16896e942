/**
 * Export: the float net quantised as the spec says (ftWeights and ftBias x QA, outWeights
 * x QB, outBias x QA x QB, rounded), and the check that the integer net (evaluateFeatures
 * of @tempo-chess/nnue, the reference the engine's accumulators are tested against) scores
 * held-out positions as the float net does: mean absolute difference <= 2 cp, largest
 * <= 10 cp. The float net is the parameters as they are, or with --qat the parameters
 * rounded to their grids (the net that the last epochs trained, qat.ts). The check also
 * gives both nets' loss on those positions, so what quantisation costs is seen in the
 * measure training minimises.
 */
import { QA, QB, evaluateFeatures, type NetWeights } from '@tempo-chess/nnue';
import { RECORD_BYTES } from '../record';
import { Scratch, recordTarget, sigmoid, type Layout } from './kernel';
import { toGrid } from './qat';
import { floatCp } from './tasks';

export const MEAN_TOLERANCE_CP = 2;
export const MAX_TOLERANCE_CP = 10;

/** The quantised weights of float parameters `p` (Layout order). */
export function quantise(p: Float32Array, L: Layout): NetWeights {
  const H = L.hidden,
    B = L.buckets;
  const ftWeights = new Int16Array(L.ftBias);
  for (let i = 0; i < ftWeights.length; i++) ftWeights[i] = toGrid(p[i], QA);
  const ftBias = new Int16Array(H);
  for (let j = 0; j < H; j++) ftBias[j] = toGrid(p[L.ftBias + j], QA);
  const outWeights = new Int16Array(2 * B * H);
  for (let i = 0; i < outWeights.length; i++) outWeights[i] = toGrid(p[L.outWeights + i], QB);
  const outBias = new Int32Array(B);
  for (let b = 0; b < B; b++) outBias[b] = toGrid(p[L.outBias + b], QA * QB);
  return { hidden: H, buckets: B, ftWeights, ftBias, outWeights, outBias };
}

/** How the quantised net differs from the float net. */
export interface QuantCheck {
  positions: number;
  meanCp: number;
  maxCp: number;
  /** Record number of the largest difference. */
  worst: number;
  ok: boolean;
  /** Mean loss of the quantised net (its centipawns through the training loss) and of the float net, on the same positions. */
  loss: number;
  floatLoss: number;
}

/**
 * Compares `net` with the float parameters `p` on records `which` (at most `limit`,
 * taken at a fixed stride); the losses with the run's `wdl` and `scale`.
 */
export function checkQuantised(
  p: Float32Array,
  L: Layout,
  net: NetWeights,
  data: Uint8Array,
  which: Uint32Array,
  limit: number,
  wdl: number,
  scale: number,
): QuantCheck {
  const sc = new Scratch(L.hidden);
  const stride = Math.max(1, Math.ceil(which.length / Math.max(1, limit)));
  const inv = 1 / scale;
  let n = 0,
    sum = 0,
    max = 0,
    worst = -1,
    loss = 0,
    floatLoss = 0;
  for (let i = 0; i < which.length && limit > 0; i += stride) {
    const offset = which[i] * RECORD_BYTES;
    const fl = floatCp(p, L, data, offset, sc);
    const stm = data[offset + 27];
    const q = evaluateFeatures(net, sc.features.subarray(0, sc.count), sc.features.subarray(32, 32 + sc.count), stm);
    const target = recordTarget(data, offset, wdl, inv);
    loss += (sigmoid(q * inv) - target) ** 2;
    floatLoss += (sigmoid(fl * inv) - target) ** 2;
    const d = Math.abs(q - fl);
    sum += d;
    n++;
    if (d > max) {
      max = d;
      worst = which[i];
    }
  }
  const meanCp = n === 0 ? 0 : sum / n;
  const ok = n > 0 && meanCp <= MEAN_TOLERANCE_CP && max <= MAX_TOLERANCE_CP;
  return {
    positions: n,
    meanCp,
    maxCp: max,
    worst,
    ok,
    loss: n === 0 ? 0 : loss / n,
    floatLoss: n === 0 ? 0 : floatLoss / n,
  };
}
