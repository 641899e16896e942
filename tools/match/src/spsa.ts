/**
 * SPSA (simultaneous perturbation stochastic approximation) as OpenBench runs it, one
 * game pair an iteration. For N iterations, A = aRatio x N, and each parameter's C_END
 * and R_END:
 *
 *   c = C_END x N^gamma,   a = R_END x C_END^2 x (A + N)^alpha
 *   c_k = max(c / k^gamma, 0.5),   a_k = a / (A + k)^alpha        (k = 1 .. N)
 *
 * so c_N = C_END and a_N / c_N^2 = R_END. Iteration k draws a +/-1 vector delta; the
 * engines theta + c_k delta and theta - c_k delta (rounded as OpenBench rounds: floor(x + u)
 * with one uniform u for both, then clamped to [min, max]) play a pair on one opening,
 * both colours; with r the pair's wins minus losses of the first (-2 .. 2),
 * theta += a_k r delta / c_k, clamped.
 *
 * Concurrency: with C pairs at once, the iterations go in rounds of C (k = jC+1 .. jC+C)
 * that all perturb the theta left by the rounds before, and whose updates are applied in
 * iteration order when the round is complete; a round's pairs that finish early are kept
 * as pending results. So theta is a function of the seed, C and the results, whatever
 * order the pairs finish in. Iteration k's draws (delta and the rounding u's) come from
 * its own generator, `Rng("spsa:<seed>:<k>")`, and its opening is entry (k - 1) mod n of the
 * seeded permutation of the openings that a match with `--order random` uses: nothing
 * to restore on resume but the iteration.
 */
import { Rng } from '@tempo-chess/toolkit';
import type { SpsaParam } from './spsa-params';

/** OpenBench's defaults: alpha 0.602, gamma 0.101, A = 0.1 x iterations. */
export interface SpsaSchedule {
  iterations: number;
  alpha: number;
  gamma: number;
  aRatio: number;
}

export const DEFAULT_SCHEDULE: Omit<SpsaSchedule, 'iterations'> = { alpha: 0.602, gamma: 0.101, aRatio: 0.1 };

/** c_k and a_k of one parameter at iteration k (1-based). */
export function gains(p: SpsaParam, s: SpsaSchedule, k: number): { c: number; a: number } {
  const n = s.iterations;
  const bigA = s.aRatio * n;
  const c0 = p.cEnd * Math.pow(n, s.gamma);
  const a0 = p.rEnd * p.cEnd * p.cEnd * Math.pow(bigA + n, s.alpha);
  return { c: Math.max(c0 / Math.pow(k, s.gamma), 0.5), a: a0 / Math.pow(bigA + k, s.alpha) };
}

