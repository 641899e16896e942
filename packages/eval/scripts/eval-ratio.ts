/**
 * Evaluation cost against doMove+undoMove pairs on the benchmark positions, for
 * count-eval-instructions.sh (modes `eval N` and `pairs N`: N rounds after a fixed
 * warm-up) or as a timing (no mode: the median of nine alternating rounds).
 */
import { Position } from '@tempo-chess/position';
import { generateLegal } from '@tempo-chess/movegen';
import { DEFAULT_PSQ, EvalContext, evaluate } from '@tempo-chess/eval';
import { readFileSync } from 'node:fs';
// Run from the repository root: the positions are data/eval-positions.fen, shared with tools/perft's bench-micro.
const EVAL_POSITIONS = readFileSync('data/eval-positions.fen', 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'));
const ps = EVAL_POSITIONS.map((f) => Position.fromFen(f, { psq: DEFAULT_PSQ }));
const list = new Int32Array(256);
const mv = ps.map((p) => Array.from(list.subarray(0, generateLegal(p, list, 0))));
const nm = mv.reduce((a, m) => a + m.length, 0);
const ctx = new EvalContext();
let sink = 0;
function evals(n: number) {
  for (let r = 0; r < n; r++) for (let i = 0; i < ps.length; i++) sink = (sink + evaluate(ps[i], ctx)) | 0;
}
function pairs(n: number) {
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
const mode = process.argv[2] ?? 'time',
  reps = Number(process.argv[3] ?? 0);
// Warm-up: alternate both workloads until V8 has settled what it compiles for each.
for (let k = 0; k < 4; k++) {
  evals(30);
  pairs(2);
}
if (mode === 'eval') {
  evals(reps);
  console.log(`units ${ps.length} ${sink & 1}`);
} else if (mode === 'pairs') {
  pairs(reps);
  console.log(`units ${nm} ${sink & 1}`);
} else {
  evals(100);
  pairs(5);
  const ratios: number[] = [],
    es: number[] = [];
  for (let k = 0; k < 9; k++) {
    // CPU time of this process (not wall time), so other processes' load counts less.
    let t0 = process.cpuUsage().user;
    evals(60);
    const te = ((process.cpuUsage().user - t0) * 1e3) / (60 * ps.length);
    t0 = process.cpuUsage().user;
    pairs(2);
    const tp = ((process.cpuUsage().user - t0) * 1e3) / (2 * nm);
    ratios.push(te / tp);
    es.push(te);
  }
  ratios.sort((a, b) => a - b);
  es.sort((a, b) => a - b);
  console.log(
    `CPU time: evaluate median ${es[4].toFixed(0)} ns, one evaluation = ${ratios[4].toFixed(1)} make/unmake pairs (median of 9; range ${ratios[0].toFixed(1)}-${ratios[8].toFixed(1)})`,
  );
}
