#!/usr/bin/env node
/**
 * Search speed against peers (a benchmark, not a timed test): nodes per second at
 * `go movetime MS` on the same positions, the engines taking each position in turn so
 * that load changes hit them alike. Each engine: one thread, 16 MB hash, `ucinewgame`
 * before every position (Lozza needs one before its first search). The nps of a search
 * is its last `info ... nodes N ... time T` line's N / T; an engine's figure is the total
 * of its nodes over the total of its times, and the ratios are Tempo's against each peer.
 *
 *   node apps/uci/scripts/nps.mjs [--movetime 3000] [--engine name=cmd ...]
 *
 * Default peers: Lozza 2 at $LOZZA2 (a file from `git show 2:lozza.js` of op12no2/lozza)
 * and Stockfish at /usr/games/stockfish, each left out when it is not there.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startEngine, startProgram } from './lines.mjs';

const argv = process.argv.slice(2);
let movetime = 3000;
const engines = [
  { name: 'Tempo', start: () => startEngine(fileURLToPath(new URL('../dist/tempo.js', import.meta.url))) },
];
const peersGiven = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--movetime') movetime = Number(argv[++i]);
  else if (argv[i] === '--engine') {
    const m = /^([^=]+)=(.+)$/.exec(argv[++i] ?? '');
    if (!m) throw new Error(`--engine wants name=command, got ${argv[i]}`);
    const [cmd, ...args] = m[2].split(' ');
    peersGiven.push({
      name: m[1],
      start: () => (cmd.endsWith('.js') ? startEngine(cmd, args) : startProgram(cmd, args)),
    });
  } else throw new Error(`unknown argument ${argv[i]}`);
}
if (!Number.isFinite(movetime) || movetime <= 0) throw new Error('--movetime wants a positive number of ms');
if (peersGiven.length) engines.push(...peersGiven);
else {
  const lozza = process.env.LOZZA2 ?? '/work/peers/lozza2.js';
  if (existsSync(lozza)) engines.push({ name: 'Lozza2', start: () => startEngine(lozza) });
  if (existsSync('/usr/games/stockfish'))
    engines.push({ name: 'Stockfish', start: () => startProgram('/usr/games/stockfish') });
}

// Opening, middlegame (quiet and tactical) and endgame positions.
const FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
  'r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8',
  '2r2rk1/1bqnbppp/p2ppn2/1p6/3NPP2/1BN1B3/PPP1Q1PP/2KR3R w - - 0 14',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  '8/5pk1/6p1/2R5/5P2/6PK/r7/8 b - - 0 45',
  '8/3k4/2p1b3/1p1p4/1P1P1B2/2P3K1/8/8 w - - 0 40',
];

const started = [];
for (const e of engines) {
  const h = e.start();
  const ok = h.next(/^uciok$/);
  h.send('uci');
  await ok;
  h.send('setoption name Threads value 1');
  h.send('setoption name Hash value 16');
  started.push({ ...e, h, nodes: 0, ms: 0, per: [] });
}

// One listener per engine, reporting into the slot of the search under way.
for (const s of started) {
  s.cur = null;
  s.h.onLine((line) => {
    const n = / nodes (\d+)/.exec(line),
      t = / time (\d+)/.exec(line);
    if (s.cur && line.startsWith('info') && n && t) {
      s.cur.nodes = Number(n[1]);
      s.cur.time = Number(t[1]);
    }
  });
}
async function measure(s, fen) {
  s.h.send('ucinewgame');
  const ready = s.h.next(/^readyok$/);
  s.h.send('isready');
  await ready;
  s.cur = { nodes: 0, time: 0 };
  const best = s.h.next(/^bestmove/);
  s.h.send(`position fen ${fen}`);
  s.h.send(`go movetime ${movetime}`);
  await best;
  const r = s.cur;
  s.cur = null;
  return r;
}

console.log(
  `go movetime ${movetime}, one thread, Hash 16, ${FENS.length} positions; load ${(await import('node:os')).loadavg()[0].toFixed(1)}`,
);
console.log(['position', ...started.map((s) => s.name.padStart(10))].join('  '));
for (let i = 0; i < FENS.length; i++) {
  const row = [];
  for (const s of started) {
    const r = await measure(s, FENS[i]);
    if (r.time <= 0) throw new Error(`${s.name} gave no info line with nodes and time on ${FENS[i]}`);
    s.nodes += r.nodes;
    s.ms += r.time;
    s.per.push(r.nodes / r.time);
    row.push(String(Math.round((r.nodes / r.time) * 1000)).padStart(10));
  }
  console.log([String(i + 1).padStart(8), ...row].join('  '));
}
const nps = (s) => (s.nodes / s.ms) * 1000;
console.log(['   total', ...started.map((s) => String(Math.round(nps(s))).padStart(10))].join('  '));
for (const s of started.slice(1)) {
  const perPos = s.per.map((x, i) => started[0].per[i] / x);
  console.log(
    `Tempo / ${s.name}: ${(nps(started[0]) / nps(s)).toFixed(2)} (per position ${Math.min(...perPos).toFixed(2)} to ${Math.max(...perPos).toFixed(2)})`,
  );
}
for (const s of started) await s.h.quit();
