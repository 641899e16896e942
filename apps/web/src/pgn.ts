/**
 * PGN out (the export a person downloads or copies) and a game in (from a FEN or a
 * PGN pasted into the page). Export is written here rather than through chessops'
 * makePgn so the headers (SetUp/FEN, TimeControl, Termination) and the closing comment
 * are exactly what the page knows; import goes through chessops' parser.
 */
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { makeFen } from 'chessops/fen';
import type { Chess } from 'chessops/chess';
import type { NormalMove } from 'chessops/types';
import { makeUci } from 'chessops/util';
import { Game, standardUci, type GameEnd } from './game';

export const STANDARD_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

export interface PgnInfo {
  white: string;
  black: string;
  /** A Date, shown as PGN's `YYYY.MM.DD`. */
  date: Date;
  /** PGN's TimeControl (`180+2`), `-` for none. */
  timeControl?: string;
  event?: string;
}

const TERMINATION: Record<GameEnd['termination'], string> = {
  checkmate: 'normal',
  stalemate: 'normal',
  insufficient: 'normal',
  threefold: 'normal',
  fifty: 'normal',
  resign: 'normal',
  flag: 'time forfeit',
};

/** The game as PGN text; an unfinished game gets result `*`. */
export function exportPgn(game: Game, info: PgnInfo): string {
  const result = game.end?.result ?? '*';
  const d = info.date;
  const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
  const headers: [string, string][] = [
    ['Event', info.event ?? 'Casual game'],
    ['Site', 'Tempo in the browser'],
    ['Date', date],
    ['Round', '-'],
    ['White', info.white],
    ['Black', info.black],
    ['Result', result],
  ];
  if (game.chess960) headers.push(['Variant', 'Chess960']);
  if (game.chess960 || game.startFen !== STANDARD_START) headers.push(['SetUp', '1'], ['FEN', game.startFen]);
  headers.push(['TimeControl', info.timeControl ?? '-']);
  if (game.end) headers.push(['Termination', TERMINATION[game.end.termination]]);
  const head = headers.map(([k, v]) => `[${k} "${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`).join('\n');

  const tokens: string[] = [];
  const [, side, , , , full] = game.startFen.split(' ');
  let number = Number(full) || 1;
  let white = side !== 'b';
  game.moves.forEach((m, i) => {
    if (white) tokens.push(`${number}.`);
    else if (i === 0) tokens.push(`${number}...`);
    tokens.push(m.san);
    if (!white) number++;
    white = !white;
  });
  if (game.end) tokens.push(`{ ${game.end.text} }`);
  tokens.push(result);
  return `${head}\n\n${wrap(tokens, 80)}\n`;
}

/** Joins tokens into lines of at most `width` characters (a token is never split). */
function wrap(tokens: string[], width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const t of tokens) {
    if (line && line.length + 1 + t.length > width) {
      lines.push(line);
      line = t;
    } else line = line ? `${line} ${t}` : t;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/** A game loaded from text, with the PGN's player names when it had them. */
export interface LoadedGame {
  game: Game;
  white?: string;
  black?: string;
}

/**
 * Reads a FEN (one line, six or four fields) or a PGN (its first game's main line).
 * Throws one clear line naming what is wrong: the FEN field, or the first move that
 * does not parse or is not legal, with its move number.
 */
export function loadGame(text: string): LoadedGame {
  const trimmed = text.trim();
  if (trimmed === '') return { game: new Game(STANDARD_START) };
  if (looksLikeFen(trimmed)) return { game: new Game(trimmed) };
  const games = parsePgn(trimmed);
  const pgn = games[0];
  if (!pgn) throw new Error('Neither a FEN nor a PGN: nothing to read');
  const variant = pgn.headers.get('Variant');
  if (variant && !/^(standard|from position|chess960|chess 960|fischerandom|fischer random)$/i.test(variant))
    throw new Error(`Only standard chess and Chess960 are supported, not the PGN's variant "${variant}"`);
  const chess960 = !!variant && /960|fischer/i.test(variant);
  const start = startingPosition(pgn.headers);
  if (start.isErr) throw new Error(`The PGN's FEN header is not valid: ${start.error.message}`);
  const pos = start.value as Chess;
  const game = new Game(makeFen(pos.toSetup()), chess960);
  for (const node of pgn.moves.mainline()) {
    const end = game.end;
    if (end && end.termination !== 'threefold' && end.termination !== 'fifty')
      throw new Error(`PGN move ${moveNumber(game)} "${node.san}" comes after the end of the game (${end.text})`);
    const move = parseSan(pos, node.san) as NormalMove | undefined;
    if (!move) throw new Error(`PGN move ${moveNumber(game)} "${node.san}" is not legal here (${game.fen})`);
    game.play(chess960 ? makeUci(move) : standardUci(pos, move), true);
    pos.play(move);
  }
  const name = (k: string) => {
    const v = pgn.headers.get(k);
    return v && v !== '?' ? v : undefined;
  };
  return { game, white: name('White'), black: name('Black') };
}

function moveNumber(game: Game): string {
  const full = Number(game.fen.split(' ')[5]) || 1;
  return game.turn === 'white' ? `${full}.` : `${full}...`;
}

function looksLikeFen(text: string): boolean {
  return !text.includes('\n') && /^[1-8pnbrqkPNBRQK/]+\s+[wb](\s|$)/.test(text);
}
