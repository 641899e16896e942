import { defineConfig, type Options } from 'tsup';
import { libraryConfig } from '../../tsup.library';
import { searchFacts } from './build/search-facts.mjs';

/**
 * The library build, with the search's facts written in (see build/search-facts.mjs):
 * the loop and engine (`.`) and the browser entry (`./browser`: the typed client, the
 * Web Worker engine).
 */
export default defineConfig(async () => {
  const base = libraryConfig as Options;
  return {
    ...base,
    entry: { index: 'src/index.ts', browser: 'src/browser/index.ts' },
    define: { ...base.define, ...(await searchFacts()) },
  };
});
