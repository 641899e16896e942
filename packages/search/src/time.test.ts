import { describe, expect, test } from 'vitest';
import { SearchParams } from './params';
import {
  GO_ON,
  IterationRule,
  NO_SCORE,
  STOP_CANNOT_FINISH,
  STOP_SHARE,
  STOP_SOFT,
  TimeBounds,
  plyScale,
  type IterationReport,
  type SearchLimits,
} from './time';

// Every expected value below is worked out by hand from the formulas in time.ts with the
// default parameters: TmBaseDiv 40, TmIncMoves 25, TmHardMult 5, TmMaxShare 400 per mille,
// TmPlyBase 600 per mille, TmPlyFull 32; the reserve min(10% of the time left, 50 ms).
const P = new SearchParams();

function bounds(limits: SearchLimits, moveOverhead = 0, ply = 40, us = 0): TimeBounds {
  const t = new TimeBounds();
  t.set(limits, us, moveOverhead, P, ply);
  return t;
}

describe('TimeBounds', () => {
  test('sudden death: soft = (time + 25 inc) / 40, hard = 5 x soft within 40% of the time', () => {
    // 60 s, no increment, middle game: 60000 / 40 = 1500; hard min(7500, 24000).
    const a = bounds({ wtime: 60000, btime: 1 });
    expect(a.soft).toBeCloseTo(1500, 9);
    expect(a.hard).toBeCloseTo(7500, 9);
    expect(a.managed).toBe(true);
    // 10+0.1 with Move Overhead 100: (9900 + 2500) / 40 = 310; hard min(1550, 3960).
    const b = bounds({ wtime: 10000, btime: 10000, winc: 100, binc: 100 }, 100);
    expect(b.soft).toBeCloseTo(310, 9);
    expect(b.hard).toBeCloseTo(1550, 9);
    // Black reads btime and binc: (5000 + 25 x 200) / 40 = 250, hard min(1250, 2000).
    const c = bounds({ wtime: 100, btime: 5000, winc: 0, binc: 200 }, 0, 40, 1);
    expect(c.soft).toBeCloseTo(250, 9);
    expect(c.hard).toBeCloseTo(1250, 9);
  });

  test('the opening gets less: 0.6 at ply 0, 0.6 + 0.4 sqrt(ply / 32) after, all of it from ply 32', () => {
    expect(plyScale(0, P)).toBeCloseTo(0.6, 12);
    expect(plyScale(8, P)).toBeCloseTo(0.8, 12); // sqrt(1/4) = 1/2
    expect(plyScale(18, P)).toBeCloseTo(0.9, 12); // sqrt(9/16) = 3/4
    expect(plyScale(32, P)).toBe(1);
    expect(plyScale(200, P)).toBe(1);
    const start = bounds({ wtime: 60000, btime: 60000 }, 0, 0);
    expect(start.soft).toBeCloseTo(900, 9); // 0.6 x 1500
    expect(start.hard).toBeCloseTo(4500, 9);
    expect(bounds({ wtime: 60000, btime: 60000 }, 0, 8).soft).toBeCloseTo(1200, 9);
    // With movestogo too: 0.6 x (2000 / 42).
    expect(bounds({ wtime: 2000, btime: 2000, movestogo: 40 }, 0, 0).soft).toBeCloseTo((0.6 * 2000) / 42, 9);
    const flat = new SearchParams();
    flat.set('TmPlyBase', 1000);
    expect(plyScale(0, flat)).toBe(1);
  });

  test('movestogo: time / (movestogo + 2) + 0.8 inc; the last move may use 90% of the time', () => {
    // 40 moves in 2 s: 2000 / 42; hard min(5 x soft, 800).
    const a = bounds({ wtime: 2000, btime: 2000, movestogo: 40 });
    expect(a.soft).toBeCloseTo(2000 / 42, 9);
    expect(a.hard).toBeCloseTo((5 * 2000) / 42, 9);
    // movestogo 1: 1000 / 3; hard min(5000 / 3, 900, 1000 - 50).
    const b = bounds({ wtime: 1000, btime: 1000, movestogo: 1 });
    expect(b.soft).toBeCloseTo(1000 / 3, 9);
    expect(b.hard).toBeCloseTo(900, 9);
    // movestogo 1 with an increment: 3000 / 3 + 0.8 x 500 = 1400; hard min(7000, 2700, 2950).
    const c = bounds({ wtime: 3000, btime: 3000, winc: 500, binc: 500, movestogo: 1 });
    expect(c.soft).toBeCloseTo(1400, 9);
    expect(c.hard).toBeCloseTo(2700, 9);
    // movestogo above 50 plans as 50: 52000 / 52 = 1000.
    expect(bounds({ wtime: 52000, btime: 52000, movestogo: 80 }).soft).toBeCloseTo(1000, 9);
  });

  test('a huge increment is held by the share of the time left', () => {
    // (1000 + 25 x 100000) / 40 = 62525, but the hard bound is 40% of 1000 and soft <= hard.
    const a = bounds({ wtime: 1000, btime: 1000, winc: 100000, binc: 100000 });
    expect(a.hard).toBeCloseTo(400, 9);
    expect(a.soft).toBeCloseTo(400, 9);
    // The same with movestogo 1: 1000 / 3 + 80000, hard 90% of 1000.
    const b = bounds({ wtime: 1000, btime: 1000, winc: 100000, binc: 100000, movestogo: 1 });
    expect(b.hard).toBeCloseTo(900, 9);
    expect(b.soft).toBeCloseTo(900, 9);
  });

  test('tiny clocks and a Move Overhead above the time left give 1 ms', () => {
    // 30 ms, Move Overhead 100: nothing is left after the overhead; the bounds are the floor of 1 ms.
    const a = bounds({ wtime: 30, btime: 30 }, 100, 0);
    expect(a.hard).toBe(1);
    expect(a.soft).toBe(1);
    // 30 ms, no overhead, ply 0: soft 0.6 x 30 / 40 = 0.45 -> 1; hard 5 x 0.45 = 2.25.
    const b = bounds({ wtime: 30, btime: 30 }, 0, 0);
    expect(b.hard).toBeCloseTo(2.25, 9);
    expect(b.soft).toBe(1);
    // A clock already at zero or below.
    expect(bounds({ wtime: 0, btime: 0 }, 100).hard).toBe(1);
    expect(bounds({ wtime: -50, btime: 0, movestogo: 1 }, 10).hard).toBe(1);
  });

  test('never beyond the time left minus the reserve, for any clock', () => {
    const times = [1, 5, 30, 60, 100, 250, 1000, 5000, 60000, 3_600_000];
    const incs = [0, 1, 10, 100, 1000, 10000, 1_000_000];
    const mtgs = [undefined, 1, 2, 5, 40, 100];
    const overheads = [0, 10, 100, 1000, 5000];
    const plies = [0, 10, 40, 300];
    let cases = 0;
    for (const time of times)
      for (const inc of incs)
        for (const movestogo of mtgs)
          for (const mo of overheads)
            for (const ply of plies) {
              const t = bounds({ wtime: time, btime: time, winc: inc, binc: inc, movestogo }, mo, ply);
              const left = Math.max(1, time - mo);
              const limit = Math.max(1, left - Math.min(0.1 * left, 50));
              expect(t.hard).toBeLessThanOrEqual(limit);
              expect(t.hard).toBeGreaterThanOrEqual(1);
              expect(t.soft).toBeLessThanOrEqual(t.hard);
              expect(t.soft).toBeGreaterThanOrEqual(1);
              // Whenever the clock holds more than the overhead and 2 ms, the move ends before it runs out.
              if (time - mo >= 2) expect(t.hard + mo).toBeLessThan(time);
              cases++;
            }
    expect(cases).toBe(10 * 7 * 6 * 5 * 4);
  });

  test('movetime keeps its own bound and is not managed; no clock for the side is no bound', () => {
    const a = bounds({ movetime: 500 }, 100);
    expect(a.soft).toBe(400);
    expect(a.hard).toBe(400);
    expect(a.managed).toBe(false);
    const b = bounds({ btime: 1000 }, 0, 40, 0); // white to move, only black's clock given
    expect(b.hard).toBe(Infinity);
    expect(b.managed).toBe(false);
  });
});

