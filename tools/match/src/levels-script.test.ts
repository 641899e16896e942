import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * scripts/levels.sh's table, from tempo-match outputs already in its folder (a finished
 * level is only summarised, so no game is played here): the measured rating is the
 * anchor's label plus the Elo difference, the anchor is 1350 below Stockfish's range.
 */
const script = fileURLToPath(new URL('../scripts/levels.sh', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tempo-levels-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const output = (names: string, wld: string, elo: string) =>
  `Score of ${names}: ${wld}  [0.500] 100\nElo: ${elo}, nElo: 0.00 +/- 0.00\n`;

function levels(...args: string[]) {
  // Any existing file stands for the engine and /bin/true for Stockfish: neither is started.
  return spawnSync('bash', [script, script, dir, ...args], {
    encoding: 'utf8',
    env: { ...process.env, STOCKFISH: '/bin/true' },
  });
}

describe('levels.sh', () => {
  it('rates each level against its anchor and says whether it lands within +/-150', () => {
    writeFileSync(join(dir, '1000.txt'), output('tempo-1000 vs sf-1350', '30 - 60 - 10', '-107.54 +/- 70.10'));
    writeFileSync(join(dir, '1800.txt'), output('tempo-1800 vs sf-1800', '45 - 40 - 15', '17.39 +/- 65.00'));
    writeFileSync(join(dir, '2400.txt'), output('tempo-2400 vs sf-2400', '0 - 100 - 0', '-inf +/- nan'));
    const r = levels('1000:2401', '1800:2403', '2400:2405');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n').slice(2)).toEqual([
      '| 1000 | 1350 | 30-60-10 | -107.54 +/- 70.10 | 1242 | no (+242) |',
      '| 1800 | 1800 | 45-40-15 | 17.39 +/- 65.00 | 1817 | yes |',
      '| 2400 | 2400 | 0-100-0 | -inf +/- nan | - | no (Elo -inf: every game one way) |',
    ]);
  });

  it('refuses a level that is not ELO:SEED and a missing engine, in one line', () => {
    const bad = levels('1800-2403');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe("levels: '1800-2403' is not ELO:SEED\n");
    const none = spawnSync('bash', [script, join(dir, 'no-engine.js')], { encoding: 'utf8' });
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^levels: no engine at .*no-engine\.js\n$/);
  });
});
