import { describe, expect, test } from 'vitest';
import { Position, START_FEN } from '@tempo-chess/position';
import { parseUciMove } from '@tempo-chess/movegen';
import { VALUE_MATE_IN_MAX_PLY } from '@tempo-chess/search';
import { gameRng } from './datagen-chunk';
import { parseRecord, type TrainingRecord } from './record';
import { ADJUDICATION, Adjudication, SelfPlayer, isCaptureOrPromotion, rulesEnd } from './selfplay';

// Small budgets: the tests run with __DEBUG__ true (every doMove checked from scratch).
const NODES = 400;
const player = new SelfPlayer(4);

function played(fen: string, moves: string[]): Position {
  const pos = Position.fromFen(fen);
  for (const m of moves) {
    const mv = parseUciMove(pos, m);
    if (mv === 0) throw new Error(`illegal ${m} in ${pos.toFen()}`);
    pos.doMove(mv);
  }
  return pos;
}

/** Every record is well formed: parses back, not in check, no mate score, the game's result. */
function expectGoodRecords(records: TrainingRecord[], result: number): void {
  for (const r of records) {
    const back = parseRecord(`${r.fen} | ${r.score} | ${r.result === 1 ? '1.0' : r.result === 0 ? '0.0' : '0.5'}`);
    expect(back).toEqual(r);
    expect(Position.fromFen(r.fen).inCheck()).toBe(false);
    expect(Number.isInteger(r.score)).toBe(true);
    expect(Math.abs(r.score)).toBeLessThan(VALUE_MATE_IN_MAX_PLY);
    expect(r.result).toBe(result);
  }
}

describe('rulesEnd: the game ends by the rules', () => {
  test.each([
    ["fool's mate, white mated", 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3', 'checkmate', 0],
    ['back-rank mate, black mated', 'R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1', 'checkmate', 1],
    ['mate outranks the fifty-move rule', 'R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80', 'checkmate', 1],
    ['stalemate', '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', 'stalemate', 0.5],
    ['fifty-move rule', '8/8/4k3/8/8/3RK3/8/8 b - - 100 80', 'fifty-move', 0.5],
    ['king and knight', '8/8/4k3/8/8/3NK3/8/8 w - - 0 1', 'insufficient material', 0.5],
    ['bishops on one colour', '8/8/4k3/8/2b5/4K3/6B1/8 w - - 0 1', 'insufficient material', 0.5],
  ])('%s', (_name, fen, reason, result) => {
    expect(rulesEnd(Position.fromFen(fen))).toEqual({ reason, result });
  });

  test('a game goes on: start position, two knights, bishops on both colours', () => {
    for (const fen of [START_FEN, '8/8/4k3/8/8/2NNK3/8/8 w - - 0 1', '8/8/4k3/8/8/4K3/8/6Bb w - - 0 1'])
      expect(rulesEnd(Position.fromFen(fen))).toBeNull();
  });

  test('threefold: the start position for the third time, not the second', () => {
    const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];
    expect(rulesEnd(played(START_FEN, shuffle))).toBeNull();
    expect(rulesEnd(played(START_FEN, [...shuffle, ...shuffle]))).toEqual({ reason: 'threefold', result: 0.5 });
  });
});

describe('isCaptureOrPromotion', () => {
  test.each([
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1g1', false],
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'a1a8', true],
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'a1a7', false],
    ['4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2', 'e5d6', true],
    ['4k3/1P6/8/8/8/8/8/4K3 w - - 0 1', 'b7b8n', true],
  ])('%s %s: %s', (fen, move, expected) => {
    const pos = Position.fromFen(fen);
    expect(isCaptureOrPromotion(pos, parseUciMove(pos, move))).toBe(expected);
  });
});