/** A report with the fields a test does not care about set to neutral values. */
function report(over: Partial<IterationReport>): IterationReport {
  return { bestMove: 1, score: 0, depth: 5, changes: 0, share: 0.5, elapsed: 0, iterationMs: 0, ...over };
}

describe('IterationRule', () => {
  // Defaults: stability (1300 - 60 n) per mille, instability 1 + 0.3 x changes, trend 1 + 0.004 x cp fallen
  // in [0.75, 1.5], share term 1.4 - 0.8 x share. With share 0.5 the share term is 1.
  test('a stable best move shrinks the factor from 1.3 by 0.06 an iteration down to 0.82', () => {
    const rule = new IterationRule();
    rule.begin(NO_SCORE);
    const factors: number[] = [];
    for (let d = 1; d <= 11; d++) {
      expect(rule.stop(report({ depth: d }), 100, 10000, P)).toBe(GO_ON);
      factors.push(rule.factor);
    }
    const expected = [1.3, 1.24, 1.18, 1.12, 1.06, 1.0, 0.94, 0.88, 0.82, 0.82, 0.82];
    factors.forEach((f, i) => expect(f).toBeCloseTo(expected[i], 12));
  });

  test('the soft stop: elapsed past soft x factor', () => {
    const rule = new IterationRule();
    rule.begin(NO_SCORE);
    for (let d = 1; d <= 8; d++) expect(rule.stop(report({ depth: d, elapsed: 85 }), 100, 10000, P)).toBe(GO_ON);
    // The ninth iteration with the same move: factor 0.82, 85 > 82.
    expect(rule.stop(report({ depth: 9, elapsed: 85 }), 100, 10000, P)).toBe(STOP_SOFT);
  });

  test('best-move changes count, halving each iteration; a new best move restarts stability', () => {
    const rule = new IterationRule();
    rule.begin(NO_SCORE);
    const steps: [number, number, number][] = [
      // move, changes in the iteration, expected factor
      [1, 0, 1.3], // new move: stability 1.3, no changes
      [2, 2, 1.3 * 1.6], // another move: 1.3; changes 2 -> 1 + 0.6
      [2, 0, 1.24 * 1.3], // changes 1
      [2, 0, 1.18 * 1.15], // changes 0.5
      [2, 1, 1.12 * 1.375], // changes 0.25 + 1 (the move changed and came back within the iteration)
    ];
    steps.forEach(([move, changes, f], i) => {
      rule.stop(report({ depth: i + 1, bestMove: move, changes }), 100, 10000, P);
      expect(rule.factor).toBeCloseTo(f, 12);
    });
  });

  test("the score's trend: a fall against the previous search and 4 iterations back lengthens, a rise shortens", () => {
    const rule = new IterationRule();
    rule.begin(50);
    const steps: [number, number][] = [
      // score, expected factor (stability x trend)
      [50, 1.3], // no fall yet
      [20, 1.24 * 1.24], // (50 - 20) against the first iteration + (50 - 20) against the previous search: 60 cp
      [0, 1.18 * 1.4], // 50 + 50
      [-40, 1.12 * 1.5], // 90 + 90 = 180 cp, capped at 1.5
      [-40, 1.06 * 1.5], // 4 back is the first iteration (50): 90 + 90
      [-40, 1.0 * 1.5], // 4 back is 20: 60 + 90 = 150 cp -> 1.6, capped
      [-20, 0.94 * (1 + 0.004 * (20 + 70))], // 4 back is 0: 20 + 70
    ];
    steps.forEach(([score, f], i) => {
      rule.stop(report({ depth: i + 1, score }), 100, 10000, P);
      expect(rule.factor).toBeCloseTo(f, 12);
    });
    // A rise of 100 cp on the previous search: 1 - 0.4, held at 0.75.
    rule.begin(-100);
    rule.stop(report({ depth: 1, score: 0 }), 100, 10000, P);
    expect(rule.factor).toBeCloseTo(1.3 * 0.75, 12);
    // A rise of 25 cp: 1 - 0.1.
    rule.begin(-25);
    rule.stop(report({ depth: 1, score: 0 }), 100, 10000, P);
    expect(rule.factor).toBeCloseTo(1.3 * 0.9, 12);
  });

  test('the node share: 1.4 - 0.8 x share, and from depth 10 a share of 97% stops at 65% of the budget', () => {
    const rule = new IterationRule();
    rule.begin(NO_SCORE);
    // share 0.98: 1.3 x (1.4 - 0.784) = 0.8008, the budget 80.08 and its 65% 52.052.
    expect(rule.stop(report({ depth: 12, share: 0.98, elapsed: 53 }), 100, 10000, P)).toBe(STOP_SHARE);
    expect(rule.factor).toBeCloseTo(1.3 * 0.616, 12);
    rule.begin(NO_SCORE);
    expect(rule.stop(report({ depth: 12, share: 0.98, elapsed: 52 }), 100, 10000, P)).toBe(GO_ON);
    // Below depth 10 the share's early stop waits.
    rule.begin(NO_SCORE);
    expect(rule.stop(report({ depth: 9, share: 0.98, elapsed: 60 }), 100, 10000, P)).toBe(GO_ON);
    // 96% is not nearly all: 1.3 x (1.4 - 0.768) = 0.8216, and 60 < 82.16.
    rule.begin(NO_SCORE);
    expect(rule.stop(report({ depth: 12, share: 0.96, elapsed: 60 }), 100, 10000, P)).toBe(GO_ON);
    expect(rule.factor).toBeCloseTo(1.3 * 0.632, 12);
    // The best move alone: 1.3 x 0.6 = 0.78, past it at 79.
    rule.begin(NO_SCORE);
    expect(rule.stop(report({ depth: 12, share: 1, elapsed: 79 }), 100, 10000, P)).toBe(STOP_SOFT);
  });

  test('an iteration that cannot end by the hard bound is not started', () => {
    const rule = new IterationRule();
    rule.begin(NO_SCORE);
    // Factor 1.3 x (1 + 0.3 x 3) = 2.47: the budget 247 is not reached at 200 ms,
    // but the next iteration takes at least 1.5 x 80 ms and would end at 320 > 300.
    expect(rule.stop(report({ depth: 9, changes: 3, elapsed: 200, iterationMs: 80 }), 100, 300, P)).toBe(
      STOP_CANNOT_FINISH,
    );
    rule.begin(NO_SCORE);
    expect(rule.stop(report({ depth: 9, changes: 3, elapsed: 200, iterationMs: 60 }), 100, 300, P)).toBe(GO_ON);
  });

  test('begin forgets the last search', () => {
    const rule = new IterationRule();
    rule.begin(NO_SCORE);
    rule.stop(report({ depth: 1, bestMove: 7, changes: 4, score: -300 }), 100, 10000, P);
    rule.begin(NO_SCORE);
    rule.stop(report({ depth: 1, bestMove: 7, score: 0 }), 100, 10000, P);
    expect(rule.factor).toBeCloseTo(1.3, 12); // no stability carried over, no changes, no trend
  });
});
