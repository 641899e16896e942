/** Endgame knowledge: scale factors, the fifty-move fade, mop-up's effect. */
import { describe, expect, test } from 'vitest';
import { Position } from '@tempo-chess/position';
import { EvalContext } from './context';
import { evaluate } from './evaluate';
import { DEFAULT_PSQ } from './psq-table';
import { traceEvaluation } from './trace';

const ctx = new EvalContext();
const pos = (fen: string) => Position.fromFen(fen, { psq: DEFAULT_PSQ });
const scales = (fen: string): [number, number] => {
  const t = traceEvaluation(pos(fen), ctx);
  return [t.scaleWhite, t.scaleBlack];
};

describe('scale factors', () => {
  test('opposite-coloured bishops: pure, by passed pawns; with other pieces', () => {
    // White: e2 bishop (light), a4 passer; black: d6 bishop (dark), no pawns (so black, if ahead, cannot win: 0).
    expect(scales('4k3/8/3b4/8/P7/8/4B3/4K3 w - - 0 1')).toEqual([16 + 8, 0]);
    expect(scales('4k2r/8/3b4/8/P7/8/4B3/R3K3 w - - 0 1')[0]).toBe(44);
    // Same-coloured bishops: no scaling.
    expect(scales('4k3/8/4b3/8/P7/8/4B3/4K3 w - - 0 1')[0]).toBe(64);
  });
  test('no pawns and at most a minor ahead', () => {
    expect(scales('4k3/8/3b4/8/8/8/8/R3K3 w - - 0 1')[0]).toBe(4);
    expect(scales('4k3/8/3n4/8/8/8/8/R3K3 w - - 0 1')[0]).toBe(4);
    expect(scales('4k3/3r4/8/8/8/8/8/R3K3 w - - 0 1')[0]).toBe(14);
    // A bishop against pawns cannot win at all; a queen against a rook is not scaled.
    expect(scales('4k3/7p/8/8/8/8/8/2B1K3 w - - 0 1')[0]).toBe(0);
    expect(scales('4k3/3r4/8/8/8/8/8/Q3K3 w - - 0 1')[0]).toBe(64);
  });
  test('rook pawn with the wrong bishop and the king in the corner', () => {
    expect(scales('1k6/8/8/P7/8/8/8/2B1K3 w - - 0 1')[0]).toBe(0);
    // Right bishop (light, like a8), or the king far away: no scaling.
    expect(scales('1k6/8/8/P7/8/8/8/3BK3 w - - 0 1')[0]).toBe(64);
    expect(scales('8/8/8/P7/6k1/8/8/2B1K3 w - - 0 1')[0]).toBe(64);
    // Black's version: h-pawn, promotion on h1 (light), dark bishop wrong.
    expect(scales('4k3/8/3b4/8/7p/8/8/6K1 w - - 0 1')[1]).toBe(0);
  });
  test('KRPKR with the defending king in front of the pawn', () => {
    expect(scales('7r/8/4k3/8/4P3/8/8/R3K3 w - - 0 1')[0]).toBe(8);
    expect(scales('7r/8/8/8/4P3/3k4/8/R3K3 w - - 0 1')[0]).toBe(64);
  });
  test('the scale factor reaches the score: KRKB is near a draw', () => {
    const v = evaluate(pos('4k3/8/3b4/8/8/8/8/R3K3 w - - 0 1'), ctx);
    expect(v).toBeGreaterThan(0);
    expect(v).toBeLessThan(60);
  });
});

describe('fifty-move fade and mop-up', () => {
  test('the score fades linearly to 0 from 20 to 100 plies without progress', () => {
    const base = evaluate(pos('4k3/8/8/8/8/8/7n/Q3K3 w - - 0 1'), ctx);
    expect(base).toBeGreaterThan(300);
    expect(evaluate(pos('4k3/8/8/8/8/8/7n/Q3K3 w - - 20 80'), ctx)).toBe(base);
    expect(evaluate(pos('4k3/8/8/8/8/8/7n/Q3K3 w - - 60 80'), ctx)).toBe(Math.trunc((base * 40) / 80));
    expect(evaluate(pos('4k3/8/8/8/8/8/7n/Q3K3 w - - 99 80'), ctx)).toBe(Math.trunc(base / 80));
    const t = traceEvaluation(pos('4k3/8/8/8/8/8/7n/Q3K3 b - - 60 80'), ctx);
    expect(t.rule50).toBe(60);
  });
  test('mopping up, the score does not fade: the pushes keep their order to the fifty-move rule', () => {
    const fresh = evaluate(pos('4k3/8/8/8/8/8/8/R3K3 w - - 0 1'), ctx);
    expect(fresh).toBeGreaterThan(300);
    for (const rule50 of [20, 60, 99])
      expect(evaluate(pos(`4k3/8/8/8/8/8/8/R3K3 w - - ${rule50} 80`), ctx)).toBe(fresh);
    expect(traceEvaluation(pos('4k3/8/8/8/8/8/8/R3K3 w - - 60 80'), ctx).mopup).toBe(true);
    // Closer to the edge still scores more at 99 plies, as at 0.
    expect(evaluate(pos('k7/8/8/8/8/8/8/4K2R w - - 99 80'), ctx)).toBeGreaterThan(
      evaluate(pos('8/8/8/3k4/8/8/8/4K2R w - - 99 80'), ctx),
    );
  });
  test('mop-up: the lone king in a corner scores higher than in the centre', () => {
    const corner = evaluate(pos('k7/8/8/8/8/8/8/4K2R w - - 0 1'), ctx);
    const centre = evaluate(pos('8/8/8/3k4/8/8/8/4K2R w - - 0 1'), ctx);
    expect(corner).toBeGreaterThan(centre);
  });
});
