import { defineConfig } from 'tsup';

/** datagen (its own worker script, switched on isMainThread) and tune, each one file with the engine's packages inlined. */
export default defineConfig({
  entry: { datagen: 'src/datagen.ts', tune: 'src/tune.ts' },
  format: ['esm'],
  clean: true,
  splitting: false,
  target: 'node20',
  platform: 'node',
  noExternal: [/^@tempo\//],
  banner: { js: '#!/usr/bin/env node' },
});
