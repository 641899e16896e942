import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { randomGameLines } from '../test-support';

const bundle = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** Worker threads need the bundled cli.js (its own worker script), built by `pnpm test` before the tests run. */
describe.skipIf(!existsSync(bundle))('release bundle (dist/cli.js): worker threads', () => {
  test.each([[[]], [['--mirror']], [['--mirror', '--qat', '2']]])(
    '--threads 1, 2 and 3 write the same checkpoint and net (%j)',
    (extra: string[]) => {
      const dir = mkdtempSync(join(tmpdir(), 'tempo-nnue-threads-'));
      writeFileSync(join(dir, 'm.txt'), randomGameLines(60, 12, 20).join('\n') + '\n');
      const run = (...args: string[]) =>
        execFileSync(process.execPath, [bundle, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      run('convert', join(dir, 'm.txt'), '--out', join(dir, 'm.tnd'));
      for (const t of ['1', '2', '3']) {
        const out = run(
          'train',
          '--data',
          join(dir, 'm.tnd'),
          '--out',
          join(dir, `t${t}`),
          '--hidden',
          '32',
          '--epochs',
          '3',
          '--batch',
          '300',
          '--lr',
          '0.01',
          '--threads',
          t,
          ...extra,
        );
        expect(out).toMatch(/epoch 3\/3: train/);
      }
      for (const f of ['checkpoint.bin', 'net.nnue']) {
        const one = readFileSync(join(dir, 't1', f));
        expect(readFileSync(join(dir, 't2', f)).equals(one), f).toBe(true);
        expect(readFileSync(join(dir, 't3', f)).equals(one), f).toBe(true);
      }
    },
  );
});
