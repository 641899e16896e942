import { defineConfig } from 'tsup';
// A build script, not the engine: the search's facts the loop needs before the
// engine loads (`__SEARCH_PARAMS__`, `__SEARCH_SIGNALS__`), read by @tempo/uci's helper.
import { searchFacts } from '../../packages/uci/build/search-facts';


/**
 * The engine as one self-contained file, dist/tempo.js: the Tempo packages are
 * bundled from source with `__DEBUG__` false. The same file is the search worker's
 * script (it switches on `isMainThread`), so there is no splitting; the engine's
 * modules are reached only through dynamic imports, which esbuild turns into lazy
 * initializers, so the main thread never builds the tables.
 */
export default defineConfig(async () => ({
  entry: { tempo: 'src/main.ts' },
  format: ['esm'],
  clean: true,
  splitting: false,
  target: 'node20',
  platform: 'node',
  define: { __DEBUG__: 'false', ...(await searchFacts()) },
  minifySyntax: true,
  noExternal: [/^@tempo\//],
  banner: { js: '#!/usr/bin/env node' },
}));
