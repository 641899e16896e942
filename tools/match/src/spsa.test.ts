import { describe, expect, it } from 'vitest';
import { gains, perturb, runSpsa, update, type PairOutcome, type Perturbation, type SpsaProgress } from './spsa';
import type { SpsaParam } from './spsa-params';

// One parameter shaped like RfpMargin (start 75 in [20, 200]), C_END 10, R_END 0.002.
const P: SpsaParam = { name: 'RfpMargin', start: 75, min: 20, max: 200, cEnd: 10, rEnd: 0.002 };
const S = { iterations: 100, alpha: 0.602, gamma: 0.101, aRatio: 0.1 };

describe('the schedule', () => {
  // By hand, N = 100, A = 10: c = 10 x 100^0.101 = 10 x e^(0.101 ln 100) = 10 x 1.592209 = 15.92209;
  // a = 0.002 x 10^2 x 110^0.602 = 0.2 x e^(0.602 ln 110) = 0.2 x 16.94019 = 3.388039.
  // k = 1: c_1 = c, a_1 = a / 11^0.602 = 3.388039 / 4.235692 = 0.7998895.
  // k = 50: c_50 = c / 50^0.101 = 15.92209 / 1.484555 = 10.72517, a_50 = a / 60^0.602 = 3.388039 / 11.76117 = 0.2880722.
  // k = 100: c_100 = C_END = 10, a_100 = R_END x C_END^2 = 0.2.
  it.each([
    [1, 15.922087, 0.7998895],
    [50, 10.725166, 0.2880722],
    [100, 10, 0.2],
  ])('iteration %i: c_k %f, a_k %f', (k, c, a) => {
    const g = gains(P, S, k);
    expect(g.c).toBeCloseTo(c, 5);
    expect(g.a).toBeCloseTo(a, 6);
  });

  it('ends at C_END and R_END: c_N = C_END, a_N / c_N^2 = R_END, for any N', () => {
    for (const iterations of [10, 2500, 40000]) {
      const g = gains(P, { ...S, iterations }, iterations);
      expect(g.c).toBeCloseTo(P.cEnd, 9);
      expect(g.a / g.c ** 2).toBeCloseTo(P.rEnd, 12);
    }
  });

  it('never perturbs an integer by less than half a unit', () => {
    // 0.3 x 100^0.101 = 0.478 at k = 1, below 0.5: OpenBench's floor for integers holds it at 0.5.
    const small = { ...P, cEnd: 0.3 };
    expect(gains(small, S, 1).c).toBe(0.5);
    expect(gains(small, S, 100).c).toBe(0.5);
  });
});

describe('the perturbation', () => {
  const params: SpsaParam[] = [P, { ...P, name: 'FutBase', start: 0, min: 0, max: 400 }, { ...P, name: 'X3' }];

  it('puts the two engines on either side of theta, 2 c_k apart (rounded), the sign drawn per parameter', () => {
    for (let k = 1; k <= 40; k++) {
      const theta = [75.4, 0, 120.25];
      const p = perturb(params, theta, S, 7, k);
      const c = gains(P, S, k).c;
      for (let i = 0; i < 3; i++) {
        expect(Number.isInteger(p.plus[i]) && Number.isInteger(p.minus[i])).toBe(true);
        expect([1, -1]).toContain(p.flips[i]);
        // Unclamped (parameter 3): floor(t + fc + u) - floor(t - fc + u) is floor(2c) or ceil(2c), signed by the flip.
        if (i === 2) {
          const gap = (p.plus[i] - p.minus[i]) * p.flips[i];
          expect([Math.floor(2 * c), Math.ceil(2 * c)]).toContain(gap);
          expect(Math.abs(p.plus[i] - theta[i])).toBeLessThanOrEqual(c + 1);
        }
      }
      // Clamped: FutBase's theta sits at its minimum 0; nothing goes below it.
      expect(Math.min(p.plus[1], p.minus[1])).toBe(0);
    }
  });

  it('is a function of the seed and the iteration only', () => {
    expect(perturb(params, [75, 10, 75], S, 7, 5)).toEqual(perturb(params, [75, 10, 75], S, 7, 5));
    const flips = (seed: number) =>
      Array.from({ length: 20 }, (_, k) => perturb(params, [75, 10, 75], S, seed, k + 1).flips.join());
    expect(flips(7)).not.toEqual(flips(8));
    // Both signs come up, for each parameter.
    for (let i = 0; i < 3; i++) expect(new Set(flips(7).map((f) => f.split(',')[i])).size).toBe(2);
  });
});

const fresh = (params: SpsaParam[]): SpsaProgress => ({
  iteration: 0,
  theta: params.map((p) => p.start),
  pending: {},
  games: { wins: 0, losses: 0, draws: 0, plies: 0 },
  faults: {},
});

/** An independent statement of the update: theta + a_k r delta / c_k, with a_k and c_k from the formulas. */
function expected(theta: number, k: number, r: number, flip: number, p = P, s = S): number {
  const bigA = s.aRatio * s.iterations;
  const c = Math.max((p.cEnd * s.iterations ** s.gamma) / k ** s.gamma, 0.5);
  const a = (p.rEnd * p.cEnd ** 2 * (bigA + s.iterations) ** s.alpha) / (bigA + k) ** s.alpha;
  return Math.min(p.max, Math.max(p.min, theta + (a * r * flip) / c));
}

