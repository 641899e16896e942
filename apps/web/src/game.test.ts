import { describe, expect, test } from 'vitest';
import { Game } from './game';

const play = (g: Game, moves: string) => moves.split(' ').forEach((m) => g.play(m));

describe('Game', () => {
  test('moves are checked and kept as standard UCI and SAN; castling is the king step', () => {
    const g = new Game();
    play(g, 'e2e4 e7e5 g1f3 b8c6 f1c4 g8f6');
    g.play('e1h1'); // chessground may hand over king-takes-rook: stored as e1g1
    expect(g.uciMoves.slice(-1)).toEqual(['e1g1']);
    expect(g.moves.map((m) => m.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6', 'O-O']);
    expect(g.fen).toBe('r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4');
    expect(() => g.play('e8e6')).toThrow('Illegal move: e8e6 is not legal in r1bqkb1r');
    expect(g.ply).toBe(7);
  });

  test('engine moves that are not legal are reported, not played', () => {
    const g = new Game();
    expect(g.check('e2e5')).toEqual({
      ok: false,
      reason: 'e2e5 is not legal in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    });
    expect(g.check('hello')).toEqual({ ok: false, reason: '"hello" is not a UCI move' });
    expect(g.check('0000').ok).toBe(false);
    expect(g.check('e2e4')).toMatchObject({ ok: true, uci: 'e2e4' });
    const promo = new Game('8/P6k/8/8/8/8/8/K7 w - - 0 1');
    expect(promo.check('a7a8').ok).toBe(false); // a promotion needs its piece
    expect(promo.isPromotion('a7', 'a8')).toBe(true);
    expect(promo.isPromotion('a1', 'a2')).toBe(false);
    expect(promo.play('a7a8n')).toEqual({ uci: 'a7a8n', san: 'a8=N', color: 'white' });
  });

  test('checkmate, stalemate and insufficient material end the game', () => {
    const mate = new Game();
    play(mate, 'f2f3 e7e5 g2g4 d8h4');
    expect(mate.end).toEqual({
      result: '0-1',
      termination: 'checkmate',
      winner: 'black',
      text: 'Checkmate: Black wins',
    });
    expect(mate.dests().size).toBe(0);
    expect(() => mate.play('a2a3')).toThrow('the game is over (Checkmate: Black wins)');

    const stale3 = new Game('k7/8/8/2Q5/8/8/8/7K w - - 0 1');
    stale3.play('h1g1');
    expect(stale3.end).toBeNull();
    stale3.undo();
    stale3.play('c5b6');
    expect(stale3.end?.termination).toBe('stalemate');
    expect(stale3.end?.result).toBe('1/2-1/2');

    const bare = new Game('8/8/8/4k3/8/8/3p4/4K3 w - - 0 1');
    bare.play('e1d2');
    expect(bare.end).toEqual({ result: '1/2-1/2', termination: 'insufficient', text: 'Insufficient material: draw' });
  });

  test('threefold repetition counts positions, not moves, and ends the game', () => {
    const g = new Game();
    play(g, 'g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1');
    expect(g.repetitions()).toBe(2);
    expect(g.end).toBeNull();
    g.play('f6g8');
    expect(g.repetitions()).toBe(3);
    expect(g.end?.termination).toBe('threefold');
    g.undo();
    expect(g.end).toBeNull();
  });

  test('a double step with no legal en passant capture repeats the position without it', () => {
    // After 1. e4 there is no black pawn to take en passant: the position equals the same one reached later.
    const g = new Game();
    play(g, 'e2e4 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8 f3g1');
    expect(g.end?.termination).toBe('threefold');
  });

  test('the fifty-move rule ends the game at the hundredth quiet half-move', () => {
    const g = new Game('8/8/3k4/8/8/3K4/8/R7 w - - 98 80');
    g.play('a1a2');
    expect(g.end).toBeNull();
    g.play('d6e6');
    expect(g.end).toEqual({
      result: '1/2-1/2',
      termination: 'fifty',
      text: 'Fifty moves without a capture or pawn move: draw',
    });
  });

  test('take back reopens a finished game and returns how many plies it took', () => {
    const g = new Game();
    play(g, 'f2f3 e7e5 g2g4 d8h4');
    expect(g.undo(2)).toBe(2);
    expect(g.end).toBeNull();
    expect(g.turn).toBe('white');
    expect(g.undo(10)).toBe(2);
    expect(g.ply).toBe(0);
  });

  test('flag fall: a loss, or a draw when the other side has no mating material', () => {
    const g = new Game();
    expect(g.flag('white')).toEqual({
      result: '0-1',
      termination: 'flag',
      winner: 'black',
      text: "White's time is up: Black wins",
    });
    const lone = new Game('8/8/8/4k3/8/8/3P4/4K3 b - - 0 1');
    expect(lone.flag('white').result).toBe('1/2-1/2'); // Black has a bare king
    expect(new Game('8/8/8/4k3/8/8/3P4/4K3 b - - 0 1').flag('black').result).toBe('1-0');
  });

  test('a bad FEN is one clear line', () => {
    expect(() => new Game('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1')).toThrow(/^Invalid FEN: /);
    expect(() => new Game('8/8/8/8/8/8/8/8 w - - 0 1')).toThrow(/^Illegal position: /);
  });
});

describe('moving through the game', () => {
  test('at(ply) is the game as it stood then; truncate drops the rest; fenAt reads any ply', () => {
    const g = new Game();
    for (const m of 'e2e4 e7e5 g1f3 b8c6 f1b5'.split(' ')) g.play(m);
    const past = g.at(2);
    expect(past.uciMoves).toEqual(['e2e4', 'e7e5']);
    expect(past.fen).toBe('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
    expect(g.fenAt(2)).toBe(past.fen);
    past.play('d2d4');
    expect(g.ply).toBe(5);
    g.truncate(3);
    expect(g.uciMoves).toEqual(['e2e4', 'e7e5', 'g1f3']);
    expect(g.turn).toBe('black');
    g.play('g8f6');
    expect(g.moves.map((m) => m.san)).toEqual(['e4', 'e5', 'Nf3', 'Nf6']);
  });

  test('a past position of a finished game is open: at(ply) works out its own end', () => {
    const g = new Game();
    for (const m of 'f2f3 e7e5 g2g4 d8h4'.split(' ')) g.play(m);
    expect(g.end?.termination).toBe('checkmate');
    expect(g.at(3).end).toBeNull();
    expect(g.at(4).end?.termination).toBe('checkmate');
  });

  test('a typed move: squares or SAN, castling either way; anything else is one clear line', () => {
    const g = new Game('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    expect(g.parseTyped('e1g1')).toBe('e1g1');
    expect(g.parseTyped('O-O')).toBe('e1g1');
    expect(g.parseTyped('0-0-0')).toBe('e1c1');
    expect(g.parseTyped(' Ra2 ')).toBe('a1a2');
    expect(() => g.parseTyped('Nf3')).toThrow('"Nf3" is not a legal move here (squares like e2e4, or SAN like Nf3)');
    expect(() => g.parseTyped('e1e3')).toThrow('Illegal move: e1e3 is not legal in');
    expect(() => g.parseTyped('')).toThrow('Type a move');
  });
});
