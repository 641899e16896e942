import { describe, expect, it } from 'vitest';
import { isChess960Castling, parseEpd, parseEpdLine, parseFenList, readTextFile } from '@tempo-chess/toolkit';
import { runSuite } from './suite';
import { tempoPerft } from './tempo';

const EPD = [
  '# a comment, then a blank line',
  '',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902',
  'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528 ;D3 12189',
  'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - ;D2 568 ;D1 26',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401',
  '4k3/8/8/8/8/8/8/4K3 w - - ;D1',
  'this is not a fen',
  '8/8/8/8/8/8/8/8 w - - 0 1 ;D1 0',
].join('\n');

describe('EPD parsing', () => {
  it('reads FEN, counts, Chess960 from Shredder-FEN castling, and line numbers', () => {
    const { entries, errors } = parseEpd(EPD);
    expect(entries.map((e) => e.line)).toEqual([3, 4, 5, 6, 9]);
    expect(entries[0]).toEqual({
      line: 3,
      fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      chess960: false,
      depths: [
        { depth: 1, nodes: 20 },
        { depth: 2, nodes: 400 },
        { depth: 3, nodes: 8902 },
      ],
    });
    expect(entries[1].chess960).toBe(true);
    // Four-field EPD FENs get clocks; counts are sorted by depth.
    expect(entries[2].fen).toBe('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    expect(entries[2].depths.map((d) => d.depth)).toEqual([1, 2]);
    expect(errors).toEqual([
      { line: 7, message: '"D1" is not a perft count like "D3 8902"' },
      { line: 8, message: 'FEN has 5 fields, expected 4 or 6' },
    ]);
  });

  it('tells Chess960 castling fields from standard ones', () => {
    expect(isChess960Castling('KQkq')).toBe(false);
    expect(isChess960Castling('Kq')).toBe(false);
    expect(isChess960Castling('-')).toBe(false);
    expect(isChess960Castling('HAha')).toBe(true);
    expect(isChess960Castling('KQkqE')).toBe(true);
    expect(parseEpdLine('4k3/8/8/8/8/8/8/4K3 w KXk - 0 1 ;D1 5', 1)).toEqual({
      line: 1,
      message: 'castling field "KXk" is not KQkq, X-FEN or Shredder-FEN',
    });
  });

  it('marks every line Chess960 for --chess960, so X-FEN KQkq starts parse as Chess960', () => {
    // 9006: Stockfish's count for this start at depth 3 with UCI_Chess960.
    const line = 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 9006';
    const [entry] = parseEpd(line, true).entries;
    expect(entry.chess960).toBe(true);
    expect(tempoPerft(entry.fen, entry.chess960, 3)).toBe(9006);
  });

  it('reads plain FEN lists with or without clocks and EPD operations', () => {
    expect(parseFenList('8/8/8/8/8/8/8/K6k w - - 5 9\n\n4k3/8/8/8/8/8/8/4K3 b - - bm Kd2; id "x";')).toEqual([
      { line: 1, fen: '8/8/8/8/8/8/8/K6k w - - 5 9' },
      { line: 3, fen: '4k3/8/8/8/8/8/8/4K3 b - - 0 1' },
    ]);
  });

  it('names an unreadable file in one line', () => {
    expect(() => readTextFile('/no/such/file.epd')).toThrow(/^cannot read \/no\/such\/file\.epd: no such file$/);
  });
});

describe('suite', () => {
  it('checks counts up to the depth, reports failures and refused positions, and goes on', () => {
    const { entries, errors } = parseEpd(EPD);
    const result = runSuite(entries, errors, tempoPerft, 2);
    expect(result.positions).toBe(5);
    expect(result.checks).toBe(8);
    expect(result.failures).toEqual([
      { line: 6, fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', depth: 2, expected: 401, got: 400 },
    ]);
    expect(result.errors.map((e) => e.line)).toEqual([7, 8, 9]);
    expect(result.errors[2].message).toMatch(/^Invalid FEN: field 1 \(piece placement\)/);
  });
});
