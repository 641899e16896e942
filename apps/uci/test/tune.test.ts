/**
 * The tuning build (`make EXE=<path> TUNE=1`): the same engine as the normal build, with
 * the search's tunables and the hand-crafted evaluation's weights as UCI options and
 * OpenBench's SPSA inputs. Its bench signature is the normal build's; its `uci` lists
 * every option of the normal build and then the tuning ones; `spsa-inputs` (from the
 * shell and in the UCI loop) prints one OpenBench line for each numeric tunable.
 * Needs make: skipped with a message where it is missing, failed under CI=true.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { paramsToJson, presetParams } from '@tempo-chess/eval';
import { SEARCH_PARAMS } from '@tempo-chess/search';
import { USE_NNUE_DEFAULT } from '@tempo-chess/uci';
import { ENGINE, EngineProcess, engineBuilt } from './engine-process';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const hasMake = spawnSync('make', ['--version']).status === 0;
if (!hasMake && process.env.CI === 'true')
  throw new Error('make is missing: .ci/run installs it (apt-get install make)');
if (!hasMake) console.warn('tune.test.ts: skipped, make is not installed (apt-get install make)');

const signature = (out: string) => Number(/^Nodes searched: (\d+)$/m.exec(out)?.[1]);

describe.skipIf(!hasMake || !engineBuilt())('the tuning build (make TUNE=1)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tempo-tune-'));
  const exe = join(dir, 'tempo-tune');
  let e: EngineProcess;
  beforeAll(async () => {
    const made = spawnSync('make', [`EXE=${exe}`, 'TUNE=1'], { cwd: ROOT, encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`make TUNE=1 failed:\n${made.stderr}${made.stdout}`);
    e = new EngineProcess([], exe);
    await e.request('uci', /^uciok$/);
    await e.sync();
  });
  afterAll(async () => {
    await e?.quit();
    rmSync(dir, { recursive: true, force: true });
  });

  test("bench: the normal build's signature", () => {
    const tune = spawnSync(process.execPath, [exe, 'bench'], { encoding: 'utf8' });
    const normal = spawnSync(process.execPath, [ENGINE, 'bench'], { encoding: 'utf8' });
    expect(tune.status, tune.stderr).toBe(0);
    expect(signature(normal.stdout)).toBeGreaterThan(0);
    expect(signature(tune.stdout)).toBe(signature(normal.stdout));
  });

  test("uci: the normal build's options, then EvalPreset, EvalParams and every search parameter", async () => {
    const tune = await e.request('uci', /^uciok$/);
    const normal = spawnSync(process.execPath, [ENGINE], { input: 'uci\n', encoding: 'utf8' })
      .stdout.trim()
      .split('\n');
    const common = normal.length - 1; // all but uciok
    expect(tune.slice(0, common)).toEqual(normal.slice(0, common));
    expect(tune.slice(common)).toEqual([
      'option name EvalPreset type combo default default var default var handset var pesto-only',
      'option name EvalParams type string default default',
      ...SEARCH_PARAMS.map((p) => `option name ${p.name} type spin default ${p.value} min ${p.min} max ${p.max}`),
      'uciok',
    ]);
  });

  test('spsa-inputs: one OpenBench line per numeric tunable, from the shell and the UCI loop alike', async () => {
    const numeric = SEARCH_PARAMS.filter((p) => p.step !== undefined);
    // Every numeric tunable has a step; a switch (0/1) has none.
    for (const p of SEARCH_PARAMS) expect(p.step === undefined, p.name).toBe(p.min === 0 && p.max <= 2 && p.value <= 1);
    const shell = spawnSync(process.execPath, [exe, 'spsa-inputs'], { encoding: 'utf8' });
    expect(shell.status, shell.stderr).toBe(0);
    const lines = shell.stdout.trim().split('\n');
    expect(lines).toHaveLength(numeric.length);
    for (const [i, p] of numeric.entries()) {
      const f = lines[i].split(', ');
      expect(f, lines[i]).toEqual([
        p.name,
        'int',
        String(p.value),
        String(p.min),
        String(p.max),
        String(p.step),
        '0.002',
      ]);
      expect(p.step! > 0 && p.step! <= (p.max - p.min) / 4, p.name).toBe(true);
    }
    const loop = await e.request('spsa-inputs', new RegExp(`^${numeric.at(-1)!.name}, int, `));
    expect(loop.slice(-lines.length)).toEqual(lines);
    const normal = spawnSync(process.execPath, [ENGINE, 'spsa-inputs'], { encoding: 'utf8' });
    expect(normal.status).toBe(2);
    expect(normal.stderr.trim()).toBe('spsa-inputs: only the tuning build has tunables (make TUNE=1)');
  });

  test('a tunable set through setoption changes the search; a bad value is refused in one line', async () => {
    const nodes = async () => {
      e.send('ucinewgame');
      e.send('position fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8');
      const lines = await e.request('go depth 8', /^bestmove /);
      return Number(/ nodes (\d+) /.exec(lines.filter((l) => / nodes /.test(l)).at(-1)!)![1]);
    };
    const base = await nodes();
    expect(await nodes()).toBe(base);
    e.send('setoption name NullMove value 0');
    expect(await nodes()).not.toBe(base);
    e.send('setoption name NullMove value 1');
    expect(await nodes()).toBe(base);
    const from = e.lines.length;
    e.send('setoption name EvalPreset value fancy');
    e.send('setoption name EvalParams value /nonexistent/params.json');
    await e.sync();
    const out = e.lines.slice(from, -1);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^info string error: setoption: EvalPreset takes one of default, handset, pesto-only/);
    expect(out[1]).toMatch(/^info string error: .*eval parameter file "\/nonexistent\/params.json"/);
  });

  test('with Use NNUE false, EvalPreset and EvalParams (a preset or a JSON file) choose the weights `eval` uses', async () => {
    e.send('setoption name Use NNUE value true');
    e.send('position fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8');
    const final = async () => (await e.request('eval', /^Final evaluation/)).at(-1);
    const withNet = await final();
    e.send('setoption name Use NNUE value false');
    const full = await final();
    expect(full).not.toBe(withNet);
    e.send('setoption name EvalPreset value pesto-only');
    const pesto = await final();
    expect(pesto).not.toBe(full);
    const file = join(mkdtempSync(join(tmpdir(), 'tempo-')), 'pesto.json');
    writeFileSync(file, paramsToJson(presetParams('pesto-only')));
    e.send('setoption name EvalPreset value default');
    expect(await final()).toBe(full);
    e.send(`setoption name EvalParams value ${file}`);
    expect(await final()).toBe(pesto);
    e.send('setoption name EvalParams value default');
    expect(await final()).toBe(full);
    e.send('setoption name Use NNUE value true');
    expect(await final()).toBe(withNet);
    e.send(`setoption name Use NNUE value ${USE_NNUE_DEFAULT}`);
  });
});
