import { defineConfig } from 'tsup';

/** The match CLI as one file; the shared tools package is bundled from source. */
export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['esm'],
  clean: true,
  splitting: true,
  target: 'node20',
  platform: 'node',
  noExternal: [/^@tempo-chess\//],
  banner: { js: '#!/usr/bin/env node' },
});
