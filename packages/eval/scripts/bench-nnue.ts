/**
 * The net's cost against the hand-crafted evaluation, on the 1,515 benchmark
 * positions (data/eval-positions.fen, shared with packages/eval/scripts) and random
 * nets of H = 128, 256 and 512 (8 buckets): every legal move of every position is
 * played, pushed, evaluated (one update from the position's accumulators, then the
 * forward pass), taken back and popped. Each size runs on both backends of the stack:
 * the plain TypeScript kernels and the WebAssembly SIMD ones (suffix s).
 *
 *   no mode:           CPU-time table, median of nine alternating rounds (run from the repository root)
 *   <workload> <N>:    N rounds of one workload after a fixed warm-up, for count-nnue-instructions.sh
 *                      (pairs, eval, and nnueH, fwdH, refreshH for H = 128, 256, 512; nnueHs, fwdHs,
 *                      refreshHs on the SIMD kernels)
 *
 * Build and run (release: __DEBUG__ false):
 *   npx esbuild packages/eval/scripts/bench-nnue.ts --bundle --platform=node --format=esm \
 *     --define:__DEBUG__=false --minify-syntax --outfile=/tmp/bench-nnue.mjs && node /tmp/bench-nnue.mjs
 */
import { readFileSync } from 'node:fs';
import { Position } from '@tempo-chess/position';
import { generateLegal } from '@tempo-chess/movegen';
import { DEFAULT_PSQ, EvalContext, evaluate } from '@tempo-chess/eval';
import { AccumulatorStack, randomNet } from '@tempo-chess/nnue';

