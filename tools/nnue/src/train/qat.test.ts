import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QB, evaluateFeatures } from '@tempo-chess/nnue';
import { Rng, collectIo } from '@tempo-chess/toolkit';
import { beforeAll, describe, expect, test } from 'vitest';
import { main } from '../cli';
import { convert } from '../convert';
import { RECORD_BYTES } from '../record';
import { randomGameLines } from '../test-support';
import { readCheckpoint } from './checkpoint';
import { quantise } from './export';
import { Scratch, makeLayout, trainRecord } from './kernel';
import { parseTrainArgs } from './options';
import { roundToGrid } from './qat';
import { CHUNKS, TaskRunner, arenaLayout, createArena, floatCp } from './tasks';
import { train } from './train';

const dir = mkdtempSync(join(tmpdir(), 'tempo-nnue-qat-'));
const tnd = join(dir, 'material.tnd');
let data: Uint8Array;

beforeAll(async () => {
  writeFileSync(join(dir, 'material.txt'), randomGameLines(160, 3, 20).join('\n') + '\n');
  await convert([join(dir, 'material.txt')], tnd, 0, false);
  const bytes = readFileSync(tnd);
  data = new Uint8Array(new SharedArrayBuffer(bytes.length));
  data.set(bytes);
});

/** Seeded parameters with accumulators spread over the clamp's range and output weights off their grid. */
function randomParams(p: Float32Array, outWeights: number, ftBias: number, hidden: number, seed: number): void {
  const rng = new Rng(seed);
  for (let i = 0; i < p.length; i++) p[i] = (rng.float() * 2 - 1) * (i < outWeights ? 0.12 : 0.8);
  for (let j = 0; j < hidden; j++) p[ftBias + j] = rng.float() * 0.8;
}

describe('--qat: the rounded net', () => {
  test('its float forward is the integer net of @tempo-chess/nnue up to the output truncation (< 1.03 cp); the unrounded one is not', () => {
    const H = 32,
      L = makeLayout(H, 2),
      p = new Float32Array(L.size),
      q = new Float32Array(L.size);
    randomParams(p, L.outWeights, L.ftBias, H, 3);
    roundToGrid(p, q, L);
    const net = quantise(p, L),
      sc = new Scratch(H);
    let worstRounded = 0,
      worstRaw = 0,
      inside = 0;
    for (let o = 0; o < data.length; o += RECORD_BYTES) {
      const rounded = floatCp(q, L, data, o, sc);
      for (const acc of sc.acc) for (const a of acc) if (a > 0 && a < 1) inside++;
      const int = evaluateFeatures(
        net,
        sc.features.subarray(0, sc.count),
        sc.features.subarray(32, 32 + sc.count),
        data[o + 27],
      );
      worstRounded = Math.max(worstRounded, Math.abs(int - rounded));
      worstRaw = Math.max(worstRaw, Math.abs(int - floatCp(p, L, data, o, sc)));
    }
    expect(worstRounded).toBeLessThan(1.03);
    expect(worstRaw).toBeGreaterThan(5);
    // Most accumulators inside (0, 1): the SCReLU's square is exercised, not only its clamps.
    expect(inside).toBeGreaterThan((data.length / RECORD_BYTES) * 2 * H * 0.3);
  });

  test.each(['simd', 'plain'])(
    '%s kernel: a rounded task trains on the rounded copy (straight-through), a plain one on the parameters',
    (kernel) => {
      const H = 32,
        L = makeLayout(H, 2),
        n = 400;
      const memory = createArena(H, 2),
        A = arenaLayout(L);
      const order = Uint32Array.from({ length: n }, (_, i) => i);
      const runner = new TaskRunner({
        memory,
        simd: kernel === 'simd',
        data,
        order,
        mirror: false,
        holdout: order,
        hidden: H,
        buckets: 2,
        wdl: 0.3,
        scale: 150,
        outClip: 32767 / 64,
      });
      randomParams(runner.params, L.outWeights, L.ftBias, H, 8);
      runner.roundParams();
      const summed = (rounded: boolean) => {
        let loss = 0;
        for (let c = 0; c < CHUNKS; c++) loss += runner.gradChunk(0, n, c, rounded);
        const g = new Float32Array(L.size);
        for (let c = 0; c < CHUNKS; c++) {
          const b = new Float32Array(memory.buffer, 4 * (A.grads + c * A.stride), L.size);
          for (let i = 0; i < L.size; i++) g[i] += b[i];
          b.fill(0);
        }
        return { loss, g };
      };
      const q = new Float32Array(L.size),
        raw = Float32Array.from(runner.params);
      roundToGrid(raw, q, L);
      const sc = new Scratch(H),
        wantQ = new Float32Array(L.size),
        wantRaw = new Float32Array(L.size);
      let lossQ = 0,
        lossRaw = 0;
      for (let i = 0; i < n; i++) {
        lossQ += trainRecord(q, wantQ, L, sc, data, i * RECORD_BYTES, 0.3, 1 / 150);
        lossRaw += trainRecord(raw, wantRaw, L, sc, data, i * RECORD_BYTES, 0.3, 1 / 150);
      }
      const a = summed(true),
        b = summed(false);
      let scale = 0,
        apart = 0;
      for (let i = 0; i < L.size; i++) scale = Math.max(scale, Math.abs(wantQ[i]));
      for (let i = 0; i < L.size; i++) {
        expect(Math.abs(a.g[i] - wantQ[i]), `rounded, parameter ${i}`).toBeLessThanOrEqual(1e-5 * scale);
        expect(Math.abs(b.g[i] - wantRaw[i]), `unrounded, parameter ${i}`).toBeLessThanOrEqual(1e-5 * scale);
        if (Math.abs(wantQ[i] - wantRaw[i]) > 1e-3 * scale) apart++;
      }
      expect(Math.abs(a.loss - lossQ)).toBeLessThan(1e-6 * n);
      expect(Math.abs(b.loss - lossRaw)).toBeLessThan(1e-6 * n);
      // The two gradients differ where it matters, so the test tells which copy a task read.
      expect(apart).toBeGreaterThan(100);
      let held = 0;
      for (let c = 0; c < CHUNKS; c++) held += runner.evalChunk(0, n, c, true);
      expect(Math.abs(held - lossQ)).toBeLessThan(1e-6 * n);
    },
  );
});

