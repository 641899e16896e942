import { describe, expect, test } from 'vitest';
import { Position, START_FEN } from '@tempo-chess/position';
import { WDL_SHIFT, materialOf, wdl } from './wdl';

describe('UCI_ShowWDL model', () => {
  test('material counts pawns 1, minors 3, rooks 5, queens 9, kings nothing', () => {
    expect(materialOf(Position.fromFen(START_FEN).board)).toBe(78);
    expect(materialOf(Position.fromFen('4k3/8/8/8/8/8/8/R3K3 w - - 0 1').board)).toBe(5);
    expect(materialOf(Position.fromFen('4k3/pp6/8/8/8/8/5N2/1Q2K3 w - - 0 1').board)).toBe(14);
  });

  test('per mille, summing to 1000; mirrored about the shift; more likely to win as the score rises', () => {
    expect(WDL_SHIFT).toBeGreaterThan(0);
    expect(WDL_SHIFT).toBeLessThan(20);
    for (const material of [0, 5, 17, 30, 58, 78, 90]) {
      let lastWin = -1,
        lastLoss = 1001;
      for (let cp = -1500; cp <= 1500; cp += 25) {
        const [w, d, l] = wdl('cp', cp, material);
        expect(w + d + l).toBe(1000);
        for (const v of [w, d, l]) expect(v >= 0 && v <= 1000 && Number.isInteger(v)).toBe(true);
        // The model reads the score as cp - WDL_SHIFT: the two sides' chances swap about it.
        expect(wdl('cp', 2 * WDL_SHIFT - cp, material)).toEqual([l, d, w]);
        expect(w).toBeGreaterThanOrEqual(lastWin);
        expect(l).toBeLessThanOrEqual(lastLoss);
        lastWin = w;
        lastLoss = l;
      }
      // At the shift either side's win is alike; at 0 the side to move's a little less likely;
      // a won score is a win.
      const [ws, , ls] = wdl('cp', WDL_SHIFT, material);
      expect(ws).toBe(ls);
      const [w0, , l0] = wdl('cp', 0, material);
      expect(w0).toBeLessThanOrEqual(l0);
      expect(wdl('cp', 1500, material)[0]).toBeGreaterThan(950);
    }
  });

  test('mates are certain', () => {
    expect(wdl('mate', 3, 40)).toEqual([1000, 0, 0]);
    expect(wdl('mate', -2, 40)).toEqual([0, 0, 1000]);
    expect(wdl('mate', 0, 40)).toEqual([0, 0, 1000]);
  });
});
