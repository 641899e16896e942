import { describe, expect, test } from 'vitest';
import { BOUND_EXACT, DEPTH_NONE } from './constants';
import { TranspositionTable } from './tt';
import { entryFor, type HammeredTable, LegacyTable } from './tt.hammer';

/**
 * Torn entries, found without threads. Threads share the table's words without locks,
 * and ECMAScript makes each aligned Int32Array word whole (never half of two writes),
 * but says nothing of the order in which another thread sees two words written. So a
 * reader that reads each word of an entry once sees, for each word, one of the values
 * ever written to it, in any combination. These tests enumerate those combinations
 * (and, first, the plain interleavings of one store with one probe), so what they
 * show holds on every schedule: the verified table never returns a torn entry, and
 * the double (the probe and store without the check word) does.
 *
 * The scene: one bucket, whose slots 1-4 hold deep entries of this search (never the
 * victim), so that keys A and B (entryFor(1), entryFor(2)) fight over slot 0.
 */
const A = 1,
  B = 2,
  KEYS = [A, B],
  GENERATIONS = [0, 1];
/** A depth whose byte (depth - DEPTH_NONE + 1) is 255, deeper than any entryFor. */
const DEEPEST = 255 + DEPTH_NONE - 1;

type Kind = 'new' | 'legacy';

/** A table of one bucket over `words` (16 of them). */
function over(kind: Kind, words: Int32Array): HammeredTable {
  const buffer = new SharedArrayBuffer(64);
  new Int32Array(buffer).set(words);
  return kind === 'new' ? new TranspositionTable(0, buffer) : new LegacyTable(buffer);
}

const wordsOf = (t: HammeredTable): Int32Array => (t as unknown as { data: Int32Array }).data;

/** The bucket before the race: slot 0 empty, slots 1-4 deep entries of keys 4-7 at generation 0. */
function start(kind: Kind): Int32Array {
  const t = over(kind, new Int32Array(16));
  for (let k = 3; k <= 7; k++) {
    const e = entryFor(k);
    t.store(e.keyLo, e.keyHi, e.score, e.ev, DEEPEST, BOUND_EXACT, e.move, 0);
  }
  const words = wordsOf(t).slice();
  words.fill(0, 0, 3); // key 3's entry, in slot 0, emptied
  return words;
}

function store(t: HammeredTable, k: number): void {
  const e = entryFor(k);
  t.store(e.keyLo, e.keyHi, e.score, e.ev, e.depth, e.bound, e.move, e.pv);
}

/** Probes key k: 'miss', 'whole' (every field as stored for k) or 'torn'. */
function read(t: HammeredTable, k: number): 'miss' | 'whole' | 'torn' {
  const e = entryFor(k);
  if (!t.probe(e.keyLo, e.keyHi)) return 'miss';
  const whole =
    t.hitMove === e.move &&
    t.hitScore === e.score &&
    t.hitEval === e.ev &&
    t.hitDepth === e.depth &&
    t.hitBound === e.bound &&
    t.hitPv === e.pv;
  return whole ? 'whole' : 'torn';
}

/** The words an operation writes, in program order, and how often it reads each word. */
function trace(t: HammeredTable, op: () => void): { writes: [number, number][]; reads: number[] } {
  const data = wordsOf(t),
    writes: [number, number][] = [],
    reads = new Array<number>(16).fill(0);
  const spy = new Proxy(data, {
    get(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads[Number(key)]++;
      return Reflect.get(target, key);
    },
    set(target, key, value: number) {
      target[Number(key)] = value;
      writes.push([Number(key), target[Number(key)]]);
      return true;
    },
  });
  (t as unknown as { data: Int32Array }).data = spy;
  op();
  (t as unknown as { data: Int32Array }).data = data;
  return { writes, reads };
}

/** Every operation a thread can run on the scene: store or probe A or B, at either generation. */
const OPS: ((t: HammeredTable) => void)[] = [];
for (const g of GENERATIONS)
  for (const k of KEYS) {
    OPS.push((t) => {
      t.generation = g;
      store(t, k);
    });
    OPS.push((t) => {
      t.generation = g;
      t.probe(entryFor(k).keyLo, entryFor(k).keyHi);
    });
  }

