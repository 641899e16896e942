#!/usr/bin/env node
/**
 * Start-up against a bare Node script (scripts/bare-uci.mjs), medians of N starts
 * taken in turn: the time from spawn to `uciok`, and to the first `readyok` (Tempo's
 * means: engine loaded in the worker, JIT warmed by its short search). Targets: Tempo's
 * uciok within 20 ms of the script's, its first readyok within 300 ms of the script's
 * uciok.
 *
 *   node apps/uci/scripts/startup.mjs [runs=20] [other-tempo.js]     (after pnpm build)
 *
 * With another build of tempo.js (say one made from an earlier commit) it is started
 * in the same turns and printed beside: on a busy machine only such a same-run
 * comparison says what a change cost.
 */
import { fileURLToPath } from 'node:url';
import { startEngine, median, fmt } from './lines.mjs';

const runs = Number(process.argv[2] ?? 20);
const OTHER = process.argv[3];
const TEMPO = fileURLToPath(new URL('../dist/tempo.js', import.meta.url));
const BARE = fileURLToPath(new URL('./bare-uci.mjs', import.meta.url));

async function once(script) {
  const t0 = performance.now();
  const e = startEngine(script);
  const uciok = e.next(/^uciok$/);
  e.send('uci');
  const tUci = await uciok;
  const readyok = e.next(/^readyok$/);
  e.send('isready');
  const tReady = await readyok;
  await e.quit();
  return { uciok: tUci - t0, readyok: tReady - t0 };
}

const bare = [],
  tempo = [],
  other = [];
await once(BARE); // the files into the page cache before timing
await once(TEMPO);
if (OTHER) await once(OTHER);
for (let i = 0; i < runs; i++) {
  bare.push(await once(BARE));
  tempo.push(await once(TEMPO));
  if (OTHER) other.push(await once(OTHER));
}
const b = { uciok: median(bare.map((r) => r.uciok)), readyok: median(bare.map((r) => r.readyok)) };
const t = { uciok: median(tempo.map((r) => r.uciok)), readyok: median(tempo.map((r) => r.readyok)) };
const min = (rs, k) => Math.min(...rs.map((r) => r[k]));
console.log(
  `runs: ${runs} each, in turn; times from spawn in ms, median (min); load ${(await import('node:os')).loadavg()[0].toFixed(1)}`,
);
console.log(
  `bare script: uciok ${fmt(b.uciok)} (${fmt(min(bare, 'uciok'))})  readyok ${fmt(b.readyok)} (${fmt(min(bare, 'readyok'))})`,
);
console.log(
  `tempo:       uciok ${fmt(t.uciok)} (${fmt(min(tempo, 'uciok'))})  readyok ${fmt(t.readyok)} (${fmt(min(tempo, 'readyok'))})`,
);
const du = t.uciok - b.uciok,
  dr = t.readyok - b.uciok;
console.log(`tempo uciok - bare uciok   = ${fmt(du)} ms (target <= 20): ${du <= 20 ? 'ok' : 'MISSED'}`);
console.log(`tempo readyok - bare uciok = ${fmt(dr)} ms (target <= 300): ${dr <= 300 ? 'ok' : 'MISSED'}`);
if (OTHER) {
  const o = { uciok: median(other.map((r) => r.uciok)), readyok: median(other.map((r) => r.readyok)) };
  console.log(
    `other (${OTHER}): uciok ${fmt(o.uciok)} (${fmt(min(other, 'uciok'))})  readyok ${fmt(o.readyok)} (${fmt(min(other, 'readyok'))})`,
  );
  console.log(
    `other uciok - bare uciok   = ${fmt(o.uciok - b.uciok)} ms; other readyok - bare uciok = ${fmt(o.readyok - b.uciok)} ms`,
  );
}
