import { describe, expect, test } from 'vitest';
import { collectIo, fakeUciCommand, UsageError } from '@tempo-chess/toolkit';
import { main } from './nps';
import {
  defaultEngines,
  formatNps,
  NPS_POSITIONS,
  NpsTally,
  parseEngineWords,
  parseNpsArgs,
  readSample,
  statTicks,
  type NpsEngine,
} from './nps-parse';

const none = (): NpsEngine[] => [];

describe('nps arguments', () => {
  test('an engine: name, command, options in order, init lines (ucinewgame unless given)', () => {
    expect(parseEngineWords(['name=L', 'cmd=node l.js', 'option.Hash=16', 'option.Threads=1'])).toEqual({
      name: 'L',
      cmd: 'node l.js',
      options: [
        ['Hash', '16'],
        ['Threads', '1'],
      ],
      init: ['ucinewgame'],
    });
    expect(
      parseEngineWords(['cmd=/usr/games/stockfish', 'init=ucinewgame', 'init=setoption name Clear Hash']).init,
    ).toEqual(['ucinewgame', 'setoption name Clear Hash']);
    expect(parseEngineWords(['cmd=x', 'init=']).init).toEqual([]);
    expect(parseEngineWords(['cmd=/usr/games/stockfish']).name).toBe('stockfish');
  });

  test('options, and the defaults when no engine is given', () => {
    const o = parseNpsArgs(
      [
        '--engine',
        'name=A',
        'cmd=a',
        '--engine',
        'name=B',
        'cmd=b',
        '--movetime',
        '500',
        '--rounds',
        '3',
        '--warmup',
        '0',
      ],
      none,
    );
    expect(o.engines.map((e) => e.name)).toEqual(['A', 'B']);
    expect([o.movetime, o.rounds, o.warmup]).toEqual([500, 3, 0]);
    const d = parseNpsArgs([], () => defaultEngines('/t/tempo.js', '/p/lozza2.js', undefined));
    expect([d.movetime, d.rounds, d.warmup]).toEqual([2000, 1, 1]);
    expect(d.engines.map((e) => [e.name, e.cmd])).toEqual([
      ['Tempo', 'node "/t/tempo.js"'],
      ['Lozza2', 'node "/p/lozza2.js"'],
    ]);
    expect(d.engines[1].init).toEqual(['ucinewgame']);
  });

  test.each([
    [['--movetime', '0'], /--movetime must be an integer from 1 up, got "0"/],
    [['--rounds'], /--rounds takes one value, got 0/],
    [['--engine', 'name=A'], /--engine needs cmd=/],
    [['--engine', 'cmd=a', 'colour=red'], /unknown key "colour"/],
    [['--engine', 'name=A', 'cmd=a', '--engine', 'name=A', 'cmd=b'], /two engines are named "A"/],
    [['--depth', '3'], /unknown option --depth/],
    [['stray'], /unexpected argument stray/],
  ])('%j is refused: %s', (argv, message) => {
    expect(() => parseNpsArgs(argv, none)).toThrow(UsageError);
    expect(() => parseNpsArgs(argv, none)).toThrow(message);
  });
});

describe('reading a search', () => {
  test('the last info line with nodes counts, with its time and nps; currmove and string lines are passed over', () => {
    const lines = [
      'info depth 10 seldepth 14 multipv 1 score cp 31 nodes 120000 nps 800000 hashfull 12 time 150 pv e2e4',
      'info depth 11 seldepth 16 multipv 1 score cp 28 nodes 1600000 nps 800000 hashfull 80 time 2000 pv e2e4 e7e5',
      'info depth 12 currmove d2d4 currmovenumber 2',
      'info string stopped',
      'bestmove e2e4 ponder e7e5',
    ];
    expect(readSample(lines, 2003)).toEqual({ nodes: 1600000, ms: 2000, nps: 800000 });
  });

  test("Lozza's node lines (nodes, time, nps only) count; without time the measured time does", () => {
    expect(readSample(['info nodes 2700000 time 2001 nps 1349325', 'bestmove d2d4'], 2010)).toEqual({
      nodes: 2700000,
      ms: 2001,
      nps: 1349325,
    });
    expect(readSample(['info depth 1 score cp 3 nodes 1', 'bestmove a2a3'], 12.5)).toEqual({ nodes: 1, ms: 12.5 });
  });

  test('CPU ticks from /proc/<pid>/stat: utime + stime, after a command name with spaces and parentheses', () => {
    const stat = '4242 (node (worker) x) S 1 4242 4242 0 -1 4194560 4753 0 0 0 1234 56 0 0 20 0 11 0 100 0';
    expect(statTicks(stat)).toBe(1290);
  });

  test('no nodes before bestmove is an error', () => {
    expect(() => readSample(['info depth 1 score cp 0', 'bestmove e2e4'], 5)).toThrow(/no info line with nodes/);
  });
});

