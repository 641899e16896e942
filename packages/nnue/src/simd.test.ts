import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test, vi } from 'vitest';
import { generateLegal } from '@tempo-chess/movegen';
import { Position } from '@tempo-chess/position';
import { assemble, moduleSource, sharedWat } from '../scripts/build-simd.mjs';
import { AccumulatorStack, createNet, evaluateFeatures, randomNet, type NetWeights } from './index';
import { SimdMemory, simdAvailable } from './simd';
import { boardFeatures } from './test-support';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

/** The from-scratch reference (evaluateFeatures over featureIndex). */
function reference(net: NetWeights, pos: Position): number {
  const [white, black] = boardFeatures(pos);
  return evaluateFeatures(net, white, black, pos.side);
}

/** xorshift32 integers in [lo, hi]. */
function ints(seed: number): (lo: number, hi: number) => number {
  let s = seed;
  return (lo, hi) => ((s ^= s << 13), (s ^= s >>> 17), (s ^= s << 5), lo + ((s >>> 0) % (hi - lo + 1)));
}

/** 300 plies of a random game from Kiwipete (back to it at a mate or after 80 plies), both stacks against the reference. */
function walk(net: NetWeights, seed: number): Set<number> {
  const plain = new AccumulatorStack(net, 8, { simd: false }),
    simd = new AccumulatorStack(net, 8, { simd: true });
  const pos = Position.fromFen(KIWIPETE),
    list = new Int32Array(256),
    next = ints(seed),
    seen = new Set<number>();
  plain.refresh(pos);
  simd.refresh(pos);
  for (let k = 0; k < 300; k++) {
    const n = generateLegal(pos, list, 0);
    if (n === 0 || plain.ply >= 80) {
      while (plain.ply > 0) (pos.undoMove(), plain.pop(), simd.pop());
      continue;
    }
    pos.doMove(list[next(0, n - 1)]);
    plain.push();
    simd.push();
    const want = reference(net, pos);
    expect(plain.evaluate(pos)).toBe(want);
    expect(simd.evaluate(pos)).toBe(want);
    seen.add(want);
  }
  return seen;
}

