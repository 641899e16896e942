import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import ts from 'typescript';
import { afterAll, describe, expect, test } from 'vitest';
import { CTL_GO, CTL_READY, CTL_STOP, CTL_TORN, CTL_WORDS, type HammerResult } from './tt.hammer';

/**
 * Worker threads cannot load TypeScript, so the table, its constants and the
 * hammer loop are transpiled (types stripped, nothing else) into a temporary folder
 * that each worker requires.
 */
const dir = mkdtempSync(join(tmpdir(), 'tempo-tt-'));
for (const f of ['constants', 'tt', 'tt.hammer']) {
  const src = readFileSync(new URL(`./${f}.ts`, import.meta.url), 'utf8');
  const out = ts.transpileModule(src, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  writeFileSync(join(dir, `${f}.js`), out.outputText);
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WORKER = `
globalThis.__DEBUG__ = true; // as in the tests' own thread (vitest defines it)
const { workerData: w, parentPort } = require('node:worker_threads');
const h = require(w.dir + '/tt.hammer.js');
parentPort.postMessage(h.hammer(h.tableOver(w.kind, w.buffer), new Int32Array(w.ctl), w.thread, w.keys, w.seed));
`;

const THREADS = 3,
  BUCKETS = 2,
  KEYS = 24;

interface Run {
  torn: number;
  ops: number;
  hits: number;
  ms: number;
}

/**
 * THREADS workers store and probe KEYS keys in a BUCKETS-bucket table (12 keys for
 * five entries a bucket, so slots change hands all the time), for `ms` at most, or
 * until `stopAtTorn` torn hits were seen.
 */
async function hammerShared(kind: 'new' | 'legacy', ms: number, stopAtTorn: number): Promise<Run> {
  const buffer = new SharedArrayBuffer(BUCKETS * 64);
  const ctlBuffer = new SharedArrayBuffer(CTL_WORDS * 4),
    ctl = new Int32Array(ctlBuffer);
  const results: Promise<HammerResult>[] = [];
  for (let t = 0; t < THREADS; t++) {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { dir, kind, buffer, ctl: ctlBuffer, thread: t, keys: KEYS, seed: 0x9e37 * (t + 1) },
    });
    results.push(
      new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
    );
  }
  while (Atomics.load(ctl, CTL_READY) < THREADS) await new Promise((r) => setTimeout(r, 5));
  const t0 = performance.now();
  Atomics.store(ctl, CTL_GO, 1);
  Atomics.notify(ctl, CTL_GO);
  while (performance.now() - t0 < ms && Atomics.load(ctl, CTL_TORN) < stopAtTorn)
    await new Promise((r) => setTimeout(r, 20));
  Atomics.store(ctl, CTL_STOP, 1);
  const all = await Promise.all(results);
  const sum = (f: (r: HammerResult) => number) => all.reduce((s, r) => s + f(r), 0);
  return {
    torn: sum((r) => r.torn),
    ops: sum((r) => r.ops),
    hits: sum((r) => r.hits),
    ms: Math.round(performance.now() - t0),
  };
}

describe('transposition table under threads', () => {
  test('a table without the check word (the double) gives torn entries', async () => {
    const r = await hammerShared('legacy', 8000, 20);
    expect(r.torn, JSON.stringify(r)).toBeGreaterThanOrEqual(20);
  });

  test('the verified table never gives a torn entry', async () => {
    const r = await hammerShared('new', 3000, 1);
    expect(r.hits, JSON.stringify(r)).toBeGreaterThan(100_000);
    expect(r.torn, JSON.stringify(r)).toBe(0);
  });
});
