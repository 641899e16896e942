/**
 * The work of a training step, split so that its result does not depend on how many
 * threads run it or when they finish:
 *
 * - a batch is cut into CHUNKS fixed slices; slice c's gradient goes to its own buffer
 *   (gradChunk), whichever thread computes it;
 * - the step (stepRange) adds the CHUNKS buffers element by element in slice order,
 *   divides by the batch size and applies AdamW and the clipping, over a range of the
 *   parameters: every element is computed the same way whoever owns its range.
 *
 * Everything lives in one shared arena (a shared WebAssembly.Memory's buffer, so a
 * WebAssembly kernel could use the same bytes): parameters, Adam's m and v, CHUNKS
 * gradient buffers, CHUNKS scratch areas, and the parameters rounded to their grids
 * (--qat, qat.ts), which a task reads instead of the parameters when told to.
 */
import { NNUE_SCALE } from '@tempo-chess/nnue';
import { RECORD_BYTES } from '../record';
import { SimdKernel } from './kernel-simd';
import {
  MIRROR,
  Scratch,
  forward,
  makeLayout,
  recordFeatures,
  recordLoss,
  scratchBytes,
  trainRecord,
  type Layout,
} from './kernel';
import { roundToGrid } from './qat';

/** Fixed slices a batch is cut into (and so the most threads that help). */
export const CHUNKS = 8;
/** Clipping of the float weights (the spec's quantisation limits). */
export const FT_CLIP = 1.98;
/** The largest output weight in the net file's units (QB a float 1.0) unless `train --out-clip` says otherwise: int16's limit. */
export const OUT_CLIP_DEFAULT = 32767;
export const ADAM_BETA1 = 0.9,
  ADAM_BETA2 = 0.999,
  ADAM_EPS = 1e-8;

/** What every thread is handed (all buffers shared). */
export interface SharedState {
  /** The arena: a shared WebAssembly.Memory (its buffer is a SharedArrayBuffer). */
  memory: WebAssembly.Memory;
  /** Run the row loops in the WebAssembly SIMD kernel (kernel-simd.ts), else in plain TypeScript. */
  simd: boolean;
  data: Uint8Array;
  /**
   * The epoch's order of training records: record numbers, or with `mirror` record
   * number * 2 + mirror bit (1: the record read mirrored left-right).
   */
  order: Uint32Array;
  mirror: boolean;
  holdout: Uint32Array;
  hidden: number;
  buckets: number;
  wdl: number;
  scale: number;
  /** The float output weights' clip (--out-clip / QB). */
  outClip: number;
}

/**
 * Float offsets in the arena: parameters, m, v, the gradient buffers (each `stride`
 * floats), the scratch areas, then the rounded parameters (`rounded`; 16-byte aligned,
 * as every block is).
 */
export function arenaLayout(L: Layout): {
  stride: number;
  m: number;
  v: number;
  grads: number;
  scratch: number;
  rounded: number;
  bytes: number;
} {
  const stride = Math.ceil(L.size / 4) * 4;
  const grads = 3 * stride;
  const scratch = grads + CHUNKS * stride;
  const rounded = scratch + (CHUNKS * scratchBytes(L.hidden)) / 4;
  return { stride, m: stride, v: 2 * stride, grads, scratch, rounded, bytes: (rounded + stride) * 4 };
}

/** A shared arena for a net of this shape, zeroed. */
export function createArena(hidden: number, buckets: number): WebAssembly.Memory {
  const { bytes } = arenaLayout(makeLayout(hidden, buckets));
  const pages = Math.ceil(bytes / 65536);
  return new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
}

/** One thread's views of the shared state and the three kinds of task. */
export class TaskRunner {
  readonly L: Layout;
  readonly params: Float32Array;
  readonly m: Float32Array;
  readonly v: Float32Array;
  /** The parameters on their int16 grids (roundParams), which grad and eval tasks with `rounded` read. */
  readonly rounded: Float32Array;
  private readonly grads: Float32Array[] = [];
  /** All CHUNKS gradient buffers as one array (buffer c at c * stride), for the step's loop. */
  private readonly allGrads: Float32Array;
  private readonly stride: number;
  private readonly scratch: Scratch[] = [];
  private readonly invScale: number;
  private readonly simd: SimdKernel | null;

  constructor(readonly s: SharedState) {
    this.L = makeLayout(s.hidden, s.buckets);
    const A = arenaLayout(this.L);
    const arena = s.memory.buffer;
    const f = (at: number) => new Float32Array(arena, at * 4, this.L.size);
    this.params = f(0);
    this.m = f(A.m);
    this.v = f(A.v);
    this.rounded = f(A.rounded);
    for (let c = 0; c < CHUNKS; c++) {
      this.grads.push(f(A.grads + c * A.stride));
      this.scratch.push(new Scratch(s.hidden, arena, A.scratch * 4 + c * scratchBytes(s.hidden)));
    }
    this.allGrads = new Float32Array(arena, A.grads * 4, CHUNKS * A.stride);
    this.stride = A.stride;
    this.invScale = 1 / s.scale;
    this.simd = s.simd ? new SimdKernel(s.memory) : null;
  }

  /** Writes the parameters rounded to their grids into `rounded` (qat.ts); on the calling thread, before tasks that read them. */
  roundParams(): void {
    roundToGrid(this.params, this.rounded, this.L);
  }

