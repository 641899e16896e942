import { describe, expect, test } from 'vitest';
import { Game } from './game';
import { chess960Fen } from './chess960';
import { exportPgn, loadGame } from './pgn';

const info = { white: 'You', black: 'Tempo (Skill Level 5)', date: new Date(2026, 10, 25), timeControl: '180+2' };

describe('PGN', () => {
  test('export: seven-tag roster, TimeControl, Termination, the end as a comment, the result', () => {
    const g = new Game();
    for (const m of 'f2f3 e7e5 g2g4 d8h4'.split(' ')) g.play(m);
    expect(exportPgn(g, info)).toBe(
      [
        '[Event "Casual game"]',
        '[Site "Tempo in the browser"]',
        '[Date "2026.11.25"]',
        '[Round "-"]',
        '[White "You"]',
        '[Black "Tempo (Skill Level 5)"]',
        '[Result "0-1"]',
        '[TimeControl "180+2"]',
        '[Termination "normal"]',
        '',
        '1. f3 e5 2. g4 Qh4# { Checkmate: Black wins } 0-1',
        '',
      ].join('\n'),
    );
  });

  test('export from a FEN with Black to move: SetUp, FEN and "12..." numbering; an open game is "*"', () => {
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12';
    const g = new Game(fen);
    g.play('g8f6');
    g.play('f1c4');
    const pgn = exportPgn(g, { ...info, timeControl: undefined });
    expect(pgn).toContain(`[SetUp "1"]\n[FEN "${fen}"]\n[TimeControl "-"]\n\n12... Nf6 13. Bc4 *\n`);
    expect(pgn).toContain('[Result "*"]');
  });

  test('long games wrap at 80 columns and read back to the same moves', () => {
    const g = new Game();
    const ruyLopez =
      'e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6a5 b3c2 c7c5 d2d4 d8c7 b1d2 c5d4 c3d4';
    for (const m of ruyLopez.split(' ')) g.play(m);
    const pgn = exportPgn(g, info);
    for (const line of pgn.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    const back = loadGame(pgn);
    expect(back.game.uciMoves).toEqual(g.uciMoves);
    expect(pgn.split('\n').length).toBe(12); // eight headers (no Termination yet), a blank line, two move lines, the final newline
    expect(back.game.moves[8]?.san).toBe('O-O');
    expect(back.white).toBe('You');
    expect(back.black).toBe('Tempo (Skill Level 5)');
  });

  test('load: a FEN (six or four fields), an empty box, a PGN with comments, variations and a FEN header', () => {
    expect(loadGame('8/8/8/4k3/8/8/3P4/4K3 w - - 0 1').game.fen).toBe('8/8/8/4k3/8/8/3P4/4K3 w - - 0 1');
    expect(loadGame('8/8/8/4k3/8/8/3P4/4K3 b - -').game.fen).toBe('8/8/8/4k3/8/8/3P4/4K3 b - - 0 1');
    expect(loadGame('  ').game.ply).toBe(0);
    const pgn = '[FEN "8/8/8/4k3/8/8/3P4/4K3 w - - 0 40"]\n[SetUp "1"]\n\n40. d4+ {check} (40. Kd1) Kd5 41. Ke2 *';
    const g = loadGame(pgn).game;
    expect(g.uciMoves).toEqual(['d2d4', 'e5d5', 'e1e2']);
    expect(g.startFen).toBe('8/8/8/4k3/8/8/3P4/4K3 w - - 0 40');
  });

  test('load: a game that played on past a threefold repetition still reads', () => {
    const moves = '1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *';
    expect(loadGame(moves).game.ply).toBe(9);
  });

  test('load errors name the move and the reason', () => {
    expect(() => loadGame('1. e4 e5 2. Ke3 Nc6 *')).toThrow(
      'PGN move 2. "Ke3" is not legal here (rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2)',
    );
    expect(() => loadGame('1. f3 e5 2. g4 Qh4# 3. a3 *')).toThrow(
      'PGN move 3. "a3" comes after the end of the game (Checkmate: Black wins)',
    );
    expect(() => loadGame('[Variant "Atomic"]\n\n1. e4 *')).toThrow('Only standard chess and Chess960 are supported');
    expect(() => loadGame('rnbqkbnr/pppppppp/8/8 w KQkq - 0 1')).toThrow(/^Invalid FEN/);
  });
  test('a Chess960 game carries Variant, SetUp and FEN, and reloads to the same moves and position', () => {
    const g = new Game(chess960Fen(300), true);
    for (const m of ['h2h3', 'h7h6', 'g1h2', 'g8h7', 'e1f1']) g.play(m);
    const pgn = exportPgn(g, info);
    expect(pgn).toContain(
      '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "qbnrkrbn/pppppppp/8/8/8/8/PPPPPPPP/QBNRKRBN w KQkq - 0 1"]',
    );
    expect(pgn).toContain('1. h3 h6 2. Bh2 Bh7 3. O-O *');
    const back = loadGame(pgn).game;
    expect(back.chess960).toBe(true);
    expect(back.uciMoves).toEqual(g.uciMoves);
    expect(back.fen).toBe(g.fen);
  });
});
