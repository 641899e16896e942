import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UciEngine } from './uci';

/** True while the process runs (a zombie, dead but not yet reaped by its parent, is not). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe.skipIf(process.platform !== 'linux')('UciEngine.start (reads /proc)', () => {
  it('kills an engine that never says uciok, so the caller is not kept alive by it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tempo-uci-'));
    const script = join(dir, 'silent.cjs');
    const pidFile = join(dir, 'pid');
    // Reads stdin and answers nothing, for ever (a hung engine, or a program that is not one).
    writeFileSync(
      script,
      `require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); process.stdin.resume();`,
    );
    await expect(
      UciEngine.start(`${JSON.stringify(process.execPath)} ${JSON.stringify(script)}`, 1500),
    ).rejects.toThrow(/did not answer within 1.5 s$/);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20));
    expect(alive(pid)).toBe(false);
  });
});
