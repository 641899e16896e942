// Bundles bench.ts as a release build (__DEBUG__ false, syntax minified, as tsup
// builds the packages) with the repository's esbuild binary and runs it:
//   node packages/search/bench/run.mjs [depth] [Option=value ...]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));
const alias = ['bitboard', 'position', 'movegen', 'eval'].map((p) => `--alias:@tempo/${p}=${root}packages/${p}/src/index.ts`);
const b = spawnSync(
  root + 'node_modules/.bin/esbuild',
  [here + 'bench.ts', '--bundle', '--format=esm', '--platform=node', '--target=node20', `--outfile=${here}dist/bench.mjs`,
    '--define:__DEBUG__=false', '--minify-syntax', '--log-level=warning', ...alias],
  { stdio: 'inherit' },
);
if (b.status !== 0) process.exit(b.status ?? 1);
const r = spawnSync(process.execPath, [here + 'dist/bench.mjs', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
