import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Rng } from '@tempo-chess/toolkit';
import { describe, expect, test } from 'vitest';
import { assemble, moduleSource } from '../../scripts/build-wasm.mjs';
import { RECORD_BYTES } from '../record';
import { randomGameLines } from '../test-support';
import { Scratch, forward, makeLayout, recordFeatures, trainRecord } from './kernel';
import { SimdKernel, simdAvailable } from './kernel-simd';
import { parseTextRecord, writeRecord, type TextRecord } from '../record';

/** Records of random positions, in memory. */
function records(count: number): Uint8Array {
  const lines = randomGameLines(40, 8, 50).slice(0, count);
  const out = new Uint8Array(lines.length * RECORD_BYTES),
    view = new DataView(out.buffer);
  const rec: TextRecord = { board: new Uint8Array(64), stm: 0, ply: 0, score: 0, result: 0 };
  lines.forEach((l, i) => {
    expect(parseTextRecord(l, rec)).toBeNull();
    writeRecord(rec, 0, out, view, i * RECORD_BYTES);
  });
  return out;
}

describe('WebAssembly SIMD kernel', () => {
  test('kernel-wasm.ts is kernel.wat assembled (run pnpm --filter tempo-nnue wasm after editing the .wat)', async () => {
    const wat = readFileSync(fileURLToPath(new URL('./kernel.wat', import.meta.url)), 'utf8');
    const committed = readFileSync(fileURLToPath(new URL('./kernel-wasm.ts', import.meta.url)), 'utf8');
    expect(committed).toBe(moduleSource(await assemble(wat)));
    expect(simdAvailable()).toBe(true);
  });

  test.each([
    [16, 1],
    [32, 3],
    [256, 2],
  ])('H %i, %i buckets: forward and gradients equal the plain kernel', (H, B) => {
    const L = makeLayout(H, B);
    const data = records(300);
    const n = data.length / RECORD_BYTES;
    // The arena: parameters at byte 0, two gradient buffers, two scratch areas.
    const P = Math.ceil(L.size / 4) * 4;
    const pages = Math.ceil((3 * P * 4 + 2 * (16 * H + 256)) / 65536);
    const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
    const buf = memory.buffer;
    const p = new Float32Array(buf, 0, L.size),
      gSimd = new Float32Array(buf, 4 * P, L.size),
      gPlain = new Float32Array(buf, 8 * P, L.size);
    const rng = new Rng(H + B);
    for (let i = 0; i < L.size; i++) p[i] = (rng.float() * 2 - 1) * (i < L.outWeights ? 0.15 : 0.5);
    for (let j = 0; j < H; j++) p[L.ftBias + j] = rng.float();
    const s1 = new Scratch(H, buf, 12 * P),
      s2 = new Scratch(H, buf, 12 * P + 16 * H + 256);
    const k = new SimdKernel(memory);
    let lossS = 0,
      lossP = 0,
      maxV = 0,
      accDiffer = 0;
    for (let i = 0; i < n; i++) {
      const o = i * RECORD_BYTES;
      const stm = recordFeatures(data, o, s1);
      recordFeatures(data, o, s2);
      const vs = k.forward(p, 0, L, s1, stm),
        vp = forward(p, L, s2, stm);
      maxV = Math.max(maxV, Math.abs(vs - vp));
      for (let j = 0; j < H; j++) for (const side of [0, 1]) if (s1.acc[side][j] !== s2.acc[side][j]) accDiffer++;
      lossS += k.trainRecord(p, 0, gSimd, gSimd.byteOffset, L, s1, data, o, 0.3, 1 / 150);
      lossP += trainRecord(p, gPlain, L, s2, data, o, 0.3, 1 / 150);
    }
    expect(accDiffer).toBe(0);
    expect(maxV).toBeLessThan(1e-5);
    expect(Math.abs(lossS - lossP)).toBeLessThan(1e-6 * n);
    let scale = 0;
    for (let i = 0; i < L.size; i++) scale = Math.max(scale, Math.abs(gPlain[i]));
    expect(scale).toBeGreaterThan(0);
    let nonzero = 0;
    for (let i = 0; i < L.size; i++) {
      if (gPlain[i] !== 0) nonzero++;
      expect(Math.abs(gSimd[i] - gPlain[i]), `parameter ${i}`).toBeLessThanOrEqual(1e-5 * scale);
    }
    expect(nonzero).toBeGreaterThan(L.size / 20);
  });
});
