import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectIo, fakeUciCommand } from '@tempo-chess/toolkit';
import { SEARCH_PARAMS } from '@tempo-chess/search';
import { main } from './cli';
import { perturb } from './spsa';
import { DEFAULT_PARAMS_FILE, readState } from './spsa-command';
import { MAX_SPSA_PARAMS, readSpsaParams, spsaReport } from './spsa-params';

const dir = mkdtempSync(join(tmpdir(), 'tempo-spsa-'));
// Eleven openings: the train part is the nine whose index (0 .. 10) is not a multiple of 10.
const EPD = join(dir, 'openings.epd');
writeFileSync(
  EPD,
  Array.from({ length: 11 }, (_, i) =>
    i % 2 === 0
      ? 'rnbqk1nr/ppppp1bp/6p1/5p2/2BP4/4P3/PPP2PPP/RNBQK1NR w KQkq - 0 4'
      : 'r1bqkbnr/pp1p1ppp/2n1p3/1Bp5/P3P3/8/1PPP1PPP/RNBQK1NR w KQkq - 0 4',
  ).join('\n') + '\n',
);
const PARAMS = join(dir, 'two.json');
writeFileSync(
  PARAMS,
  JSON.stringify({
    params: [
      { name: 'RfpMargin', cEnd: 10, rEnd: 0.002 },
      { name: 'FutBase', cEnd: 20, rEnd: 0.002 },
    ],
  }),
);

async function run(...argv: string[]) {
  const io = collectIo();
  const code = await main(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

function paramsFile(name: string, params: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify({ params }));
  return path;
}

const entry = (name: string, extra = {}) => ({ name, cEnd: 10, rEnd: 0.002, ...extra });

describe('bad input: one line, exit 2', () => {
  const many = SEARCH_PARAMS.filter((p) => p.step !== undefined)
    .slice(0, MAX_SPSA_PARAMS + 1)
    .map((p) => entry(p.name, { cEnd: p.step }));
  it.each([
    ['unknown', [entry('RfpMargn')], /: unknown parameter "RfpMargn" \(not in SEARCH_PARAMS\)$/],
    ['out of range', [entry('RfpMargin', { start: 250 })], /"RfpMargin" start 250 is outside its range \[20, 200\]$/],
    [
      'a wider range',
      [entry('RfpMargin', { max: 400 })],
      /"RfpMargin" range \[20, 400\] is not within its range \[20, 200\]$/,
    ],
    ['a switch', [entry('NullMove')], /"NullMove" is a switch \(0\/1\), not a numeric tunable$/],
    ['twice', [entry('RfpMargin'), entry('RfpMargin')], /"RfpMargin" is listed twice$/],
    ['too many', many, /: 16 parameters; a run tunes 1 to 15$/],
    ['no cEnd', [{ name: 'RfpMargin', rEnd: 0.002 }], /"RfpMargin" cEnd must be a number above 0/],
  ])('%s', async (name, params, message) => {
    const r = await run('spsa', '--state', join(dir, `${name}.json`), '--params', paramsFile(`${name}.p.json`, params));
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/^tempo-match: /);
    expect(r.err[0]).toMatch(message);
    expect(existsSync(join(dir, `${name}.json`))).toBe(false);
  });

  it('a missing tuning build', async () => {
    const state = join(dir, 'nobuild.json');
    // Openings of its own, so that the test needs nothing beside the repository.
    const common = ['spsa', '--state', state, '--openings', EPD];
    const gone = await run(...common, '--engine', 'node /nonexistent/dist-tune/tempo.js');
    expect(gone.code).toBe(2);
    expect(gone.err).toEqual([
      'tempo-match: spsa: the engine /nonexistent/dist-tune/tempo.js does not exist; build the tuning build: make EXE=<path> TUNE=1, or TEMPO_TUNE=1 in apps/uci (dist-tune/tempo.js)',
    ]);
    // An engine that starts but does not declare the tunables (the normal build, here the fake engine).
    const normal = await run(...common, '--params', PARAMS, '--engine', fakeUciCommand());
    expect(normal.code).toBe(2);
    expect(normal.err).toHaveLength(1);
    expect(normal.err[0]).toMatch(
      /does not declare RfpMargin, FutBase: it is not the tuning build; build the tuning build/,
    );
    expect(existsSync(state)).toBe(false);
  });

  it('other usage mistakes', async () => {
    expect((await run('spsa')).err).toEqual(['tempo-match: spsa: --state FILE is required (the run is kept there)']);
    const both = await run('spsa', '--state', join(dir, 'b.json'), '--tc', '1+0.01', '--nodes', '5');
    expect(both.err).toEqual(['tempo-match: spsa: give --tc or --nodes, not both']);
    const alpha = await run('spsa', '--state', join(dir, 'b.json'), '--alpha', '2');
    expect(alpha.err).toEqual(['tempo-match: spsa: --alpha must be in (0, 1], got "2"']);
  });
});

