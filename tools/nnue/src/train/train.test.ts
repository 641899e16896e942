import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeNet } from '@tempo-chess/nnue';
import { Rng, collectIo } from '@tempo-chess/toolkit';
import { beforeAll, describe, expect, test } from 'vitest';
import { main } from '../cli';
import { convert } from '../convert';
import { RECORD_BYTES } from '../record';
import { randomGameLines } from '../test-support';
import { Scratch, forward, makeLayout, recordFeatures, recordLoss, trainRecord } from './kernel';
import { parseTrainArgs } from './options';
import { train } from './train';

const dir = mkdtempSync(join(tmpdir(), 'tempo-nnue-train-'));
const tnd = join(dir, 'material.tnd');

beforeAll(async () => {
  // Scores are material (+/-20 cp of noise), so the net has a known function to learn.
  writeFileSync(join(dir, 'material.txt'), randomGameLines(160, 3, 20).join('\n') + '\n');
  await convert([join(dir, 'material.txt')], tnd, 0, false);
});

describe('gradients', () => {
  test('trainRecord = central finite differences of the loss on a tiny net', () => {
    const data = new Uint8Array(readFileSync(tnd)).subarray(0, 6 * RECORD_BYTES);
    const L = makeLayout(16, 2);
    const p = new Float32Array(L.size),
      rng = new Rng(9);
    for (let i = 0; i < L.size; i++) p[i] = (rng.float() * 2 - 1) * (i < L.outWeights ? 0.3 : 1);
    for (let j = 0; j < 16; j++) p[L.ftBias + j] = 0.5;
    const s = new Scratch(16),
      g = new Float64Array(L.size);
    const wdl = 0.4,
      inv = 1 / 150;
    const loss = () => {
      let sum = 0;
      for (let r = 0; r < 6; r++) sum += recordLoss(p, L, s, data, r * RECORD_BYTES, wdl, inv);
      return sum;
    };
    const g32 = new Float32Array(L.size);
    for (let r = 0; r < 6; r++) trainRecord(p, g32, L, s, data, r * RECORD_BYTES, wdl, inv);
    g.set(g32);
    // The parameters the 6 records use: their feature rows, biases, output weights.
    const used = new Set<number>();
    for (let r = 0; r < 6; r++) {
      recordFeatures(data, r * RECORD_BYTES, s);
      for (let k = 0; k < s.count; k += 3) for (const side of [0, 32]) used.add(s.features[side + k] * 16 + (k % 16));
    }
    for (let i = L.ftBias; i < L.size; i++) used.add(i);
    // Regions of each accumulator (below 0, inside, above 1): a difference across a kink is not a derivative.
    const regions = () => {
      const out: number[] = [];
      for (let r = 0; r < 6; r++) {
        forward(p, L, s, recordFeatures(data, r * RECORD_BYTES, s));
        for (const acc of s.acc) for (const a of acc) out.push(a <= 0 ? 0 : a >= 1 ? 2 : 1);
      }
      return out.join('');
    };
    let checked = 0;
    for (const i of used) {
      const w = p[i],
        here = regions();
      p[i] = w + 1e-3;
      const up = p[i],
        lUp = loss(),
        rUp = regions();
      p[i] = w - 1e-3;
      const down = p[i],
        lDown = loss(),
        rDown = regions();
      p[i] = w;
      if (rUp !== here || rDown !== here) continue;
      const fd = (lUp - lDown) / (up - down);
      expect(Math.abs(g[i] - fd), `parameter ${i}: gradient ${g[i]}, finite difference ${fd}`).toBeLessThan(
        2e-4 + 0.01 * Math.abs(fd),
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('training', () => {
  const args = (out: string, extra: string[] = []) =>
    parseTrainArgs([
      '--data',
      tnd,
      '--out',
      out,
      '--hidden',
      '16',
      '--buckets',
      '2',
      '--epochs',
      '6',
      '--batch',
      '256',
      '--lr',
      '0.01',
      '--wdl',
      '0',
      '--scale',
      '200',
      '--holdout',
      '0.2',
      '--seed',
      '4',
      ...extra,
    ])!;

  test('the loss falls on material; the quantised net is within the tolerance', async () => {
    const io = collectIo();
    const r = await train(args(join(dir, 'a')), io, null, false);
    const start = Number(/start: held-out ([\d.]+)/.exec(io.stdout.join('\n'))![1]);
    const last = r.history.at(-1)!;
    expect(r.history.map((h) => h.epoch)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(last.holdout).toBeLessThan(start * 0.25);
    expect(last.train).toBeLessThan(r.history[0].train);
    expect(r.check!.positions).toBeGreaterThan(200);
    expect(r.check!.meanCp).toBeLessThanOrEqual(2);
    expect(r.check!.maxCp).toBeLessThanOrEqual(10);
    expect(r.check!.ok).toBe(true);
    const net = decodeNet(new Uint8Array(readFileSync(r.netPath!)));
    expect([net.hidden, net.buckets]).toEqual([16, 2]);
    expect(io.stdout.at(-1)).toMatch(/within the target/);
  });

  test('--out-clip N: no output weight of the net file beyond +-N, and the clip binds where the run without it goes past N', async () => {
    const free = decodeNet(
      new Uint8Array(readFileSync((await train(args(join(dir, 'free')), collectIo(), null, false)).netPath!)),
    );
    const largest = Math.max(...free.outWeights.map(Math.abs));
    const n = Math.floor(largest / 2);
    expect(n).toBeGreaterThan(2);
    const clipped = await train(args(join(dir, 'clip'), ['--out-clip', String(n)]), collectIo(), null, false);
    expect(clipped.check!.ok).toBe(true);
    const net = decodeNet(new Uint8Array(readFileSync(clipped.netPath!)));
    expect(Math.max(...net.outWeights.map(Math.abs))).toBe(n);
    expect(parseTrainArgs(['--data', tnd, '--out', dir])!.config.outClip).toBeUndefined();
    expect(parseTrainArgs(['--data', tnd, '--out', dir, '--out-clip', '32767'])!.config.outClip).toBeUndefined();
    expect(parseTrainArgs(['--data', tnd, '--out', dir, '--out-clip', '127'])!.config.outClip).toBe(127);
    const io = collectIo();
    expect(await main(['train', '--data', tnd, '--out', dir, '--out-clip', '0'], io, null)).toBe(2);
    expect(io.stderr[0]).toContain('--out-clip');
  });

  test('--stop-after then --resume gives the bytes of a straight run', async () => {
    const straight = join(dir, 's'),
      split = join(dir, 'r');
    await train(args(straight), collectIo(), null, false);
    const first = await train(args(split, ['--stop-after', '2']), collectIo(), null, false);
    expect(first.netPath).toBeNull();
    expect(first.history.length).toBe(2);
    await train(args(split, ['--resume', '--stop-after', '4']), collectIo(), null, false);
    await train(args(split, ['--resume']), collectIo(), null, false);
    for (const f of ['checkpoint.bin', 'net.nnue'])
      expect(readFileSync(join(split, f)).equals(readFileSync(join(straight, f))), f).toBe(true);
    const io = collectIo();
    expect(
      await main(
        [
          'train',
          '--data',
          tnd,
          '--out',
          split,
          '--hidden',
          '16',
          '--buckets',
          '2',
          '--epochs',
          '7',
          '--batch',
          '256',
          '--lr',
          '0.01',
          '--wdl',
          '0',
          '--scale',
          '200',
          '--holdout',
          '0.2',
          '--seed',
          '4',
          '--resume',
        ],
        io,
        null,
      ),
    ).toBe(2);
    expect(io.stderr).toEqual([
      `tempo-nnue: cannot resume: ${join(split, 'checkpoint.bin')} belongs to a run with another --epochs (6)`,
    ]);
  });

  test('one-line errors for bad arguments and unreadable files', async () => {
    const corrupt = new Uint8Array(readFileSync(tnd)).slice(0, 3 * RECORD_BYTES);
    corrupt[32 + 8] = (corrupt[32 + 8] & 0xf0) | 7;
    writeFileSync(join(dir, 'corrupt.tnd'), corrupt);
    const cases: [string[], string][] = [
      [['train', '--out', dir], 'tempo-nnue: train: --data is required'],
      [
        ['train', '--data', tnd, '--out', dir, '--hidden', '100'],
        'tempo-nnue: train: --hidden must be a multiple of 16, got 100',
      ],
      [
        ['train', '--data', tnd, '--out', dir, '--wdl', '2'],
        'tempo-nnue: train: --wdl must be a number from 0 to 1, got "2"',
      ],
      [['train', '--data', tnd, '--out', dir, '--frob'], 'tempo-nnue: train: unknown option --frob'],
      [
        ['train', '--data', join(dir, 'none.tnd'), '--out', dir],
        `tempo-nnue: cannot read ${join(dir, 'none.tnd')}: no such file`,
      ],
      [
        ['train', '--data', join(dir, 'material.txt'), '--out', dir],
        `tempo-nnue: ${join(dir, 'material.txt')}: ${readFileSync(join(dir, 'material.txt')).length} bytes is not a whole number of 32-byte records`,
      ],
      [
        ['train', '--data', tnd, '--data', join(dir, 'corrupt.tnd'), '--out', dir],
        `tempo-nnue: ${join(dir, 'corrupt.tnd')}: record 1 (byte 32) is not a training record: piece code 7`,
      ],
      [
        ['train', '--data', tnd, '--out', join(dir, 'fresh'), '--resume'],
        `tempo-nnue: cannot resume: ${join(dir, 'fresh', 'checkpoint.bin')} does not exist`,
      ],
    ];
    for (const [argv, line] of cases) {
      const io = collectIo();
      expect(await main(argv, io, null), argv.join(' ')).toBe(2);
      expect(io.stderr).toEqual([line]);
    }
  });
});