  /**
   * Slice c of the batch order[start, start + n): its summed gradient into buffer c (zero
   * on entry); returns its summed loss. With `rounded` the passes run on the rounded
   * parameters (the gradient is still the parameters': straight-through, qat.ts).
   */
  gradChunk(start: number, n: number, c: number, rounded = false): number {
    const { data, order, wdl } = this.s;
    const g = this.grads[c],
      sc = this.scratch[c],
      p = rounded ? this.rounded : this.params,
      L = this.L,
      inv = this.invScale;
    const end = start + Math.floor(((c + 1) * n) / CHUNKS);
    // Without mirroring an entry is the record number (shift 0, flip 0).
    const shift = this.s.mirror ? 1 : 0;
    let loss = 0;
    const k = this.simd;
    if (k !== null) {
      const gAt = g.byteOffset;
      for (let i = start + Math.floor((c * n) / CHUNKS); i < end; i++) {
        const e = order[i];
        loss += k.trainRecord(
          p,
          p.byteOffset,
          g,
          gAt,
          L,
          sc,
          data,
          (e >>> shift) * RECORD_BYTES,
          wdl,
          inv,
          (e & shift) * MIRROR,
        );
      }
    } else {
      for (let i = start + Math.floor((c * n) / CHUNKS); i < end; i++) {
        const e = order[i];
        loss += trainRecord(p, g, L, sc, data, (e >>> shift) * RECORD_BYTES, wdl, inv, (e & shift) * MIRROR);
      }
    }
    return loss;
  }

  /** Slice c of held-out records [start, start + n): their summed loss (of the rounded parameters with `rounded`). */
  evalChunk(start: number, n: number, c: number, rounded = false): number {
    const { data, holdout, wdl } = this.s;
    const sc = this.scratch[c],
      p = rounded ? this.rounded : this.params,
      L = this.L,
      inv = this.invScale;
    const end = start + Math.floor(((c + 1) * n) / CHUNKS);
    let loss = 0;
    const k = this.simd;
    for (let i = start + Math.floor((c * n) / CHUNKS); i < end; i++) {
      const o = holdout[i] * RECORD_BYTES;
      loss +=
        k !== null ? k.recordLoss(p, p.byteOffset, L, sc, data, o, wdl, inv) : recordLoss(p, L, sc, data, o, wdl, inv);
    }
    return loss;
  }

  /**
   * AdamW step `t` (1-based) over parameters [lo, hi): gradient = sum of the CHUNKS buffers
   * in order / n (the buffers are zeroed as they are read), then the update with step size
   * lr and decoupled weight decay wd, then the clipping. With `freezeOut` the output
   * weights keep their values (their gradient is dropped).
   */
  stepRange(lo: number, hi: number, n: number, lr: number, t: number, wd: number, freezeOut: boolean): void {
    const { params: p, m, v, allGrads: G, stride: S } = this;
    const c1 = 1 - Math.pow(ADAM_BETA1, t),
      c2 = 1 - Math.pow(ADAM_BETA2, t),
      inv = 1 / n;
    const clipFt = this.L.outWeights,
      clipOut = this.L.outBias;
    // Three runs of the same loop with their own clip limit: no per-element branch on the region.
    this.adamRun(p, m, v, G, S, lo, Math.min(hi, clipFt), inv, lr, c1, c2, wd, FT_CLIP, false);
    this.adamRun(
      p,
      m,
      v,
      G,
      S,
      Math.max(lo, clipFt),
      Math.min(hi, clipOut),
      inv,
      lr,
      c1,
      c2,
      wd,
      this.s.outClip,
      freezeOut,
    );
    this.adamRun(p, m, v, G, S, Math.max(lo, clipOut), hi, inv, lr, c1, c2, wd, Infinity, false);
  }

  /** stepRange over [lo, hi) with one clip limit (the 8 buffers written out: CHUNKS is 8). */
  private adamRun(
    p: Float32Array,
    m: Float32Array,
    v: Float32Array,
    G: Float32Array,
    S: number,
    lo: number,
    hi: number,
    inv: number,
    lr: number,
    c1: number,
    c2: number,
    wd: number,
    limit: number,
    freeze: boolean,
  ): void {
    for (let i = lo; i < hi; i++) {
      const g =
        (G[i] + G[S + i] + G[2 * S + i] + G[3 * S + i] + G[4 * S + i] + G[5 * S + i] + G[6 * S + i] + G[7 * S + i]) *
        inv;
      G[i] = 0;
      G[S + i] = 0;
      G[2 * S + i] = 0;
      G[3 * S + i] = 0;
      G[4 * S + i] = 0;
      G[5 * S + i] = 0;
      G[6 * S + i] = 0;
      G[7 * S + i] = 0;
      if (freeze) continue;
      const mi = ADAM_BETA1 * m[i] + (1 - ADAM_BETA1) * g;
      const vi = ADAM_BETA2 * v[i] + (1 - ADAM_BETA2) * g * g;
      m[i] = mi;
      v[i] = vi;
      let w = p[i];
      w -= lr * (mi / c1 / (Math.sqrt(vi / c2) + ADAM_EPS) + wd * w);
      p[i] = w > limit ? limit : w < -limit ? -limit : w;
    }
  }
}

/** The float net's output for the record at `offset`, in centipawns (side to move's view), into sc's accumulators; for the export check. */
export function floatCp(p: Float32Array, L: Layout, data: Uint8Array, offset: number, sc: Scratch): number {
  const stm = recordFeatures(data, offset, sc);
  return forward(p, L, sc, stm) * NNUE_SCALE;
}