describe('the committed parameter set', () => {
  it('reads, and names at most 15 numeric tunables with a reason each', () => {
    const params = readSpsaParams(DEFAULT_PARAMS_FILE);
    expect(params.length).toBeGreaterThan(0);
    expect(params.length).toBeLessThanOrEqual(15);
    const file = JSON.parse(readFileSync(DEFAULT_PARAMS_FILE, 'utf8')) as { params: Array<{ why?: string }> };
    for (const e of file.params) expect(e.why?.length).toBeGreaterThan(20);
  });

  it("reports the params.ts rows as they are written in the search's source", () => {
    const source = readFileSync(
      fileURLToPath(new URL('../../../packages/search/src/params.ts', import.meta.url)),
      'utf8',
    );
    const params = readSpsaParams(DEFAULT_PARAMS_FILE);
    const lines = spsaReport(
      params,
      params.map((p) => p.start + 1.4),
    );
    const removed = lines.filter((l) => l.startsWith('-  ')).map((l) => l.slice(3));
    expect(removed).toHaveLength(params.length);
    for (const row of removed) expect(source).toContain(row);
    expect(lines).toContain(`setoption name ${params[0].name} value ${params[0].start + 1}`);
    expect(lines).toContain(`${params[0].name}, ${params[0].start + 1}`);
  });
});

describe('a run with fake engines', () => {
  it('plays each pair with its values, writes state and log, refuses other settings on resume, reports', async () => {
    const state = join(dir, 'run.json');
    const record = join(dir, 'setoption.txt');
    const engine = fakeUciCommand('--options', 'RfpMargin,FutBase', '--record', record);
    const args = ['--params', PARAMS, '--engine', engine, '--openings', EPD, '--nodes', '1', '--maxmoves', '8'];
    const r = await run('spsa', '--state', state, '--iterations', '4', '--concurrency', '1', '--seed', '4', ...args);
    expect(r.err.filter((l) => !l.startsWith('spsa: '))).toEqual([]);
    expect(r.code).toBe(0);
    const st = readState(state);
    expect(st.iteration).toBe(4);
    expect(st.nextDraw).toBe(5);
    expect(st.settings.openings).toEqual({ file: EPD, part: 'train', count: 9 });
    expect(st.games.wins + st.games.losses + st.games.draws).toBe(8);
    const log = readFileSync(`${state}.log`, 'utf8').trim().split('\n');
    expect(log[0]).toBe('iteration\tresult\tRfpMargin\tFutBase');
    expect(log.slice(1).map((l) => l.split('\t')[0])).toEqual(['1', '2', '3', '4']);
    expect(log[4].split('\t').slice(2).map(Number)).toEqual(st.theta.map((t) => Number(t.toFixed(3))));
    // The first pair's engines were given iteration 1's values around the start.
    const p1 = perturb(
      st.settings.params,
      st.settings.params.map((p) => p.start),
      st.settings,
      4,
      1,
    );
    const sent = readFileSync(record, 'utf8');
    expect(sent).toContain(
      `setoption name RfpMargin value ${p1.plus[0]}\nsetoption name FutBase value ${p1.plus[1]}\n`,
    );
    expect(sent).toContain(
      `setoption name RfpMargin value ${p1.minus[0]}\nsetoption name FutBase value ${p1.minus[1]}\n`,
    );
    expect(r.out).toContain(`setoption name RfpMargin value ${Math.round(st.theta[0])}`);

    const again = await run(
      'spsa',
      '--state',
      state,
      '--iterations',
      '4',
      '--concurrency',
      '1',
      '--seed',
      '4',
      ...args,
    );
    expect(again.err).toEqual([`tempo-match: ${state} exists; add --resume to continue it, or remove it`]);
    const other = await run('spsa', '--state', state, '--resume', '--iterations', '4', '--seed', '5', ...args);
    expect(other.code).toBe(2);
    expect(other.err).toEqual([
      `tempo-match: ${state} was run with other settings (concurrency differs); use a new --state`,
    ]);
    const seed = await run(
      'spsa',
      '--state',
      state,
      '--resume',
      '--iterations',
      '4',
      '--concurrency',
      '1',
      '--seed',
      '5',
      ...args,
    );
    expect(seed.err).toEqual([`tempo-match: ${state} was run with other settings (seed differs); use a new --state`]);

    const report = await run('spsa', '--report', '--state', state);
    expect(report.code).toBe(0);
    expect(report.out[0]).toMatch(
      /^SPSA 4\/4 iterations \(8 games at nodes=1, plus side W-L-D \d+-\d+-\d+, [\d.]+ plies a game; faults: none\)$/,
    );
    const rfp = SEARCH_PARAMS.find((p) => p.name === 'RfpMargin')!;
    expect(report.out).toContain(`RfpMargin, int, ${rfp.value}, ${rfp.min}, ${rfp.max}, 10, 0.002`);
  });
});
