import { describe, expect, test } from 'vitest';
import { chess960Fen } from './chess960';
import { Game } from './game';
import { loadSaved, saveGame, type Saved } from './store';

const base = (game: Game): Saved => ({
  game,
  cursor: game.ply,
  mode: 'play',
  human: 'black',
  names: { white: 'Tempo', black: 'You' },
  clock: { id: '3+2', white: 170_000, black: 150_500 },
  evals: [{ cp: 20 }, { mate: -3 }, null],
});

describe('the saved game', () => {
  test('round-trips the moves, the ply shown, the sides, the clocks and the evaluations', () => {
    const g = new Game();
    for (const m of 'e2e4 c7c5 g1f3'.split(' ')) g.play(m);
    const back = loadSaved(saveGame({ ...base(g), cursor: 1, mode: 'analyse' }));
    expect(back.game.uciMoves).toEqual(['e2e4', 'c7c5', 'g1f3']);
    expect(back.cursor).toBe(1);
    expect(back.mode).toBe('analyse');
    expect(back.human).toBe('black');
    expect(back.names).toEqual({ white: 'Tempo', black: 'You' });
    expect(back.clock).toEqual({ id: '3+2', white: 170_000, black: 150_500 });
    expect(back.evals).toEqual([{ cp: 20 }, { mate: -3 }, null]);
  });

  test('a Chess960 game keeps its start and its castling; a resignation stays an end', () => {
    const g = new Game(chess960Fen(300), true);
    for (const m of ['h2h3', 'h7h6', 'g1h2', 'g8h7', 'e1f1']) g.play(m);
    g.resign('black');
    const back = loadSaved(saveGame(base(g)));
    expect(back.game.chess960).toBe(true);
    expect(back.game.fen).toBe(g.fen);
    expect(back.game.end?.text).toBe('Black resigns: White wins');
  });

  test('broken or changed text is refused with one line', () => {
    expect(() => loadSaved('{')).toThrow('The saved game is not JSON');
    expect(() => loadSaved('{"v":2}')).toThrow('The saved game is from another version of the page');
    const g = new Game();
    g.play('e2e4');
    const text = saveGame(base(g)).replace('e2e4', 'e2e5');
    expect(() => loadSaved(text)).toThrow('Illegal move: e2e5 is not legal');
  });
});
