import { defineConfig } from 'tsup';

/**
 * datagen (its own worker script, switched on isMainThread) and tune, each one file with
 * the engine's packages inlined from source, `__DEBUG__` false so the debug checks are
 * compiled out.
 */
export default defineConfig({
  entry: { datagen: 'src/datagen.ts', tune: 'src/tune.ts' },
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
