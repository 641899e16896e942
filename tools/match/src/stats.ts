/**
 * Match statistics as fastchess computes them (app/src/matchmaking/elo and sprt in
 * Disservin/fastchess), written anew from the formulas: Elo and its 95% error bar
 * from the pentanomial variance, normalized Elo, LOS, the draw and pairs ratios, and
 * the SPRT log-likelihood ratio under the normalized or the logistic model (the
 * generalized LLR of a multinomial by maximum likelihood, Van den Bergh).
 */

/** Game pair counts from the first engine's side: two losses, loss+draw, win+loss, two draws, win+draw, two wins. */
export interface Penta {
  ll: number;
  ld: number;
  wl: number;
  dd: number;
  wd: number;
  ww: number;
}

/** Win/loss/draw counts and pair counts, from the first engine's side. */
export interface Counts {
  wins: number;
  losses: number;
  draws: number;
  penta: Penta;
}

export const emptyCounts = (): Counts => ({
  wins: 0,
  losses: 0,
  draws: 0,
  penta: { ll: 0, ld: 0, wl: 0, dd: 0, wd: 0, ww: 0 },
});

/** Sums counts (for merge and resume). */
export function addCounts(a: Counts, b: Counts): Counts {
  const p = (k: keyof Penta) => a.penta[k] + b.penta[k];
  return {
    wins: a.wins + b.wins,
    losses: a.losses + b.losses,
    draws: a.draws + b.draws,
    penta: { ll: p('ll'), ld: p('ld'), wl: p('wl'), dd: p('dd'), wd: p('wd'), ww: p('ww') },
  };
}

/** Adds one finished pair: the first engine's two game scores (1, 0.5 or 0). */
export function addPair(c: Counts, first: number, second: number): void {
  for (const s of [first, second]) {
    if (s === 1) c.wins++;
    else if (s === 0) c.losses++;
    else c.draws++;
  }
  const sum = first + second;
  if (sum === 2) c.penta.ww++;
  else if (sum === 1.5) c.penta.wd++;
  else if (sum === 1) {
    if (first === 0.5) c.penta.dd++;
    else c.penta.wl++;
  } else if (sum === 0.5) c.penta.ld++;
  else c.penta.ll++;
}

const CI95 = 1.959963984540054;
const NELO_SCALE = 800 / Math.log(10);

const pairsOf = (p: Penta) => p.ll + p.ld + p.wl + p.dd + p.wd + p.ww;
const scoreToElo = (score: number) => -400 * Math.log10(1 / score - 1);

/** Elo, nElo and LOS from the pentanomial counts, as fastchess's EloPentanomial. */
export interface EloEstimate {
  score: number;
  elo: number;
  eloError: number;
  nElo: number;
  nEloError: number;
  /** Likelihood of superiority, 0..1. */
  los: number;
}

export function pentaElo(p: Penta): EloEstimate {
  const n = pairsOf(p);
  const f = (x: number) => x / n;
  const score = f(p.ww) + 0.75 * f(p.wd) + 0.5 * (f(p.wl) + f(p.dd)) + 0.25 * f(p.ld);
  const variance =
    f(p.ww) * (1 - score) ** 2 +
    f(p.wd) * (0.75 - score) ** 2 +
    (f(p.wl) + f(p.dd)) * (0.5 - score) ** 2 +
    f(p.ld) * (0.25 - score) ** 2 +
    f(p.ll) * score ** 2;
  const perPair = variance / n;
  const hi = score + CI95 * Math.sqrt(perPair);
  const lo = score - CI95 * Math.sqrt(perPair);
  const nelo = (s: number) => ((s - 0.5) / Math.sqrt(2 * variance)) * NELO_SCALE;
  return {
    score,
    elo: scoreToElo(score),
    eloError: (scoreToElo(hi) - scoreToElo(lo)) / 2,
    nElo: nelo(score),
    nEloError: (nelo(hi) - nelo(lo)) / 2,
    los: (1 - erf(-(score - 0.5) / Math.sqrt(2 * perPair))) / 2,
  };
}

/** Draw ratio over pairs (WL + DD pairs), in percent, as fastchess prints with pentanomial reports. */
export const drawRatio = (p: Penta) => ((p.wl + p.dd) / pairsOf(p)) * 100;
/** Pairs won (WW + WD) over pairs lost (LD + LL). */
export const pairsRatio = (p: Penta) => (p.ww + p.wd) / (p.ld + p.ll);
/** WL pairs over DD pairs. */
export const wlddRatio = (p: Penta) => p.wl / p.dd;

/** SPRT settings; elo0 < elo1, both in the model's units. */
export interface SprtSettings {
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
  model: 'normalized' | 'logistic';
}

/** The LLR bounds (lower, upper). */
export function sprtBounds(s: SprtSettings): [number, number] {
  return [Math.log(s.beta / (1 - s.alpha)), Math.log((1 - s.beta) / s.alpha)];
}

