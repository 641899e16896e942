import { defineConfig } from 'tsup';

/**
 * One file, dist/cli.js, with @tempo-chess/nnue inlined from source and `__DEBUG__` false. The
 * trainer's worker threads run this same file (it switches on isMainThread).
 */
export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['esm'],
  clean: true,
  splitting: false,
  target: 'node20',
  platform: 'node',
  define: { __DEBUG__: 'false' },
  minifySyntax: true,
  noExternal: [/^@tempo-chess\//],
  banner: { js: '#!/usr/bin/env node' },
});
