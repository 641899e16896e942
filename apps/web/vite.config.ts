import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const src = (pkg: string, entry = 'index.ts') =>
  fileURLToPath(new URL(`../../packages/${pkg}/src/${entry}`, import.meta.url));

/** The engine's version: @tempo-chess/uci's, which the packages and tempo-chess share (they are released together). */
const version = (
  JSON.parse(readFileSync(new URL('../../packages/uci/package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * The page and its engine worker, bundled from the packages' sources (as the tests
 * run them) with `__DEBUG__` false, so no package needs a build first and the
 * engine's debug checks compile out, and `__TEMPO_VERSION__`, so the engine names
 * itself `Tempo <version>` in `id name` as the npm package's worker does. Relative asset paths (`base: './'`) let the
 * static files be hosted from any folder.
 */
export default defineConfig({
  base: './',
  define: { __DEBUG__: 'false', __TEMPO_VERSION__: JSON.stringify(version) },
  resolve: {
    alias: [
      { find: '@tempo-chess/uci/browser', replacement: src('uci', 'browser/index.ts') },
      { find: '@tempo-chess/nnue/default-net', replacement: src('nnue', 'default-net.ts') },
      ...['bitboard', 'position', 'movegen', 'eval', 'search', 'nnue', 'uci'].map((p) => ({
        find: new RegExp(`^@tempo-chess/${p}$`),
        replacement: src(p),
      })),
    ],
  },
  worker: { format: 'es' },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2048 },
});