/** The two engines of iteration k: the signs drawn and each side's integer values. */
export interface Perturbation {
  iteration: number;
  flips: number[];
  plus: number[];
  minus: number[];
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Iteration k's signs and the two engines' values around theta. */
export function perturb(
  params: readonly SpsaParam[],
  theta: readonly number[],
  s: SpsaSchedule,
  seed: number,
  k: number,
): Perturbation {
  const rng = new Rng(`spsa:${seed}:${k}`);
  const flips: number[] = [],
    plus: number[] = [],
    minus: number[] = [];
  params.forEach((p, i) => {
    const flip = rng.chance(0.5) ? 1 : -1;
    const u = rng.float();
    const { c } = gains(p, s, k);
    flips.push(flip);
    plus.push(clamp(Math.floor(theta[i] + flip * c + u), p.min, p.max));
    minus.push(clamp(Math.floor(theta[i] - flip * c + u), p.min, p.max));
  });
  return { iteration: k, flips, plus, minus };
}

/** theta after iteration k with result r (the plus engine's wins minus losses in its pair). */
export function update(
  params: readonly SpsaParam[],
  theta: readonly number[],
  s: SpsaSchedule,
  k: number,
  flips: readonly number[],
  r: number,
): number[] {
  return params.map((p, i) => {
    const { a, c } = gains(p, s, k);
    return clamp(theta[i] + (a * r * flips[i]) / c, p.min, p.max);
  });
}

/** What a pair gave: the plus engine's score in each game (1, 0.5, 0), the engine faults seen, the plies played. */
export interface PairOutcome {
  scores: [number, number];
  faults: string[];
  /** Moves the engines played in both games (not the opening's). */
  plies?: number;
}

/** Wins minus losses of the plus engine in a pair. */
export const pairResult = (o: PairOutcome): number =>
  o.scores.reduce((n, s) => n + (s === 1 ? 1 : s === 0 ? -1 : 0), 0);

/** The tuner's progress: theta after `iteration` applied iterations, and finished pairs of the round in play. */
export interface SpsaProgress {
  iteration: number;
  theta: number[];
  /** Results of finished pairs not yet applied (their round is not complete), by iteration. */
  pending: Record<string, PairOutcome>;
  /** The plus engine's games: wins, losses, draws; and the plies the engines played in them. */
  games: { wins: number; losses: number; draws: number; plies: number };
  /** Engine faults by kind. */
  faults: Record<string, number>;
}

export interface SpsaRun {
  params: readonly SpsaParam[];
  schedule: SpsaSchedule;
  seed: number;
  /** Pairs at once, and the size of a round. */
  concurrency: number;
  /** Modified in place. */
  progress: SpsaProgress;
  /** Plays iteration k's pair on worker `slot` (0 .. concurrency - 1). */
  play(p: Perturbation, slot: number): Promise<PairOutcome>;
  /** After every finished pair (pending or applied): the place to write the state file. */
  onPair?(progress: SpsaProgress): void;
  /** For each iteration applied, in order, before onPair. */
  onApplied?(k: number, result: number, theta: readonly number[], progress: SpsaProgress): void;
  /** Applies iterations up to this one (default: the schedule's last). */
  until?: number;
  /** Stops taking new pairs: after the round in play, or at once if the reason is 'interrupt' (its pairs are dropped). */
  signal?: AbortSignal;
}

/** Plays rounds until `until` iterations are applied or the signal stops it. */
export async function runSpsa(o: SpsaRun): Promise<SpsaProgress> {
  const st = o.progress;
  const until = Math.min(o.until ?? o.schedule.iterations, o.schedule.iterations);
  const interrupted = () => o.signal?.aborted === true && o.signal.reason === 'interrupt';
  while (st.iteration < until && !o.signal?.aborted) {
    const first = st.iteration + 1;
    const last = Math.min(st.iteration + o.concurrency, o.schedule.iterations);
    const theta = st.theta.slice();
    const round: Perturbation[] = [];
    for (let k = first; k <= last; k++) round.push(perturb(o.params, theta, o.schedule, o.seed, k));
    await Promise.all(
      round.map(async (p, slot) => {
        if (st.pending[p.iteration]) return;
        const outcome = await o.play(p, slot);
        if (interrupted()) return;
        st.pending[p.iteration] = outcome;
        o.onPair?.(st);
      }),
    );
    if (interrupted()) break;
    for (const p of round) {
      const outcome = st.pending[p.iteration];
      const r = pairResult(outcome);
      st.theta = update(o.params, st.theta, o.schedule, p.iteration, p.flips, r);
      st.iteration = p.iteration;
      delete st.pending[p.iteration];
      for (const s of outcome.scores) {
        if (s === 1) st.games.wins++;
        else if (s === 0) st.games.losses++;
        else st.games.draws++;
      }
      st.games.plies += outcome.plies ?? 0;
      for (const f of outcome.faults) st.faults[f] = (st.faults[f] ?? 0) + 1;
      o.onApplied?.(p.iteration, r, st.theta, st);
    }
    o.onPair?.(st);
  }
  return st;
}
