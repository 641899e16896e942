// Nodes per second of Tempo (the release bench bundle, in process) against Lozza 2
// (through UCI) at `go movetime <ms>` on the same positions, taken in turn so a burst
// of load on this shared machine hits both alike. Build the bundle first with run.mjs.
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

function tempo(fen) {
  const r = spawnSync(process.execPath, [here + 'dist/bench.mjs', 'nps', String(ms), fen], { encoding: 'utf8' });
  return Number(/nps (\d+)/.exec(r.stdout)[1]);
}
function lozzaNps(fen) {
  const input = `uci\nucinewgame\nposition fen ${fen}\ngo movetime ${ms}\n`;
  const r = spawnSync(process.execPath, [lozza], { input, encoding: 'utf8', timeout: ms + 5000, killSignal: 'SIGKILL' });
  const all = [...r.stdout.matchAll(/nodes (\d+) time (\d+)/g)];
  const last = all[all.length - 1];
  return Math.round((Number(last[1]) * 1000) / Math.max(1, Number(last[2])));
}
let sumT = 0, sumL = 0;
for (const fen of FENS) {
  const t = tempo(fen), l = lozzaNps(fen);
  sumT += Math.log(t);
  sumL += Math.log(l);
  console.log(`${fen.padEnd(72)} tempo ${t} lozza ${l} ratio ${(t / l).toFixed(2)}`);
}
console.log(`geometric mean ratio tempo/lozza: ${Math.exp((sumT - sumL) / FENS.length).toFixed(2)}`);
