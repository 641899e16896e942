import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectIo, fakeUciCommand } from '@tempo-chess/toolkit';
import { main } from './cli';
import { withLadderSection } from './ladder';

const dir = mkdtempSync(join(tmpdir(), 'tempo-match-cli-'));
const EPD = join(dir, 'openings.epd');
writeFileSync(
  EPD,
  'rnbqk1nr/ppppp1bp/6p1/5p2/2BP4/4P3/PPP2PPP/RNBQK1NR w KQkq - 0 4\nr1bqkbnr/pp1p1ppp/2n1p3/1Bp5/P3P3/8/1PPP1PPP/RNBQK1NR w KQkq - 0 4\n',
);
const PGN = join(dir, 'openings.pgn');
writeFileSync(PGN, '[Event "?"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n\n[Event "?"]\n\n1. d4 d5 *\n');

const A = ['--engine', 'name=A', `cmd=${fakeUciCommand('--greedy')}`];
const B = ['--engine', 'name=B', `cmd=${fakeUciCommand('--seed', '3')}`];
const base = [...A, ...B, '--each', 'tc=10+0.1', '--maxmoves', '15'];

async function run(...argv: string[]) {
  const io = collectIo();
  const code = await main(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('bad input: one line naming it, non-zero exit', () => {
  it.each([
    [
      ['--engine', 'name=X', 'cmd=/nonexistent/engine', ...B, '--each', 'tc=1', '--games', '2'],
      1,
      /^tempo-match: engine X \(\/nonexistent\/engine\) does not start: .*ENOENT/,
    ],
    [
      [...base, '--games', '2', '--openings', join(dir, 'missing.epd')],
      2,
      /^tempo-match: cannot read .*missing\.epd: no such file$/,
    ],
    [[...A, ...B, '--each', 'tc=10+x', '--games', '2'], 2, /^tempo-match: malformed time control "10\+x"/],
    [[...base, '--games', '2', '--frobnicate'], 2, /^tempo-match: unknown option --frobnicate$/],
    [[...base, '--games', '2', '--sprt', 'elo0=5', 'elo1=0'], 2, /elo0 must be less than elo1/],
    [['--engine', 'name=A', 'cmd=x', 'colour=red', ...B], 2, /unknown key "colour"/],
    // A misspelt option would be ignored in silence: the fake engine declares Hash only (any case is fine).
    [
      [...A, ...B, '--each', 'tc=1', 'option.hash=8', 'option.Hsah=8', '--games', '2', '--openings', EPD],
      2,
      /^tempo-match: engine A does not declare the option "Hsah" \(it declares "Hash"\)$/,
    ],
    [
      [...base, '--games', '2', '--openings', EPD, '--openings-part', 'half'],
      2,
      /^tempo-match: --openings-part must be one of all, train, test, got "half"$/,
    ],
    [[...base, '--games', '2', '--openings-part', 'test'], 2, /^tempo-match: --openings-part needs --openings FILE$/],
  ] as Array<[string[], number, RegExp]>)('%j', async (argv, code, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(code);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(message);
  });
});

describe('the command line end to end', () => {
  it('--openings-part test plays only the openings whose index is a multiple of 10 and records the part', async () => {
    // Two games from the first (index 0) opening of the two: the second (index 1) is in the train part.
    const out = join(dir, 'part.json');
    const r = await run(...base, '--games', '2', '--openings', EPD, '--openings-part', 'test', '--out', out);
    expect(r.code).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8'));
    expect(result.settings.openings).toMatchObject({ count: 1, part: 'test' });
    const train = await run(
      ...base,
      '--games',
      '2',
      '--openings',
      EPD,
      '--openings-part',
      'train',
      '--out',
      out,
      '--resume',
    );
    expect(train.code).toBe(2);
    expect(train.err[0]).toMatch(/was played with other settings/);
  });

  it('plays, writes result and PGN, refuses a resume or merge with other settings, merges', async () => {
    const out1 = join(dir, 'r1.json'),
      out2 = join(dir, 'r2.json'),
      pgn = join(dir, 'g.pgn');
    const r1 = await run(
      ...base,
      '--games',
      '4',
      '--openings',
      EPD,
      '--out',
      out1,
      '--pgn',
      pgn,
      '--sprt',
      'elo0=0',
      'elo1=5',
    );
    expect(r1.code).toBe(0);
    expect(r1.out[0]).toMatch(/^Score of A vs B: \d+ - \d+ - \d+  \[\d\.\d{3}\] 4$/);
    expect(r1.out[1]).toMatch(/^Elo: /);
    expect(r1.out.some((l) => /^LLR: -?\d+\.\d\d \(-2\.94, 2\.94\) \[0\.00, 5\.00\]$/.test(l))).toBe(true);
    const games = readFileSync(pgn, 'utf8').split('[Event ').length - 1;
    expect(games).toBe(4);
    expect(readFileSync(pgn, 'utf8')).toMatch(
      /\[FEN "rnbqk1nr\/ppppp1bp\/6p1\/5p2\/2BP4\/4P3\/PPP2PPP\/RNBQK1NR w KQkq - 0 4"\]\n\[TimeControl "10\+0\.1"\]\n\[Termination "\w+"\]\n\[PlyCount "\d+"\]/,
    );

    // Resume of a finished match plays nothing more; other settings are refused.
    expect(
      (await run(...base, '--games', '4', '--openings', EPD, '--out', out1, '--resume', '--sprt', 'elo0=0', 'elo1=5'))
        .out[0],
    ).toBe(r1.out[0]);
    const other = await run(
      ...A,
      ...B,
      '--each',
      'tc=2+0.01',
      '--maxmoves',
      '15',
      '--games',
      '4',
      '--openings',
      EPD,
      '--out',
      out1,
      '--resume',
    );
    expect(other.code).toBe(2);
    expect(other.err[0]).toMatch(/r1\.json was played with other settings \(engines\[0\]\.limit\.baseMs differs\)/);

    // PGN openings (castling as e1g1), then merge.
    const r2 = await run(...base, '--games', '2', '--openings', PGN, '--out', out2);
    expect(r2.code).toBe(0);
    const merged = await run('merge', out1, out2);
    expect(merged.code).toBe(0);
    expect(merged.out[1]).toMatch(/ 6$/);
    const out3 = join(dir, 'r3.json');
    await run(...A, ...B, '--each', 'tc=2+0.01', '--maxmoves', '15', '--games', '2', '--openings', EPD, '--out', out3);
    const bad = await run('merge', out1, out3);
    expect(bad.code).toBe(2);
    expect(bad.err[0]).toMatch(/r3\.json was played with other settings than .*r1\.json/);
  });

  it('with stderr sent to a file (not a terminal): one plain progress line every 10 pairs', async () => {
    const was = process.stderr.isTTY;
    try {
      process.stderr.isTTY = false;
      const r = await run(...base, '--games', '24', '--openings', EPD);
      expect(r.code).toBe(0);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(
        /^tempo-match: 20\/24 games \| \d+-\d+-\d+ \| Elo -?\d+\.\d \+\/- \d+\.\d \| \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
      );
      const [w, l, d] = r.err[0].split(' | ')[1].split('-').map(Number);
      expect(w + l + d).toBe(20);
    } finally {
      process.stderr.isTTY = was;
    }
  });
});

describe('ladder', () => {
  it('plays each selected opponent and writes the strength table, keeping the rest of the file', async () => {
    const strength = join(dir, 'STRENGTH.md');
    writeFileSync(strength, '# Strength\n\nA match report the ladder must keep.\n');
    const r = await run(
      'ladder',
      '--games',
      '2',
      '--tc',
      '10+0.1',
      '--openings',
      EPD,
      '--dir',
      join(dir, 'ladder'),
      '--strength-file',
      strength,
      '--subject',
      'name=Fake',
      `cmd=${fakeUciCommand('--greedy')}`,
      '--engine',
      'name=Other',
      `cmd=${fakeUciCommand('--seed', '9')}`,
      '--only',
      'Other',
      '--commit',
      'snap123',
    );
    expect(r.code).toBe(0);
    const table = readFileSync(strength, 'utf8');
    expect(table).toMatch(
      /\| Opponent \| Games \| Score \(W-L-D\) \| Elo \| Time losses \(own \/ opponent\) \| Other faults \|/,
    );
    expect(table).toMatch(/\n\| Other \| 2 \| \d+\.\d% \(\d-\d-\d\) \| .+ \| 0 \/ 0 \| none \|\n/);
    expect(table).toMatch(/Date \d{4}-\d\d-\d\d, commit snap123 \(`[^`]*fake[^`]*`\)\./);
    expect(table.startsWith('# Strength\n\nA match report the ladder must keep.\n\n<!-- ladder')).toBe(true);
    // A second write replaces the section and still keeps the report, once.
    writeFileSync(strength, withLadderSection(table, '## Ladder\n\nnew table\n'));
    const again = readFileSync(strength, 'utf8');
    expect(again.match(/A match report the ladder must keep/g)).toHaveLength(1);
    expect(again).toContain('## Ladder\n\nnew table\n<!-- /ladder -->');
    expect(again).not.toContain('| Opponent |');
  });
});

const STOCKFISH = '/usr/games/stockfish';

describe.skipIf(!existsSync(STOCKFISH))('Chess960 with a real engine (when Stockfish is installed)', () => {
  it('sets UCI_Chess960, referees with chessops and writes the Variant header', async () => {
    const starts = join(dir, '960.epd');
    writeFileSync(
      starts,
      'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\nrkrnbbqn/pppppppp/8/8/8/8/PPPPPPPP/RKRNBBQN w CAca - 0 1\n',
    );
    const pgn = join(dir, '960.pgn');
    const r = await run(
      '--engine',
      'name=SF1',
      `cmd=${STOCKFISH}`,
      '--engine',
      'name=SF2',
      `cmd=${STOCKFISH}`,
      '--each',
      'nodes=200',
      'option.Hash=1',
      '--games',
      '4',
      '--openings',
      starts,
      '--chess960',
      '--maxmoves',
      '30',
      '--pgn',
      pgn,
    );
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out.at(-1)).toBe('Engine faults: SF1: none; SF2: none');
    const text = readFileSync(pgn, 'utf8');
    expect(text.match(/\[Variant "Chess960"\]/g)).toHaveLength(4);
  });
});
