/**
 * OpenBench's build contract, run as its client runs it: `make EXE=<path>` at the
 * repository root writes an executable Node script at <path>, and `<path> bench`
 * prints, within OpenBench's 60 s, a node count and a speed that its client can read,
 * the node count being the signature of `node apps/uci/dist/tempo.js bench`; and with
 * `EVALFILE=<net>`, as OpenBench passes a network, an engine whose default net is that file.
 * Needs make: skipped with a message where it is missing, failed under CI=true.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeNet, fnv1a, NET_HEADER_BYTES, randomNet } from '@tempo-chess/nnue';
import { ENGINE } from './engine-process';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const hasMake = spawnSync('make', ['--version']).status === 0;
if (!hasMake && process.env.CI === 'true')
  throw new Error('make is missing: .ci/run installs it (apt-get install make)');
if (!hasMake) console.warn('openbench.test.ts: skipped, make is not installed (apt-get install make)');

/**
 * What OpenBench's client reads from a bench's output (Client/bench.py): lines from the
 * last up, non-alphanumerics turned to spaces, the first `nodes N`-like and `N nps`-like
 * matches win.
 */
function openBenchParse(output: string): { bench: number | null; nps: number | null } {
  let bench: string | null = null;
  let nps: string | null = null;
  for (const raw of output.trim().split('\n').reverse()) {
    const line = raw.replace(/[^a-zA-Z0-9 ]+/g, ' ');
    const n = /(\d+\s+nps)|(nps\s+\d+)|(nodes second\s+\d+)/i.exec(line);
    const b = /(\d+\s+nodes)|(nodes\s+\d+)|(nodes searched\s+\d+)/i.exec(line);
    if (n && nps === null) nps = n[0];
    if (b && bench === null) bench = b[0];
  }
  const int = (s: string | null) => (s === null ? null : Number(/\d+/.exec(s)![0]));
  return { bench: int(bench), nps: int(nps) };
}

describe.skipIf(!hasMake)('make EXE=<path> (OpenBench)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tempo-openbench-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("builds an executable engine at EXE whose bench OpenBench reads as the dist build's signature", () => {
    const exe = join(dir, 'Tempo-openbench');
    const made = spawnSync('make', [`EXE=${exe}`], { cwd: ROOT, encoding: 'utf8' });
    expect(made.status, made.stderr + made.stdout).toBe(0);
    accessSync(exe, constants.X_OK);
    expect(readFileSync(exe, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);

    // As OpenBench runs it: `./<binary> bench` from the folder it sits in.
    const ob = spawnSync(`./Tempo-openbench`, ['bench'], { cwd: dir, encoding: 'utf8' });
    expect(ob.status, ob.stderr).toBe(0);
    const read = openBenchParse(ob.stdout);
    // Within OpenBench's 60 s on a core of its own: counted in CPU time (the bench's
    // nodes over its nodes a CPU second), which a busy machine does not stretch as it
    // does the wall clock.
    const cpuNps = Number(/^Nodes\/CPU second: (\d+)$/m.exec(ob.stdout)?.[1]);
    expect(cpuNps).toBeGreaterThan(0);
    expect(read.bench! / cpuNps).toBeLessThan(60);

    const dist = spawnSync(process.execPath, [ENGINE, 'bench'], { encoding: 'utf8' });
    const signature = Number(/^Nodes searched: (\d+)$/m.exec(dist.stdout)?.[1]);
    expect(signature).toBeGreaterThan(0);
    expect(read.bench).toBe(signature);
    expect(read.nps).toBe(Number(/^Nodes\/second: (\d+)$/m.exec(ob.stdout)?.[1]));
    expect(read.nps).toBeGreaterThan(0);
  });

  test('EVALFILE=<net> builds the engine with that net as its default; a broken net fails the build in one line', () => {
    // A net no build has seen: its own name (tempo-<weights hash>.nnue) becomes EvalFile's default.
    const bytes = encodeNet(randomNet(32, 2, 2311));
    const net = join(dir, 'ob-net.nnue');
    writeFileSync(net, bytes);
    const name = `tempo-${fnv1a(bytes, NET_HEADER_BYTES).toString(16).padStart(8, '0')}.nnue`;
    const exe = join(dir, 'Tempo-evalfile');
    const made = spawnSync('make', [`EXE=${exe}`, `EVALFILE=${net}`], { cwd: ROOT, encoding: 'utf8' });
    expect(made.status, made.stderr + made.stdout).toBe(0);

    const uci = spawnSync(exe, [], { input: 'uci\nquit\n', encoding: 'utf8' });
    expect(uci.stdout).toContain(`option name EvalFile type string default ${name}\n`);
    // Its default net searches as the dist build searches with that file loaded through EvalFile.
    const nodes = (out: string) => Number(/^Nodes searched: (\d+)$/m.exec(out)?.[1]);
    const own = spawnSync(exe, [], { input: 'setoption name Use NNUE value true\nbench\nquit\n', encoding: 'utf8' });
    const loaded = spawnSync(process.execPath, [ENGINE], {
      input: `setoption name EvalFile value ${net}\nsetoption name Use NNUE value true\nbench\nquit\n`,
      encoding: 'utf8',
    });
    expect(loaded.stdout).not.toContain('error');
    expect(nodes(own.stdout)).toBeGreaterThan(0);
    expect(nodes(own.stdout)).toBe(nodes(loaded.stdout));

    const broken = join(dir, 'broken.nnue');
    writeFileSync(broken, bytes.subarray(0, 1000));
    const failed = spawnSync('make', [`EXE=${join(dir, 'Tempo-broken')}`, `EVALFILE=${broken}`], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(failed.status).not.toBe(0);
    expect(failed.stderr + failed.stdout).toContain(`EVALFILE ${broken}: net file: 1000 bytes`);
  });
});
