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
      '@tempo/bitboard': src('bitboard'),
      '@tempo/position': src('position'),
      '@tempo/movegen': src('movegen'),
      '@tempo/eval': src('eval'),
      '@tempo/search': src('search'),
      // Before @tempo/nnue, whose alias would otherwise take the subpath too.
      '@tempo/nnue/default-net': fileURLToPath(new URL('./packages/nnue/src/default-net.ts', import.meta.url)),
      '@tempo/nnue': src('nnue'),
      '@tempo/uci': src('uci'),
      '@tempo/toolkit': src('toolkit', 'tools'),
    },
  },
  test: {
    include: ['{packages,apps,tools}/*/src/**/*.test.ts', '{packages,apps,tools}/*/test/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    reporters: ['default', './tools/vitest-summary-reporter.ts'],
  },
});
