import { describe, expect, test } from 'vitest';
import { selectOpenings } from './openings';

describe('selectOpenings', () => {
  const list = Array.from({ length: 25 }, (_, i) => `fen${i}`);

  test('test keeps indices 0, 10, 20; train the rest; together they are the list', () => {
    expect(selectOpenings(list, 'test')).toEqual(['fen0', 'fen10', 'fen20']);
    const train = selectOpenings(list, 'train');
    expect(train).toHaveLength(22);
    expect(train).not.toContain('fen10');
    expect(train[0]).toBe('fen1');
    expect([...train, ...selectOpenings(list, 'test')].sort()).toEqual(list.slice().sort());
  });

  test('all is a copy of the whole list', () => {
    const all = selectOpenings(list, 'all');
    expect(all).toEqual(list);
    expect(all).not.toBe(list);
  });
});
