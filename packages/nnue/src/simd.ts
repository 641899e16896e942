/**
 * The WebAssembly SIMD backend of the accumulator stack (simd.wat, assembled into
 * simd-bytes.ts): eight int16 lanes an instruction where update.ts's SWAR kernels do
 * two. The kernels address one linear memory, so the weights must be in it beside the
 * accumulators: each stack gets its own memory with its own copy of the net's weights
 * (394 KB for H = 256, copied once at construction). Sharing them between threads would
 * need every thread's accumulators carved out of one shared memory (WebAssembly 2.0 has
 * one memory a module in every engine we target; multi-memory is newer than Node 20),
 * with an allocator across threads and the Memory object carried inside the net;
 * left for when the copies matter (they are a few hundred KB a thread).
 *
 * Where WebAssembly or its SIMD is missing (old browsers, a JIT-less runtime), the
 * module does not validate and the stack keeps the plain TypeScript kernels.
 */
import { base64ToBytes } from './base64';
import { NNUE_INPUTS } from './constants';
import type { NetWeights } from './net';
import { SIMD_WASM_BASE64 } from './simd-bytes';

/** simd.wat's exports. Addresses are byte offsets into the memory; n = 2H, the bytes of one perspective. */
export interface SimdExports {
  addSub(src: number, dst: number, n: number, a0: number, s0: number, a1: number, s1: number): void;
  addSub2(src: number, dst: number, n: number, a0: number, s0: number, t0: number, a1: number, s1: number, t1: number): void;
  add2Sub2(src: number, dst: number, n: number, a0: number, b0: number, s0: number, t0: number, a1: number, b1: number, s1: number, t1: number): void;
  copy(src: number, dst: number, n: number): void;
  refresh(dst: number, n: number, bias: number, list: number, count: number): void;
  /** The forward pass's sum, before the scaling (see forward.ts); the output weights split in wl and wh (SimdMemory). */
  forward(us: number, them: number, wl: number, wh: number, n: number): number;
}

/**
 * The part of the WebAssembly JS API used here, declared locally: the packages that
 * compile these sources check them against ES2022 with Node's types, which have no
 * WebAssembly namespace (the browser libs do), and the global may be missing at run time.
 */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: object };
  Memory: new (descriptor: { initial: number }) => WasmMemory;
}
const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

/** The compiled module; undefined until first asked for, null where it cannot run. */
let compiled: object | null | undefined;

/** The compiled module, or null where WebAssembly SIMD is not available (validated once). */
function simdModule(): object | null {
  if (compiled === undefined) {
    compiled = null;
    try {
      const bytes = base64ToBytes(SIMD_WASM_BASE64);
      if (wasm !== undefined && wasm.validate(bytes)) compiled = new wasm.Module(bytes);
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** Whether this runtime runs the SIMD kernels (the module itself validates: every instruction it uses is supported). */
export function simdAvailable(): boolean {
  return simdModule() !== null;
}

const PAGE = 65536;
/** Room for the refresh's list of rows: 2 perspectives x 32 pieces, int32 byte offsets. */
const LIST_BYTES = 256;

/**
 * One stack's memory: [0, 256) the refresh's row list, then the net's ftWeights,
 * ftBias and outWeights (each a multiple of 32 bytes, so every row stays 16-byte
 * aligned), then the accumulators, which grow at the end. The output weights are
 * stored split, w = 256 * wh + wl with wl = w's low byte sign-extended (-128..127) and
 * wh in -128..128, so that the forward pass multiplies clipped activations by them in
 * int16 lanes exactly (simd.wat).
 */
export class SimdMemory {
  readonly x: SimdExports;
  readonly memory: WasmMemory;
  /** Byte offsets of the arrays in the memory. */
  readonly ft: number;
  readonly bias: number;
  /** The output weights' low and high parts (outL[i], outH[i] for net.outWeights[i]). */
  readonly outL: number;
  readonly outH: number;
  readonly acc: number;

  /** A memory holding a copy of `net`'s weights and room for `accBytes` of accumulators. */
  constructor(net: NetWeights, accBytes: number) {
    const mod = simdModule();
    if (mod === null || wasm === undefined) throw new Error('AccumulatorStack: WebAssembly SIMD is not available in this runtime');
    const H = net.hidden;
    this.ft = LIST_BYTES;
    this.bias = this.ft + 2 * NNUE_INPUTS * H;
    this.outL = this.bias + 2 * H;
    this.outH = this.outL + 2 * net.outWeights.length;
    this.acc = this.outH + 2 * net.outWeights.length;
    this.memory = new wasm.Memory({ initial: Math.ceil((this.acc + accBytes) / PAGE) });
    this.x = new wasm.Instance(mod, { env: { memory: this.memory } }).exports as unknown as SimdExports;
    const buf = this.memory.buffer;
    new Int16Array(buf, this.ft, net.ftWeights.length).set(net.ftWeights);
    new Int16Array(buf, this.bias, H).set(net.ftBias);
    const w = net.outWeights, lo = new Int16Array(buf, this.outL, w.length), hi = new Int16Array(buf, this.outH, w.length);
    for (let i = 0; i < w.length; i++) {
      lo[i] = (w[i] << 24) >> 24;
      hi[i] = (w[i] - lo[i]) >> 8;
    }
  }

  /** Grows the memory to hold `accBytes` of accumulators (contents kept; views of the old buffer are detached). */
  reserve(accBytes: number): void {
    const need = Math.ceil((this.acc + accBytes) / PAGE) - this.memory.buffer.byteLength / PAGE;
    if (need > 0) this.memory.grow(need);
  }

  /** The accumulators as int16, `length` of them (a fresh view: call again after reserve). */
  accView(length: number): Int16Array {
    return new Int16Array(this.memory.buffer, this.acc, length);
  }

  /** The refresh's row list (a fresh view: call again after reserve). */
  listView(): Int32Array {
    return new Int32Array(this.memory.buffer, 0, LIST_BYTES >> 2);
  }
}
