import { defineConfig } from 'tsup';

/**
 * What the main thread must know about the search before the engine is loaded: the
 * `uci` answer lists every SEARCH_PARAMS entry as a spin option, and the stop and
 * ponderhit flags live at fixed indices of the shared signal array. Loading
 * @tempo/search at run time costs the tables of every package below it (~60 ms), so
 * the facts are read here, from the built package, and written into the bundle as
 * constants: they cannot drift from the search they were read from.
 */
async function searchFacts(): Promise<Record<string, string>> {
  const s = await import('@tempo/search');
  const params = s.SEARCH_PARAMS.map((p: { name: string; value: number; min: number; max: number }) => ({
    name: p.name,
    value: p.value,
    min: p.min,
    max: p.max,
  }));
  const signals = { stop: s.SIGNAL_STOP, ponderhit: s.SIGNAL_PONDERHIT, length: s.createSignals().length };
  return { __SEARCH_PARAMS__: JSON.stringify(params), __SEARCH_SIGNALS__: JSON.stringify(signals) };
}

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