describe('sums and report', () => {
  test('totals are total nodes over total time; ratios are the first engine over each other', () => {
    const t = new NpsTally(3, 2);
    t.add(0, 0, { nodes: 1000, ms: 1000, cpuMs: 500 });
    t.add(0, 1, { nodes: 3000, ms: 1000, cpuMs: 1500 });
    t.add(1, 0, { nodes: 2000, ms: 1000 });
    t.add(1, 1, { nodes: 2000, ms: 1000 });
    t.add(2, 0, { nodes: 500, ms: 500 });
    t.add(2, 0, { nodes: 500, ms: 500 }); // a second round of the same position adds up
    t.add(2, 1, { nodes: 1000, ms: 1000 });
    expect(t.at(2, 0)).toBe(1000);
    expect([t.total(0), t.total(1), t.total(2)]).toEqual([2000, 2000, 1000]);
    expect(t.ratio(1)).toEqual({ total: 1, min: 0.5, max: 1.5 });
    expect(t.ratio(2)).toEqual({ total: 2, min: 1, max: 3 });
    const lines = formatNps(['T', 'L', 'S'], t);
    expect(lines[0].split(/\s+/)).toEqual(['position', 'T', 'L', 'S']);
    expect(lines[2].split(/\s+/)).toEqual(['1', '1000', '2000', '1000']);
    expect(lines[4].split(/\s+/)).toEqual(['total', '2000', '2000', '1000']);
    expect(lines.slice(5)).toEqual([
      'T / L: 1.00 (per position 0.50 to 1.50)',
      'T / S: 2.00 (per position 1.00 to 3.00)',
    ]);
    expect(t.cpuTotal(0)).toBe(2000);
    expect(t.cpuTotal(1)).toBeNaN(); // some searches without CPU time: no CPU figures at all
    const u = new NpsTally(2, 1);
    u.add(0, 0, { nodes: 3000, ms: 1000, cpuMs: 1000 });
    u.add(1, 0, { nodes: 1000, ms: 1000, cpuMs: 1000 });
    expect(formatNps(['T', 'L'], u).slice(-2)).toEqual([
      "nodes per CPU second (all threads of the engine's processes): T 3000, L 1000",
      'T / L by CPU time: 3.00',
    ]);
  });
});

describe('nps against the fake engine', () => {
  test('two engines, a warm-up and two counted rounds: a row for every position, the total and the ratio', async () => {
    const io = collectIo();
    const code = await main(
      [
        '--engine',
        'name=F1',
        `cmd=${fakeUciCommand()}`,
        'option.Hash=16',
        '--engine',
        'name=F2',
        `cmd=${fakeUciCommand('--seed', '2')}`,
        '--movetime',
        '50',
        '--rounds',
        '2',
      ],
      io,
      none,
    );
    expect(io.stderr).toEqual([]);
    expect(code).toBe(0);
    expect(io.stdout.filter((l) => l.startsWith('round '))).toHaveLength(3);
    expect(io.stdout.some((l) => /round 1 of 3 done \(warm-up\)/.test(l))).toBe(true);
    const rows = io.stdout.filter((l) => /^\d+\s/.test(l));
    expect(rows).toHaveLength(NPS_POSITIONS.length);
    expect(io.stdout.some((l) => /^total\s+\d+\s+\d+$/.test(l))).toBe(true);
    expect(
      io.stdout.filter((l) => /^F1 \/ F2: \d+\.\d\d \(per position \d+\.\d\d to \d+\.\d\d\)$/.test(l)),
    ).toHaveLength(1);
    if (process.platform === 'linux')
      expect(io.stdout.some((l) => /^nodes per CPU second \(.*\): F1 \d+, F2 \d+$/.test(l))).toBe(true);
  });

  test('an engine that crashes mid-run is named with the position, in one line, exit code 1', async () => {
    const io = collectIo();
    const code = await main(
      ['--engine', 'name=Bad', `cmd=${fakeUciCommand('--misbehave', 'crash', '--at', '2')}`, '--movetime', '20'],
      io,
      none,
    );
    expect(code).toBe(1);
    expect(io.stderr).toHaveLength(1);
    expect(io.stderr[0]).toMatch(/^tempo-nps: Bad on position 2: UCI engine .* exited with code 3/);
  });

  test('an engine that does not start', async () => {
    const io = collectIo();
    expect(await main(['--engine', 'name=None', 'cmd=/nonexistent/engine'], io, none)).toBe(1);
    expect(io.stderr[0]).toMatch(/^tempo-nps: engine None does not start: /);
  });
});