/** The LLR of the pentanomial counts for H1 (elo1) against H0 (elo0). */
export function sprtLlr(p: Penta, s: SprtSettings): number {
  const reg = (v: number) => (v === 0 ? 1e-3 : v);
  const counts = [reg(p.ll), reg(p.ld), reg(p.dd + p.wl), reg(p.wd), reg(p.ww)];
  const total = counts.reduce((a, b) => a + b, 0);
  const probs = counts.map((c) => c / total);
  const scores = [0, 0.25, 0.5, 0.75, 1];
  let p0: number[], p1: number[];
  if (s.model === 'normalized') {
    const t = (elo: number) => (Math.SQRT2 * elo) / NELO_SCALE;
    p0 = mleNormalized(scores, probs, 0.5, t(s.elo0));
    p1 = mleNormalized(scores, probs, 0.5, t(s.elo1));
  } else {
    const score = (elo: number) => 1 / (1 + 10 ** (-elo / 400));
    p0 = mleLogistic(scores, probs, score(s.elo0));
    p1 = mleLogistic(scores, probs, score(s.elo1));
  }
  let mean = 0;
  for (let i = 0; i < probs.length; i++) mean += probs[i] * (Math.log(p1[i]) - Math.log(p0[i]));
  return total * mean;
}

/** `H1 accepted`, `H0 accepted` or null while the test goes on. */
export function sprtDecision(llr: number, s: SprtSettings): 'H1' | 'H0' | null {
  const [lower, upper] = sprtBounds(s);
  return llr >= upper ? 'H1' : llr <= lower ? 'H0' : null;
}

/** The distribution closest to `probs` with expectation `s` (Van den Bergh, Proposition 1.1). */
function mleLogistic(scores: number[], probs: number[], s: number): number[] {
  const n = scores.length;
  const theta = itp(
    (x) => {
      let r = 0;
      for (let i = 0; i < n; i++) r += (probs[i] * (scores[i] - s)) / (1 + x * (scores[i] - s));
      return r;
    },
    -1 / (scores[n - 1] - s),
    -1 / (scores[0] - s),
    Infinity,
    -Infinity,
    1e-3,
  );
  return probs.map((q, i) => q / (1 + theta * (scores[i] - s)));
}

/** The distribution closest to `probs` with normalized score `tStar` (Van den Bergh, normalized Elo, section 4.1). */
function mleNormalized(scores: number[], probs: number[], muRef: number, tStar: number): number[] {
  const n = scores.length;
  let p = scores.map(() => 1 / n);
  for (let iter = 0; iter < 10; iter++) {
    let mu = 0;
    for (let i = 0; i < n; i++) mu += scores[i] * p[i];
    let v = 0;
    for (let i = 0; i < n; i++) v += p[i] * (scores[i] - mu) ** 2;
    const sigma = Math.sqrt(v);
    const phi = scores.map((a) => a - muRef - 0.5 * tStar * sigma * (1 + ((a - mu) / sigma) ** 2));
    const theta = itp(
      (x) => {
        let r = 0;
        for (let i = 0; i < n; i++) r += (probs[i] * phi[i]) / (1 + x * phi[i]);
        return r;
      },
      -1 / Math.max(...phi),
      -1 / Math.min(...phi),
      Infinity,
      -Infinity,
      1e-7,
    );
    let maxDiff = 0;
    const next = probs.map((q, i) => q / (1 + theta * phi[i]));
    for (let i = 0; i < n; i++) maxDiff = Math.max(maxDiff, Math.abs(next[i] - p[i]));
    p = next;
    if (maxDiff < 1e-4) break;
  }
  return p;
}

/**
 * A root of `f` between `a` and `b` (signs of f(a), f(b) differ) by the ITP method
 * (Oliveira and Takahashi 2020), k1 = 0.1, k2 = 2, n0 = 0.99, as fastchess uses it.
 */
function itp(f: (x: number) => number, a: number, b: number, fa: number, fb: number, epsilon: number): number {
  const k1 = 0.1,
    k2 = 2,
    n0 = 0.99;
  if (fa > 0) {
    [a, b] = [b, a];
    [fa, fb] = [fb, fa];
  }
  const nHalf = Math.ceil(Math.log2(Math.abs(b - a) / (2 * epsilon)));
  const nMax = nHalf + n0;
  for (let i = 0; Math.abs(b - a) > 2 * epsilon; i++) {
    const xHalf = (a + b) / 2;
    const r = epsilon * 2 ** (nMax - i) - (b - a) / 2;
    const delta = k1 * (b - a) ** k2;
    const xf = (fb * a - fa * b) / (fb - fa);
    const sigma = Math.sign(xHalf - xf);
    const xt = delta <= Math.abs(xHalf - xf) ? xf + sigma * delta : xHalf;
    const xItp = Math.abs(xt - xHalf) <= r ? xt : xHalf - sigma * r;
    const fItp = f(xItp);
    if (fItp === 0) {
      a = b = xItp;
    } else if (fItp < 0) {
      a = xItp;
      fa = fItp;
    } else {
      b = xItp;
      fb = fItp;
    }
  }
  return (a + b) / 2;
}

/** The error function (Abramowitz-Stegun 7.1.26 is too coarse for LOS near 0 or 1; this is a series/continued fraction to ~1e-15). */
export function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const z = Math.abs(x);
  if (z < 2.5) {
    // Maclaurin series.
    let sum = z,
      term = z;
    for (let n = 1; n < 200; n++) {
      term *= (-z * z) / n;
      const add = term / (2 * n + 1);
      sum += add;
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
    }
    return (sign * 2 * sum) / Math.sqrt(Math.PI);
  }
  // Continued fraction for erfc.
  let f = 0;
  for (let n = 60; n >= 1; n--) f = n / 2 / (z + f);
  const erfc = Math.exp(-z * z) / Math.sqrt(Math.PI) / (z + f);
  return sign * (1 - erfc);
}

/** A number as fmt prints `{:.Nf}`: `nan`, `inf`, `-inf` for the non-finite. */
export function fmtFixed(x: number, digits = 2): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const s = x.toFixed(digits);
  return s;
}