/** Every bucket whose word w is one of values[w]. */
function* snapshots(values: Set<number>[]): Generator<Int32Array> {
  const choices = values.map((s) => [...s]);
  const at = new Array<number>(16).fill(0);
  while (true) {
    yield Int32Array.from(at, (c, w) => choices[w][c]);
    let w = 0;
    while (w < 16 && ++at[w] === choices[w].length) at[w++] = 0;
    if (w === 16) return;
  }
}

/**
 * The values each word can take when any number of threads run OPS in any order with
 * any visibility: start from the scene, and add what any op writes when it reads any
 * combination of values already found, until nothing new appears. An op that reads
 * each word once (checked for the verified table) writes a function of one such
 * combination, so the sets are closed under every schedule.
 */
function reachable(kind: Kind): { values: Set<number>[]; rounds: number } {
  const values = Array.from(start(kind), (v) => new Set([v]));
  for (let rounds = 1; rounds <= 20; rounds++) {
    let grew = false;
    for (const snap of snapshots(values))
      for (const op of OPS) {
        const t = over(kind, snap);
        op(t);
        wordsOf(t).forEach((v, w) => {
          if (!values[w].has(v)) {
            values[w].add(v);
            grew = true;
          }
        });
      }
    if (!grew) return { values, rounds };
  }
  throw new Error(`${kind}: the values of the words did not settle in 20 rounds`);
}

/** Reads of A and B at both generations over every reachable bucket, by outcome. */
function readAll(kind: Kind): { miss: number; whole: number; torn: number; buckets: number } {
  const n = { miss: 0, whole: 0, torn: 0, buckets: 0 };
  for (const snap of snapshots(reachable(kind).values)) {
    n.buckets++;
    for (const g of GENERATIONS)
      for (const k of KEYS) {
        const t = over(kind, snap);
        t.generation = g;
        n[read(t, k)]++;
      }
  }
  return n;
}

describe('transposition table: torn entries in every interleaving', () => {
  test('one store over another, read between any two of its word writes', () => {
    for (const kind of ['new', 'legacy'] as const) {
      const before = over(kind, start(kind));
      store(before, A);
      const writer = over(kind, wordsOf(before));
      const script = trace(writer, () => store(writer, B)).writes;
      expect(script.map(([w]) => w).sort(), kind).toEqual([0, 1, 2]); // slot 0's three words
      const seen: string[] = [];
      for (let done = 0; done <= script.length; done++) {
        const words = wordsOf(before).slice();
        for (const [w, v] of script.slice(0, done)) words[w] = v;
        seen.push(`${done}:${read(over(kind, words), A)}/${read(over(kind, words), B)}`);
      }
      // Before the store A is whole, after it B is; in between the double hands out
      // A's data as B's (its first write is B's key), the verified table a miss.
      if (kind === 'new') expect(seen).toEqual(['0:whole/miss', '1:miss/miss', '2:miss/miss', '3:miss/whole']);
      else expect(seen).toEqual(['0:whole/miss', '1:miss/torn', '2:miss/torn', '3:miss/whole']);
    }
  });

  test("the verified table's probe and store read each word at most once (so a combination of values is all a read can see)", () => {
    const values = reachable('new').values;
    for (const snap of snapshots(values))
      for (const op of OPS) {
        const t = over('new', snap);
        const { reads } = trace(t, () => op(t));
        expect(Math.max(...reads)).toBeLessThanOrEqual(1);
      }
  });

  test('the double: some reachable bucket reads as a torn entry', () => {
    const n = readAll('legacy');
    expect(n.torn, JSON.stringify(n)).toBeGreaterThan(0);
  });

  test('the verified table: no reachable bucket reads as a torn entry, and both keys are found whole', () => {
    const n = readAll('new');
    expect(n.torn, JSON.stringify(n)).toBe(0);
    // Slot 0's words take several values each (w0 a check of either key at either
    // generation, or 0; w1 either key's, or 0; w2 as w0), the deep slots one.
    const { values } = reachable('new');
    expect(values.slice(0, 3).map((s) => s.size)).toEqual([5, 3, 5]);
    expect(values.slice(3).every((s) => s.size === 1)).toBe(true);
    expect(n.buckets).toBe(5 * 3 * 5);
    for (const k of KEYS) {
      const found = [...snapshots(values)].some((s) => read(over('new', s), k) === 'whole');
      expect(found, `key ${k}`).toBe(true);
    }
  });
});
