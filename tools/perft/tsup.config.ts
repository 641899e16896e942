import { defineConfig } from 'tsup';

/**
 * Release build: the Tempo packages are bundled from source (noExternal) with
 * `__DEBUG__` false, so the debug checks are compiled out of the timed code.
 */
export default defineConfig({
  entry: { cli: 'src/cli.ts', 'bench-micro': 'src/bench-micro.ts', nps: 'src/nps.ts' },
  format: ['esm'],
  clean: true,
  splitting: true,
  target: 'node20',
  platform: 'node',
  define: { __DEBUG__: 'false' },
  minifySyntax: true,
  noExternal: [/^@tempo-chess\//],
  banner: { js: '#!/usr/bin/env node' },
});
