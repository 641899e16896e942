/**
 * The WebAssembly SIMD backend of the accumulator stack (simd.wat, assembled into
 * simd-bytes.ts): eight int16 lanes an instruction where update.ts's SWAR kernels do
 * two. The kernels address one linear memory, so the weights must be in it beside the
 * accumulators. Two ways to get there:
 *
 * - A shared net (shareNet, where SharedArrayBuffer and wasm threads exist: Node,
 *   cross-origin-isolated pages): shareNet puts the weights once in a shared
 *   WebAssembly.Memory, carried with the net to the helper threads by postMessage, and
 *   every thread's stacks instantiate the shared-memory build of the module on that
 *   memory, each stack's accumulators in a region of its own. `memory.grow` on a
 *   shared memory is atomic and returns the old size, so it hands out regions without
 *   a lock; a table at the start of the memory lets a region of a collected stack
 *   (FinalizationRegistry) or of an outgrown one be taken again, by any thread.
 * - Any other net: the stack gets a memory of its own with a copy of the weights
 *   (394 KB for H = 256, copied once at construction), as every stack did before the
 *   weights were shared.
 *
 * Where WebAssembly or its SIMD is missing (old browsers, a JIT-less runtime), the
 * module does not validate and the stack keeps the plain TypeScript kernels.
 */
import { base64ToBytes } from './base64';
import { MAX_BUCKETS, NNUE_INPUTS } from './constants';
import type { NetWeights } from './net';
import { SIMD_SHARED_WASM_BASE64, SIMD_WASM_BASE64 } from './simd-bytes';

/** simd.wat's exports. Addresses are byte offsets into the memory; n = 2H, the bytes of one perspective. */
export interface SimdExports {
  addSub(src: number, dst: number, n: number, a0: number, s0: number, a1: number, s1: number): void;
  addSub2(
    src: number,
    dst: number,
    n: number,
    a0: number,
    s0: number,
    t0: number,
    a1: number,
    s1: number,
    t1: number,
  ): void;
  add2Sub2(
    src: number,
    dst: number,
    n: number,
    a0: number,
    b0: number,
    s0: number,
    t0: number,
    a1: number,
    b1: number,
    s1: number,
    t1: number,
  ): void;
  copy(src: number, dst: number, n: number): void;
  refresh(dst: number, n: number, bias: number, list: number, count: number): void;
  /** The forward pass's sum, before the scaling (see forward.ts); the output weights split in wl and wh (SimdMemory). */
  forward(us: number, them: number, wl: number, wh: number, n: number): number;
  /** `forward` for output weights that all fit a signed byte (SimdMemory.narrow): w is outL, the weights themselves. */
  forwardNarrow(us: number, them: number, w: number, n: number): number;
}

/**
 * The part of the WebAssembly JS API used here, declared locally: the packages that
 * compile these sources check them against ES2022 with Node's types, which have no
 * WebAssembly namespace (the browser libs do), and the global may be missing at run time.
 */
export interface WasmMemory {
  /** A SharedArrayBuffer for a shared memory: a new one, longer, once the memory has grown. */
  readonly buffer: ArrayBufferLike;
  grow(pages: number): number;
}
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: object };
  Memory: new (descriptor: { initial: number; maximum?: number; shared?: boolean }) => WasmMemory;
}
const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

/**
 * Where shareNet put a net's weights in a shared memory, as the kernels read them
 * (byte offsets; the net's own ftWeights, ftBias, outWeights and outBias are views of
 * the same memory). Structured-cloneable: a shared WebAssembly.Memory posts as itself.
 */
export interface SharedWeights {
  readonly memory: WasmMemory;
  readonly ft: number;
  readonly bias: number;
  readonly outL: number;
  readonly outH: number;
}

/** The compiled modules ([0] own memory, [1] shared memory); undefined until first asked for, null where it cannot run. */
const compiled: (object | null | undefined)[] = [undefined, undefined];

/** The compiled module, or null where WebAssembly SIMD (and, for `shared`, threads) is not available (validated once). */
function simdModule(shared: boolean): object | null {
  const k = shared ? 1 : 0;
  let mod = compiled[k];
  if (mod === undefined) {
    mod = null;
    try {
      const bytes = base64ToBytes(shared ? SIMD_SHARED_WASM_BASE64 : SIMD_WASM_BASE64);
      if (wasm !== undefined && wasm.validate(bytes)) mod = new wasm.Module(bytes);
    } catch {
      mod = null;
    }
    compiled[k] = mod;
  }
  return mod;
}

/** Whether this runtime runs the SIMD kernels (the module itself validates: every instruction it uses is supported). */
export function simdAvailable(): boolean {
  return simdModule(false) !== null;
}

const PAGE = 65536;
/** Room for the refresh's row list: 2 perspectives x 32 pieces, int32 byte offsets. */
const LIST_BYTES = 256;

/**
 * A shared net's memory starts with its region table: int32 [0] the regions ever
 * made, then REGION_SLOTS slots of four int32 (state, first page, pages, unused).
 * A region beyond the table's slots is never taken again (and never expected: a
 * region is taken by each live stack, one per search thread and a few more).
 */
