/**
 * The game in progress as text for localStorage, so a reload (or a closed tab) finds
 * it again: the start, the moves, the position shown, the mode, the sides, the clocks
 * and the evaluations already known. Reading replays every move through the rules, so
 * stored text that was changed by hand cannot put an illegal position on the board.
 */
import type { InfoScore } from '@tempo-chess/uci/browser';
import type { Color } from 'chessops/types';
import { Game } from './game';

export const STORAGE_KEY = 'tempo-web-game';

export interface Saved {
  game: Game;
  cursor: number;
  mode: 'play' | 'analyse';
  human: Color;
  names: Record<Color, string>;
  /** The time control's id and each side's time left (ms), for a game with a clock. */
  clock: { id: string; white: number; black: number } | null;
  /** Evaluations by ply, from White's point of view. */
  evals: (InfoScore | null)[];
}

interface Stored {
  v: 1;
  start: string;
  chess960: boolean;
  moves: string[];
  cursor: number;
  mode: 'play' | 'analyse';
  human: Color;
  names: Record<Color, string>;
  clock: Saved['clock'];
  evals: (InfoScore | null)[];
  /** The game's end when it came from a flag or a resignation, which the moves alone do not show. */
  over?: { how: 'flag' | 'resign'; color: Color };
}

export function saveGame(s: Saved): string {
  const end = s.game.end;
  const stored: Stored = {
    v: 1,
    start: s.game.startFen,
    chess960: s.game.chess960,
    moves: s.game.uciMoves,
    cursor: s.cursor,
    mode: s.mode,
    human: s.human,
    names: s.names,
    clock: s.clock,
    evals: s.evals.slice(0, s.game.ply + 1),
  };
  if (end?.termination === 'flag' || end?.termination === 'resign') {
    const loser: Color = end.winner ? (end.winner === 'white' ? 'black' : 'white') : s.game.turn;
    stored.over = { how: end.termination, color: loser };
  }
  return JSON.stringify(stored);
}

/** The stored game, or throws one line saying what is wrong with the text. */
export function loadSaved(text: string): Saved {
  let d: Partial<Stored>;
  try {
    d = JSON.parse(text) as Partial<Stored>;
  } catch {
    throw new Error('The saved game is not JSON');
  }
  if (!d || d.v !== 1 || typeof d.start !== 'string' || !Array.isArray(d.moves))
    throw new Error('The saved game is from another version of the page');
  const game = new Game(d.start, d.chess960 === true);
  for (const m of d.moves) game.play(String(m), true);
  const color = (c: unknown): Color => (c === 'black' ? 'black' : 'white');
  if (d.over?.how === 'flag') game.flag(color(d.over.color));
  if (d.over?.how === 'resign') game.resign(color(d.over.color));
  const cursor = Number.isInteger(d.cursor) ? Math.max(0, Math.min(game.ply, d.cursor!)) : game.ply;
  const clock =
    d.clock && typeof d.clock.id === 'string' && Number.isFinite(d.clock.white) && Number.isFinite(d.clock.black)
      ? { id: d.clock.id, white: d.clock.white, black: d.clock.black }
      : null;
  const evals = Array.isArray(d.evals) ? d.evals.slice(0, game.ply + 1).map(readScore) : [];
  return {
    game,
    cursor,
    mode: d.mode === 'analyse' ? 'analyse' : 'play',
    human: color(d.human),
    names: {
      white: typeof d.names?.white === 'string' ? d.names.white : 'White',
      black: typeof d.names?.black === 'string' ? d.names.black : 'Black',
    },
    clock,
    evals,
  };
}

function readScore(e: unknown): InfoScore | null {
  if (!e || typeof e !== 'object') return null;
  const { cp, mate } = e as { cp?: unknown; mate?: unknown };
  if (typeof mate === 'number' && Number.isInteger(mate)) return { mate };
  if (typeof cp === 'number' && Number.isFinite(cp)) return { cp };
  return null;
}
