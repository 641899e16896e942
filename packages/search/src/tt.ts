/**
 * The transposition table: buckets of five entries in one Int32Array over a shared
 * WebAssembly memory's SharedArrayBuffer (page-aligned, see makeBuffer; a plain buffer
 * where none can be made), so worker threads can share it (Lazy SMP). A bucket is 16
 * words (64 bytes, one cache line): five entries of three words and one spare word.
 *
 * Entry words:
 *   w1  move (bits 0-15) | score (int16, bits 16-31)
 *   w2  static eval (int16, bits 0-15) | depth - DEPTH_NONE + 1 (bits 16-23; 0 = empty)
 *       | generation (bits 27-31) | PV flag (bit 26) | bound (bits 24-25)
 *   w0  the check: keyHi ^ w1 ^ mix(w2) (the key's low half chose the bucket)
 *
 * Threads read and write entries without locks, and an entry is three words, so a
 * reader can meet words of two different writes (one thread's key with another's
 * depth or bound). Each word on its own is whole: ECMAScript makes aligned accesses
 * to an integer TypedArray tear-free, also on shared memory. So the entry is sealed
 * as a whole, after Hyatt and Mann's lockless hashing (ICGA Journal 25(1), 2002):
 * the check word is the key XOR the data, a reader reads each word once and accepts
 * the entry only when its three words give back its key. Plain XOR (keyHi ^ w1 ^ w2)
 * would pass a mix of two writes whose w1 and w2 differ by the same bits; passing
 * w2 through a bijective 32-bit mixer (Wellons' lowbias32) first leaves a mixed
 * entry a chance of about 2^-32 to pass as some key, the rate at which a wrong
 * position already matches the 32-bit check. A move read from the table is still
 * checked for pseudo-legality and legality by the move picker.
 *
 * Writes: `store` writes the three words; `probe` writes only when the entry is of
 * an older search (its generation is refreshed so it survives this one), and then
 * w2 and the check together. A write that races another thread's leaves at worst an
 * entry that fails its check: a miss, replaced like any other entry.
 *
 * Scores are stored as seen from the node (mate distances relative to it): callers
 * convert with scoreToTT / scoreFromTT.
 */
import { BOUND_EXACT, DEPTH_NONE, VALUE_MATE_IN_MAX_PLY, VALUE_MATED_IN_MAX_PLY, VALUE_NONE } from './constants';

const WORDS_PER_BUCKET = 16;
const ENTRIES_PER_BUCKET = 5;

/** A mate score as stored: relative to the node, not to the root. */
export function scoreToTT(s: number, ply: number): number {
  return s >= VALUE_MATE_IN_MAX_PLY ? s + ply : s <= VALUE_MATED_IN_MAX_PLY ? s - ply : s;
}

/** A stored score seen from the root at `ply` (VALUE_NONE stays VALUE_NONE). */
export function scoreFromTT(s: number, ply: number): number {
  if (s === VALUE_NONE) return s;
  return s >= VALUE_MATE_IN_MAX_PLY ? s - ply : s <= VALUE_MATED_IN_MAX_PLY ? s + ply : s;
}

/**
 * The check word of an entry: keyHi ^ w1 ^ lowbias32(w2). The probe and store scans
 * write the same lines out (hot loops, see CONVENTIONS rule 13); a test keeps them equal.
 */
export function ttCheck(keyHi: number, w1: number, w2: number): number {
  let x = w2 ^ (w2 >>> 16);
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  return keyHi ^ w1 ^ x ^ (x >>> 16);
}

/**
 * WebAssembly.Memory, the one part of the WebAssembly API used here, declared locally
 * (the packages that compile these sources with Node's types have no WebAssembly
 * namespace; the global may be missing at run time).
 */
const wasm = (
  globalThis as unknown as {
    WebAssembly?: {
      Memory: new (d: { initial: number; maximum: number; shared: boolean }) => {
        readonly buffer: SharedArrayBuffer | ArrayBuffer;
      };
    };
  }
).WebAssembly;

/** WebAssembly's page: 64 KiB. */
const WASM_PAGE = 65536;
/** The most pages a WebAssembly memory may have (4 GiB). */
const WASM_MAX_PAGES = 65536;