describe('--qat runs', () => {
  const args = (out: string, extra: string[] = []) =>
    parseTrainArgs([
      '--data',
      tnd,
      '--out',
      join(dir, out),
      '--hidden',
      '16',
      '--buckets',
      '2',
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

  test("the export check misses without it and passes with it (one epoch); the logged held-out loss is the exported net's", async () => {
    const off = await train(args('off1', ['--epochs', '1']), collectIo(), null, false);
    expect(off.check!.ok).toBe(false);
    expect(off.check!.meanCp).toBeGreaterThan(2);
    const io = collectIo();
    const on = await train(args('qat1', ['--epochs', '1', '--qat', '1']), io, null, false);
    expect(on.check!.ok).toBe(true);
    expect(on.check!.meanCp).toBeLessThan(0.7);
    expect(on.check!.maxCp).toBeLessThan(1.03);
    expect(io.stdout.join('\n')).toMatch(
      /quantised vs trained \(rounded\) net on [\d,]+ held-out positions: .* within the target/,
    );
    expect(io.stdout.join('\n')).toMatch(/float weights unrounded vs quantised \(information\): mean [\d.]+ cp/);
    // Every held-out record is checked: the integer net's loss is the last epoch's held-out loss up to the truncation.
    const hold = on.history.at(-1)!.holdout;
    expect(Math.abs(on.check!.loss - hold)).toBeLessThan(0.002 * hold);
    expect(Math.abs(on.check!.floatLoss - hold)).toBeLessThan(1e-6);
  });

  test('over six epochs the last two train the rounded net: only the truncation is left, where the output-layer step leaves more', async () => {
    const off = await train(args('off6', ['--epochs', '6']), collectIo(), null, false);
    const on = await train(args('qat6', ['--epochs', '6', '--qat', '2']), collectIo(), null, false);
    // The last epoch held the output weights on their grid (their straight-through steps would leave them between grid points).
    const L = makeLayout(16, 2),
      p = new Float32Array(L.size);
    readCheckpoint(
      join(dir, 'qat6', 'checkpoint.bin'),
      p,
      new Float32Array(L.size),
      new Float32Array(L.size),
      () => {},
    );
    for (let i = L.outWeights; i < L.outBias; i++)
      expect(p[i] * QB, `output weight ${i - L.outWeights}`).toBe(Math.round(p[i] * QB));
    expect(on.check!.maxCp).toBeLessThan(1.03);
    expect(off.check!.maxCp).toBeGreaterThan(3 * on.check!.maxCp);
    expect(off.check!.meanCp).toBeGreaterThan(2 * on.check!.meanCp);
    // What quantisation costs in loss: no more with --qat than without.
    expect(on.check!.loss - on.check!.floatLoss).toBeLessThan(
      Math.max(1e-5, 2 * (off.check!.loss - off.check!.floatLoss)),
    );
  });

  test('--qat is part of the run: parsed, refused on resume when it differs, and a resumed run equals a straight one', async () => {
    expect(args('x', ['--epochs', '6']).config.qat).toBeUndefined();
    expect(args('x', ['--epochs', '6', '--qat', '0']).config.qat).toBeUndefined();
    expect(args('x', ['--epochs', '6', '--qat', '6']).config.qat).toBe(6);
    const io = collectIo();
    expect(await main(['train', '--data', tnd, '--out', dir, '--epochs', '3', '--qat', '4'], io, null)).toBe(2);
    expect(io.stderr).toEqual(['tempo-nnue: train: --qat must be an integer from 0 to 3, got "4"']);
    await train(args('split', ['--epochs', '6', '--qat', '3', '--stop-after', '4']), collectIo(), null, false);
    await expect(train(args('split', ['--epochs', '6', '--resume']), collectIo(), null, false)).rejects.toThrow(
      'belongs to a run with another --qat (3)',
    );
    await expect(
      train(args('split', ['--epochs', '6', '--qat', '2', '--resume']), collectIo(), null, false),
    ).rejects.toThrow('belongs to a run with another --qat (3)');
    await train(args('split', ['--epochs', '6', '--qat', '3', '--resume']), collectIo(), null, false);
    await train(args('straight', ['--epochs', '6', '--qat', '3']), collectIo(), null, false);
    for (const f of ['checkpoint.bin', 'net.nnue'])
      expect(readFileSync(join(dir, 'split', f)).equals(readFileSync(join(dir, 'straight', f))), f).toBe(true);
    // Off, the checkpoint's header has no qat field: the bytes of the trainer before the option.
    await train(args('plain', ['--epochs', '2', '--stop-after', '1']), collectIo(), null, false);
    await expect(
      train(args('plain', ['--epochs', '2', '--qat', '1', '--resume']), collectIo(), null, false),
    ).rejects.toThrow('belongs to a run with another --qat (off)');
    const ck = readFileSync(join(dir, 'plain', 'checkpoint.bin'));
    const header = JSON.parse(ck.toString('utf8', 12, 12 + ck.readUInt32LE(8))) as { config: object };
    expect(Object.keys(header.config)).not.toContain('qat');
  });
});