describe('WebAssembly SIMD kernels', () => {
  test('simd-bytes.ts is simd.wat assembled, and its shared-memory variant (run pnpm --filter @tempo-chess/nnue wasm after editing the .wat), and Node runs it', async () => {
    const wat = readFileSync(fileURLToPath(new URL('./simd.wat', import.meta.url)), 'utf8');
    const committed = readFileSync(fileURLToPath(new URL('./simd-bytes.ts', import.meta.url)), 'utf8');
    expect(sharedWat(wat)).toContain('(import "env" "memory" (memory 1 65536 shared))');
    expect(committed).toBe(moduleSource(await assemble(wat), await assemble(sharedWat(wat))));
    expect(simdAvailable()).toBe(true);
    expect(new AccumulatorStack(randomNet(16, 1)).simd).toBe(true); // the default where available
    expect(new AccumulatorStack(randomNet(16, 1), 4, { simd: false }).simd).toBe(false);
  });

  test('without WebAssembly (a JIT-less runtime), the stack falls back to the plain kernels, and { simd: true } says why it cannot', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    vi.resetModules();
    try {
      const simd = await import('./simd'),
        acc = await import('./accumulator');
      expect(simd.simdAvailable()).toBe(false);
      expect(simd.shareWeights(randomNet(16, 1))).toBe(null); // shareNet shares a SharedArrayBuffer instead
      const net = randomNet(16, 1, 3),
        stack = new acc.AccumulatorStack(net);
      expect(stack.simd).toBe(false);
      const pos = Position.fromFen(KIWIPETE);
      stack.refresh(pos);
      expect(stack.evaluate(pos)).toBe(reference(net, pos));
      expect(() => new acc.AccumulatorStack(net, 4, { simd: true })).toThrow(
        'AccumulatorStack: WebAssembly SIMD is not available in this runtime',
      );
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });

  test.each([256, 1024])(
    'the forward pass at the extremes, H = %i: every lane clipped to QA, output weights of +-32767 and -32768 (sums far past 2^31)',
    (H) => {
      // ftBias 300 and no feature weights: every accumulator is 300, clipped to 255, so each
      // product is 65,025 * w, and 2H of them with |w| ~ 32767 sum to ~1.1e12 (H = 256):
      // past the SIMD pass's int32 lanes, which it widens every 32 steps (H = 1024: 4 blocks).
      const net = createNet(H, 4);
      net.ftBias.fill(300);
      const next = ints(11);
      for (let i = 0; i < net.outWeights.length; i++)
        net.outWeights[i] = [32767, -32768, next(-32768, 32767)][Math.min(2, Math.floor(i / (2 * H)) % 4)];
      for (let b = 0; b < 4; b++) net.outBias[b] = next(-2_000_000, 2_000_000);
      const values = walk(net, 3);
      expect(Math.max(...values.values())).toBeGreaterThan(((2 ** 31 / 255 + 2_000_000) * 400) / (255 * 64)); // the sum itself passed int32's range
      expect(Math.min(...values.values())).toBeLessThan(0);
    },
  );

  test.each([256, 2048])(
    'the narrow forward pass (output weights in -128..127) at the extremes, H = %i: every lane clipped, weights 127 and -128, sums past 2^31',
    (H) => {
      // The same construction as above with byte weights: each product is 65,025 * w and
      // 2H of them with w = 127 sum to ~4.2e9 (H = 256), past int32. H = 2048 (the largest)
      // puts 512 such products in each int32 lane over the whole pass (~4.2e9 again), so
      // only the kernel's blocks of 512 bytes (64 products a lane) keep the lanes exact.
      const net = createNet(H, 4);
      net.ftBias.fill(300);
      const next = ints(13);
      for (let i = 0; i < net.outWeights.length; i++)
        net.outWeights[i] = [next(-128, 127), next(-128, 127), -128, 127][Math.floor(i / (2 * H))]; // 26 or more pieces: bucket 3
      for (let b = 0; b < 4; b++) net.outBias[b] = next(-2_000_000, 2_000_000);
      expect(new SimdMemory(net, 1024).narrow).toBe(true);
      const values = walk(net, 5);
      expect(Math.max(...values.values())).toBeGreaterThan(((2 ** 31 / 255 + 2_000_000) * 400) / (255 * 64));
      expect(Math.min(...values.values())).toBeLessThan(0);
    },
  );

  test('the narrow pass is chosen only when every output weight fits a signed byte', () => {
    const net = randomNet(32, 2, 3);
    net.outWeights.fill(-128);
    expect(new SimdMemory(net, 1024).narrow).toBe(true);
    net.outWeights[net.outWeights.length - 1] = 128;
    expect(new SimdMemory(net, 1024).narrow).toBe(false);
    net.outWeights[net.outWeights.length - 1] = -129;
    expect(new SimdMemory(net, 1024).narrow).toBe(false);
    expect(walk(net, 4).size).toBeGreaterThan(20);
  });

  test('accumulators that wrap int16 (feature weights up to +-32767): both backends wrap exactly as Int16Array does', () => {
    const net = randomNet(32, 2, 7),
      next = ints(5);
    for (let i = 0; i < net.ftWeights.length; i++) net.ftWeights[i] = next(-32767, 32767);
    for (let i = 0; i < net.outWeights.length; i++) net.outWeights[i] = next(-32768, 32767);
    expect(walk(net, 9).size).toBeGreaterThan(100);
  });

  test('a net with H = 16 and one with H = 48 (loops of one and three double steps), random weights', () => {
    expect(walk(randomNet(16, 3, 2), 1).size).toBeGreaterThan(50);
    expect(walk(randomNet(48, 5, 4), 2).size).toBeGreaterThan(50);
  });
});
