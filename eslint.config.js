// ESLint: a small rule set on top of `tsc` (which already checks types, unused locals and
// type-only imports through verbatimModuleSyntax). Type-aware rules run on the files each
// package's tsconfig files include; scripts and configs outside them get the plain rules.
import tseslint from 'typescript-eslint';

const typed = ['{packages,apps,tools}/*/{src,test,bench}/**/*.ts'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-*/**',
      '**/node_modules/**',
      '.turbo/**',
      'docs/api/**', // pnpm docs' output (git-ignored)
      // Generated: their generators own the layout.
      'packages/nnue/src/default-net.ts',
      'packages/nnue/src/default-net-name.ts',
      'packages/nnue/src/simd-bytes.ts',
      'packages/bitboard/src/magics-data.ts',
      'packages/eval/src/kpk-data.ts',
    ],
  },
  {
    files: ['**/*.{ts,mts,mjs,js}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.{ts,mts}'],
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    files: typed,
    languageOptions: {
      parserOptions: {
        project: [
          './packages/*/tsconfig.json',
          './packages/*/tsconfig.test.json',
          './apps/*/tsconfig.json',
          './apps/*/tsconfig.test.json',
          './apps/*/tsconfig.browser.json',
          './tools/*/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // The engine's functions stay short enough to read at once; the few longer ones
    // say why beside an eslint-disable comment (docs/CONVENTIONS.md, rule 10).
    files: ['packages/*/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-support.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
);
