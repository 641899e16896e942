// A stress run of the transposition table under real threads, outside the test suite
// (its counts depend on how the OS schedules the threads; src/tt.interleave.test.ts
// proves the same property for every interleaving without threads):
//   node packages/search/bench/tt-stress.mjs [seconds a table] [threads]
// Three (by default) worker threads store and probe 24 keys in one 2-bucket table, so
// that slots change hands all the time, first on the verified table and then on the
// double without the check word (src/tt.hammer.ts), and print what they saw. Exits 1
// if the verified table handed out a torn entry; the double's count is information
// (on a busy machine it may see none in a short run).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));
const seconds = Number(process.argv[2] ?? 3),
  threads = Number(process.argv[3] ?? 3);
if (!(seconds > 0) || !Number.isInteger(threads) || threads < 1) {
  console.error('usage: node packages/search/bench/tt-stress.mjs [seconds > 0] [threads >= 1]');
  process.exit(2);
}
const fromTsup = createRequire(createRequire(root + 'package.json').resolve('tsup'));
const esbuild = fromTsup('esbuild');
const bundle = here + 'dist/tt-hammer.cjs';
esbuild.buildSync({
  entryPoints: [here + '../src/tt.hammer.ts'],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outfile: bundle,
  define: { __DEBUG__: 'false' },
  logLevel: 'warning',
});

const { CTL_WORDS, CTL_READY, CTL_GO, CTL_STOP } = createRequire(import.meta.url)(bundle);
const WORKER = `
const { workerData: w, parentPort } = require('node:worker_threads');
const h = require(w.bundle);
parentPort.postMessage(h.hammer(h.tableOver(w.kind, w.buffer), new Int32Array(w.ctl), w.thread, 24, w.seed));
`;

async function run(kind) {
  const buffer = new SharedArrayBuffer(2 * 64),
    ctlBuffer = new SharedArrayBuffer(CTL_WORDS * 4),
    ctl = new Int32Array(ctlBuffer);
  const results = [];
  for (let t = 0; t < threads; t++) {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { bundle, kind, buffer, ctl: ctlBuffer, thread: t, seed: 0x9e37 * (t + 1) },
    });
    results.push(new Promise((resolve, reject) => (worker.once('message', resolve), worker.once('error', reject))));
  }
  while (Atomics.load(ctl, CTL_READY) < threads) await new Promise((r) => setTimeout(r, 5));
  Atomics.store(ctl, CTL_GO, 1);
  Atomics.notify(ctl, CTL_GO);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  Atomics.store(ctl, CTL_STOP, 1);
  const all = await Promise.all(results);
  const sum = (f) => all.reduce((s, r) => s + f(r), 0);
  return { ops: sum((r) => r.ops), hits: sum((r) => r.hits), torn: sum((r) => r.torn) };
}

const verified = await run('new');
console.log(`verified table: ${JSON.stringify(verified)}`);
const legacy = await run('legacy');
console.log(`double without the check word: ${JSON.stringify(legacy)}`);
if (verified.torn !== 0) {
  console.error(`tt-stress: the verified table handed out ${verified.torn} torn entries`);
  process.exit(1);
}