/**
 * The table's memory, zeroed, starting on a cache line. A bucket is one line only if
 * the buffer starts on one, and an ArrayBuffer's need not: a large one comes from
 * malloc, whose mmapped blocks start 16 bytes into a page (on glibc), so that every
 * bucket would straddle two lines and a probe would miss twice. A WebAssembly memory
 * starts on a page (the engine maps it itself), so the table lives in one where it
 * can (a whole number of 64 KiB pages, at most 4 GiB; shared where SharedArrayBuffer
 * exists), and falls back to a plain buffer otherwise.
 */
function makeBuffer(bytes: number): SharedArrayBuffer | ArrayBuffer {
  const shared = typeof SharedArrayBuffer === 'function';
  const pages = bytes / WASM_PAGE;
  if (wasm !== undefined && Number.isInteger(pages) && pages <= WASM_MAX_PAGES) {
    try {
      return new wasm.Memory({ initial: pages, maximum: pages, shared }).buffer;
    } catch {
      // No such memory here (a host without threads' memory, or out of address space): a plain buffer.
    }
  }
  return shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}

function bucketsFor(mb: number): number {
  const want = Math.max(1, Math.floor((Math.max(1, mb) * 1048576) / (WORDS_PER_BUCKET * 4)));
  return 2 ** Math.floor(Math.log2(want));
}

/**
 * The shared hash table. `probe` fills the hit fields (no object per call); `store`
 * replaces within the bucket by depth and age. Sizes are powers of two in buckets:
 * `Hash` 100 gives 64 MB.
 */
export class TranspositionTable {
  /** The memory, to hand to other threads (`new TranspositionTable(mb, buffer)`). */
  buffer: SharedArrayBuffer | ArrayBuffer;
  /** The table's words. */
  data: Int32Array;
  /** Buckets - 1 (a power of two minus one). */
  mask = 0;
  /** Current generation, 0..31; advanced by newSearch. */
  generation = 0;
  /** Where prefetch leaves the word it read (a live use, so the load is not removed as dead). */
  sink = 0;

  // ---- The last probe's hit (valid when probe returned true).
  /** The hit's move (16-bit move), 0 for none. */
  hitMove = 0;
  /** The hit's score as stored, relative to its node (scoreFromTT gives the root's view). */
  hitScore = 0;
  /** The hit's static eval in centipawns, or VALUE_NONE. */
  hitEval = 0;
  /** The hit's depth in plies (0 for quiescence, down to -6). */
  hitDepth = 0;
  /** The hit's bound: 1 upper, 2 lower, 3 exact. */
  hitBound = 0;
  /** 1 when the hit was stored at a PV node, else 0. */
  hitPv = 0;

  /**
   * A table of about `mb` megabytes (rounded down to a power of two), or a view of
   * another thread's `buffer` (any whole number of 64-byte buckets, a power of two).
   */
  constructor(mb: number, buffer?: SharedArrayBuffer) {
    if (buffer !== undefined) {
      this.buffer = buffer;
      this.data = new Int32Array(buffer);
    } else {
      this.buffer = makeBuffer(bucketsFor(mb) * WORDS_PER_BUCKET * 4);
      this.data = new Int32Array(this.buffer);
    }
    this.mask = this.data.length / WORDS_PER_BUCKET - 1;
  }

  /** Size in megabytes (after rounding). */
  get sizeMb(): number {
    return this.data.length / 262144;
  }

  /** New memory of about `mb` megabytes; the contents are lost. */
  resize(mb: number): void {
    this.buffer = makeBuffer(bucketsFor(mb) * WORDS_PER_BUCKET * 4);
    this.data = new Int32Array(this.buffer);
    this.mask = this.data.length / WORDS_PER_BUCKET - 1;
    this.generation = 0;
  }

  /** Empties every entry (all-zero words: depth byte 0). */
  clear(): void {
    this.data.fill(0);
    this.generation = 0;
  }

  /** Called once per search: entries of older searches become the first to go. */
  newSearch(): void {
    this.generation = (this.generation + 1) & 31;
  }

  /**
   * Permille of sampled entries written in the current search (UCI `hashfull`). A
   * statistic: it reads w2 alone, unverified.
   */
  hashfull(): number {
    const d = this.data,
      buckets = Math.min(200, this.mask + 1),
      g = this.generation;
    let n = 0;
    for (let b = 0; b < buckets; b++) {
      for (let e = 0; e < ENTRIES_PER_BUCKET; e++) {
        const w2 = d[b * WORDS_PER_BUCKET + e * 3 + 2];
        if ((w2 & 0xff0000) !== 0 && ((w2 >>> 27) & 31) === g) n++;
      }
    }
    return Math.round((n * 1000) / (buckets * ENTRIES_PER_BUCKET));
  }

