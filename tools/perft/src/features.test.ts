import { describe, expect, it } from 'vitest';
import { attackers, boardFromFen, pinnedCount } from './board';
import { chessJsWalker } from './chessjs';
import { castlingRooks, classify } from './features';
import { tempoWalker } from './tempo';

/** Tags of a standard position, its legal moves taken from chess.js. */
const tags = (fen: string) => classify(fen, chessJsWalker(fen).moves(), false);

describe('classify', () => {
  it.each([
    ['legal en passant', '4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1', ['ep', 'endgame']],
    ['en passant along a pinned rank', '8/8/8/KPp4r/8/8/8/7k w - c6 0 2', ['epRank', 'endgame']],
    ['en passant by a diagonally pinned pawn', '8/8/4k3/8/2pP4/8/B5K1/8 b - d3 0 1', ['epPinned', 'pinned', 'endgame']],
    ['double check', '8/8/2k5/5q2/8/3n4/5K2/8 w - - 0 1', ['check', 'doubleCheck', 'endgame']],
    [
      'castling through an attacked square, and a blocked one',
      'r3k2r/8/8/8/8/7b/8/RN2K2R w KQkq - 0 1',
      ['castling', 'castleBlocked', 'castleAttacked'],
    ],
    [
      'promotion with capture and check',
      '1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1',
      ['promotion', 'promoCapture', 'promoCheck', 'endgame'],
    ],
    ['stalemate', 'K1k5/P7/8/8/8/8/8/8 w - - 0 1', ['endgame', 'stalemate']],
    ['mate', 'R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1', ['check', 'endgame', 'mate']],
  ])('%s', (_, fen, expected) => {
    expect(tags(fen)).toEqual(expected);
  });

  it('reads Chess960 castling from Shredder-FEN and king-takes-rook moves', () => {
    const fen = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';
    const board = boardFromFen(fen);
    expect(castlingRooks(board, 6)).toEqual([7, 5]);
    expect(classify(fen, tempoWalker(fen, true).moves(), true)).toEqual(['castling', 'castleBlocked']);
  });
});

describe('mailbox helpers', () => {
  it('counts attackers and pins', () => {
    const board = boardFromFen('4k3/8/8/8/8/2b5/3R4/r3K2q w - - 0 1');
    expect(attackers(board.cells, 4, 1)).toBe(2);
    expect(pinnedCount(board.cells, 0)).toBe(1);
  });
});
