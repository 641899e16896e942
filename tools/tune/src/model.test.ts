/**
 * The tuner's model against the evaluation: the integer model equals `evaluate`
 * under perturbed weights, the gradient equals a finite difference of the loss,
 * and K fitting recovers a known K.
 */
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_PARAMS,
  EvalContext,
  PARAMS,
  PARAM_COUNT,
  copyParams,
  evaluate,
  type EvalParams,
} from '@tempo-chess/eval';
import { Position } from '@tempo-chess/position';
import { Rng } from '@tempo-chess/toolkit';
import {
  fitK,
  integerScore,
  packWeights,
  realLoss,
  realLossAndGradient,
  realScore,
  toWeights,
  type Weights,
} from './model';
import { F_KS_BLACK, F_KS_WHITE } from './trace-data';
import { drawResult, randomGamePositions, traceFens } from './tune-test-support';

const fens = randomGamePositions(800, 7);
const defaultCtx = new EvalContext(DEFAULT_PARAMS, 0);
const { data, kept } = traceFens(
  fens,
  fens.map(() => 0.5),
  defaultCtx,
);

/** The defaults plus seeded integer noise in [-amp, amp]; king-safety weights first multiplied by ksScale. */
function perturbed(seed: number, amp: number, ksScale: number): EvalParams {
  const rng = new Rng(seed),
    p = copyParams(DEFAULT_PARAMS);
  for (let i = 0; i < PARAM_COUNT; i++) {
    const s = PARAMS[i].kingSafety ? ksScale : 1;
    p.mg[i] = p.mg[i] * s + rng.int(2 * amp + 1) - amp;
    p.eg[i] = p.eg[i] * s + rng.int(2 * amp + 1) - amp;
  }
  return p;
}

describe('the integer model', () => {
  test('the sample covers king attacks and the fifty-move fade', () => {
    let ks = 0,
      faded = 0;
    for (let i = 0; i < data.n; i++) {
      if ((data.flags[i] & (F_KS_WHITE | F_KS_BLACK)) !== 0) ks++;
      if (data.rule50[i] > 20) faded++;
    }
    expect(data.n).toBeGreaterThan(700);
    expect(ks).toBeGreaterThan(100);
    expect(faded).toBeGreaterThan(50);
  });

  test.each([
    ['defaults', 0, 0, 1],
    ['small noise', 11, 10, 1],
    ['large noise, king safety x4', 12, 100, 4],
  ])('equals evaluate with the weights of the context (%s)', (_name, seed, amp, ks) => {
    const p = seed === 0 ? DEFAULT_PARAMS : perturbed(seed, amp, ks);
    const ctx = new EvalContext(p, 0),
      packed = packWeights(p);
    let checked = 0,
      nonZero = 0;
    for (let i = 0; i < data.n; i++) {
      const v = evaluate(Position.fromFen(kept[i], { psq: ctx.psq }), ctx);
      const m = integerScore(data, i, packed);
      if (m !== v) expect([kept[i], m]).toEqual([kept[i], v]);
      checked++;
      if (v !== 0) nonZero++;
    }
    expect(checked).toBe(data.n);
    expect(nonZero).toBeGreaterThan(data.n / 2);
  });

  test('the real model is the integer model without its truncations', () => {
    const w = toWeights(DEFAULT_PARAMS),
      packed = packWeights(DEFAULT_PARAMS);
    let maxDiff = 0;
    for (let i = 0; i < data.n; i++) {
      const sign = data.flags[i] & 4 ? -1 : 1;
      maxDiff = Math.max(maxDiff, Math.abs(realScore(data, i, w) - sign * integerScore(data, i, packed)));
    }
    expect(maxDiff).toBeLessThan(4);
  });
});

describe('the gradient', () => {
  test('matches a central finite difference of the loss for every weight', () => {
    const rng = new Rng(3),
      n = 60;
    const { data: d } = traceFens(
      fens.slice(0, n),
      fens.slice(0, n).map(() => rng.int(3) / 2),
      defaultCtx,
    );
    const w: Weights = toWeights(DEFAULT_PARAMS);
    for (let i = 0; i < PARAM_COUNT; i++) {
      w.mg[i] += rng.float() * 6 - 3;
      w.eg[i] += rng.float() * 6 - 3;
    }
    const k = 1.3,
      g: Weights = { mg: new Float64Array(PARAM_COUNT), eg: new Float64Array(PARAM_COUNT) };
    realLossAndGradient(d, 0, d.n, w, k, g);
    const h = 1e-3;
    const numeric = (arr: Float64Array, i: number): number => {
      const x = arr[i];
      arr[i] = x + h;
      const up = realLoss(d, 0, d.n, w, k);
      arr[i] = x - h;
      const down = realLoss(d, 0, d.n, w, k);
      arr[i] = x;
      return (up - down) / (2 * h);
    };
    let scale = 0,
      worst = 0,
      ksNonZero = 0;
    for (const half of ['mg', 'eg'] as const) {
      for (let i = 0; i < PARAM_COUNT; i++) {
        const a = g[half][i],
          b = numeric(w[half], i);
        scale = Math.max(scale, Math.abs(b));
        worst = Math.max(worst, Math.abs(a - b));
        if (PARAMS[i].kingSafety && Math.abs(a) > 0) ksNonZero++;
      }
    }
    expect(scale).toBeGreaterThan(1e-5);
    expect(worst).toBeLessThan(1e-7 * scale);
    expect(ksNonZero).toBeGreaterThanOrEqual(10);
  });
});

describe('K fitting', () => {
  test.each([[0.8], [1.6]])('recovers K = %s from results drawn from sigmoid(K * eval)', (k0) => {
    const rng = new Rng(Math.round(k0 * 100)),
      w = toWeights(DEFAULT_PARAMS);
    const results: number[] = [];
    for (let i = 0; i < data.n; i++) results.push(drawResult(realScore(data, i, w), k0, rng));
    // Twenty draws per position (the same traces) for a sharper estimate.
    const copies = ([] as string[]).concat(...new Array<string[]>(20).fill(kept));
    const many = traceFens(copies, new Array<number>(copies.length).fill(0), defaultCtx).data;
    for (let i = 0; i < many.n; i++)
      many.setResult(i, i < data.n ? results[i] : drawResult(realScore(many, i, w), k0, rng));
    const fit = fitK(many, 0, many.n, w);
    expect(Math.abs(fit.k - k0)).toBeLessThan(0.05 * k0);
    expect(fit.loss).toBeLessThanOrEqual(realLoss(many, 0, many.n, w, fit.k * 1.05));
    expect(fit.loss).toBeLessThanOrEqual(realLoss(many, 0, many.n, w, fit.k / 1.05));
  });
});