  /**
   * Reads the first word of the key's bucket and nothing else: JavaScript has no
   * prefetch instruction, but a load whose value is needed by nobody soon starts the
   * cache miss while the caller goes on (out-of-order execution), so the probe that
   * follows finds the line on its way. Called right after a move is made.
   */
  prefetch(keyLo: number): void {
    this.sink = this.data[(keyLo & this.mask) * WORDS_PER_BUCKET];
  }

  /**
   * Looks the key up; on a hit fills hitMove ... hitPv from one whole entry (its
   * words read once each and verified together) and returns true. The score is raw
   * (see scoreFromTT).
   */
  probe(keyLo: number, keyHi: number): boolean {
    const d = this.data;
    const base = (keyLo & this.mask) * WORDS_PER_BUCKET;
    for (let i = base, end = base + 15; i < end; i += 3) {
      const w2 = d[i + 2];
      if ((w2 & 0xff0000) === 0) continue;
      const w0 = d[i],
        w1 = d[i + 1];
      let x = w2 ^ (w2 >>> 16); // ttCheck, written out
      x = Math.imul(x, 0x7feb352d);
      x ^= x >>> 15;
      x = Math.imul(x, 0x846ca68b);
      if ((w0 ^ w1 ^ x ^ (x >>> 16)) !== keyHi) continue;
      this.hitMove = w1 & 0xffff;
      this.hitScore = w1 >> 16;
      this.hitEval = (w2 << 16) >> 16;
      this.hitDepth = ((w2 >>> 16) & 0xff) + DEPTH_NONE - 1;
      this.hitBound = (w2 >>> 24) & 3;
      this.hitPv = (w2 >>> 26) & 1;
      // An entry of an older search gets this generation, so it survives this search.
      const g = this.generation;
      if (((w2 >>> 27) & 31) !== g) {
        const n2 = (w2 & 0x07ffffff) | (g << 27);
        d[i + 2] = n2;
        d[i] = ttCheck(keyHi, w1, n2);
      }
      return true;
    }
    return false;
  }

  /**
   * Stores an entry (score already converted by scoreToTT). On the same key, an
   * older move is kept when `move` is 0, and a shallower non-exact result does not
   * overwrite a deeper one of this search. The victim is chosen on unverified
   * depths and ages (a heuristic); what is kept from an old entry comes from a
   * verified read.
   */
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
    const base = (keyLo & this.mask) * WORDS_PER_BUCKET;
    let slot = base,
      worst = 0x7fffffff,
      old1 = 0,
      old2 = 0,
      same = false;
    for (let i = base, end = base + 15; i < end; i += 3) {
      const w2 = d[i + 2];
      if ((w2 & 0xff0000) === 0) {
        slot = i;
        break;
      }
      const w1 = d[i + 1];
      let x = w2 ^ (w2 >>> 16); // ttCheck, written out
      x = Math.imul(x, 0x7feb352d);
      x ^= x >>> 15;
      x = Math.imul(x, 0x846ca68b);
      if ((d[i] ^ w1 ^ x ^ (x >>> 16)) === keyHi) {
        slot = i;
        old1 = w1;
        old2 = w2;
        same = true;
        break;
      }
      // Replace the shallowest entry, counting each generation of age as 8 plies.
      const v = ((w2 >>> 16) & 0xff) - 8 * ((32 + g - ((w2 >>> 27) & 31)) & 31);
      if (v < worst) {
        worst = v;
        slot = i;
      }
    }
    const d8 = depth - DEPTH_NONE + 1;
    if (same) {
      if (move === 0) move = old1 & 0xffff;
      if (bound !== BOUND_EXACT && d8 + 4 + 2 * pv <= ((old2 >>> 16) & 0xff) && ((old2 >>> 27) & 31) === g) return;
    }
    const w1 = (move & 0xffff) | (score << 16);
    const w2 = (ev & 0xffff) | (d8 << 16) | (bound << 24) | (pv << 26) | (g << 27);
    d[slot + 1] = w1;
    d[slot + 2] = w2;
    d[slot] = ttCheck(keyHi, w1, w2);
  }
}
