import { defineConfig, type Options } from 'tsup';
import { libraryConfig } from '../../tsup.library';
import { searchFacts } from './build/search-facts';

/** The library build, with the search's facts written in (see build/search-facts.ts). */
export default defineConfig(async () => {
  const base = libraryConfig as Options;
  return { ...base, define: { ...base.define, ...(await searchFacts()) } };
});
