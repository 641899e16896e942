import { describe, expect, test } from 'vitest';
import { chess960BackRank, chess960Fen, randomChess960 } from './chess960';
import { Game } from './game';

describe('Chess960 starts', () => {
  test('518 is the classical start and 0 is BBQNNRKR (the table every 960 source prints first)', () => {
    expect(chess960BackRank(518)).toBe('RNBQKBNR');
    expect(chess960BackRank(0)).toBe('BBQNNRKR');
  });

  test('the 960 numbers give 960 different ranks, each with bishops on both colours and the king between the rooks', () => {
    const seen = new Set<string>();
    for (let n = 0; n < 960; n++) {
      const rank = chess960BackRank(n);
      seen.add(rank);
      expect([...rank].sort().join('')).toBe('BBKNNQRR');
      const bishops = [...rank].flatMap((p, i) => (p === 'B' ? [i % 2] : []));
      expect(bishops.sort()).toEqual([0, 1]);
      const rooks = [...rank].flatMap((p, i) => (p === 'R' ? [i] : []));
      expect(rank.indexOf('K')).toBeGreaterThan(rooks[0]!);
      expect(rank.indexOf('K')).toBeLessThan(rooks[1]!);
    }
    expect(seen.size).toBe(960);
  });

  test('a start plays castling as the king moving onto its rook', () => {
    // 300 is QBNRKRBN: king e1 between rooks d1 and f1; O-O puts the king on g1 and leaves the rook on f1
    expect(chess960BackRank(300)).toBe('QBNRKRBN');
    const game = new Game(chess960Fen(300), true);
    for (const m of ['h2h3', 'h7h6', 'g1h2', 'g8h7']) game.play(m);
    const castled = game.play('e1f1');
    expect(castled).toEqual({ uci: 'e1f1', san: 'O-O', color: 'white' });
    expect(game.fen.split(' ')[0]).toBe('qbnrkr1n/pppppppb/7p/8/8/7P/PPPPPPPB/QBNR1RKN');
    expect(game.parseTyped('O-O')).toBe('e8f8');
  });

  test('a number outside 0-959 is refused with one line', () => {
    expect(() => chess960BackRank(960)).toThrow('A Chess960 start is a number from 0 to 959, not 960');
    expect(() => chess960BackRank(1.5)).toThrow('not 1.5');
    expect(randomChess960(() => 0.9999999)).toBe(959);
  });
});
