import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (pkg: string, dir = 'packages') => fileURLToPath(new URL(`./${dir}/${pkg}/src/index.ts`, import.meta.url));

/**
 * One vitest run over every package. Tests import the other packages' sources (not
 * their dist) and run with `__DEBUG__` true, so every doMove/undoMove is checked
 * against its from-scratch twin.
 */
export default defineConfig({
  define: { __DEBUG__: 'true' },
  resolve: {
    alias: {
      '@tempo-chess/bitboard': src('bitboard'),
      '@tempo-chess/position': src('position'),
      '@tempo-chess/movegen/test-support': fileURLToPath(
        new URL('./packages/movegen/src/test-support.ts', import.meta.url),
      ),
      '@tempo-chess/movegen': src('movegen'),
      '@tempo-chess/eval': src('eval'),
      '@tempo-chess/search/v8-flags': fileURLToPath(new URL('./packages/search/node/v8-flags.ts', import.meta.url)),
      '@tempo-chess/search': src('search'),
      // Before @tempo-chess/nnue, whose alias would otherwise take the subpath too.
      '@tempo-chess/nnue/default-net': fileURLToPath(new URL('./packages/nnue/src/default-net.ts', import.meta.url)),
      '@tempo-chess/nnue': src('nnue'),
      '@tempo-chess/uci': src('uci'),
      '@tempo-chess/toolkit': src('toolkit', 'tools'),
    },
  },
  test: {
    include: ['{packages,apps,tools}/*/src/**/*.test.ts', '{packages,apps,tools}/*/test/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    // One test file per core: the slow files spend their time in child processes, not in
    // vitest's own, so vitest's default (a core left free) would leave a core idle.
    maxWorkers: availableParallelism(),
    reporters: ['default', './tools/vitest-summary-reporter.ts'],
  },
});