const FENS = readFileSync('data/eval-positions.fen', 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'));
const ps = FENS.map((f) => Position.fromFen(f, { psq: DEFAULT_PSQ }));
const list = new Int32Array(256);
const mv = ps.map((p) => Int32Array.from(list.subarray(0, generateLegal(p, list, 0))));
const moves = mv.reduce((a, m) => a + m.length, 0);
const ctx = new EvalContext();
let sink = 0;

const SIZES = [128, 256, 512];
/** The backends: workload name suffix, and whether the stack runs the SIMD kernels. */
const BACKENDS: [string, boolean][] = [
  ['', false],
  ['s', true],
];
/**
 * One stack per size and backend (index 2k: plain, 2k + 1: SIMD), the same net for
 * both, refreshed at each position: the position's accumulators stay in cache as a
 * search's would.
 */
const stacks = SIZES.flatMap((h) => {
  const net = randomNet(h, 8, h);
  return BACKENDS.map(([, simd]) => new AccumulatorStack(net, 4, { simd }));
});
/** Forward passes per position in the forward-only workload. */
const FORWARDS = 32;

function pairs(n: number): void {
  for (let r = 0; r < n; r++)
    for (let i = 0; i < ps.length; i++) {
      const p = ps[i],
        m = mv[i];
      for (let j = 0; j < m.length; j++) {
        p.doMove(m[j]);
        p.undoMove();
      }
    }
}

function evals(n: number): void {
  for (let r = 0; r < n; r++) for (let i = 0; i < ps.length; i++) sink = (sink + evaluate(ps[i], ctx)) | 0;
}

/** refresh() at each position (subtracted from the two workloads below). */
function refresh(k: number, n: number): void {
  const s = stacks[k];
  for (let r = 0; r < n; r++) for (let i = 0; i < ps.length; i++) s.refresh(ps[i]);
}

/** refresh(), then doMove, push, evaluate (update + forward), undoMove, pop over every move. */
function nnue(k: number, n: number): void {
  const s = stacks[k];
  for (let r = 0; r < n; r++)
    for (let i = 0; i < ps.length; i++) {
      const p = ps[i],
        m = mv[i];
      s.refresh(p);
      for (let j = 0; j < m.length; j++) {
        p.doMove(m[j]);
        s.push();
        sink = (sink + s.evaluate(p)) | 0;
        p.undoMove();
        s.pop();
      }
    }
}

/** refresh(), then the forward pass alone FORWARDS times (the accumulators are computed). */
function fwd(k: number, n: number): void {
  const s = stacks[k];
  for (let r = 0; r < n; r++)
    for (let i = 0; i < ps.length; i++) {
      const p = ps[i];
      s.refresh(p);
      for (let j = 0; j < FORWARDS; j++) sink = (sink + s.evaluate(p)) | 0;
    }
}

const run: Record<string, [(n: number) => void, number]> = {
  pairs: [pairs, moves],
  eval: [evals, ps.length],
};
/** Workload names for size h on one backend. */
const SUFFIXES = BACKENDS.map(([s]) => s);
SIZES.forEach((h, i) =>
  SUFFIXES.forEach((b, j) => {
    const k = 2 * i + j;
    run[`nnue${h}${b}`] = [(n) => nnue(k, n), moves];
    run[`fwd${h}${b}`] = [(n) => fwd(k, n), ps.length * FORWARDS];
    run[`refresh${h}${b}`] = [(n) => refresh(k, n), ps.length];
  }),
);

const mode = process.argv[2];
// Warm-up until V8 has settled what it compiles: every workload in turn for the
// timing table, the counted workload alone (three rounds) for a count.
if (mode === undefined)
  for (let w = 0; w < 3; w++) {
    evals(20);
    pairs(2);
    for (let k = 0; k < stacks.length; k++) {
      nnue(k, 1);
      fwd(k, 1);
      refresh(k, 2);
    }
  }
else if (run[mode] !== undefined) for (let w = 0; w < 3; w++) run[mode][0](1);

if (mode !== undefined) {
  const w = run[mode];
  if (w === undefined) throw new Error(`bench-nnue: unknown workload ${mode}`);
  w[0](Number(process.argv[3] ?? 1));
  console.log(`units ${w[1]} ${sink & 1}`);
} else {
  /** CPU nanoseconds per unit of a workload run `rounds` times. */
  const time = (name: string, rounds: number) => {
    const [f, units] = run[name];
    const t0 = process.cpuUsage().user;
    f(rounds);
    return ((process.cpuUsage().user - t0) * 1e3) / (rounds * units);
  };
  const keys = SIZES.flatMap((h) => SUFFIXES.map((b) => `${h}${b}`));
  const names = ['pairs', 'eval', ...keys.flatMap((k) => [`nnue${k}`, `fwd${k}`, `refresh${k}`])];
  const rounds: Record<string, number> = { pairs: 2, eval: 40 };
  for (const k of keys) Object.assign(rounds, { [`nnue${k}`]: 1, [`fwd${k}`]: 1, [`refresh${k}`]: 4 });
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const updates: Record<string, number[]> = Object.fromEntries(keys.map((k) => [k, []]));
  const forwards: Record<string, number[]> = Object.fromEntries(keys.map((k) => [k, []]));
  for (let r = 0; r < 9; r++) {
    const t: Record<string, number> = {};
    for (const n of names) samples[n].push((t[n] = time(n, rounds[n])));
    // Per move: the nnue loop less its refreshes and the make/unmake pair it wraps, same round.
    for (const k of keys) {
      const refreshes = t[`refresh${k}`] * ps.length;
      updates[k].push((t[`nnue${k}`] * moves - refreshes) / moves - t.pairs);
      forwards[k].push((t[`fwd${k}`] * ps.length * FORWARDS - refreshes) / (ps.length * FORWARDS));
    }
  }
  const median = (a: number[]) => [...a].sort((x, y) => x - y)[4];
  const ev = median(samples.eval),
    pair = median(samples.pairs);
  console.log(`${ps.length} positions, ${moves} moves; CPU time, median of 9 rounds (ns)`);
  console.log(
    `doMove+undoMove pair ${pair.toFixed(1)}   hand-crafted evaluate ${ev.toFixed(0)} (${(ev / pair).toFixed(1)} pairs)`,
  );
  for (const k of keys) {
    const u = median(updates[k]),
      f = median(forwards[k]),
      r = median(samples[`refresh${k}`]);
    const h = parseInt(k, 10),
      backend = k.endsWith('s') ? 'SIMD ' : 'plain';
    console.log(
      `H = ${String(h).padStart(3)} ${backend}: update + forward ${u.toFixed(0)} (${(u / ev).toFixed(2)} of evaluate, ${(u / pair).toFixed(1)} pairs); forward alone ${f.toFixed(0)}, so the update ~${(u - f).toFixed(0)}; refresh ${r.toFixed(0)}`,
    );
  }
}
