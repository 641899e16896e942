// Nodes per second of Tempo (the release bench bundle) against Lozza 2 (through UCI)
// at `go movetime <ms>` on the same positions, taken in turn. Each engine runs as its
// own process under /usr/bin/time, and nodes are divided by the process's CPU time
// (user + system) as well as by the wall time: on this shared machine the wall clock
// gives a process anything from a tenth to all of a core, the CPU time does not
// wander. Each engine's start-up CPU (the least of three bare starts) is taken off.
// Build the bundle first with run.mjs.
//   node packages/search/bench/compare.mjs [ms] [path/to/lozza2.js]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const ms = Number(process.argv[2] ?? 3000);
const lozza = process.argv[3] ?? '/work/peers/lozza2.js';
const FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
  '2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11',
  '6k1/5pp1/7p/8/8/1R6/5PPP/6K1 w - - 0 1',
];

/** Runs a command under /usr/bin/time; returns its stdout and CPU seconds. */
function timed(args, input) {
  const r = spawnSync('/usr/bin/time', ['-f', 'CPU %U %S', ...args], { input, encoding: 'utf8', timeout: ms + 20000, killSignal: 'SIGKILL' });
  const m = /CPU ([\d.]+) ([\d.]+)/.exec(r.stderr);
  return { out: r.stdout, cpu: Number(m[1]) + Number(m[2]) };
}
function tempo(fen) {
  const r = timed([process.execPath, here + 'dist/bench.mjs', 'nps', String(ms), fen]);
  return { nodes: Number(/nodes (\d+)/.exec(r.out)[1]), cpu: r.cpu };
}
function lozzaRun(fen) {
  // quit follows the search: Lozza reads it only after bestmove (it searches synchronously).
  const r = timed([process.execPath, lozza], `uci\nucinewgame\nposition fen ${fen}\ngo movetime ${ms}\nquit\n`);
  const all = [...r.out.matchAll(/nodes (\d+)/g)];
  return { nodes: Number(all[all.length - 1][1]), cpu: r.cpu };
}
// Start-up CPU of each engine (load, tables, `uci`), taken off every search's CPU time.
const startT = Math.min(...[0, 1, 2].map(() => timed([process.execPath, here + 'dist/bench.mjs', 'nps', '1', FENS[0]]).cpu));
const startL = Math.min(...[0, 1, 2].map(() => timed([process.execPath, lozza], 'uci\nquit\n').cpu));
console.log(`start-up CPU: tempo ${startT.toFixed(2)} s, lozza ${startL.toFixed(2)} s`);
let logT = 0, logL = 0;
for (const fen of FENS) {
  const t = tempo(fen), l = lozzaRun(fen);
  const tn = t.nodes / Math.max(0.01, t.cpu - startT), ln = l.nodes / Math.max(0.01, l.cpu - startL);
  logT += Math.log(tn);
  logL += Math.log(ln);
  console.log(`${fen.padEnd(72)} tempo ${t.nodes} nodes ${t.cpu.toFixed(2)} s CPU ${Math.round(tn)}/s | lozza ${l.nodes} nodes ${l.cpu.toFixed(2)} s CPU ${Math.round(ln)}/s | ratio ${(tn / ln).toFixed(2)}`);
}
console.log(`geometric mean of nodes per CPU second, tempo / lozza: ${Math.exp((logT - logL) / FENS.length).toFixed(2)}`);
