import { describe, expect, test } from 'vitest';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, VALUE_MATE, VALUE_NONE } from './constants';
import { scoreFromTT, scoreToTT, TranspositionTable } from './tt';

describe('transposition table', () => {
  test('store and probe round-trip every field, negative values included', () => {
    const tt = new TranspositionTable(1);
    tt.newSearch();
    tt.store(0x12345678, -0x7654321, -1234, -567, 17, BOUND_LOWER, 0xabc, 1);
    expect(tt.probe(0x12345678, -0x7654321)).toBe(true);
    expect([tt.hitMove, tt.hitScore, tt.hitEval, tt.hitDepth, tt.hitBound, tt.hitPv]).toEqual([0xabc, -1234, -567, 17, BOUND_LOWER, 1]);
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

  test('hashfull counts this search\'s entries; clear empties; a second view shares the memory', () => {
    const tt = new TranspositionTable(1);
    expect(tt.hashfull()).toBe(0);
    tt.newSearch();
    for (let b = 0; b < 200; b++) for (let k = 0; k < 5; k++) tt.store(b + k * (tt.mask + 1), k + 1, 0, 0, 5, BOUND_EXACT, 0, 0);
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
});
