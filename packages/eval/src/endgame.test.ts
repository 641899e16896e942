/** Endgame knowledge: scale factors, the fifty-move fade, the lone-king rule in the hand-crafted evaluation. */
import { describe, expect, test } from 'vitest';
import { Position } from '@tempo-chess/position';
import { EvalContext } from './context';
import { evaluate } from './evaluate';
import { kxkScore } from './endgame';
import { DEFAULT_PSQ } from './psq-table';
import { scoreFromTrace, traceEvaluation } from './trace';
import { DEFAULT_PARAMS } from './params';

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

describe('fifty-move fade and the lone king', () => {
  test('the score fades linearly to 0 from 20 to 100 plies without progress', () => {
    const base = evaluate(pos('4k3/8/8/8/8/8/7n/Q3K3 w - - 0 1'), ctx);
    expect(base).toBeGreaterThan(300);
    expect(evaluate(pos('4k3/8/8/8/8/8/7n/Q3K3 w - - 20 80'), ctx)).toBe(base);
    expect(evaluate(pos('4k3/8/8/8/8/8/7n/Q3K3 w - - 60 80'), ctx)).toBe(Math.trunc((base * 40) / 80));
    expect(evaluate(pos('4k3/8/8/8/8/8/7n/Q3K3 w - - 99 80'), ctx)).toBe(Math.trunc(base / 80));
    const t = traceEvaluation(pos('4k3/8/8/8/8/8/7n/Q3K3 b - - 60 80'), ctx);
    expect(t.rule50).toBe(60);
  });
  test('a lone king against mating material: the same rule as the net, not faded, from the side to move', () => {
    // A queen, a rook, bishop and knight, bishops of both colours; white strong, then black.
    for (const [fen, strong] of [
      ['8/8/8/4k3/8/8/8/3QK3', 0],
      ['k7/8/8/8/8/8/8/4K2R', 0],
      ['8/8/8/4k3/8/8/8/1N2KB2', 0],
      ['2b1kb2/8/8/8/8/4K3/8/8', 1],
    ] as const) {
      const k = kxkScore(pos(`${fen} w - - 0 1`), strong);
      const white = strong === 0 ? k : -k;
      expect(k).toBeGreaterThan(1000);
      expect(evaluate(pos(`${fen} w - - 0 1`), ctx)).toBe(white);
      expect(evaluate(pos(`${fen} b - - 0 1`), ctx)).toBe(-white);
      // The pushes keep their order to the fifty-move rule: no fade.
      expect(evaluate(pos(`${fen} w - - 99 80`), ctx)).toBe(white);
      const t = traceEvaluation(pos(`${fen} b - - 60 80`), ctx);
      expect(t.kxk).toBe(white);
      expect(scoreFromTrace(t, DEFAULT_PARAMS)).toBe(-white);
    }
    // A pawn beside the lone king, or a bishop and a pawn (not mating material): the terms decide, faded.
    for (const fen of ['k7/p7/8/8/8/8/8/4K2R', '8/8/8/4k3/8/8/P7/2B1K3']) {
      expect(traceEvaluation(pos(`${fen} w - - 0 1`), ctx).kxk).toBeNull();
      const fresh = evaluate(pos(`${fen} w - - 0 1`), ctx);
      expect(evaluate(pos(`${fen} w - - 60 80`), ctx)).toBe(Math.trunc((fresh * 40) / 80));
    }
  });
});
