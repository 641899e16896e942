import { defineConfig } from 'tsup';

/** Node-only ESM library with declarations; its dependencies stay external. */
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'node20',
  platform: 'node',
});
