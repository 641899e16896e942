/**
 * Opening books for matches: EPD/FEN lists (one position a line, ops ignored) or PGN
 * files (each game's start position, from its FEN header if any, and its main-line
 * moves, replayed and checked by chessops). Errors name the file and line or game.
 */
import { parsePgn, startingPosition } from 'chessops/pgn';
import { makeFen } from 'chessops/fen';
import { parseSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import { createArbiter } from './arbiter';
import { InputError, parseFenList, readTextFile } from './epd';

/** A start position and the moves played from it before the engines take over. */
export interface Opening {
  fen: string;
  moves: string[];
}

/** Reads openings from an EPD or PGN file (by extension `.pgn`, else EPD). Throws InputError. */
export function readOpenings(path: string, chess960: boolean, maxPlies = Infinity): Opening[] {
  const text = readTextFile(path);
  const openings = /\.pgn$/i.test(path)
    ? parsePgnOpenings(text, path, chess960, maxPlies)
    : parseEpdOpenings(text, path, chess960);
  if (openings.length === 0) throw new InputError(`${path}: no openings in the file`);
  return openings;
}

function parseEpdOpenings(text: string, path: string, chess960: boolean): Opening[] {
  return parseFenList(text).map(({ line, fen }) => {
    try {
      // The constructors check the FEN; a position already decided would simply end its games at once.
      createArbiter(fen, chess960);
    } catch (e) {
      throw new InputError(
        `${path}:${line}: not a playable position "${fen}" (${(e as Error).message.split('\n')[0]})`,
      );
    }
    return { fen, moves: [] };
  });
}

function parsePgnOpenings(text: string, path: string, chess960: boolean, maxPlies: number): Opening[] {
  return parsePgn(text).map((game, i) => {
    const start = startingPosition(game.headers);
    if (start.isErr) throw new InputError(`${path}: game ${i + 1}: bad FEN header (${start.error.message})`);
    const pos = start.value;
    const fen = makeFen(pos.toSetup());
    // The arbiter writes each move as the engines will read it (e1g1 in standard chess).
    const arbiter = createArbiter(fen, chess960);
    const moves: string[] = [];
    for (const node of game.moves.mainline()) {
      if (moves.length >= maxPlies) break;
      const move = parseSan(pos, node.san);
      const uci = move && arbiter.legalMoves().find((m) => sameMove(m, makeUci(move)));
      if (!move || !uci)
        throw new InputError(`${path}: game ${i + 1}: illegal move "${node.san}" at ply ${moves.length + 1}`);
      moves.push(uci);
      arbiter.play(uci);
      pos.play(move);
    }
    return { fen, moves };
  });
}

/** chessops writes castling king-takes-rook; standard UCI writes the king's two-square step. */
function sameMove(uci: string, kingTakesRook: string): boolean {
  if (uci === kingTakesRook) return true;
  const castle: Record<string, string> = { e1h1: 'e1g1', e1a1: 'e1c1', e8h8: 'e8g8', e8a8: 'e8c8' };
  return castle[kingTakesRook] === uci;
}

/** Which openings of a list a run may use: `train` for data and tuning, `test` for target matches. */
export type OpeningsPart = 'all' | 'train' | 'test';

export const OPENINGS_PARTS: readonly OpeningsPart[] = ['all', 'train', 'test'];

/**
 * Splits an opening list for honest measurement: `test` keeps the entries whose index
 * (0-based, in file order) is a multiple of 10, `train` the other nine tenths, `all`
 * everything. Data generation and tuning take `train`, target matches `test`, so no
 * target match starts from an opening the evaluation was fitted on.
 */
export function selectOpenings<T>(list: readonly T[], part: OpeningsPart): T[] {
  if (part === 'all') return list.slice();
  const test = part === 'test';
  return list.filter((_, i) => (i % 10 === 0) === test);
}
