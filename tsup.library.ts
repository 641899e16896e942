import { defineConfig } from 'tsup';

/**
 * The release build of every engine package: ESM with declarations, `__DEBUG__`
 * defined false and syntax minification, so `if (__DEBUG__) ...` disappears.
 */
export const libraryConfig = defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'node20',
  define: { __DEBUG__: 'false' },
  minifySyntax: true,
});
