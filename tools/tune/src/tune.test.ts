/**
 * The tune command end to end on a small synthetic file (results drawn from a
 * sigmoid of another table's evaluation, so there is something to learn), and its
 * one-line errors.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  DEFAULT_PARAMS,
  EvalContext,
  TERM_OFFSET,
  copyParams,
  evaluate,
  paramsFromJson,
  presetParams,
  traceEvaluation,
} from '@tempo-chess/eval';
import { Position } from '@tempo-chess/position';
import { Rng, collectIo } from '@tempo-chess/toolkit';
import { formatRecord } from './record';
import { main } from './tune';
import { TraceData } from './trace-data';
import { drawResult, randomGamePositions } from './tune-test-support';

const dir = mkdtempSync(join(tmpdir(), 'tempo-tune-'));
/** The hand-set table: the synthetic data's base and the fit's start. */
const HANDSET = presetParams('handset');
const dataFile = join(dir, 'data.txt');
/** One position each that a special rule decides: a dead draw, KPK, KXK. */
const SPECIAL = ['8/8/4k3/8/8/3NK3/8/8 w - - 0 1', '8/8/4k3/8/4P3/4K3/8/8 w - - 0 1', '8/8/4k3/8/8/4K3/8/R7 b - - 0 1'];

beforeAll(() => {
  // The "truth": the hand-set table with a pawn worth 40 more and knights 40 less.
  const truth = copyParams(HANDSET);
  truth.mg[TERM_OFFSET.material] += 40;
  truth.eg[TERM_OFFSET.material] += 40;
  truth.mg[TERM_OFFSET.material + 1] -= 40;
  truth.eg[TERM_OFFSET.material + 1] -= 40;
  const ctx = new EvalContext(truth, 0),
    rng = new Rng(5);
  const lines = ['# test data'];
  for (const fen of [...randomGamePositions(1500, 11), ...SPECIAL]) {
    const pos = Position.fromFen(fen, { psq: ctx.psq });
    const v = evaluate(pos, ctx) * (pos.side === 0 ? 1 : -1);
    lines.push(formatRecord({ fen, score: v, result: drawResult(v, 1.1, rng) }));
  }
  writeFileSync(dataFile, lines.join('\n') + '\n');
});

async function run(...argv: string[]) {
  const io = collectIo();
  const code = await main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr };
}

