#!/usr/bin/env node
/**
 * The first search of a fresh process: nodes searched by `go movetime 200` from the
 * start position, sent right after the first `readyok` (Move Overhead 10 where the
 * engine has it), medians of N starts taken in turn with each other engine given.
 * What start-up leaves undone (compilation, tables) shows here as fewer nodes. Beside
 * it, the same process's warm search: after a 1 s search, `ucinewgame` and the same
 * `go movetime 200` again (what the first search would reach with nothing left undone).
 *
 *   node apps/uci/scripts/first-search.mjs [runs=9] [other-engine.js ...]   (after pnpm build)
 *
 * Say Lozza 2 (`git show 2:lozza.js` in op12no2/lozza) as the other engine: a plain
 * JavaScript engine with no start-up work, whose first search runs at its warm speed.
 */
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { startEngine, median } from './lines.mjs';

const runs = Number(process.argv[2] ?? 9);
const TEMPO = fileURLToPath(new URL('../dist/tempo.js', import.meta.url));
const engines = [TEMPO, ...process.argv.slice(3)];

async function once(script) {
  const e = startEngine(script);
  let nodes = 0;
  e.onLine((line) => {
    const m = / nodes (\d+)/.exec(line);
    if (line.startsWith('info') && m) nodes = Math.max(nodes, Number(m[1]));
  });
  const search = async (movetime) => {
    nodes = 0;
    const best = e.next(/^bestmove /);
    e.send('position startpos');
    e.send(`go movetime ${movetime}`);
    await best;
    return nodes;
  };
  const uciok = e.next(/^uciok$/);
  e.send('uci');
  await uciok;
  e.send('setoption name Move Overhead value 10');
  const readyok = e.next(/^readyok$/);
  e.send('isready');
  await readyok;
  const first = await search(200);
  await search(1000);
  e.send('ucinewgame');
  const warm = await search(200);
  await e.quit();
  return { first, warm };
}

const results = engines.map(() => []);
for (let i = 0; i < runs; i++) for (const [k, script] of engines.entries()) results[k].push(await once(script));
console.log(`runs: ${runs} each, in turn; load ${loadavg()[0].toFixed(1)}`);
for (const [k, script] of engines.entries()) {
  const first = results[k].map((r) => r.first),
    warm = results[k].map((r) => r.warm);
  console.log(`${script}: nodes in the first 200 ms search, median ${median(first)} (${first.join(' ')})`);
  console.log(`${script}: nodes in a warm 200 ms search, median ${median(warm)} (${warm.join(' ')})`);
}
