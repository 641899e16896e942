import { describe, expect, test } from 'vitest';
import { formatNps, formatScore, graphPawns, pvToSan, whiteShare, whiteView } from './format';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe('format', () => {
  test("scores turn to White's point of view", () => {
    expect(formatScore({ cp: 35 }, 'white')).toBe('+0.35');
    expect(formatScore({ cp: 35 }, 'black')).toBe('-0.35');
    expect(formatScore({ cp: 0 }, 'black')).toBe('0.00');
    expect(formatScore({ mate: 3 }, 'white')).toBe('#3');
    expect(formatScore({ mate: 3 }, 'black')).toBe('#-3');
    expect(formatScore({ mate: -2 }, 'black')).toBe('#2');
  });

  test('the evaluation bar: even is half, a pawn is a visible step, mates fill it', () => {
    expect(whiteShare({ cp: 0 }, 'white')).toBe(0.5);
    expect(whiteShare({ cp: 100 }, 'white')).toBeCloseTo(0.591, 3);
    expect(whiteShare({ cp: 100 }, 'black')).toBeCloseTo(0.409, 3);
    expect(whiteShare({ cp: 1000 }, 'white')).toBeGreaterThan(0.97);
    expect(whiteShare({ mate: 4 }, 'black')).toBe(0);
    expect(whiteShare({ mate: -4 }, 'black')).toBe(1);
    expect(whiteShare({ mate: 0 }, 'white')).toBe(0);
  });

  test('pv in SAN with move numbers; an illegal move stops the line and is marked', () => {
    expect(pvToSan(START, ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5'])).toBe('1. e4 e5 2. Nf3 Nc6 3. Bb5');
    expect(pvToSan('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', ['c7c5', 'g1f3'])).toBe(
      '1... c5 2. Nf3',
    );
    expect(pvToSan(START, ['e2e4', 'e2e4', 'd2d4'])).toBe('1. e4 (illegal e2e4)');
    expect(pvToSan(START, ['e2e4', 'e7e5'], 1)).toBe('1. e4');
    expect(pvToSan('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', ['e1g1', 'e8c8'])).toBe('1. O-O O-O-O');
  });

  test('nodes a second', () => {
    expect(formatNps(845_200)).toBe('845 kn/s');
    expect(formatNps(1_240_000)).toBe('1.24 Mn/s');
  });
});

describe('the graph scale', () => {
  test("White's view, clamped at ten pawns either way; a mate sits on the clamp", () => {
    expect(whiteView({ cp: 35 }, 'black')).toEqual({ cp: -35 });
    expect(whiteView({ mate: 2 }, 'black')).toEqual({ mate: -2 });
    expect(graphPawns({ cp: 250 })).toBe(2.5);
    expect(graphPawns({ cp: -1500 })).toBe(-10);
    expect(graphPawns({ mate: 3 })).toBe(10);
    expect(graphPawns({ mate: -1 })).toBe(-10);
    expect(graphPawns(whiteView({ mate: 0 }, 'black'))).toBe(10);
    expect(graphPawns(whiteView({ mate: 0 }, 'white'))).toBe(-10);
  });
});
