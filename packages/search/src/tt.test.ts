import { afterEach, describe, expect, test, vi } from 'vitest';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, VALUE_MATE, VALUE_NONE } from './constants';
import { scoreFromTT, scoreToTT, TranspositionTable, ttCheck } from './tt';

describe('transposition table', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // Node's types have no WebAssembly namespace (tt.ts declares what it uses): the global, loosely typed.
  type Descriptor = { initial: number; maximum?: number; shared?: boolean };
  type MemoryCtor = new (d: Descriptor) => { readonly buffer: ArrayBufferLike };
  const wasm = (globalThis as unknown as { WebAssembly: { Memory: MemoryCtor } }).WebAssembly;

  test('the memory is a shared WebAssembly memory of whole pages (page-aligned, so a bucket is one cache line)', () => {
    const made: Descriptor[] = [];
    const Real = wasm.Memory;
    vi.spyOn(wasm, 'Memory').mockImplementation(function (d: Descriptor) {
      made.push({ ...d });
      return new Real(d);
    } as unknown as MemoryCtor);
    const tt = new TranspositionTable(2);
    expect(made).toEqual([{ initial: 32, maximum: 32, shared: true }]); // 2 MB = 32 pages of 64 KiB
    expect(tt.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(tt.sizeMb).toBe(2);
    tt.resize(1);
    expect(made[1]).toEqual({ initial: 16, maximum: 16, shared: true });
  });

  test('where no WebAssembly memory can be made, a plain SharedArrayBuffer serves', () => {
    vi.spyOn(wasm, 'Memory').mockImplementation(function () {
      throw new RangeError('out of memory');
    } as unknown as MemoryCtor);
    const tt = new TranspositionTable(1);
    expect(tt.buffer).toBeInstanceOf(SharedArrayBuffer);
    tt.store(5, 6, 10, 20, 3, BOUND_EXACT, 0x123, 0);
    expect(tt.probe(5, 6)).toBe(true);
    expect(tt.hitMove).toBe(0x123);
  });

  test('store and probe round-trip every field, negative values included', () => {
    const tt = new TranspositionTable(1);
    tt.newSearch();
    tt.store(0x12345678, -0x7654321, -1234, -567, 17, BOUND_LOWER, 0xabc, 1);
    expect(tt.probe(0x12345678, -0x7654321)).toBe(true);
    expect([tt.hitMove, tt.hitScore, tt.hitEval, tt.hitDepth, tt.hitBound, tt.hitPv]).toEqual([
      0xabc,
      -1234,
      -567,
      17,
      BOUND_LOWER,
      1,
    ]);
    expect(tt.probe(0x12345678, 0x7654321)).toBe(false); // same bucket, other check half
  });

  test('eval-only entries (depth none, no score) and quiescence entries', () => {
    const tt = new TranspositionTable(1);
    tt.store(7, 9, VALUE_NONE, 55, -6, 0, 0, 0);
    expect(tt.probe(7, 9)).toBe(true);
    expect([tt.hitScore, tt.hitEval, tt.hitDepth, tt.hitBound]).toEqual([VALUE_NONE, 55, -6, 0]);
    tt.store(7, 9, 40, 55, 0, BOUND_UPPER, 0x111, 0);
    expect(tt.probe(7, 9)).toBe(true);
    expect([tt.hitScore, tt.hitDepth, tt.hitBound, tt.hitMove]).toEqual([40, 0, BOUND_UPPER, 0x111]);
  });

  test('a same-key store keeps the old move when it has none, and a shallow bound does not replace a deep one', () => {
    const tt = new TranspositionTable(1);
    tt.store(5, 6, 100, 0, 10, BOUND_EXACT, 0x222, 0);
    tt.store(5, 6, 90, 0, 2, BOUND_UPPER, 0, 0);
    tt.probe(5, 6);
    expect([tt.hitScore, tt.hitDepth, tt.hitMove]).toEqual([100, 10, 0x222]);
    tt.store(5, 6, 80, 0, 12, BOUND_LOWER, 0, 0);
    tt.probe(5, 6);
    expect([tt.hitScore, tt.hitDepth, tt.hitMove]).toEqual([80, 12, 0x222]);
  });

  test('a full bucket replaces its shallowest, oldest entry', () => {
    const tt = new TranspositionTable(1);
    const n = tt.mask + 1; // bucket count: keys lo = 3 + k * n share bucket 3
    for (let k = 0; k < 5; k++) tt.store(3 + k * n, 100 + k, 0, 0, 10 + k, BOUND_EXACT, 1, 0);
    tt.store(3 + 5 * n, 200, 0, 0, 20, BOUND_EXACT, 1, 0);
    expect(tt.probe(3, 100)).toBe(false); // depth 10 was the shallowest
    for (let k = 1; k < 5; k++) expect(tt.probe(3 + k * n, 100 + k)).toBe(true);
    expect(tt.probe(3 + 5 * n, 200)).toBe(true);
  });

  test('mate scores are stored relative to the node', () => {
    const mateIn3AtPly5 = VALUE_MATE - 5 - 5;
    const stored = scoreToTT(mateIn3AtPly5, 5);
    expect(stored).toBe(VALUE_MATE - 5);
    expect(scoreFromTT(stored, 9)).toBe(VALUE_MATE - 5 - 9);
    expect(scoreFromTT(scoreToTT(-VALUE_MATE + 12, 4), 4)).toBe(-VALUE_MATE + 12);
    expect(scoreToTT(150, 30)).toBe(150);
    expect(scoreFromTT(VALUE_NONE, 3)).toBe(VALUE_NONE);
  });

  test("hashfull counts this search's entries; clear empties; a second view shares the memory", () => {
    const tt = new TranspositionTable(1);
    expect(tt.hashfull()).toBe(0);
    tt.newSearch();
    for (let b = 0; b < 200; b++)
      for (let k = 0; k < 5; k++) tt.store(b + k * (tt.mask + 1), k + 1, 0, 0, 5, BOUND_EXACT, 0, 0);
    expect(tt.hashfull()).toBe(1000);
    tt.newSearch();
    expect(tt.hashfull()).toBe(0);
    if (tt.buffer instanceof SharedArrayBuffer) {
      const other = new TranspositionTable(0, tt.buffer);
      expect(other.probe(0, 1)).toBe(true);
    }
    tt.clear();
    expect(tt.probe(0, 1)).toBe(false);
    expect(tt.sizeMb).toBe(1);
    tt.resize(5);
    expect(tt.sizeMb).toBe(4);
  });

  test('every write leaves a sealed entry: w0 is ttCheck(keyHi, w1, w2), also after a probe refreshed it', () => {
    const tt = new TranspositionTable(1);
    const n = tt.mask + 1;
    tt.newSearch();
    for (let k = 0; k < 5; k++)
      tt.store(9 + k * n, -77 * (k + 1), -300 * k, 41 * k, 3 * k, BOUND_UPPER, 0x1234 + k, k & 1);
    const d = tt.data,
      base = 9 * 16;
    for (let e = 0; e < 5; e++) {
      const i = base + e * 3;
      expect(d[i]).toBe(ttCheck(-77 * (e + 1), d[i + 1], d[i + 2]));
    }
    tt.newSearch();
    expect(tt.probe(9 + 2 * n, -77 * 3)).toBe(true); // refreshes the generation
    expect((d[base + 6 + 2] >>> 27) & 31).toBe(tt.generation);
    expect(d[base + 6]).toBe(ttCheck(-77 * 3, d[base + 6 + 1], d[base + 6 + 2]));
    expect(tt.probe(9 + 2 * n, -77 * 3)).toBe(true);
    expect([tt.hitScore, tt.hitEval, tt.hitDepth, tt.hitBound, tt.hitMove, tt.hitPv]).toEqual([
      -600,
      82,
      6,
      BOUND_UPPER,
      0x1236,
      0,
    ]);
  });

  test('a probe of an entry of this search writes nothing', () => {
    const tt = new TranspositionTable(1);
    tt.newSearch();
    tt.store(4, 8, 10, 20, 5, BOUND_EXACT, 0x55, 1);
    const before = tt.data.slice(4 * 16, 5 * 16);
    let writes = 0;
    const d = tt.data;
    tt.data = new Proxy(d, {
      set: (t, k, v) => {
        writes++;
        return Reflect.set(t, k, v);
      },
    });
    expect(tt.probe(4, 8)).toBe(true);
    tt.data = d;
    expect(writes).toBe(0);
    expect(d.slice(4 * 16, 5 * 16)).toEqual(before);
  });

  test('an entry whose words come from two writes is a miss, and a store treats it as another key', () => {
    const tt = new TranspositionTable(1);
    const n = tt.mask + 1,
      d = tt.data;
    tt.store(6, 111, 50, 60, 9, BOUND_LOWER, 0x321, 0); // slot 0 of bucket 6
    const a = [d[96], d[97], d[98]];
    tt.store(6 + n, 222, -50, -60, 4, BOUND_UPPER, 0x123, 1); // slot 1
    const b = [d[99], d[100], d[101]];
    // Key a's check word over b's data (and each single word of b grafted onto a).
    for (const [w0, w1, w2] of [
      [a[0], b[1], b[2]],
      [a[0], b[1], a[2]],
      [a[0], a[1], b[2]],
      [b[0], a[1], a[2]],
    ]) {
      d.set([w0, w1, w2], 96);
      expect(tt.probe(6, 111)).toBe(false);
      expect(tt.probe(6 + n, 222)).toBe(true); // slot 1 untouched
    }
    // A same-key store with no move does not take the move of a torn entry.
    d.set([a[0], b[1], a[2]], 96);
    tt.store(6, 111, 70, 60, 9, BOUND_LOWER, 0, 0);
    expect(tt.probe(6, 111)).toBe(true);
    expect([tt.hitScore, tt.hitMove]).toEqual([70, 0]);
  });

  test('entries of older searches go first (8 plies an age), and a probe saves an old entry', () => {
    const tt = new TranspositionTable(1);
    const n = tt.mask + 1;
    for (let k = 0; k < 4; k++) tt.store(2 + k * n, 10 + k, 0, 0, 20, BOUND_EXACT, 1, 0); // generation 0, depth 20
    tt.newSearch();
    tt.newSearch();
    tt.newSearch();
    tt.store(2 + 4 * n, 14, 0, 0, 0, BOUND_UPPER, 1, 0); // generation 3, depth 0
    // 27 - 8 x 3 = 3 beats 7: the deep old entries are the victims, the first of them first.
    expect(tt.probe(2 + 1 * n, 11)).toBe(true); // refreshed: now of generation 3
    tt.store(2 + 5 * n, 15, 0, 0, 0, BOUND_UPPER, 1, 0);
    expect(tt.probe(2, 10)).toBe(false);
    tt.store(2 + 6 * n, 16, 0, 0, 0, BOUND_UPPER, 1, 0);
    expect(tt.probe(2 + 2 * n, 12)).toBe(false);
    for (const [lo, hi] of [
      [2 + n, 11],
      [2 + 3 * n, 13],
      [2 + 4 * n, 14],
      [2 + 5 * n, 15],
      [2 + 6 * n, 16],
    ])
      expect(tt.probe(lo, hi)).toBe(true);
  });
});
