#!/usr/bin/env node
/**
 * Latency with a search running (a benchmark, not a timed test): the median of N
 * `isready` -> `readyok` round trips during `go infinite`, and of N `stop` ->
 * `bestmove` times, each stop sent 200-400 ms into a fresh `go infinite` from a
 * varied position. Targets: isready within 10 ms, stop within 50 ms.
 *
 *   node apps/uci/scripts/latency.mjs [tries=20]     (after pnpm build)
 */
import { fileURLToPath } from 'node:url';
import { startEngine, median, fmt } from './lines.mjs';

const tries = Number(process.argv[2] ?? 20);
const TEMPO = fileURLToPath(new URL('../dist/tempo.js', import.meta.url));
const FENS = [
  'startpos',
  'fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'fen r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const e = startEngine(TEMPO);
let ok = e.next(/^uciok$/);
e.send('uci');
await ok;
ok = e.next(/^readyok$/);
e.send('isready');
await ok;

// isready during a search.
e.send('position startpos');
e.send('go infinite');
await sleep(500);
const ready = [];
for (let i = 0; i < tries; i++) {
  const t0 = performance.now();
  const p = e.next(/^readyok$/);
  e.send('isready');
  ready.push((await p) - t0);
  await sleep(50);
}
let best = e.next(/^bestmove /);
e.send('stop');
await best;

// stop -> bestmove.
const stops = [];
for (let i = 0; i < tries; i++) {
  e.send(`position ${FENS[i % FENS.length]}`);
  e.send('go infinite');
  await sleep(200 + ((i * 37) % 200));
  best = e.next(/^bestmove /);
  const t0 = performance.now();
  e.send('stop');
  stops.push((await best) - t0);
}
await e.quit();
console.log(`tries: ${tries}; times in ms; load ${(await import('node:os')).loadavg()[0].toFixed(1)}`);
console.log(
  `isready -> readyok during go infinite: median ${fmt(median(ready))}, max ${fmt(Math.max(...ready))} (target median <= 10)`,
);
console.log(
  `stop -> bestmove:                      median ${fmt(median(stops))}, max ${fmt(Math.max(...stops))} (target median <= 50)`,
);
