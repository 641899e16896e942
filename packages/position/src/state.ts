/**
 * The state stack: one row per ply in a single Int32Array, STATE_STRIDE words per row
 * (the seeds' StateInfo chain as a strided record). Row `ply` holds the values of the
 * current position; doMove writes row ply + 1 from the values of row ply, so undo is
 * a step back. One array means one base pointer and bounds check for all the fields
 * a move touches, which measured about twice as fast as one typed array per column.
 * The stack grows by doubling when a game runs long.
 */

/** Field offsets within a row. */
export const S_KEY_LO = 0;
export const S_KEY_HI = 1;
export const S_PAWN_KEY_LO = 2;
export const S_PAWN_KEY_HI = 3;
export const S_MATERIAL_KEY_LO = 4;
export const S_MATERIAL_KEY_HI = 5;
/** Packed (mg, eg) piece-square score (see psq.ts). */
export const S_PSQ = 6;
export const S_PHASE = 7;
export const S_NON_PAWN_W = 8;
export const S_NON_PAWN_B = 9;
/** Pieces giving check to the side to move (lo, hi). */
export const S_CHECKERS_LO = 10;
export const S_CHECKERS_HI = 11;
export const S_RULE50 = 12;
export const S_PLIES_FROM_NULL = 13;
export const S_CASTLING = 14;
/** NO_SQUARE (64) when no en passant capture is legal. */
export const S_EP = 15;
/** Piece captured by the move into this row. */
export const S_CAPTURED = 16;
/** Move that led to this row (0 at the root and after a null move). */
export const S_MOVE = 17;
/**
 * Check info of the side to move against the other king (Stockfish's set_check_info),
 * filled on demand by the first doMove from this row: S_CI_KING is that king's square,
 * or -1 while not computed. S_CI_BLOCKERS: pieces of the side to move whose departure
 * uncovers a check (discovered-check candidates). S_CI_PAWN ... S_CI_ROOK: squares
 * from which a pawn, knight, bishop or rook of the side to move would give check
 * (a queen: bishop | rook). Each is a (lo, hi) pair.
 */
export const S_CI_KING = 18;
export const S_CI_BLOCKERS_LO = 19;
export const S_CI_BLOCKERS_HI = 20;
export const S_CI_PAWN_LO = 21;
export const S_CI_PAWN_HI = 22;
export const S_CI_KNIGHT_LO = 23;
export const S_CI_KNIGHT_HI = 24;
export const S_CI_BISHOP_LO = 25;
export const S_CI_BISHOP_HI = 26;
export const S_CI_ROOK_LO = 27;
export const S_CI_ROOK_HI = 28;
/** Words per row; a power of two so a row starts at `row << STATE_SHIFT`. */
export const STATE_SHIFT = 5;
export const STATE_STRIDE = 1 << STATE_SHIFT;

/** Rows a stack may hold; no game comes near it (the 75-move rule ends one within 17,700 plies). */
export const MAX_ROWS = 0x10000;

export class StateStack {
  /** Rows that fit before the next grow(). */
  capacity: number;
  /** Row r's field F is data[(r << STATE_SHIFT) + F]. */
  data: Int32Array;

  constructor(capacity: number) {
    this.capacity = capacity;
    this.data = new Int32Array(capacity << STATE_SHIFT);
  }

  /** Doubles the capacity, keeping every row. doMove indexes rows by `ply & 0xffff`, hence the bound. */
  grow(): void {
    if (this.capacity >= MAX_ROWS) throw new RangeError(`state stack: more than ${MAX_ROWS} plies`);
    const data = new Int32Array(this.capacity << (STATE_SHIFT + 1));
    data.set(this.data);
    this.data = data;
    this.capacity *= 2;
  }

  /** Field F of row r (for tools and tests; hot code indexes data directly). */
  get(r: number, field: number): number {
    return this.data[(r << STATE_SHIFT) + field];
  }
}
