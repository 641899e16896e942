import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { Position } from '@tempo-chess/position';
import { paramsToJson, presetParams } from '@tempo-chess/eval';
import { encodeNet, randomNet } from '@tempo-chess/nnue';
import { collectIo } from '@tempo-chess/toolkit';
import { main } from './datagen';
import { parseDatagenArgs } from './datagen-options';
import { inProcessRunner, planChunks } from './datagen-run';
import { parseRecord } from './record';

const dir = mkdtempSync(join(tmpdir(), 'tempo-datagen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

// Three openings, one as a four-field EPD line with an op, one a comment.
const EPD = join(dir, 'openings.epd');
writeFileSync(
  EPD,
  [
    '# test openings',
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c0 "1. e4";',
    'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
    'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1',
    '',
  ].join('\n'),
);

/** Runs the CLI in process (players instead of worker threads); small games: tests run with __DEBUG__ true. */
async function run(args: string[]) {
  const io = collectIo();
  const code = await main(args, io, inProcessRunner);
  return { code, ...io };
}

const base = (out: string, threads: number) => [
  '--games',
  '4',
  '--nodes',
  '300',
  '--openings',
  EPD,
  '--seed',
  '5',
  '--chunk',
  '1',
  '--threads',
  String(threads),
  '--out',
  out,
];

describe('datagen run', () => {
  const one = join(dir, 'one.txt'),
    two = join(dir, 'two.txt');

  test('threads 1 and 2 give byte-identical files; the records parse and none is in check', async () => {
    const a = await run(base(one, 1));
    expect(a.stderr).toEqual(['datagen: evaluation: hand-crafted (preset default; --net FILE plays with a net)']);
    expect(a.code).toBe(0);
    const b = await run(base(two, 2));
    expect(b.code).toBe(0);
    expect(sha(two)).toBe(sha(one));
    expect(readdirSync(`${two}.parts`).sort()).toEqual([
      'games-000000-000000.txt',
      'games-000001-000001.txt',
      'games-000002-000002.txt',
      'games-000003-000003.txt',
      'settings.json',
    ]);
    const lines = readFileSync(one, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) {
      const r = parseRecord(line);
      expect(Position.fromFen(r.fen).inCheck()).toBe(false);
    }
    expect(a.stdout[0]).toBe(
      `datagen: 4 games, ${lines.length} positions (${(lines.length / 4).toFixed(1)} a game) in ${one}`,
    );
    expect(a.stdout[1]).toMatch(/^datagen: this run 4 games, \d+ positions .* positions\/hour/);
  });

  test('resume: a deleted part is played again, the output is byte-identical', async () => {
    const before = sha(two);
    rmSync(`${two}.parts/games-000002-000002.txt`);
    rmSync(two);
    const r = await run(base(two, 2));
    expect(r.code).toBe(0);
    expect(r.stderr).toEqual([
      'datagen: evaluation: hand-crafted (preset default; --net FILE plays with a net)',
      `datagen: resuming in ${two}.parts: 3 of 4 parts already done`,
    ]);
    expect(r.stdout[1]).toMatch(/^datagen: this run 1 games/);
    expect(sha(two)).toBe(before);
  });

  test("--preset and --params choose the engine's table: the same table gives the same bytes, another one other games", async () => {
    const hand = join(dir, 'hand.txt'),
      file = join(dir, 'hand-file.txt'),
      table = join(dir, 'handset.json');
    writeFileSync(table, paramsToJson(presetParams('handset')));
    expect((await run([...base(hand, 1), '--preset', 'handset'])).code).toBe(0);
    expect((await run([...base(file, 2), '--params', table])).code).toBe(0);
    expect(sha(file)).toBe(sha(hand));
    expect(sha(hand)).not.toBe(sha(one));
    const engine = (f: string) => JSON.parse(readFileSync(`${f}.parts/settings.json`, 'utf8')).engine;
    expect(engine(file)).toEqual(engine(hand));
    expect(engine(hand)).not.toEqual(engine(one));
    // The default table's folder refuses the hand-set engine.
    const r = await run([...base(one, 1), '--preset', 'handset']);
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toMatch(/was made with other settings \(engine \{"depth6Nodes"/);
  });

  test('a parts folder made with other settings is refused in one line, exit 2', async () => {
    const r = await run([...base(one, 1), '--nodes', '301']);
    expect(r.code).toBe(2);
    expect(r.stderr.length).toBe(1);
    expect(r.stderr[0]).toMatch(
      /^tempo-datagen: .*one\.txt\.parts was made with other settings \(nodes 300 there, 301 now\)/,
    );
  });
});

describe('datagen with a net (--net)', () => {
  const net1 = join(dir, 'net1.nnue'),
    net2 = join(dir, 'net2.nnue');
  writeFileSync(net1, encodeNet(randomNet(16, 1, 7)));
  writeFileSync(net2, encodeNet(randomNet(16, 1, 8)));
  const small = (out: string, threads: number) => [...base(out, threads), '--games', '2'];
  const inProcess = join(dir, 'net-in-process.txt'),
    bundled = join(dir, 'net-bundled.txt'),
    hce = join(dir, 'net-hce.txt');

  test("the net plays: the bundle's worker threads give the bytes the in-process run gives, other games than without it", async () => {
    const a = await run([...small(inProcess, 1), '--net', net1]);
    const hash = readFileSync(net1).readUInt32LE(28).toString(16).padStart(8, '0');
    expect(a.stderr).toEqual([`datagen: evaluation: net ${hash}`]);
    expect(a.code).toBe(0);
    // The bundle (pnpm test builds it first) with two worker threads: the net travels to each worker.
    const script = new URL('../dist/datagen.js', import.meta.url);
    const b = spawnSync(process.execPath, [script.pathname, ...small(bundled, 2), '--net', net1], { encoding: 'utf8' });
    expect(b.stderr.trim()).toBe(`datagen: evaluation: net ${hash}`);
    expect(b.status).toBe(0);
    expect(readFileSync(inProcess, 'utf8').split('\n').length).toBeGreaterThan(10);
    expect(sha(bundled)).toBe(sha(inProcess));
    expect((await run(small(hce, 1))).code).toBe(0);
    expect(sha(hce)).not.toBe(sha(inProcess));
    const settings = (f: string) => JSON.parse(readFileSync(`${f}.parts/settings.json`, 'utf8'));
    expect(settings(inProcess).net).toEqual({ hash });
    expect(settings(hce).net).toBeUndefined();
    expect(settings(inProcess).engine).not.toEqual(settings(hce).engine);
  });

  test('a parts folder made with one net refuses another, naming the net', async () => {
    const r = await run([...small(inProcess, 1), '--net', net2]);
    expect(r.code).toBe(2);
    expect(r.stderr.length).toBe(1);
    expect(r.stderr[0]).toMatch(
      /was made with other settings \(.*net \{"hash":"[0-9a-f]{8}"\} there, \{"hash":"[0-9a-f]{8}"\} now/,
    );
  });

  test('a truncated or corrupt net file, or --net with a table, is refused in one line, exit 2', async () => {
    const truncated = join(dir, 'truncated.nnue'),
      corrupt = join(dir, 'corrupt.nnue');
    const bytes = readFileSync(net1);
    writeFileSync(truncated, bytes.subarray(0, bytes.length - 10));
    const flipped = Buffer.from(bytes);
    flipped[100] ^= 1;
    writeFileSync(corrupt, flipped);
    for (const [args, message] of [
      [['--net', truncated], new RegExp(`^tempo-datagen: ${truncated}: net file: .*bytes`)],
      [
        ['--net', corrupt],
        new RegExp(`^tempo-datagen: ${corrupt}: net file: weights hash 0x[0-9a-f]{8} does not match`),
      ],
      [['--net', join(dir, 'none.nnue')], /^tempo-datagen: cannot read .*none\.nnue: no such file$/],
      [['--net', net1, '--preset', 'handset'], /^tempo-datagen: datagen: give --net or --preset\/--params, not both/],
    ] as const) {
      const r = await run(['--openings', 'startpos', ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr.length).toBe(1);
      expect(r.stderr[0]).toMatch(message);
    }
  });
});

describe('datagen command line', () => {
  test.each([
    [['--openings', 'startpos', '--bogus'], 'tempo-datagen: datagen: unknown option --bogus'],
    [
      ['--openings', 'startpos', '--games', 'ten'],
      'tempo-datagen: datagen: --games must be an integer from 1 to 100000000, got "ten"',
    ],
    [
      ['--openings', 'startpos', '--nodes', '0'],
      'tempo-datagen: datagen: --nodes must be an integer from 1 to 1000000000, got "0"',
    ],
    [['--games', '4'], 'tempo-datagen: datagen: --openings is required (an EPD file, or "startpos")'],
    [['--openings', '/no/such/file.epd'], 'tempo-datagen: cannot read /no/such/file.epd: no such file'],
    [['--openings', 'startpos', 'extra'], 'tempo-datagen: datagen: unexpected argument extra'],
    [
      ['--openings', 'startpos', '--preset', 'stockfish'],
      'tempo-datagen: datagen: --preset must be one of default, handset, pesto-only, got "stockfish"',
    ],
    [
      ['--openings', 'startpos', '--preset', 'handset', '--params', 'x.json'],
      'tempo-datagen: datagen: give --preset or --params, not both',
    ],
    [
      ['--openings', 'startpos', '--params', '/no/such/table.json'],
      'tempo-datagen: cannot read /no/such/table.json: no such file',
    ],
    [
      ['--openings', 'startpos', '--openings-part', 'odd'],
      'tempo-datagen: datagen: --openings-part must be one of all, train, test, got "odd"',
    ],
    [['--openings', 'startpos', '--openings-part', 'train'], 'tempo-datagen: startpos: no openings in part train'],
  ])('%j: one line, exit 2', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toEqual([message]);
    expect(r.stdout).toEqual([]);
  });

  test('a bad opening line is named by file and line', async () => {
    const bad = join(dir, 'bad.epd');
    writeFileSync(bad, `${readFileSync(EPD, 'utf8')}rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1\n`);
    const r = await run(['--openings', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr.length).toBe(1);
    expect(r.stderr[0]).toMatch(new RegExp(`^tempo-datagen: ${bad}:5: Invalid FEN: field 1`));
  });

  test('--help states the rules and exits 0', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    const text = r.stdout.join('\n');
    for (const word of [
      'checkmate',
      'stalemate',
      'threefold',
      'fifty-move',
      'insufficient material',
      'resign when 4',
      '>= 1000',
      'from ply 80',
      '400 plies',
    ])
      expect(text).toContain(word);
  });

  test('default output: $TEMPO_DATA/datagen, else ~/.tempo/datagen, named by seed, nodes and games', () => {
    const args = ['--openings', 'startpos', '--seed', '3', '--nodes', '5000', '--games', '200'];
    expect(parseDatagenArgs(args, { TEMPO_DATA: '/data/tempo' })?.out).toBe(
      '/data/tempo/datagen/seed3-nodes5000-games200.txt',
    );
    expect(parseDatagenArgs(args, {})?.out).toBe(join(homedir(), '.tempo', 'datagen', 'seed3-nodes5000-games200.txt'));
    expect(parseDatagenArgs(['--openings', 'startpos'], {})).toMatchObject({
      games: 1000,
      nodes: 5000,
      threads: 1,
      seed: 1,
      chunk: 63,
      hashMb: 16,
    });
    expect(parseDatagenArgs(['--openings', 'startpos', '--games', '40000'], {})?.chunk).toBe(100);
    expect(parseDatagenArgs(['--openings', 'startpos', '--games', '40'], {})?.chunk).toBe(3);
  });

  test('--openings-part: train leaves out every tenth line from the first, test keeps only those', () => {
    const fens = [1, 2, 3].map(
      (k) => parseDatagenArgs(['--openings', EPD, '--openings-part', 'all'], {})?.openings[k - 1],
    );
    expect(parseDatagenArgs(['--openings', EPD, '--openings-part', 'test'], {})?.openings).toEqual([fens[0]]);
    expect(parseDatagenArgs(['--openings', EPD, '--openings-part', 'train'], {})?.openings).toEqual([fens[1], fens[2]]);
  });

  test('--openings-part defaults to train for a file (never the test tenth), all for startpos', () => {
    const config = parseDatagenArgs(['--openings', EPD], {});
    expect(config?.openingsPart).toBe('train');
    const train = parseDatagenArgs(['--openings', EPD, '--openings-part', 'train'], {})?.openings;
    const test = parseDatagenArgs(['--openings', EPD, '--openings-part', 'test'], {})?.openings ?? [];
    expect(config?.openings).toEqual(train);
    for (const fen of test) expect(config?.openings).not.toContain(fen);
    const start = parseDatagenArgs(['--openings', 'startpos'], {});
    expect(start?.openingsPart).toBe('all');
    expect(start?.openings).toHaveLength(1);
  });

  test('chunks: ranges of --chunk games, the last one short', () => {
    expect(planChunks(250, 100).map((j) => j.name)).toEqual([
      'games-000000-000099.txt',
      'games-000100-000199.txt',
      'games-000200-000249.txt',
    ]);
  });
});
