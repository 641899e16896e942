/**
 * FEN parsing into plain data, with errors as values that name the field and the
 * problem. Castling accepts standard KQkq, X-FEN (KQkq meaning the outermost rook,
 * or a file letter for an inner one) and Shredder-FEN (file letters). Checks that
 * need attack tables (side not to move in check, a legal en passant capture) are done
 * by Position when it builds from this data.
 */
import {
  BLACK,
  KING,
  NO_PIECE,
  NO_SQUARE,
  PAWN,
  ROOK,
  WHITE,
  makePiece,
  parseSquare,
  pieceFromChar,
  typeOf,
} from '@tempo-chess/bitboard';

/** A FEN split into validated fields. */
export interface ParsedFen {
  /** The piece on each square, a1 first (0: empty). */
  readonly board: Uint8Array;
  /** The side to move: WHITE or BLACK. */
  readonly side: number;
  /** Rook square of each castling right in the order WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO; -1 when absent. */
  readonly castlingRooks: readonly [number, number, number, number];
  /** En passant square as written (NO_SQUARE for '-'); Position drops it when no capture is legal. */
  readonly epSquare: number;
  /** The halfmove clock. */
  readonly rule50: number;
  /** The fullmove number. */
  readonly fullmove: number;
  /** Whether the castling setup needs Chess960 rules (king or castling rook off the standard squares). */
  readonly needsChess960: boolean;
}

/** A value, or an error message for a person: what the non-throwing parsers return. */
export type Result<T> =
  | {
      /** Parsed. */
      ok: true;
      /** What was parsed. */
      value: T;
    }
  | {
      /** Not parsed. */
      ok: false;
      /** One line naming the field and the problem. */
      error: string;
    };

const FIELD_NAMES = ['piece placement', 'side to move', 'castling', 'en passant', 'halfmove clock', 'fullmove number'];

const fail = (field: number, text: string, problem: string): { ok: false; error: string } => ({
  ok: false,
  error: `Invalid FEN: field ${field} (${FIELD_NAMES[field - 1]}): "${text}" ${problem}`,
});

/** The standard start position. */
export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

function parseBoard(text: string): Result<Uint8Array> {
  const board = new Uint8Array(64);
  const ranks = text.split('/');
  if (ranks.length !== 8) return fail(1, text, `has ${ranks.length} ranks, expected 8`);
  for (let i = 0; i < 8; i++) {
    const rank = 7 - i;
    let file = 0;
    for (const ch of ranks[i]) {
      if (ch >= '1' && ch <= '8') {
        file += ch.charCodeAt(0) - 48;
      } else {
        const piece = pieceFromChar(ch);
        if (piece === NO_PIECE) return fail(1, text, `has '${ch}', which is not a piece letter or digit`);
        if (file > 7) return fail(1, text, `rank ${rank + 1} has more than 8 squares`);
        board[rank * 8 + file] = piece;
        file++;
      }
    }
    if (file !== 8) return fail(1, text, `rank ${rank + 1} has ${file} squares, expected 8`);
  }
  for (const color of [WHITE, BLACK]) {
    const name = color === WHITE ? 'white' : 'black';
    const kings = board.filter((p) => p === makePiece(color, KING)).length;
    if (kings !== 1) return fail(1, text, `has ${kings} ${name} kings, expected exactly 1`);
  }
  for (let f = 0; f < 8; f++) {
    if (typeOf(board[f]) === PAWN || typeOf(board[56 + f]) === PAWN)
      return fail(1, text, 'has a pawn on the first or last rank');
  }
  return { ok: true, value: board };
}