const REGION_SLOTS = 63;
const TABLE_BYTES = 16 * (REGION_SLOTS + 1);
const PUBLISHED = 1,
  FREE = 2; // a slot's state: 0 until its region is written
/** Pages a shared net's memory may grow by for accumulators (1 GiB: thousands of stacks), below wasm32's 65,536. */
const REGION_PAGES_MAX = 16384;

/** A part of a shared memory that one stack's list and accumulators use: pages [page, page + pages). */
interface Region {
  readonly table: Int32Array;
  /** Its slot in the table, or -1. */
  readonly slot: number;
  readonly page: number;
  readonly pages: number;
}

/** Gives a collected stack's region back (its SimdMemory is the registered target). */
const regions = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry<Region>(freeRegion) : null;

function freeRegion(r: Region): void {
  if (r.slot >= 0) Atomics.store(r.table, 4 + 4 * r.slot, FREE);
}

/**
 * A region of at least `bytes` of `memory` for this thread's use: a free one from the
 * table, else new pages (memory.grow: atomic, so threads never get the same pages).
 * Null when the memory is at its maximum.
 */
function takeRegion(memory: WasmMemory, bytes: number): Region | null {
  const pages = Math.ceil(bytes / PAGE),
    table = new Int32Array(memory.buffer, 0, TABLE_BYTES >> 2);
  const made = Math.min(Atomics.load(table, 0), REGION_SLOTS);
  for (let k = 0; k < made; k++) {
    const s = 4 + 4 * k;
    if (
      Atomics.load(table, s) !== FREE ||
      table[s + 2] < pages ||
      Atomics.compareExchange(table, s, FREE, PUBLISHED) !== FREE
    )
      continue;
    const r = { table, slot: k, page: table[s + 1], pages: table[s + 2] };
    // Another thread may have grown the memory past this thread's buffer (it learns of
    // that at an interrupt); grow(0) brings this thread's view of it up to date.
    if (memory.buffer.byteLength < (r.page + r.pages) * PAGE) memory.grow(0);
    return r;
  }
  let page: number;
  try {
    page = memory.grow(pages);
  } catch {
    return null;
  }
  const k = Atomics.add(table, 0, 1);
  if (k >= REGION_SLOTS) return { table, slot: -1, page, pages };
  table[5 + 4 * k] = page;
  table[6 + 4 * k] = pages;
  Atomics.store(table, 4 + 4 * k, PUBLISHED);
  return { table, slot: k, page, pages };
}

/** Where the kernels' weights go from byte `at` on (each array a multiple of 32 bytes, so every row stays 16-byte aligned). */
function weightOffsets(
  net: NetWeights,
  at: number,
): { ft: number; bias: number; outL: number; outH: number; end: number } {
  const ft = at,
    bias = ft + 2 * NNUE_INPUTS * net.hidden,
    outL = bias + 2 * net.hidden,
    outH = outL + 2 * net.outWeights.length;
  return { ft, bias, outL, outH, end: outH + 2 * net.outWeights.length };
}

/**
 * Writes the kernels' weights at `o`: ftWeights, ftBias, and the output weights split,
 * w = 256 * wh + wl with wl = w's low byte sign-extended (-128..127) and wh in
 * -128..128, so that the forward pass multiplies clipped activations by them in int16
 * lanes exactly (simd.wat).
 */
function writeWeights(
  buf: ArrayBufferLike,
  o: { ft: number; bias: number; outL: number; outH: number },
  net: NetWeights,
): void {
  new Int16Array(buf, o.ft, net.ftWeights.length).set(net.ftWeights);
  new Int16Array(buf, o.bias, net.hidden).set(net.ftBias);
  const w = net.outWeights,
    lo = new Int16Array(buf, o.outL, w.length),
    hi = new Int16Array(buf, o.outH, w.length);
  for (let i = 0; i < w.length; i++) {
    lo[i] = (w[i] << 24) >> 24;
    hi[i] = (w[i] - lo[i]) >> 8;
  }
}

/**
 * A copy of `net` in a new shared WebAssembly memory: [0, TABLE_BYTES) the region
 * table, then outBias (room for MAX_BUCKETS), the kernels' weights, and the net's
 * outWeights; stacks' regions follow. Null where the runtime cannot make or use one
 * (no SharedArrayBuffer, a page that is not cross-origin isolated, no wasm threads or
 * SIMD, or no room for the memory's maximum): shareNet then shares a SharedArrayBuffer.
 */
