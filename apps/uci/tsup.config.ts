import { defineConfig } from 'tsup';

/**
 * The engine as one self-contained file, dist/tempo.js: the Tempo packages are
 * bundled from source with `__DEBUG__` false. The same file is the search worker's
 * script (it switches on `isMainThread`), so there is no splitting.
 */
export default defineConfig({
  entry: { tempo: 'src/main.ts' },
  format: ['esm'],
  clean: true,
  splitting: false,
  target: 'node20',
  platform: 'node',
  define: { __DEBUG__: 'false' },
  minifySyntax: true,
  noExternal: [/^@tempo\//],
  banner: { js: '#!/usr/bin/env node' },
});