function parseCastling(
  text: string,
  board: Uint8Array,
): Result<{ rooks: [number, number, number, number]; needsChess960: boolean }> {
  const rooks: [number, number, number, number] = [-1, -1, -1, -1];
  let needsChess960 = false;
  if (text === '-') return { ok: true, value: { rooks, needsChess960 } };
  for (const ch of text) {
    const color = ch >= 'a' && ch <= 'z' ? BLACK : WHITE;
    const name = color === WHITE ? 'white' : 'black';
    const lower = ch.toLowerCase();
    const back = color === WHITE ? 0 : 56;
    let kingFile = -1;
    for (let f = 0; f < 8; f++) if (board[back + f] === makePiece(color, KING)) kingFile = f;
    if (kingFile < 0) return fail(3, text, `gives '${ch}' but the ${name} king is not on its first rank`);
    const rook = makePiece(color, ROOK);
    let rookFile = -1;
    if (lower === 'k') {
      for (let f = 7; f > kingFile && rookFile < 0; f--) if (board[back + f] === rook) rookFile = f;
    } else if (lower === 'q') {
      for (let f = 0; f < kingFile && rookFile < 0; f++) if (board[back + f] === rook) rookFile = f;
    } else if (lower >= 'a' && lower <= 'h') {
      rookFile = lower.charCodeAt(0) - 97;
      if (board[back + rookFile] !== rook)
        return fail(3, text, `gives '${ch}' but there is no ${name} rook on ${lower}${back ? 8 : 1}`);
      if (rookFile === kingFile) return fail(3, text, `gives '${ch}', the ${name} king's own file`);
    } else {
      return fail(3, text, `has '${ch}', which is not K, Q, k, q or a file letter`);
    }
    if (rookFile < 0) return fail(3, text, `gives '${ch}' but the ${name} king has no rook on that side`);
    const index = color * 2 + (rookFile > kingFile ? 0 : 1);
    if (rooks[index] >= 0 && rooks[index] !== back + rookFile)
      return fail(3, text, `gives two ${name} castling rooks on the same side`);
    rooks[index] = back + rookFile;
    if (kingFile !== 4 || (rookFile !== 0 && rookFile !== 7)) needsChess960 = true;
  }
  return { ok: true, value: { rooks, needsChess960 } };
}

function parseEp(text: string, board: Uint8Array, side: number): Result<number> {
  if (text === '-') return { ok: true, value: NO_SQUARE };
  const sq = parseSquare(text);
  if (sq < 0) return fail(4, text, 'is not a square');
  const rank = sq >>> 3;
  if (rank !== (side === WHITE ? 5 : 2))
    return fail(4, text, `is not on rank ${side === WHITE ? 6 : 3}, where the side to move could capture en passant`);
  const pushed = side === WHITE ? sq - 8 : sq + 8;
  const origin = side === WHITE ? sq + 8 : sq - 8;
  if (board[pushed] !== makePiece(side ^ 1, PAWN))
    return fail(4, text, 'has no pawn that just made a double step in front of it');
  if (board[sq] !== NO_PIECE || board[origin] !== NO_PIECE)
    return fail(4, text, "has a piece on the square passed over or the pawn's origin");
  return { ok: true, value: sq };
}

function parseCounter(field: number, text: string | undefined, fallback: number, min: number): Result<number> {
  if (text === undefined) return { ok: true, value: fallback };
  if (!/^\d+$/.test(text)) return fail(field, text, 'is not a non-negative integer');
  const n = Number(text);
  if (n < min || n > 0x7fffffff) return fail(field, text, `is out of range (${min}..2147483647)`);
  return { ok: true, value: n };
}

/**
 * Splits and validates a FEN. Accepts 4 to 6 fields (missing counters default to
 * 0 and 1) and surrounding whitespace; anything else is an error naming the field.
 */
export function parseFen(fen: string): Result<ParsedFen> {
  const fields = fen.trim().split(/\s+/);
  if (fields[0] === '') return { ok: false, error: 'Invalid FEN: the text is empty' };
  if (fields.length < 4 || fields.length > 6)
    return { ok: false, error: `Invalid FEN: "${fen}" has ${fields.length} fields, expected 4 to 6` };
  const board = parseBoard(fields[0]);
  if (!board.ok) return board;
  if (fields[1] !== 'w' && fields[1] !== 'b') return fail(2, fields[1], "is not 'w' or 'b'");
  const side = fields[1] === 'w' ? WHITE : BLACK;
  const castling = parseCastling(fields[2], board.value);
  if (!castling.ok) return castling;
  const ep = parseEp(fields[3], board.value, side);
  if (!ep.ok) return ep;
  const rule50 = parseCounter(5, fields[4], 0, 0);
  if (!rule50.ok) return rule50;
  const fullmove = parseCounter(6, fields[5], 1, 1);
  if (!fullmove.ok) return fullmove;
  return {
    ok: true,
    value: {
      board: board.value,
      side,
      castlingRooks: castling.value.rooks,
      epSquare: ep.value,
      rule50: rule50.value,
      fullmove: fullmove.value,
      needsChess960: castling.value.needsChess960,
    },
  };
}