describe('the update, on scripted results (no engine)', () => {
  // Each pair: the plus engine's score as white, then as black.
  const script: Array<[number, number]> = [
    [1, 1],
    [0, 0.5],
    [0.5, 0.5],
    [1, 0],
    [0, 0],
    [1, 0.5],
  ];
  const results = [2, -1, 0, 0, -2, 1];

  it('moves theta by a_k r delta / c_k after each pair, r the plus engine wins minus losses', async () => {
    const seen: Perturbation[] = [];
    const st = fresh([P]);
    const thetas: number[] = [];
    await runSpsa({
      params: [P],
      schedule: S,
      seed: 3,
      concurrency: 1,
      progress: st,
      until: script.length,
      play: async (p) => {
        seen.push(p);
        return { scores: script[p.iteration - 1], faults: [] };
      },
      onApplied: (_k, r, theta) => thetas.push(theta[0]),
    });
    expect(st.iteration).toBe(6);
    // The first step by hand: 2 x 0.7998895 / 15.922087 = 0.1004755 either way.
    expect(Math.abs(thetas[0] - 75)).toBeCloseTo(0.1004755, 6);
    let theta = 75;
    for (let k = 1; k <= 6; k++) {
      const p = seen[k - 1];
      // The sign the engines were given: plus above theta when delta is +1.
      const flip = Math.sign(p.plus[0] - p.minus[0]);
      expect(flip).toBe(p.flips[0]);
      theta = expected(theta, k, results[k - 1], flip);
      expect(thetas[k - 1]).toBeCloseTo(theta, 10);
    }
    expect(st.games).toEqual({ wins: 4, losses: 4, draws: 4, plies: 0 });
  });

  it('clamps theta to the range', () => {
    const top = { ...P, start: 199 };
    const flips = [1];
    const up = update([top], [199.99], S, 1, flips, 2);
    expect(up[0]).toBe(200);
    const down = update([{ ...P, start: 20 }], [20.01], S, 1, flips, -2);
    expect(down[0]).toBe(20);
  });
});

/** A player whose result depends only on the two engines: the one nearer 120 wins both games. */
function oracle(calls: number[], hook?: (p: Perturbation) => Promise<void>) {
  return async (p: Perturbation): Promise<PairOutcome> => {
    calls.push(p.iteration);
    await hook?.(p);
    const d = Math.abs(p.minus[0] - 120) - Math.abs(p.plus[0] - 120);
    const s = d > 0 ? 1 : d < 0 ? 0 : 0.5;
    return { scores: [s, s], faults: [] };
  };
}

const two: SpsaParam[] = [P, { ...P, name: 'FutBase', start: 90, min: 0, max: 400, cEnd: 20 }];
const S12 = { ...S, iterations: 12 };

describe('rounds and resume', () => {
  it('a round perturbs one theta whatever order its pairs finish in', async () => {
    const run = async (slowFirst: boolean) => {
      const st = fresh(two);
      const got: Perturbation[] = [];
      await runSpsa({
        params: two,
        schedule: S12,
        seed: 5,
        concurrency: 2,
        progress: st,
        play: oracle([], async (p) => {
          got.push(p);
          // The first of each round waits, so the second finishes first (or the reverse).
          if ((p.iteration % 2 === 1) === slowFirst) await new Promise((r) => setTimeout(r, 5));
        }),
      });
      return { theta: st.theta, got };
    };
    const a = await run(true),
      b = await run(false);
    expect(a.theta).toEqual(b.theta);
    // Iterations 1 and 2 both perturb the start; 3 and 4 the theta after both.
    expect(a.got.find((p) => p.iteration === 2)).toEqual(perturb(two, [75, 90], S12, 5, 2));
  });

  it('stopping after k iterations and resuming from the state file gives the straight run', async () => {
    const straight = fresh(two);
    await runSpsa({ params: two, schedule: S12, seed: 9, concurrency: 2, progress: straight, play: oracle([]) });
    expect(straight.iteration).toBe(12);

    const first = fresh(two);
    await runSpsa({ params: two, schedule: S12, seed: 9, concurrency: 2, progress: first, play: oracle([]), until: 4 });
    expect(first.iteration).toBe(4);
    const saved = JSON.parse(JSON.stringify(first)) as SpsaProgress;
    await runSpsa({ params: two, schedule: S12, seed: 9, concurrency: 2, progress: saved, play: oracle([]) });
    expect(saved).toEqual(straight);
  });

  it('an interrupt drops the pairs in play and keeps the finished ones of the round', async () => {
    const straight = fresh(two);
    await runSpsa({ params: two, schedule: S12, seed: 9, concurrency: 2, progress: straight, play: oracle([]) });

    const stop = new AbortController();
    const st = fresh(two);
    let written = '';
    await runSpsa({
      params: two,
      schedule: S12,
      seed: 9,
      concurrency: 2,
      progress: st,
      signal: stop.signal,
      onPair: (p) => (written = JSON.stringify(p)),
      play: oracle([], async (p) => {
        // Round (7, 8): 8 finishes, then Ctrl-C while 7 is still being played.
        if (p.iteration === 7) {
          await new Promise((r) => setTimeout(r, 5));
          stop.abort('interrupt');
        }
      }),
    });
    const saved = JSON.parse(written) as SpsaProgress;
    expect(saved.iteration).toBe(6);
    expect(Object.keys(saved.pending)).toEqual(['8']);
    const calls: number[] = [];
    await runSpsa({ params: two, schedule: S12, seed: 9, concurrency: 2, progress: saved, play: oracle(calls) });
    expect(calls).toEqual([7, 9, 10, 11, 12]);
    expect(saved).toEqual(straight);
  });
});
