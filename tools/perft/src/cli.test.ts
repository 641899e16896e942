import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from './cli';
import { collectIo, fakeUciCommand } from '@tempo-chess/toolkit';

async function cli(...argv: string[]) {
  const io = collectIo();
  const code = await main(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('option errors: one line naming the problem, exit 2', () => {
  it.each([
    [['run', '3', '--bogus'], 'tempo-perft: run: unknown option --bogus'],
    [['run'], 'tempo-perft: run: missing <depth>'],
    [['run', 'x'], 'tempo-perft: run: <depth> must be an integer from 0 to 20, got "x"'],
    [['run', '3', '4'], 'tempo-perft: run: unexpected argument 4'],
    [['run', '2', '--fen'], 'tempo-perft: run: option --fen needs a value'],
    [
      ['run', '2', '--fen', '8/8/8/8/8/8/8/8 w - e9 0 1'],
      'tempo-perft: run: Invalid FEN: field 1 (piece placement): "8/8/8/8/8/8/8/8" has 0 white kings, expected exactly 1',
    ],
    [['suite', 'a.epd', '--depth', '3'], 'tempo-perft: suite: unknown option --depth'],
    [['suite', '/no/such.epd'], 'tempo-perft: cannot read /no/such.epd: no such file'],
    [['diff', '--depth', '2'], 'tempo-perft: diff: give exactly one of --random N or --epd FILE'],
    [
      ['diff', '--random', '5', '--epd', 'x', '--depth', '2'],
      'tempo-perft: diff: give exactly one of --random N or --epd FILE',
    ],
    [['diff', '--random', '5'], 'tempo-perft: diff: --depth is required'],
    [
      ['diff', '--random', '5', '--depth', '2', '--oracle', 'sf'],
      'tempo-perft: diff: --oracle must be "chessjs" or "uci:<command>", got "sf"',
    ],
    [
      ['diff', '--random', '5', '--depth', '2', '--chess960'],
      'tempo-perft: diff: chess.js cannot check Chess960; use --oracle uci:<command>',
    ],
    [
      ['diff', '--random', '5', '--depth', '2', '--jobs', '0'],
      'tempo-perft: diff: --jobs must be an integer from 1 to 256, got "0"',
    ],
    [['run', '0', '--divide'], 'tempo-perft: run: --divide needs a depth of 1 or more'],
    [['run', '2', '--repeat', '0'], 'tempo-perft: run: --repeat must be an integer from 1 to 1000, got "0"'],
    [['run', '2', '--divide', '--repeat', '2'], 'tempo-perft: run: --divide runs once; drop --repeat'],
    [
      ['diff', '--random', '5', '--depth', '2', '--starts', 'x.epd'],
      'tempo-perft: diff: --starts goes with --random and --chess960',
    ],
    [['diff', '--epd', 'x.epd', '--seed', '3', '--depth', '2'], 'tempo-perft: diff: --seed goes with --random'],
    [['diff', '--epd', '/no/such.epd', '--depth', '2'], 'tempo-perft: cannot read /no/such.epd: no such file'],
    [['bench', '--fast'], 'tempo-perft: bench: unknown option --fast'],
    [['compare', '--depth', '9'], 'tempo-perft: compare: --depth must be an integer from 1 to 8, got "9"'],
    [['compare', '--runs', '0'], 'tempo-perft: compare: --runs must be an integer from 1 to 99, got "0"'],
  ])('%j', async (argv, message) => {
    const { code, err, out } = await cli(...argv);
    expect(err).toEqual([message]);
    expect(out).toEqual([]);
    expect(code).toBe(2);
  });

  it('names an unknown command and shows the usage', async () => {
    const { code, err } = await cli('perft');
    expect(code).toBe(2);
    expect(err[0]).toBe('tempo-perft: unknown command "perft"');
    expect(err[1]).toBe('usage: tempo-perft <command> [options]');
  });
});

describe('run', () => {
  it('divides like Stockfish: one line per root move, then the total, then time and speed', async () => {
    const { code, out } = await cli(
      'run',
      '3',
      '--divide',
      '--fen',
      'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    );
    expect(code).toBe(0);
    expect(out).toHaveLength(48 + 2);
    expect(out).toContain('e1g1: 2059');
    expect(out).toContain('e5f7: 2080');
    expect(out[48]).toBe('Nodes searched: 97862');
    expect(out[49]).toMatch(/^Time: \d+\.\d{3} s, \d+\.\d{2} Mnps \(bulk counting\)$/);
  });

  it('counts without bulk counting and in Chess960', async () => {
    const fen = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';
    expect((await cli('run', '3', '--no-bulk', '--chess960', '--fen', fen)).out[0]).toBe('Nodes searched: 12189');
    const repeated = await cli('run', '3', '--repeat', '3', '--no-bulk', '--chess960', '--fen', fen);
    expect(repeated.out[0]).toBe('Nodes searched: 12189');
    expect(repeated.out[1]).toMatch(/^Time: .* \(no bulk counting, the last of 3 runs\)$/);
  });
});

describe('compare', () => {
  const fake = fakeUciCommand();
  it('times Tempo, chessops, a UCI engine (round trip and whole process) and a Lozza-style engine on the same perft', async () => {
    const r = await cli('compare', '--depth', '3', '--runs', '2', '--skip-chessjs', '--uci', fake, '--lozza', fake);
    expect(r.err).toEqual([]);
    expect(r.out[0]).toMatch(
      /^compare: start position, perft 3, median of 2 timed runs each, engines taken in turn run by run;/,
    );
    expect(r.code).toBe(0);
    const text = r.out.join('\n');
    const rows = r.out.filter((l) => / 8902 /.test(l)).map((l) => l.split(/\s{2,}/)[0]);
    expect(rows).toEqual([
      'tempo (bulk)',
      'tempo (no bulk)',
      'chessops perft',
      `uci: ${fake} (go perft round trip)`,
      `uci: ${fake} (whole process)`,
      `lozza: ${fake} (perft round trip)`,
    ]);
    expect(text).toMatch(/^  tempo \(bulk\) \/ uci: .* \(whole process\): \d+\.\d\d \(best runs: \d+\.\d\d\)$/m);
    expect(text).toMatch(/^  tempo \(bulk\) \/ chessops perft: \d+\.\d \(best runs: \d+\.\d\)$/m);
    expect(text).toMatch(/^  tempo \(no bulk\) \/ lozza perft: \d+\.\d\d \(best runs: \d+\.\d\d\)$/m);
  });
});

describe('suite', () => {
  it('reports a wrong count and a malformed line with file:line, and exits 1', async () => {
    const file = fileURLToPath(new URL('./testdata/suite-with-errors.epd', import.meta.url));
    const { code, out, err } = await cli('suite', file, '--max-depth', '3');
    expect(code).toBe(1);
    expect(out[0]).toBe(`FAIL ${file}:3 depth 3: expected 8903, got 8902`);
    expect(out[1]).toBe('  fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(out[2]).toMatch(/^suite: 5 positions, 12 counts checked up to depth 3, 1 failed, 2 errors, /);
    expect(err[0]).toBe(`${file}:4: "D2 x" is not a perft count like "D3 8902"`);
    expect(err[1]).toMatch(new RegExp(`^${file}:6: Invalid FEN: field 3 \\(castling\\)`));
  });
});

const bundle = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

describe.skipIf(!existsSync(bundle))('release bundle (dist/cli.js)', () => {
  const runBundle = (...args: string[]) => {
    try {
      return {
        code: 0,
        out: execFileSync(process.execPath, [bundle, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
      };
    } catch (e) {
      const err = e as { status: number; stdout: string };
      return { code: err.status, out: err.stdout };
    }
  };
  const stable = (text: string) => text.replace(/, \d+ jobs/, '').replace(/, [\d.]+ s$/m, '');

  it('gives the same diff report with one and with two worker threads', () => {
    const one = runBundle('diff', '--random', '60', '--seed', '9', '--depth', '2', '--jobs', '1');
    const two = runBundle('diff', '--random', '60', '--seed', '9', '--depth', '2', '--jobs', '2');
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(stable(two.out)).toBe(stable(one.out));
    expect(one.out).toMatch(/^diff: 60 positions, \d+ nodes compared, 0 mismatches, 0 errors, /m);
  });

  it('exits 2 with one line for an unknown option', () => {
    expect(runBundle('run', '1', '--nope').code).toBe(2);
  });
});
