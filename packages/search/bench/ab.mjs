// Same-tree speed A/B of two search-bench bundles (or one bundle under two sets of
// node flags), run at the same time, one on each of two cores, the cores swapped from
// one pair to the next:
//   node packages/search/bench/ab.mjs A.mjs B.mjs [pairs] [ms]
// A and B are bundles built by run.mjs and copied beside it in dist/ (they read the
// positions from there): build at one commit, `cp dist/bench.mjs dist/a.mjs`, build at
// the other, `cp dist/bench.mjs dist/b.mjs`. Each pair runs `npsall <ms> 1` (six
// positions, nodes a CPU second each) in both bundles at once; a pair's ratio is the
// geometric mean of B/A over positions 2-6 (the first carries the JIT's warm-up).
// Prints each pair's ratio and the geometric mean of all, which cancels what one core
// is slower than the other when pairs is even.
//
// Why at once: on this shared machine the speed of one build wanders by up to a third
// between consecutive runs, and two runs side by side wander together. The cores
// still differ by a few per cent, hence the swap. AB_FLAGS_A / AB_FLAGS_B add node
// flags to each side (space-separated; the bundles set the UCI engine's own V8 flags
// themselves, see bench.ts); NNUE=1 is set for both.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('./dist/', import.meta.url));
const [a, b] = process.argv.slice(2, 4);
const pairs = Number(process.argv[4] ?? 16),
  ms = Number(process.argv[5] ?? 1500);
const usage =
  'usage: node packages/search/bench/ab.mjs A.mjs B.mjs [pairs] [ms] (bundles in packages/search/bench/dist/)';
if (a === undefined || b === undefined) {
  console.error(usage);
  process.exit(2);
}
for (const f of [a, b]) {
  if (!existsSync(dist + f)) {
    console.error(`ab: no bundle ${dist + f}\n${usage}`);
    process.exit(2);
  }
}
if (!(Number.isInteger(pairs) && pairs > 0 && ms > 0)) {
  console.error(`ab: pairs must be a positive integer and ms positive\n${usage}`);
  process.exit(2);
}
if (availableParallelism() < 2) {
  console.error('ab: needs two cores (the builds run at once, one on each)');
  process.exit(2);
}
const flags = (v) => (v ?? '').split(/\s+/).filter((f) => f !== '');
const flagsA = flags(process.env.AB_FLAGS_A),
  flagsB = flags(process.env.AB_FLAGS_B);

/** Runs one bundle pinned to `core`; resolves to its nodes a CPU second per position. */
function run(bundle, nodeFlags, core) {
  return new Promise((resolve, reject) => {
    const p = spawn(
      'taskset',
      ['-c', String(core), process.execPath, ...nodeFlags, dist + bundle, 'npsall', String(ms), '1'],
      {
        env: { ...process.env, NNUE: '1' },
      },
    );
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => process.stderr.write(d));
    p.on('error', (e) => reject(new Error(`ab: cannot start taskset (${e.message}); install util-linux`)));
    p.on('close', (code) => {
      const line = /nodes per CPU second: ([\d ]+);/.exec(out);
      if (code !== 0 || line === null) reject(new Error(`ab: ${bundle} exited with ${code}:\n${out}`));
      else resolve(line[1].trim().split(/\s+/).map(Number));
    });
  });
}

let sum = 0;
for (let i = 1; i <= pairs; i++) {
  const coreA = i % 2,
    coreB = 1 - coreA;
  const [ra, rb] = await Promise.all([run(a, flagsA, coreA), run(b, flagsB, coreB)]);
  let g = 0;
  for (let k = 1; k < ra.length; k++) g += Math.log(rb[k] / ra[k]);
  g /= ra.length - 1;
  sum += g;
  console.log(`pair ${i} (A on core ${coreA}): B/A ${Math.exp(g).toFixed(4)}`);
}
console.log(`B/A over ${pairs} pairs (geometric mean): ${Math.exp(sum / pairs).toFixed(4)}`);