describe('tempo-tune', () => {
  test('fits K, lowers the training loss, writes a table the engine loads', async () => {
    const out = join(dir, 'out.json');
    const r = await run(
      '--data',
      dataFile,
      '--out',
      out,
      '--epochs',
      '40',
      '--lr',
      '2',
      '--report-every',
      '20',
      '--keep',
      'last',
      '--preset',
      'handset',
    );
    expect(r.err.filter((l) => !l.startsWith('epoch '))).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.err.length).toBe(40);
    expect(r.out).toMatch(/1500 used, 3 left out \(special rules: 1 dead draws, 1 KPK, 1 KXK\)/);
    expect(r.out).toMatch(/split: 1350 train, 150 validation/);
    expect(r.out).toMatch(/^epoch 20: train/m);
    const k = Number(/K = ([\d.]+)/.exec(r.out)?.[1]);
    expect(k).toBeGreaterThan(0.5);
    expect(k).toBeLessThan(2.5);
    const losses = (name: string) =>
      (new RegExp(`^${name}\\s+([\\d.]+)\\s+([\\d.]+)`, 'm').exec(r.out) ?? []).slice(1).map(Number);
    const [beforeTrain] = losses('before \\(model\\)'),
      [afterTrain] = losses('after \\(model\\)');
    const [, afterIntVal] = losses('after \\(integer\\)'),
      [, afterVal] = losses('after \\(model\\)');
    expect(afterTrain).toBeLessThan(beforeTrain);
    expect(Math.abs(afterIntVal - afterVal)).toBeLessThan(2e-3);
    const p = paramsFromJson(readFileSync(out, 'utf8'));
    new EvalContext(p);
    // The pawn got dearer and the knight cheaper; weights no position uses did not move.
    expect(p.eg[TERM_OFFSET.material]).toBeGreaterThan(HANDSET.eg[TERM_OFFSET.material]);
    expect(p.mg[TERM_OFFSET.material + 1]).toBeLessThan(HANDSET.mg[TERM_OFFSET.material + 1]);
    for (const i of [TERM_OFFSET['psq.pawn'], TERM_OFFSET['psq.pawn'] + 7, TERM_OFFSET['psq.pawn'] + 63]) {
      expect([p.mg[i], p.eg[i]]).toEqual([HANDSET.mg[i], HANDSET.eg[i]]);
    }
  });

  test('--freeze holds the named terms at their start values while the rest moves', async () => {
    const out = join(dir, 'frozen.json');
    const r = await run(
      '--data',
      dataFile,
      '--out',
      out,
      '--epochs',
      '40',
      '--lr',
      '2',
      '--keep',
      'last',
      '--preset',
      'handset',
      '--freeze',
      'material',
      '--freeze',
      'tempo,mobility.knight',
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^frozen: material, tempo, mobility\.knight \(\d+ used weights held at their start values\)$/m,
    );
    const p = paramsFromJson(readFileSync(out, 'utf8'));
    for (let i = TERM_OFFSET.material; i < TERM_OFFSET.material + 5; i++)
      expect([p.mg[i], p.eg[i]]).toEqual([HANDSET.mg[i], HANDSET.eg[i]]);
    for (let i = TERM_OFFSET['mobility.knight']; i < TERM_OFFSET['mobility.knight'] + 9; i++)
      expect([p.mg[i], p.eg[i]]).toEqual([HANDSET.mg[i], HANDSET.eg[i]]);
    expect([p.mg[TERM_OFFSET.tempo], p.eg[TERM_OFFSET.tempo]]).toEqual([
      HANDSET.mg[TERM_OFFSET.tempo],
      HANDSET.eg[TERM_OFFSET.tempo],
    ]);
    // With the material held, the piece-square tables take up the difference.
    let moved = 0;
    for (let i = TERM_OFFSET['psq.pawn']; i < TERM_OFFSET['psq.king'] + 64; i++)
      if (p.mg[i] !== HANDSET.mg[i] || p.eg[i] !== HANDSET.eg[i]) moved++;
    expect(moved).toBeGreaterThan(100);
    const bad = await run('--data', dataFile, '--out', out, '--freeze', 'material,tempi');
    expect(bad.code).toBe(2);
    expect(bad.err).toEqual([
      'tempo-tune: --freeze: unknown term "tempi" (terms are the eval\'s spec names, such as tempo, mobility.knight, threat.byKing)',
    ]);
  });

  test('--l2 pulls the weights towards their start: the same fit moves them less', async () => {
    const free = join(dir, 'l2-off.json'),
      pulled = join(dir, 'l2-on.json');
    const common = ['--data', dataFile, '--epochs', '60', '--lr', '2', '--keep', 'last', '--preset', 'handset'];
    expect((await run(...common, '--out', free)).code).toBe(0);
    const r = await run(...common, '--out', pulled, '--l2', '0.0001');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^l2: 0\.0001 x the sum of \(weight - start\)\^2 added to the training loss$/m);
    const moved = (file: string) => {
      const p = paramsFromJson(readFileSync(file, 'utf8'));
      let sum = 0;
      for (let i = 0; i < p.mg.length; i++) sum += (p.mg[i] - HANDSET.mg[i]) ** 2 + (p.eg[i] - HANDSET.eg[i]) ** 2;
      return sum;
    };
    expect(moved(free)).toBeGreaterThan(0);
    expect(moved(pulled)).toBeLessThan(0.8 * moved(free));
    expect((await run(...common, '--out', pulled, '--l2', '2')).err).toEqual([
      'tempo-tune: --l2 must be a number between 0 and 1, got "2"',
    ]);
  });

  test('keeps the weights of the epoch with the lowest validation loss and stops after --patience', async () => {
    const out = join(dir, 'best.json');
    // A step size far too large: the validation loss soon rises, so the fit must stop and keep an early epoch.
    const r = await run(
      '--data',
      dataFile,
      '--out',
      out,
      '--epochs',
      '400',
      '--lr',
      '20',
      '--check-every',
      '5',
      '--patience',
      '30',
    );
    expect(r.code).toBe(0);
    const stop =
      /^epoch (\d+): train ([\d.]+) validation ([\d.]+) \(stopped: no better validation loss for 30 epochs\)$/m.exec(
        r.out,
      );
    expect(stop).not.toBeNull();
    const kept = /^kept: epoch (\d+), the lowest validation loss: train ([\d.]+) validation ([\d.]+)$/m.exec(r.out);
    expect(kept).not.toBeNull();
    const [stopEpoch, keptEpoch] = [Number(stop?.[1]), Number(kept?.[1])];
    expect(stopEpoch).toBeLessThan(400);
    expect(stopEpoch - keptEpoch).toBeGreaterThanOrEqual(30);
    expect(keptEpoch % 5).toBe(0);
    expect(Number(kept?.[3])).toBeLessThanOrEqual(Number(stop?.[3]));
    expect(r.out).toMatch(new RegExp(`\\(weights of epoch ${keptEpoch} kept\\)`));
  });

  test('--score-weight blends sigmoid(K x search score) into the training targets only', () => {
    const data = new TraceData(),
      ctx = new EvalContext(DEFAULT_PARAMS, 0);
    const fens = randomGamePositions(4, 3);
    const scores = [0, 400, -400, 10_000];
    fens.forEach((fen, i) => data.add(traceEvaluation(Position.fromFen(fen, { psq: ctx.psq }), ctx), 1, scores[i]));
    expect(data.n).toBe(4);
    expect(Array.from(data.target)).toEqual([1, 1, 1, 1, ...Array.from(data.target).slice(4)]);
    data.setTargets(0, 3, 1, 0.5);
    expect(data.target[0]).toBeCloseTo(0.75, 12); // 0.5 x 1 + 0.5 x sigmoid(0)
    expect(data.target[1]).toBeCloseTo(0.5 + 0.5 / (1 + 10 ** -1), 12);
    expect(data.target[2]).toBeCloseTo(0.5 + 0.5 / (1 + 10), 12);
    expect(data.target[3]).toBe(1); // outside the range: still the result
    data.setTargets(0, 3, 1, 0);
    expect(Array.from(data.target.subarray(0, 4))).toEqual([1, 1, 1, 1]);
  });

  test('--score-weight is reported as the two shares of the target, without float noise', async () => {
    const r = await run('--data', dataFile, '--out', join(dir, 'w.json'), '--epochs', '0', '--score-weight', '0.8');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^targets: training positions aim at 0\.2 x result \+ 0\.8 x sigmoid\(K x search score\); validation at the result$/m,
    );
  });

  test('--data with a folder of datagen parts reads its games-*.txt in game order', async () => {
    const parts = join(dir, 'set.parts');
    mkdirSync(parts);
    const lines = readFileSync(dataFile, 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    // Written out of order, with a file that is not a part beside them.
    writeFileSync(join(parts, 'games-000100-000199.txt'), lines.slice(700).join('\n') + '\n');
    writeFileSync(join(parts, 'games-000000-000099.txt'), lines.slice(0, 700).join('\n') + '\n');
    writeFileSync(join(parts, 'settings.json'), '{}');
    const a = await run('--data', parts, '--out', join(dir, 'a.json'), '--epochs', '5', '--keep', 'last');
    const b = await run('--data', dataFile, '--out', join(dir, 'b.json'), '--epochs', '5', '--keep', 'last');
    expect(b.code).toBe(0);
    expect(a.code).toBe(0);
    expect(a.out).toMatch(/from 2 file\(s\)/);
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe(readFileSync(join(dir, 'b.json'), 'utf8'));
    const empty = join(dir, 'empty.parts');
    mkdirSync(empty);
    const e = await run('--data', empty, '--out', join(dir, 'e.json'));
    expect(e.code).toBe(2);
    expect(e.err).toEqual([`tempo-tune: ${empty}: a folder without datagen parts (games-*.txt)`]);
  });

  test.each([
    [
      ['--data', join(dir, 'nope.txt'), '--out', join(dir, 'o.json')],
      /^tempo-tune: cannot read .*nope\.txt: no such file$/,
    ],
    [
      ['--data', 'x', '--out', join(dir, 'o.json'), '--keep', 'worst'],
      /^tempo-tune: --keep must be best or last, got "worst"$/,
    ],
    [
      ['--data', 'x', '--out', join(dir, 'o.json'), '--score-weight', '2'],
      /--score-weight must be a number between 0 and 1/,
    ],
    [['--data', 'x', '--out', join(dir, 'o.json'), '--frobnicate'], /^tempo-tune: tune: unknown option --frobnicate$/],
    [['--data', 'x'], /^tempo-tune: --out FILE is required$/],
    [['--out', 'o.json'], /^tempo-tune: --data FILE is required$/],
    [['--data', 'x', '--out', join(dir, 'o.json'), '--validation', '1.5'], /--validation must be a number/],
    [
      ['--data', 'x', '--out', join(dir, 'o.json'), '--preset', 'stockfish'],
      /--preset must be one of default, handset, pesto-only/,
    ],
  ])('usage errors are one line, exit 2: %j', async (argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    expect(r.err.length).toBe(1);
    expect(r.err[0]).toMatch(message);
  });

  test.each([
    ['a line without fields', 'just some words', /bad\.txt:3: expected "fen \| score \| result"/],
    ['a bad FEN', '8/8/8 w - - 0 1 | 0 | 0.5', /bad\.txt:3: Invalid FEN/],
    ['a bad result', '4k3/8/8/8/8/8/8/4K2R w K - 0 1 | 12 | 2.0', /bad\.txt:3: bad result "2.0"/],
  ])('a malformed line names the file and line: %s', async (_name, line, message) => {
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, ['4k3/8/8/8/8/8/8/4K2R w K - 0 1 | 500 | 1.0', '', line, ''].join('\n'));
    const r = await run('--data', bad, '--out', join(dir, 'o.json'));
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(message);
  });
});