export function shareWeights(net: NetWeights): NetWeights | null {
  if (wasm === undefined || typeof SharedArrayBuffer !== 'function' || simdModule(true) === null) return null;
  const H = net.hidden,
    B = net.buckets,
    o = weightOffsets(net, TABLE_BYTES + 4 * MAX_BUCKETS);
  const pages = Math.ceil((o.end + 2 * net.outWeights.length) / PAGE);
  let memory: WasmMemory;
  try {
    memory = new wasm.Memory({ initial: pages, maximum: Math.min(65536, pages + REGION_PAGES_MAX), shared: true });
  } catch {
    return null;
  }
  const buf = memory.buffer;
  writeWeights(buf, o, net);
  const outBias = new Int32Array(buf, TABLE_BYTES, B),
    outWeights = new Int16Array(buf, o.end, net.outWeights.length);
  outBias.set(net.outBias);
  outWeights.set(net.outWeights);
  const wasmWeights: SharedWeights = { memory, ft: o.ft, bias: o.bias, outL: o.outL, outH: o.outH };
  return {
    hidden: H,
    buckets: B,
    ftWeights: new Int16Array(buf, o.ft, NNUE_INPUTS * H),
    ftBias: new Int16Array(buf, o.bias, H),
    outWeights,
    outBias,
    wasm: wasmWeights,
  };
}

/**
 * One stack's view of the kernels' memory: the net's weights (its shared memory's, or
 * a copy in a memory of the stack's own), the refresh's row list and the accumulators.
 * In a memory of its own: [0, 256) the list, the weights, then the accumulators, which
 * grow at the end. In a shared one: the list and the accumulators in a region.
 */
export class SimdMemory {
  readonly x: SimdExports;
  readonly memory: WasmMemory;
  /** Byte offsets of the weights in the memory. */
  readonly ft: number;
  readonly bias: number;
  /** The output weights' low and high parts (outL[i], outH[i] for net.outWeights[i]). */
  readonly outL: number;
  readonly outH: number;
  /**
   * Whether every output weight fits a signed byte (-128..127): then outL holds the
   * weights themselves (outH is all 0) and the forward pass runs forwardNarrow.
   */
  readonly narrow: boolean;
  /** Byte offsets of the row list and the accumulators (in a shared memory they move when the stack outgrows its region). */
  list: number;
  acc: number;
  /** The stack's region of a shared memory, or null: the memory is the stack's own. */
  private region: Region | null;

  /** The kernels over `net`'s shared weights where it has them, else over a copy; room for `accBytes` of accumulators. */
  constructor(net: NetWeights, accBytes: number) {
    const own = simdModule(false),
      sharedMod = net.wasm !== undefined ? simdModule(true) : null;
    if (own === null || wasm === undefined)
      throw new Error('AccumulatorStack: WebAssembly SIMD is not available in this runtime');
    const region = sharedMod !== null ? takeRegion(net.wasm!.memory, LIST_BYTES + accBytes) : null;
    if (region !== null) {
      const w = net.wasm!;
      this.memory = w.memory;
      this.x = new wasm.Instance(sharedMod!, { env: { memory: w.memory } }).exports as unknown as SimdExports;
      this.ft = w.ft;
      this.bias = w.bias;
      this.outL = w.outL;
      this.outH = w.outH;
      this.list = region.page * PAGE;
      this.acc = this.list + LIST_BYTES;
      regions?.register(this, region, this);
    } else {
      const o = weightOffsets(net, LIST_BYTES);
      this.memory = new wasm.Memory({ initial: Math.ceil((o.end + accBytes) / PAGE) });
      this.x = new wasm.Instance(own, { env: { memory: this.memory } }).exports as unknown as SimdExports;
      this.ft = o.ft;
      this.bias = o.bias;
      this.outL = o.outL;
      this.outH = o.outH;
      this.list = 0;
      this.acc = o.end;
      writeWeights(this.memory.buffer, o, net);
    }
    this.region = region;
    this.narrow = net.outWeights.every((w) => w >= -128 && w <= 127);
  }

  /** Whether the weights the kernels read are the net's own, in its shared memory (not a copy). */
  get sharesWeights(): boolean {
    return this.region !== null;
  }

  /**
   * Room for `accBytes` of accumulators, the ones there kept: the stack's own memory
   * grows in place; a stack that outgrows its shared region moves to a larger one and
   * frees the old. Views made before are stale: call accView and listView again.
   */
  reserve(accBytes: number): void {
    const r = this.region;
    if (r === null) {
      const need = Math.ceil((this.acc + accBytes) / PAGE) - this.memory.buffer.byteLength / PAGE;
      if (need > 0) this.memory.grow(need);
      return;
    }
    if (LIST_BYTES + accBytes <= r.pages * PAGE) return;
    const next = takeRegion(this.memory, LIST_BYTES + accBytes);
    if (next === null)
      throw new Error(
        `AccumulatorStack: the shared net's memory is full (${this.memory.buffer.byteLength / PAGE} pages)`,
      );
    const from = this.acc,
      to = next.page * PAGE + LIST_BYTES;
    new Uint8Array(this.memory.buffer).copyWithin(to, from, r.page * PAGE + r.pages * PAGE);
    regions?.unregister(this);
    freeRegion(r);
    regions?.register(this, next, this);
    this.region = next;
    this.list = next.page * PAGE;
    this.acc = to;
  }

  /** The accumulators as int16, `length` of them (a fresh view: call again after reserve). */
  accView(length: number): Int16Array {
    return new Int16Array(this.memory.buffer, this.acc, length);
  }

  /** The refresh's row list (a fresh view: call again after reserve). */
  listView(): Int32Array {
    return new Int32Array(this.memory.buffer, this.list, LIST_BYTES >> 2);
  }
}
