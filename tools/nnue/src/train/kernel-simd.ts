/**
 * The forward and backward passes of kernel.ts with their row loops in WebAssembly SIMD
 * (kernel.wat): the accumulators (bias plus ~32 rows of H floats, both sides), the
 * output sum, the output layer's backward and the scatter of the first layer's
 * gradient into its rows. The per-position scalar work (features, target, sigmoid,
 * output bias) stays in TypeScript. Works on the trainer's arena, which must be the
 * buffer of the shared WebAssembly.Memory the module is instantiated with.
 *
 * The additions happen in the same order as in kernel.ts, in float32 as there (a float32
 * sum of two float32 values rounds the same whether computed in float32 or in a double
 * then stored); the output sum is added in four float32 lanes instead of one double, so
 * results agree with the plain kernel to about 1e-6 relative (kernel-simd.test.ts).
 */
import { NNUE_SCALE } from '@tempo-chess/nnue';
import { KERNEL_WASM_BASE64 } from './kernel-wasm';
import { bucketOf, recordFeatures, recordTarget, sigmoid, type Layout, type Scratch } from './kernel';

interface Exports {
  accumulate(params: number, bias: number, feats: number, n: number, acc0: number, acc1: number, H: number): void;
  outsum(us: number, them: number, ow: number, H: number): number;
  backward(us: number, them: number, ow: number, gow: number, gus: number, gthem: number, dv: number, H: number): void;
  scatter(grad: number, gbias: number, feats: number, n: number, g0: number, g1: number, H: number): void;
}

let compiled: WebAssembly.Module | null = null;

/** Whether this Node runs the kernel (WebAssembly SIMD and shared memory). */
export function simdAvailable(): boolean {
  try {
    return WebAssembly.validate(Buffer.from(KERNEL_WASM_BASE64, 'base64'));
  } catch {
    return false;
  }
}

/** The kernel bound to one arena (`memory`), with the parameters at byte 0. */
export class SimdKernel {
  private readonly x: Exports;
  constructor(memory: WebAssembly.Memory) {
    compiled ??= new WebAssembly.Module(Buffer.from(KERNEL_WASM_BASE64, 'base64'));
    this.x = new WebAssembly.Instance(compiled, { env: { memory } }).exports as unknown as Exports;
  }

  /** kernel.ts's forward for the features in s (parameters `p` at arena byte `pAt`). */
  forward(p: Float32Array, pAt: number, L: Layout, s: Scratch, stm: number): number {
    const H = L.hidden;
    const a0 = s.acc[0].byteOffset,
      a1 = s.acc[1].byteOffset;
    this.x.accumulate(pAt, pAt + 4 * L.ftBias, s.features.byteOffset, s.count, a0, a1, H);
    const bucket = bucketOf(s.count, L.buckets);
    const ow = pAt + 4 * (L.outWeights + bucket * 2 * H);
    return p[L.outBias + bucket] + this.x.outsum(stm === 0 ? a0 : a1, stm === 0 ? a1 : a0, ow, H);
  }

  /** kernel.ts's trainRecord (`flip` as there): gradient added to `g` (at arena byte `gAt`); returns the loss. */
  trainRecord(
    p: Float32Array,
    pAt: number,
    g: Float32Array,
    gAt: number,
    L: Layout,
    s: Scratch,
    data: Uint8Array,
    offset: number,
    wdl: number,
    invScale: number,
    flip = 0,
  ): number {
    const stm = recordFeatures(data, offset, s, flip);
    const target = recordTarget(data, offset, wdl, invScale);
    const v = this.forward(p, pAt, L, s, stm);
    const k = NNUE_SCALE * invScale;
    const q = sigmoid(v * k);
    const err = q - target;
    const dv = 2 * err * q * (1 - q) * k;
    const H = L.hidden,
      bucket = bucketOf(s.count, L.buckets);
    g[L.outBias + bucket] += dv;
    const a0 = s.acc[0].byteOffset,
      a1 = s.acc[1].byteOffset,
      g0 = s.grad[0].byteOffset,
      g1 = s.grad[1].byteOffset;
    const ow = 4 * (L.outWeights + bucket * 2 * H);
    this.x.backward(
      stm === 0 ? a0 : a1,
      stm === 0 ? a1 : a0,
      pAt + ow,
      gAt + ow,
      stm === 0 ? g0 : g1,
      stm === 0 ? g1 : g0,
      dv,
      H,
    );
    this.x.scatter(gAt, gAt + 4 * L.ftBias, s.features.byteOffset, s.count, g0, g1, H);
    return err * err;
  }

  /** The loss without a gradient. */
  recordLoss(
    p: Float32Array,
    pAt: number,
    L: Layout,
    s: Scratch,
    data: Uint8Array,
    offset: number,
    wdl: number,
    invScale: number,
  ): number {
    const stm = recordFeatures(data, offset, s);
    const err =
      sigmoid(this.forward(p, pAt, L, s, stm) * NNUE_SCALE * invScale) - recordTarget(data, offset, wdl, invScale);
    return err * err;
  }
}
