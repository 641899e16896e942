/**
 * Lone-king endings: Tempo, playing both sides at a few thousand nodes a move, mates a
 * lone king before the fifty-move rule or a threefold repetition would draw. Both
 * evaluations score these endings by one rule, kxkScore: the lone king pushed to the
 * edge (in KBNK to a corner of the bishop's colour) and the kings together. The net
 * alone scores them flat and the hand-crafted terms pull to the centre, so without the
 * pushes the search finds no progress; the score is not faded, or the pushes would
 * lose their order before the fifty-move rule.
 *
 * KQK, KRK and KBBK from a centred lone king are mated with either evaluation. KBNK's
 * mate takes a long technique, and at a few thousand nodes whether one start is mated
 * in time turns on small details of the search. So KBNK is tested over twelve starts
 * (the first twelve of tools/match/data/lone-king-2027.epd): with the pushes the search
 * mates most of them, without them hardly any, and more than a third must be mated.
 */
import { expect, test } from 'vitest';
import { Position, isRepetitionDraw } from '@tempo-chess/position';
import { legalMoves } from '@tempo-chess/movegen';
import { DEFAULT_PSQ } from '@tempo-chess/eval';
import { createSignals, Searcher, TranspositionTable, type SearchOptions } from './index';

/** Nodes a move. */
const NODES = 2000;

// The lone king in the centre, the strong side's pieces at home; both sides to move,
// both colours strong.
const ENDINGS: Array<[string, string]> = [
  ['KQK', '8/8/8/3k4/8/8/8/3QK3 b - - 0 1'],
  ['KRK', '8/8/8/4k3/8/8/8/R3K3 w - - 0 1'],
  ['KRK, black strong', 'r3k3/8/8/8/3K4/8/8/8 b - - 0 1'],
  ['KBBK', '8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1'],
];

const KBNK_STARTS = [
  '8/4B3/8/8/8/8/6N1/k5K1 w - - 0 1',
  '8/8/2b5/8/k7/8/2n4K/8 w - - 0 1',
  '8/6k1/8/8/8/6N1/2B1K3/8 b - - 0 1',
  '7k/8/8/n3K3/8/8/8/4b3 b - - 0 1',
  '3N4/8/8/8/8/6K1/8/1k1B4 w - - 0 1',
  '8/7b/2n5/8/8/7k/8/3K4 w - - 0 1',
  '7K/8/1B6/6N1/8/8/8/k7 b - - 0 1',
  '1n6/6K1/8/b7/8/8/k7/8 b - - 0 1',
  '2N1k3/8/2K2B2/8/8/8/8/8 w - - 0 1',
  '8/8/7n/6b1/4K2k/8/8/8 w - - 0 1',
  '8/1K6/1B6/5k2/8/8/4N3/8 b - - 0 1',
  '8/3b4/8/7n/8/1k6/8/1K6 b - - 0 1',
];

/** Plays `fen` out with Tempo on both sides; how it ended. */
function playOut(
  fen: string,
  options: Partial<SearchOptions>,
  nodes: number,
): 'mate' | 'stalemate' | 'threefold' | 'fifty moves' {
  const searcher = new Searcher(new TranspositionTable(4), createSignals(), options);
  const pos = Position.fromFen(fen, { psq: DEFAULT_PSQ });
  for (;;) {
    if (legalMoves(pos).length === 0) return pos.inCheck() ? 'mate' : 'stalemate';
    pos.rootPly = pos.ply;
    if (isRepetitionDraw(pos)) return 'threefold';
    if (pos.rule50 >= 100) return 'fifty moves';
    pos.doMove(searcher.search(pos, { nodes }).bestMove);
  }
}

// Every position of these games has a lone king, which both evaluations score by the
// same rule before anything else, so the net and the hand-crafted evaluation play the
// same games: the hand-crafted one, without a net to load, plays them here.
test.each(ENDINGS)(
  '%s: %s is mated before the fifty-move rule',
  (_name, fen) => expect(playOut(fen, {}, NODES)).toBe('mate'),
  120_000,
);

test(`KBNK: more than a third of ${KBNK_STARTS.length} starts are mated before the fifty-move rule`, () => {
  const ends = KBNK_STARTS.map((fen) => playOut(fen, {}, NODES));
  const mated = ends.filter((e) => e === 'mate').length;
  expect(mated, ends.join(', ')).toBeGreaterThan(KBNK_STARTS.length / 3);
}, 240_000);