describe('Adjudication: the resign and draw rules over a sequence of scores', () => {
  /** Feeds `scores` from `ply` on; the ply of the end and the end, or null. */
  const run = (ply: number, scores: number[]) => {
    const a = new Adjudication();
    for (let i = 0; i < scores.length; i++) {
      const end = a.next(ply + i, scores[i]);
      if (end !== null) return { ply: ply + i, ...end };
    }
    return null;
  };
  const { drawFromPly, drawPlies, drawScore, resignPlies, resignScore } = ADJUDICATION;

  test('draw: drawPlies quiet scores in a row, counted only from drawFromPly', () => {
    const quiet = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? drawScore : -drawScore));
    // From ply 70, the ten plies before drawFromPly do not count.
    expect(run(70, quiet(40))).toEqual({ ply: drawFromPly + drawPlies - 1, reason: 'draw adjudication', result: 0.5 });
    expect(run(drawFromPly, quiet(drawPlies - 1))).toBeNull();
    // One score beyond drawScore starts the run again.
    const broken = quiet(40);
    broken[5] = drawScore + 1;
    expect(run(drawFromPly, broken)).toMatchObject({ ply: drawFromPly + 5 + drawPlies, reason: 'draw adjudication' });
  });

  test('resign: resignPlies big scores of one sign in a row; a change of sign starts again', () => {
    expect(run(0, Array(resignPlies).fill(resignScore))).toEqual({ ply: resignPlies - 1, reason: 'resign', result: 1 });
    expect(run(0, Array(resignPlies).fill(-resignScore))).toMatchObject({ result: 0 });
    const mixed = [resignScore, resignScore, -resignScore, ...Array(resignPlies).fill(-30000)];
    expect(run(0, mixed)).toEqual({ ply: 2 + resignPlies - 1, reason: 'resign', result: 0 });
    expect(run(0, [...Array(resignPlies - 1).fill(resignScore), resignScore - 1, resignScore])).toBeNull();
  });

  test('quiet scores before drawFromPly never draw', () => {
    expect(run(0, Array(drawFromPly).fill(0))).toBeNull();
  });
});

describe('playOut: adjudication on hand-picked positions', () => {
  const from = (fen: string, ply: number) => {
    player.reset();
    return player.playOut(player.position(fen), NODES, ply);
  };

  test('a mated start ends at once: black wins, no records', () => {
    const g = from('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3', 0);
    expect(g).toMatchObject({ reason: 'checkmate', result: 0, plies: 0, records: [] });
  });

  test('mate in one is played: white wins in one ply; the mate-score position is not written', () => {
    const g = from('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 0);
    expect(g).toMatchObject({ reason: 'checkmate', result: 1, plies: 1, records: [] });
  });

  test('fifty-move rule after one quiet ply', () => {
    expect(from('8/8/4k3/8/8/3RK3/8/8 w - - 99 80', 0)).toMatchObject({ reason: 'fifty-move', result: 0.5, plies: 1 });
  });

  test("resign after 4 plies >= 1000 for white, with black to move first; scores are white's view", () => {
    const g = from('4k3/pppppppp/8/8/8/8/PPPPPPPP/1Q1QK1Q1 b - - 0 1', 80);
    expect(g).toMatchObject({ reason: 'resign', result: 1, plies: 80 + ADJUDICATION.resignPlies - 1 });
    expect(g.records.some((r) => r.fen.split(' ')[1] === 'b')).toBe(true);
    for (const r of g.records) expect(r.score).toBeGreaterThanOrEqual(ADJUDICATION.resignScore);
    expectGoodRecords(g.records, 1);
  });

  test('resign for black', () => {
    const g = from('1q1qk1q1/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1', 10);
    expect(g).toMatchObject({ reason: 'resign', result: 0, plies: 10 + ADJUDICATION.resignPlies - 1 });
    for (const r of g.records) expect(r.score).toBeLessThanOrEqual(-ADJUDICATION.resignScore);
  });

  test('400 plies: a draw', () => {
    expect(from(START_FEN, ADJUDICATION.maxPlies)).toMatchObject({
      reason: 'max plies',
      result: 0.5,
      plies: 400,
      records: [],
    });
    expect(from(START_FEN, ADJUDICATION.maxPlies - 1)).toMatchObject({ reason: 'max plies', plies: 400 });
  });
});

describe('play: whole games from random starts', () => {
  test('a game is a function of its index: twice the same, with a fresh or a used player', () => {
    const fresh = new SelfPlayer(4);
    const a = player.play([START_FEN], gameRng(7, 1), NODES);
    const b = fresh.play([START_FEN], gameRng(7, 0), NODES);
    const c = fresh.play([START_FEN], gameRng(7, 1), NODES);
    expect(c).toEqual(a);
    expect(b.startFen).not.toBe(a.startFen);
    for (const g of [a, b]) {
      expect(g.records.length).toBeGreaterThan(0);
      expectGoodRecords(g.records, g.result);
      // The start came after 4 to 8 random plies from the start position.
      const ply = 2 * (Number(g.startFen.split(' ')[5]) - 1) + (g.startFen.split(' ')[1] === 'b' ? 1 : 0);
      expect(ply).toBeGreaterThanOrEqual(4);
      expect(ply).toBeLessThanOrEqual(8);
    }
  });

  test('a lopsided opening is drawn again: with one balanced opening among queen-odds ones, every start comes from it', () => {
    const odds = 'rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    const g = player.play([odds, odds, odds, START_FEN], gameRng(3, 0), 100);
    expect(g.startFen.split(' ')[0]).toMatch(/q/); // black's queen is still there: not the odds opening
  });
});
