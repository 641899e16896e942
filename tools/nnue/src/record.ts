/**
 * The 32-byte training record of docs (/root/.tempo/notes/nnue-spec.md, "Training record";
 * README "Record format"): occupancy, the occupied squares' 4-bit piece codes in square
 * order, score and result from the side to move's view, side to move, game number.
 * Little-endian, no header; a .tnd file is records back to back.
 *
 * This module turns a text record of tools/tune's datagen (`fen | score | result`,
 * white's view) into one, and a record back into its board and side to move, with its
 * own small FEN reader: the converter reads tens of millions of lines and needs only
 * the board, the side to move and the move number, which a full Position would check
 * at twenty times the cost.
 */

/** Bytes a record. */
export const RECORD_BYTES = 32;
/** Scores are clamped to this (the record's int16). */
export const SCORE_LIMIT = 32000;

/** One text line's content, as the converter needs it. */
export interface TextRecord {
  /** Piece code (colour * 8 + type, 0 empty) by square, a1 = 0. */
  board: Uint8Array;
  /** 0 white, 1 black. */
  stm: number;
  /** Plies since the game's start, from the FEN's fullmove number and side to move. */
  ply: number;
  /** White's view, centipawns. */
  score: number;
  /** White's view: 0 loss, 1 draw, 2 win. */
  result: number;
}

const PIECE_CODES: Record<string, number> = {
  P: 1,
  N: 2,
  B: 3,
  R: 4,
  Q: 5,
  K: 6,
  p: 9,
  n: 10,
  b: 11,
  r: 12,
  q: 13,
  k: 14,
};
const RESULT_CODES: Record<string, number> = { '1.0': 2, '0.5': 1, '0.0': 0, '1': 2, '0': 0 };
const PIECE_CHARS = ' PNBRQK  pnbrqk';

/**
 * Parses `fen | score | result` into `into` (its board is overwritten); returns null
 * when the line is fine, else what is wrong (the caller adds file and line).
 */
export function parseTextRecord(line: string, into: TextRecord): string | null {
  const bar1 = line.indexOf('|');
  const bar2 = bar1 < 0 ? -1 : line.indexOf('|', bar1 + 1);
  if (bar2 < 0 || line.indexOf('|', bar2 + 1) >= 0) return `expected "fen | score | result"`;
  const fields = line.slice(0, bar1).trim().split(/\s+/);
  if (fields.length < 2) return `bad FEN "${line.slice(0, bar1).trim()}"`;
  const boardError = parseBoard(fields[0], into.board);
  if (boardError !== null) return `bad FEN board "${fields[0]}": ${boardError}`;
  if (fields[1] !== 'w' && fields[1] !== 'b') return `bad side to move "${fields[1]}"`;
  into.stm = fields[1] === 'w' ? 0 : 1;
  const fullmove = fields.length >= 6 ? fields[5] : '1';
  if (!/^\d+$/.test(fullmove) || Number(fullmove) < 1) return `bad fullmove number "${fullmove}"`;
  into.ply = (Number(fullmove) - 1) * 2 + into.stm;
  const scoreText = line.slice(bar1 + 1, bar2).trim();
  if (!/^-?\d+$/.test(scoreText)) return `bad score "${scoreText}"`;
  into.score = Math.max(-SCORE_LIMIT, Math.min(SCORE_LIMIT, Number(scoreText)));
  const resultText = line.slice(bar2 + 1).trim();
  const result = RESULT_CODES[resultText];
  if (result === undefined) return `bad result "${resultText}" (want 1.0, 0.5 or 0.0)`;
  into.result = result;
  return null;
}

/** A FEN's first field into `board` (piece codes by square); null or what is wrong. */
function parseBoard(text: string, board: Uint8Array): string | null {
  board.fill(0);
  const ranks = text.split('/');
  if (ranks.length !== 8) return `${ranks.length} ranks`;
  let whiteKings = 0,
    blackKings = 0;
  for (let r = 0; r < 8; r++) {
    const rank = 7 - r;
    let file = 0;
    for (const ch of ranks[r]) {
      if (ch >= '1' && ch <= '8') file += ch.charCodeAt(0) - 48;
      else {
        const code = PIECE_CODES[ch];
        if (code === undefined) return `unknown piece "${ch}"`;
        if (file > 7) return `rank ${rank + 1} has more than 8 squares`;
        if (code === 6) whiteKings++;
        else if (code === 14) blackKings++;
        board[rank * 8 + file++] = code;
      }
      if (file > 8) return `rank ${rank + 1} has more than 8 squares`;
    }
    if (file !== 8) return `rank ${rank + 1} has ${file} squares`;
  }
  if (whiteKings !== 1 || blackKings !== 1) return 'not one king of each colour';
  let pieces = 0;
  for (let sq = 0; sq < 64; sq++) if (board[sq] !== 0) pieces++;
  if (pieces > 32) return `${pieces} pieces (at most 32)`;
  return null;
}

/**
 * Writes `rec` as a record at `out[offset..offset+32)`, turned to the side to move's
 * view, with game number `game`. `out` must be zeroed there (unused nibbles stay 0).
 */
