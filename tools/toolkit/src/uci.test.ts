import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/** The running processes whose command line names `file`. */
function running(file: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(file) && alive(pid);
      } catch {
        return false; // gone meanwhile
      }
    });
}

describe.skipIf(process.platform !== 'linux')('UciEngine.start (reads /proc)', () => {
  it('kills an engine that never says uciok, so the caller is not kept alive by it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tempo-uci-'));
    const script = join(dir, 'silent.cjs');
    // Reads stdin and answers nothing, for ever (a hung engine, or a program that is not one).
    writeFileSync(script, 'process.stdin.resume();');
    await expect(
      UciEngine.start(`${JSON.stringify(process.execPath)} ${JSON.stringify(script)}`, 1500),
    ).rejects.toThrow(/did not answer within 1.5 s$/);
    // Found by its command line, so it makes no difference how far the process got in
    // 1.5 s on a busy machine; a SIGKILLed process is gone within moments, an unkilled
    // one never, so the wait can be long.
    for (let i = 0; i < 300 && running(script).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(running(script)).toEqual([]);
  });
});
