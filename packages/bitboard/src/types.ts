/**
 * Squares, colours and pieces as small integers. a1 = 0, h1 = 7, a8 = 56, h8 = 63.
 * A piece is `(colour << 3) | type`, so white pieces are 1..6 and black 9..14 and
 * `piece & 7` is the type, `piece >>> 3` the colour. 0 is "no piece".
 */
export type Square = number;
/** A colour: WHITE (0) or BLACK (1). */
export type Color = number;
/** A piece type: PAWN (1) to KING (6), or NO_PIECE_TYPE (0). */
export type PieceType = number;
/** A piece, `(colour << 3) | type`: W_PAWN (1) to W_KING (6), B_PAWN (9) to B_KING (14); NO_PIECE is 0. */
export type Piece = number;

/** The side that moves first. */
export const WHITE = 0;
/** The side that moves second. */
export const BLACK = 1;

/** No piece type (an empty square's). */
export const NO_PIECE_TYPE = 0;
/** The pawn piece type. */
export const PAWN = 1;
/** The knight piece type. */
export const KNIGHT = 2;
/** The bishop piece type. */
export const BISHOP = 3;
/** The rook piece type. */
export const ROOK = 4;
/** The queen piece type. */
export const QUEEN = 5;
/** The king piece type. */
export const KING = 6;

/** No piece (an empty square). */
export const NO_PIECE = 0;
/** A white pawn. */
export const W_PAWN = 1;
/** A white knight. */
export const W_KNIGHT = 2;
/** A white bishop. */
export const W_BISHOP = 3;
/** A white rook. */
export const W_ROOK = 4;
/** A white queen. */
export const W_QUEEN = 5;
/** A white king. */
export const W_KING = 6;
/** A black pawn. */
export const B_PAWN = 9;
/** A black knight. */
export const B_KNIGHT = 10;
/** A black bishop. */
export const B_BISHOP = 11;
/** A black rook. */
export const B_ROOK = 12;
/** A black queen. */
export const B_QUEEN = 13;
/** A black king. */
export const B_KING = 14;
/** Pieces index arrays of this length (codes 0..15). */
export const PIECE_NB = 16;

/** Sentinel for "no square", e.g. no en passant square. */
export const NO_SQUARE = 64;

/** The piece of a colour and type. */
export const makePiece = (color: Color, type: PieceType): Piece => (color << 3) | type;
/** The type of a piece. */
export const typeOf = (piece: Piece): PieceType => piece & 7;
/** The colour of a piece (not meaningful for NO_PIECE). */
export const colorOf = (piece: Piece): Color => piece >>> 3;

/** The file of a square, 0 (a) to 7 (h). */
export const fileOf = (sq: Square): number => sq & 7;
/** The rank of a square, 0 (rank 1) to 7 (rank 8). */
export const rankOf = (sq: Square): number => sq >>> 3;
/** The square on a file and rank, each 0 to 7. */
export const makeSquare = (file: number, rank: number): Square => (rank << 3) | file;
/** The same square seen from `color`'s side: rank r becomes 7 - r for black. */
export const relativeSquare = (color: Color, sq: Square): Square => sq ^ (color * 56);
/** The rank seen from `color`'s side: rank r becomes 7 - r for black. */
export const relativeRank = (color: Color, rank: number): number => rank ^ (color * 7);

const FILES = 'abcdefgh';
const PIECE_CHARS = ' PNBRQK  pnbrqk';

/** `e4` for square 28. */
export function squareName(sq: Square): string {
  return FILES[sq & 7] + String((sq >>> 3) + 1);
}

/** The square named `e4`, or -1 when the text is not a square name. */
export function parseSquare(text: string): Square {
  if (text.length !== 2) return -1;
  const file = text.charCodeAt(0) - 97;
  const rank = text.charCodeAt(1) - 49;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return -1;
  return makeSquare(file, rank);
}

/** FEN letter of a piece: `P` for a white pawn, `q` for a black queen. */
export function pieceChar(piece: Piece): string {
  return PIECE_CHARS[piece] ?? '?';
}

/** The piece for a FEN letter, or NO_PIECE when the letter is not one. */
export function pieceFromChar(ch: string): Piece {
  if (ch.length !== 1 || ch === ' ') return NO_PIECE;
  const i = PIECE_CHARS.indexOf(ch);
  return i < 0 ? NO_PIECE : i;
}
