/**
 * A tiny, slow, independent mailbox board: enough to classify corpus positions
 * (checks, pins, en passant, castling transit) from a FEN and a legal-move list, for
 * standard chess and Chess960 alike. It never generates moves, so it cannot share a
 * bug with the generators it helps to test.
 */

/** Piece codes as in Tempo: colour << 3 | type, type 1..6 = P N B R Q K; 0 = empty. */
export const P = 1,
  N = 2,
  B = 3,
  R = 4,
  Q = 5,
  K = 6;
export const colorOf = (piece: number): number => piece >> 3;
export const typeOf = (piece: number): number => piece & 7;

const LETTERS = ' pnbrqk';
const KNIGHT_STEPS = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
];
const KING_STEPS = [
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
  [0, -1],
  [1, -1],
];
/** The eight ray directions; the first four are orthogonal (rook), the rest diagonal. */
const RAYS = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
  [1, 1],
  [-1, 1],
  [-1, -1],
  [1, -1],
];

/** Square index (a1 = 0) from text, or -1. */
export function parseSquare(text: string): number {
  if (!/^[a-h][1-8]$/.test(text)) return -1;
  return text.charCodeAt(0) - 97 + 8 * (text.charCodeAt(1) - 49);
}

/** Square text from an index. */
export const squareName = (sq: number): string => String.fromCharCode(97 + (sq & 7), 49 + (sq >> 3));

const onBoard = (f: number, r: number): boolean => f >= 0 && f < 8 && r >= 0 && r < 8;

/** A position parsed from FEN: cells, side to move, castling field, en passant square. */
export interface Board {
  cells: Int8Array;
  /** Side to move: 0 white, 1 black. */
  us: number;
  castling: string;
  /** En passant target square, or -1. */
  ep: number;
}

/** Parses the first four FEN fields; throws on a malformed placement. */
export function boardFromFen(fen: string): Board {
  const [placement, side, castling = '-', ep = '-'] = fen.trim().split(/\s+/);
  const cells = new Int8Array(64);
  const ranks = placement.split('/');
  if (ranks.length !== 8) throw new Error(`bad placement "${placement}"`);
  for (let r = 0; r < 8; r++) {
    let f = 0;
    for (const ch of ranks[7 - r]) {
      if (ch >= '1' && ch <= '8') f += Number(ch);
      else {
        const type = LETTERS.indexOf(ch.toLowerCase());
        if (type < 1 || f > 7) throw new Error(`bad placement "${placement}"`);
        cells[r * 8 + f++] = ((ch === ch.toLowerCase() ? 1 : 0) << 3) | type;
      }
    }
  }
  return { cells, us: side === 'b' ? 1 : 0, castling, ep: parseSquare(ep) };
}

/** The square of `color`'s king, or -1. */
export function kingSquare(cells: Int8Array, color: number): number {
  return cells.indexOf((color << 3) | K);
}

/** How many pieces of `by` attack `sq` on `cells`. */
export function attackers(cells: Int8Array, sq: number, by: number): number {
  const f0 = sq & 7,
    r0 = sq >> 3;
  let count = 0;
  const has = (f: number, r: number, types: number[]): boolean =>
    onBoard(f, r) &&
    cells[r * 8 + f] !== 0 &&
    colorOf(cells[r * 8 + f]) === by &&
    types.includes(typeOf(cells[r * 8 + f]));
  const pawnRank = by === 0 ? r0 - 1 : r0 + 1;
  if (has(f0 - 1, pawnRank, [P])) count++;
  if (has(f0 + 1, pawnRank, [P])) count++;
  for (const [df, dr] of KNIGHT_STEPS) if (has(f0 + df, r0 + dr, [N])) count++;
  for (const [df, dr] of KING_STEPS) if (has(f0 + df, r0 + dr, [K])) count++;
  RAYS.forEach(([df, dr], i) => {
    const slider = i < 4 ? [R, Q] : [B, Q];
    let f = f0 + df,
      r = r0 + dr;
    while (onBoard(f, r) && cells[r * 8 + f] === 0) {
      f += df;
      r += dr;
    }
    if (has(f, r, slider)) count++;
  });
  return count;
}

/** Number of `color`'s pieces absolutely pinned to their king. */
export function pinnedCount(cells: Int8Array, color: number): number {
  const king = kingSquare(cells, color);
  if (king < 0) return 0;
  let pinned = 0;
  RAYS.forEach(([df, dr], i) => {
    const slider = i < 4 ? [R, Q] : [B, Q];
    let f = (king & 7) + df,
      r = (king >> 3) + dr;
    let own = 0;
    while (onBoard(f, r)) {
      const piece = cells[r * 8 + f];
      if (piece !== 0) {
        if (colorOf(piece) === color) {
          if (++own > 1) return;
        } else {
          if (own === 1 && slider.includes(typeOf(piece))) pinned++;
          return;
        }
      }
      f += df;
      r += dr;
    }
  });
  return pinned;
}

/**
 * The cells after a move given as UCI text, for check tests: normal moves,
 * promotions and en passant exactly; castling is not simulated (returns undefined).
 */
export function cellsAfter(board: Board, uci: string): Int8Array | undefined {
  const from = parseSquare(uci.slice(0, 2)),
    to = parseSquare(uci.slice(2, 4));
  const cells = board.cells.slice();
  const piece = cells[from];
  if (
    typeOf(piece) === K &&
    (Math.abs((to & 7) - (from & 7)) > 1 || (colorOf(cells[to]) === board.us && cells[to] !== 0))
  ) {
    return undefined;
  }
  if (typeOf(piece) === P && to === board.ep) cells[to + (board.us === 0 ? -8 : 8)] = 0;
  cells[from] = 0;
  cells[to] = uci.length > 4 ? (board.us << 3) | LETTERS.indexOf(uci[4]) : piece;
  return cells;
}

/** True when the move (UCI) attacks the opponent's king afterwards; false if unknown. */
export function givesCheck(board: Board, uci: string): boolean {
  const cells = cellsAfter(board, uci);
  if (!cells) return false;
  const king = kingSquare(cells, board.us ^ 1);
  return king >= 0 && attackers(cells, king, board.us) > 0;
}

/** Total number of pieces, kings included. */
export function menCount(cells: Int8Array): number {
  let n = 0;
  for (let i = 0; i < 64; i++) if (cells[i] !== 0) n++;
  return n;
}

/** The placement field (FEN field 1) of `cells`. */
export function placementOf(cells: Int8Array): string {
  const ranks: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let text = '',
      empty = 0;
    for (let f = 0; f < 8; f++) {
      const piece = cells[r * 8 + f];
      if (piece === 0) {
        empty++;
        continue;
      }
      if (empty > 0) text += empty;
      empty = 0;
      const letter = LETTERS[typeOf(piece)];
      text += colorOf(piece) === 0 ? letter.toUpperCase() : letter;
    }
    ranks.push(empty > 0 ? text + empty : text);
  }
  return ranks.join('/');
}
