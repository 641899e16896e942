/**
 * Test support (not exported by the package): `LegacyTable`, the table's probe/store
 * without the check word (the test double that shows the torn-entry tests can fail),
 * and `entryFor`, for tt.interleave.test.ts; and the loop each worker thread of
 * bench/tt-stress.mjs runs against one shared table. Node-free, like the rest of src:
 * the stress run bundles this file and tt.ts and runs them in node:worker_threads.
 */
import { DEPTH_NONE, BOUND_EXACT } from './constants';
import { TranspositionTable } from './tt';

/** Control words shared by the stress run and its workers. */
export const CTL_READY = 0,
  CTL_GO = 1,
  CTL_STOP = 2,
  CTL_TORN = 3,
  CTL_WORDS = 4;

/** What a table must offer to be hammered (the real one and the double). */
export interface HammeredTable {
  generation: number;
  hitMove: number;
  hitScore: number;
  hitEval: number;
  hitDepth: number;
  hitBound: number;
  hitPv: number;
  probe(keyLo: number, keyHi: number): boolean;
  store(
    keyLo: number,
    keyHi: number,
    score: number,
    ev: number,
    depth: number,
    bound: number,
    move: number,
    pv: number,
  ): void;
}

/**
 * The entry every writer stores for key number k: each field a different function
 * of k, so an entry put together from two writes of different keys shows.
 */
export function entryFor(k: number): {
  keyLo: number;
  keyHi: number;
  move: number;
  score: number;
  ev: number;
  depth: number;
  bound: number;
  pv: number;
} {
  const a = Math.imul(k + 1, 0x9e3779b1),
    b = Math.imul(k + 7, 0x85ebca6b),
    c = Math.imul(k + 13, 0xc2b2ae35);
  return {
    keyLo: k,
    keyHi: a | 1,
    move: (b & 0xfffe) | 1,
    score: (b >> 16) % 30000,
    ev: (c << 16) >> 16,
    depth: DEPTH_NONE + 1 + ((c >>> 16) % 200),
    bound: 1 + (k % 3),
    pv: (k >> 2) & 1,
  };
}

/** Counts from one worker's run. */
export interface HammerResult {
  ops: number;
  hits: number;
  torn: number;
}

/**
 * Stores and probes random keys (all in the first buckets of the table) until
 * ctl[CTL_STOP] is set, checking every hit against `entryFor`. The thread's
 * generation moves on every 1024 operations, offset by `thread`, so threads disagree
 * on it and probes rewrite generations as in a search that follows another.
 */
export function hammer(tt: HammeredTable, ctl: Int32Array, thread: number, keys: number, seed: number): HammerResult {
  const e = [] as ReturnType<typeof entryFor>[];
  for (let k = 0; k < keys; k++) e.push(entryFor(k));
  Atomics.add(ctl, CTL_READY, 1);
  while (Atomics.load(ctl, CTL_GO) === 0) Atomics.wait(ctl, CTL_GO, 0, 10);
  let rng = seed | 1,
    ops = 0,
    hits = 0,
    torn = 0;
  while (true) {
    if ((ops & 1023) === 0) {
      if (Atomics.load(ctl, CTL_STOP) !== 0) break;
      tt.generation = ((ops >> 10) + thread * 7) & 31;
    }
    ops++;
    rng ^= rng << 13;
    rng ^= rng >>> 17;
    rng ^= rng << 5;
    const x = e[(rng >>> 8) % keys];
    if ((rng & 1) === 0) {
      tt.store(x.keyLo, x.keyHi, x.score, x.ev, x.depth, x.bound, x.move, x.pv);
    } else if (tt.probe(x.keyLo, x.keyHi)) {
      hits++;
      if (
        tt.hitMove !== x.move ||
        tt.hitScore !== x.score ||
        tt.hitEval !== x.ev ||
        tt.hitDepth !== x.depth ||
        tt.hitBound !== x.bound ||
        tt.hitPv !== x.pv
      ) {
        torn++;
        Atomics.add(ctl, CTL_TORN, 1);
      }
    }
  }
  return { ops, hits, torn };
}

/** A table of either kind over shared memory, for a worker. */
export function tableOver(kind: 'new' | 'legacy', buffer: SharedArrayBuffer): HammeredTable {
  return kind === 'new' ? new TranspositionTable(0, buffer) : new LegacyTable(buffer);
}

/**
 * The test double: TranspositionTable's probe and store without the check word (w0 =
 * keyHi raw; every probe hit rewrites w2 with its generation).
 */
export class LegacyTable implements HammeredTable {
  data: Int32Array;
  mask: number;
  generation = 0;
  hitMove = 0;
  hitScore = 0;
  hitEval = 0;
  hitDepth = 0;
  hitBound = 0;
  hitPv = 0;

  constructor(buffer: SharedArrayBuffer) {
    this.data = new Int32Array(buffer);
    this.mask = this.data.length / 16 - 1;
  }

  probe(keyLo: number, keyHi: number): boolean {
    const d = this.data;
    const base = (keyLo & this.mask) * 16;
    for (let i = base, end = base + 15; i < end; i += 3) {
      const w2 = d[i + 2];
      if (d[i] === keyHi && (w2 & 0xff0000) !== 0) {
        const w1 = d[i + 1];
        this.hitMove = w1 & 0xffff;
        this.hitScore = w1 >> 16;
        this.hitEval = (w2 << 16) >> 16;
        this.hitDepth = ((w2 >>> 16) & 0xff) + DEPTH_NONE - 1;
        this.hitBound = (w2 >>> 24) & 3;
        this.hitPv = (w2 >>> 26) & 1;
        d[i + 2] = (w2 & 0x07ffffff) | (this.generation << 27);
        return true;
      }
    }
    return false;
  }

  store(
    keyLo: number,
    keyHi: number,
    score: number,
    ev: number,
    depth: number,
    bound: number,
    move: number,
    pv: number,
  ): void {
    const d = this.data,
      g = this.generation;
    const base = (keyLo & this.mask) * 16;
    let slot = base,
      worst = 0x7fffffff;
    for (let i = base, end = base + 15; i < end; i += 3) {
      const w2 = d[i + 2];
      if ((w2 & 0xff0000) === 0 || d[i] === keyHi) {
        slot = i;
        break;
      }
      const v = ((w2 >>> 16) & 0xff) - 8 * ((32 + g - ((w2 >>> 27) & 31)) & 31);
      if (v < worst) {
        worst = v;
        slot = i;
      }
    }
    const old2 = d[slot + 2],
      d8 = depth - DEPTH_NONE + 1;
    const same = d[slot] === keyHi && (old2 & 0xff0000) !== 0;
    if (same) {
      if (move === 0) move = d[slot + 1] & 0xffff;
      if (bound !== BOUND_EXACT && d8 + 4 + 2 * pv <= ((old2 >>> 16) & 0xff) && ((old2 >>> 27) & 31) === g) return;
    }
    d[slot] = keyHi;
    d[slot + 1] = (move & 0xffff) | (score << 16);
    d[slot + 2] = (ev & 0xffff) | (d8 << 16) | (bound << 24) | (pv << 26) | (g << 27);
  }
}
