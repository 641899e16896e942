import { defineConfig } from 'vitest/config';

/**
 * The repository-wide checks in test/, run on their own: `npx vitest run -c test/vitest.config.ts`.
 * The root vitest.config.ts picks them up once its `include` names `test/**\/*.test.ts`.
 */
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], root: '.', pool: 'forks' },
});