export function writeRecord(rec: TextRecord, game: number, out: Uint8Array, view: DataView, offset: number): void {
  let lo = 0,
    hi = 0,
    n = 0;
  for (let sq = 0; sq < 64; sq++) {
    const code = rec.board[sq];
    if (code === 0) continue;
    if (sq < 32) lo |= 1 << sq;
    else hi |= 1 << (sq - 32);
    const byte = offset + 8 + (n >> 1);
    out[byte] |= (n & 1) === 0 ? code : code << 4;
    n++;
  }
  view.setUint32(offset, lo >>> 0, true);
  view.setUint32(offset + 4, hi >>> 0, true);
  const white = rec.stm === 0;
  view.setInt16(offset + 24, white ? rec.score : -rec.score, true);
  out[offset + 26] = white ? rec.result : 2 - rec.result;
  out[offset + 27] = rec.stm;
  view.setUint32(offset + 28, game >>> 0, true);
}

/** A decoded record (for tests, `info` and the export check, not the trainer's hot loop). */
export interface BinaryRecord {
  board: Uint8Array;
  stm: number;
  /** Side to move's view. */
  score: number;
  /** Side to move's view: 0 loss, 1 draw, 2 win. */
  result: number;
  game: number;
}

/** Reads the record at `offset`; throws on a piece code that is not one (a corrupt file). */
export function readRecord(bytes: Uint8Array, view: DataView, offset: number): BinaryRecord {
  const board = new Uint8Array(64);
  const lo = view.getUint32(offset, true),
    hi = view.getUint32(offset + 4, true);
  let n = 0;
  for (let sq = 0; sq < 64; sq++) {
    const bit = sq < 32 ? (lo >>> sq) & 1 : (hi >>> (sq - 32)) & 1;
    if (bit === 0) continue;
    if (n >= 32) throw new Error(`record at byte ${offset}: more than 32 pieces`);
    const code = (bytes[offset + 8 + (n >> 1)] >> ((n & 1) * 4)) & 15;
    if ((code & 7) === 0 || (code & 7) === 7) throw new Error(`record at byte ${offset}: bad piece code ${code}`);
    board[sq] = code;
    n++;
  }
  return {
    board,
    score: view.getInt16(offset + 24, true),
    result: bytes[offset + 26],
    stm: bytes[offset + 27],
    game: view.getUint32(offset + 28, true),
  };
}

/** The FEN board field and side to move of a board (`board w` / `board b`). */
export function boardFen(board: Uint8Array, stm: number): string {
  const ranks: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let text = '',
      empty = 0;
    for (let file = 0; file < 8; file++) {
      const code = board[rank * 8 + file];
      if (code === 0) empty++;
      else {
        if (empty > 0) text += String(empty);
        empty = 0;
        text += PIECE_CHARS[code];
      }
    }
    ranks.push(empty > 0 ? text + String(empty) : text);
  }
  return `${ranks.join('/')} ${stm === 0 ? 'w' : 'b'}`;
}

/**
 * Why the record at `offset` is not one (a piece code outside 1..6 and 9..14, a nibble
 * set past the last piece, more than 32 pieces, not one king a side, a side to move or
 * result out of range), or null. The trainer checks every record it loads: a bad piece
 * code would make a feature index outside the first layer.
 */
export function recordProblem(bytes: Uint8Array, offset: number): string | null {
  const lo = bytes[offset] | (bytes[offset + 1] << 8) | (bytes[offset + 2] << 16) | (bytes[offset + 3] << 24);
  const hi = bytes[offset + 4] | (bytes[offset + 5] << 8) | (bytes[offset + 6] << 16) | (bytes[offset + 7] << 24);
  const n = popcount(lo) + popcount(hi);
  if (n > 32) return `${n} pieces`;
  let whiteKings = 0,
    blackKings = 0;
  for (let k = 0; k < 32; k++) {
    const code = (bytes[offset + 8 + (k >> 1)] >> ((k & 1) * 4)) & 15;
    if (k >= n) {
      if (code !== 0) return `a piece code past the ${n} pieces`;
      continue;
    }
    if ((code & 7) === 0 || (code & 7) === 7) return `piece code ${code}`;
    if (code === 6) whiteKings++;
    if (code === 14) blackKings++;
  }
  if (whiteKings !== 1 || blackKings !== 1) return 'not one king of each colour';
  if (bytes[offset + 26] > 2) return `result ${bytes[offset + 26]}`;
  if (bytes[offset + 27] > 1) return `side to move ${bytes[offset + 27]}`;
  return null;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * The colour (0 white, 1 black) with mating material against a lone king on `board`
 * (piece codes by square): a queen, a rook, a bishop and a knight, or bishops of both
 * colours, the other side a bare king; else -1. The engine scores these endings by rule
 * (evaluateNet's kxkScore).
 */
export function loneKingStrongSide(board: Uint8Array): number {
  let white = 0,
    black = 0,
    queensRooks = 0,
    knights = 0,
    bishopColours = 0;
  for (let sq = 0; sq < 64; sq++) {
    const code = board[sq],
      type = code & 7;
    if (code === 0 || type === 6) continue;
    if (code < 8) white++;
    else black++;
    if (type === 4 || type === 5) queensRooks++;
    else if (type === 2) knights++;
    else if (type === 3) bishopColours |= 1 << (((sq & 7) + (sq >> 3)) & 1);
  }
  if ((white === 0) === (black === 0)) return -1;
  const mating = queensRooks > 0 || (bishopColours !== 0 && knights > 0) || bishopColours === 3;
  return mating ? (white === 0 ? 1 : 0) : -1;
}
