// Bundles bench.ts as a release build (__DEBUG__ false, syntax minified, as tsup
// builds the packages) with esbuild (the one tsup runs, found from the repository's
// root, so no install layout is assumed) and runs it:
//   node packages/search/bench/run.mjs [depth] [Option=value ...]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));
const fromTsup = createRequire(createRequire(root + 'package.json').resolve('tsup'));
const esbuild = fromTsup('esbuild');
esbuild.buildSync({
  entryPoints: [here + 'bench.ts'],
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outfile: here + 'dist/bench.mjs',
  define: { __DEBUG__: 'false' },
  minifySyntax: true,
  logLevel: 'warning',
  alias: Object.fromEntries(
    ['bitboard', 'position', 'movegen', 'eval'].map((p) => [`@tempo-chess/${p}`, `${root}packages/${p}/src/index.ts`]),
  ),
});
const r = spawnSync(process.execPath, [here + 'dist/bench.mjs', ...process.argv.slice(2)], { stdio: 'inherit' });
if (r.error) {
  console.error(`run.mjs: ${r.error.message}`);
  process.exit(1);
}
process.exit(r.status ?? 1);
