#!/usr/bin/env node
/**
 * Start-up of the browser engine, dist/tempo-worker.js, in Chromium, beside the Node
 * engine's: medians of N starts taken in turn. In the page, the time from `new
 * Worker(url)` to `uciok` and to the first `readyok` (the engine loaded in the nested
 * search worker), against a bare worker script that answers `uci` and `isready` and
 * nothing else (the browser's own cost of starting a worker); in Node, the same two
 * times from spawn for dist/tempo.js and scripts/bare-uci.mjs (scripts/startup.mjs).
 * Figures only; no target. The page is served cross-origin isolated (the worker then
 * has shared memory, as `pnpm web` serves it) unless --no-isolation; --module starts
 * the workers as module workers.
 *
 *   node apps/uci/scripts/browser-startup.mjs [runs=15] [--no-isolation] [--module]   (after pnpm build)
 *
 * Needs Chromium at $CHROMIUM_PATH or /usr/bin/chromium.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startEngine, median, fmt } from './lines.mjs';
import { serveStatic } from './static-server.mjs';

const argv = process.argv.slice(2);
let runs = 15,
  isolation = true,
  type = 'classic';
for (const a of argv) {
  if (a === '--no-isolation') isolation = false;
  else if (a === '--module') type = 'module';
  else if (/^\d+$/.test(a) && Number(a) > 0) runs = Number(a);
  else throw new Error(`unknown argument ${a} (expected a number of runs, --no-isolation, --module)`);
}

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const TEMPO = join(dist, 'tempo.js');
const BARE = fileURLToPath(new URL('./bare-uci.mjs', import.meta.url));
const page = mkdtempSync(join(tmpdir(), 'tempo-startup-page-'));
writeFileSync(join(page, 'index.html'), '<!doctype html><meta charset="utf-8"><title>tempo start-up</title>');
// The baseline worker: the least a worker script can do to answer uci and isready (bare-uci.mjs's twin).
writeFileSync(
  join(page, 'bare-worker.js'),
  "onmessage = (e) => { if (e.data === 'uci') { postMessage('id name bare'); postMessage('uciok'); }" +
    " else if (e.data === 'isready') postMessage('readyok'); };\n",
);
const server = await serveStatic({ roots: { '/': page, '/dist/': dist }, isolation });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});

try {
  const tab = await browser.newPage();
  await tab.goto(server.url);
  if (isolation && !(await tab.evaluate(() => crossOriginIsolated)))
    throw new Error('the page is not cross-origin isolated');

  /** One start in the page: ms from `new Worker` to uciok and to readyok; the worker is then terminated. */
  const inPage = (url) =>
    tab.evaluate(
      ([url, type]) =>
        new Promise((resolve, reject) => {
          const t0 = performance.now();
          const w = new Worker(url, { type });
          let uciok = 0;
          w.onerror = (e) => reject(new Error(`worker error: ${e.message}`));
          w.onmessage = (e) => {
            for (const line of String(e.data).split('\n')) {
              if (line === 'uciok') {
                uciok = performance.now() - t0;
                w.postMessage('isready');
              } else if (line === 'readyok') {
                const readyok = performance.now() - t0;
                w.terminate();
                resolve({ uciok, readyok });
              }
            }
          };
          w.postMessage('uci');
        }),
      [url, type],
    );

  /** One start of a Node script: ms from spawn to uciok and to readyok. */
  const inNode = async (script) => {
    const t0 = performance.now();
    const e = startEngine(script);
    const uciok = e.next(/^uciok$/);
    e.send('uci');
    const tu = await uciok;
    const readyok = e.next(/^readyok$/);
    e.send('isready');
    const tr = await readyok;
    await e.quit();
    return { uciok: tu - t0, readyok: tr - t0 };
  };

  const subjects = [
    ['browser bare worker', () => inPage('/bare-worker.js')],
    ['browser tempo-worker.js', () => inPage('/dist/tempo-worker.js')],
    ['node bare-uci.mjs', () => inNode(BARE)],
    ['node tempo.js', () => inNode(TEMPO)],
  ];
  for (const [, start] of subjects) await start(); // the files into the caches before timing
  const results = subjects.map(() => []);
  for (let i = 0; i < runs; i++) for (const [k, [, start]] of subjects.entries()) results[k].push(await start());

  console.log(
    `runs: ${runs} each, in turn; ms from new Worker (browser) or spawn (node), median (min); ` +
      `${isolation ? 'isolated' : 'not isolated'}, ${type} workers; load ${loadavg()[0].toFixed(1)}`,
  );
  const med = (rs, key) => median(rs.map((r) => r[key]));
  const min = (rs, key) => Math.min(...rs.map((r) => r[key]));
  for (const [k, [name]] of subjects.entries()) {
    const rs = results[k];
    console.log(
      `${name.padEnd(24)} uciok ${fmt(med(rs, 'uciok'))} (${fmt(min(rs, 'uciok'))})  ` +
        `readyok ${fmt(med(rs, 'readyok'))} (${fmt(min(rs, 'readyok'))})`,
    );
  }
  const [bb, bt, nb, nt] = results;
  console.log(
    `browser: tempo readyok - bare uciok = ${fmt(med(bt, 'readyok') - med(bb, 'uciok'))} ms; ` +
      `node: tempo readyok - bare uciok = ${fmt(med(nt, 'readyok') - med(nb, 'uciok'))} ms`,
  );
} finally {
  await browser.close();
  await server.close();
  rmSync(page, { recursive: true, force: true });
}
