/**
 * The page's engine worker is bundled by Vite from the packages' sources, so the
 * build's defines decide what the engine prints as `id name`: with
 * `__TEMPO_VERSION__` it is `Tempo <version>`, as the npm package's worker prints,
 * without it plain `Tempo`. The version comes from the packages' manifests, read here
 * apart from the configuration.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import config from '../vite.config';

const manifest = (path: string) =>
  (JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { version: string }).version;

test('the build defines __TEMPO_VERSION__ as the engine package version', () => {
  const version = manifest('../../uci/package.json');
  expect(version).toBe(manifest('../../../packages/uci/package.json'));
  expect((config as { define?: Record<string, string> }).define?.__TEMPO_VERSION__).toBe(JSON.stringify(version));
});
