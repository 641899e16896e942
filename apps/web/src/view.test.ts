import { expect, test } from 'vitest';
import type { InfoLine } from '@tempo-chess/uci/browser';
import { AnalysisLines } from './view';

/** A few fields of an `info` line, as parseInfo gives them (`info depth 5 multipv 2 score cp 10 pv d2d4`). */
function info(line: string): InfoLine {
  const t = line.split(' ');
  const at = (k: string) => (t.includes(k) ? t[t.indexOf(k) + 1] : undefined);
  const out: InfoLine = {
    multipv: Number(at('multipv') ?? 1),
    depth: Number(at('depth')),
    pv: t.includes('pv') ? t.slice(t.indexOf('pv') + 1) : [],
  };
  if (at('cp') !== undefined) out.score = { cp: Number(at('cp')) };
  if (t.includes('lowerbound')) out.bound = 'lower';
  return out;
}

test('AnalysisLines keeps the latest exact line per MultiPV index, in index order, up to the limit', () => {
  const lines = new AnalysisLines();
  expect(lines.add(info('info depth 5 currmove e2e4 currmovenumber 1'))).toBe(false); // no pv, no score
  expect(lines.add(info('info depth 5 multipv 2 score cp 10 pv d2d4'))).toBe(true);
  expect(lines.add(info('info depth 5 multipv 1 score cp 30 pv e2e4'))).toBe(true);
  expect(lines.add(info('info depth 5 multipv 1 score cp 80 lowerbound pv e2e4'))).toBe(false); // a bound does not replace the exact score of its depth
  expect(lines.add(info('info depth 6 multipv 1 score cp 60 lowerbound pv e2e4'))).toBe(true); // a deeper one does
  expect(lines.add(info('info depth 5 multipv 3 score cp 0 pv c2c4'))).toBe(true);
  expect(lines.sorted(2).map((l) => [l.multipv, l.depth, l.score])).toEqual([
    [1, 6, { cp: 60 }],
    [2, 5, { cp: 10 }],
  ]);
  lines.clear();
  expect(lines.sorted(5)).toEqual([]);
});
