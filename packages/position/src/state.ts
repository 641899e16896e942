/**
 * The state stack: Stockfish's StateInfo chain. One StateInfo per ply, allocated
 * once and reused, linked both ways; `Position.st` is the current one. doMove
 * fills `st.next` from `st` and the move, undoMove steps back to `st.prev`:
 * nothing is recomputed.
 *
 * Why objects and not rows of a typed array (the first design): every field is an
 * int32, which V8 on 64-bit Node keeps as an untagged Smi in the object itself, so
 * a field read or write is one machine instruction at a fixed offset. A typed-array
 * row paid an index computation, a bounds check and a base-pointer add at every
 * field. No-bulk perft measured 1060 instructions a leaf with rows and 864 with
 * objects (valgrind; docs/DESIGN.md, "Measuring speed"). Every value stored here must
 * be an int32 (`| 0`, `^`, small counts): a double would turn the field into a boxed
 * number and deoptimize every reader. (A V8 with pointer compression, as in Chrome,
 * has 31-bit Smis: the key halves then live as boxed numbers. Correct, but slower.)
 */

import { NO_SQUARE } from '@tempo-chess/bitboard';

/** One ply's state: what doMove computes and undoMove restores by stepping back a row. */
export class StateInfo {
  // ---- Carried: copied from the previous row, changed by captures, pawn moves and promotions.
  /** Zobrist key of the pawns (lo, hi). */
  pawnKeyLo = 0;
  /** High half of the pawn key. */
  pawnKeyHi = 0;
  /** Zobrist key of the piece counts (lo, hi). */
  materialKeyLo = 0;
  /** High half of the material key. */
  materialKeyHi = 0;
  /** Sum of the psq table's phase weights. */
  phase = 0;
  /** Non-pawn material of white and of black (the psq table's nonPawn values). */
  nonPawnW = 0;
  /** Non-pawn material of black. */
  nonPawnB = 0;
  /** Plies since the last null move (or since the root row). */
  pliesFromNull = 0;

  // ---- Written by every move.
  /** Zobrist key of the position (lo, hi). */
  keyLo = 0;
  /** High half of the position key. */
  keyHi = 0;
  /** Packed (mg, eg) piece-square score (see psq.ts). */
  psq = 0;
  /** Castling-rights bits (WHITE_OO ... BLACK_OOO). */
  castling = 0;
  /** En passant square, NO_SQUARE (64) when no en passant capture is legal. */
  ep = NO_SQUARE;
  /** Plies since the last capture or pawn move. */
  rule50 = 0;
  /** Piece captured by the move into this row (0 if none). */
  captured = 0;
  /** Move that led to this row (0 at the root and after a null move). */
  move = 0;
  /** Pieces giving check to the side to move (lo, hi). */
  checkersLo = 0;
  /** High half of the checkers. */
  checkersHi = 0;

  // ---- The pieces the move into this row put and removed (Stockfish's DirtyPiece),
  // for the NNUE accumulators, which replay them long after the board has moved on.
  // Entry k moves dirtyPiece_k from dirtyFrom_k to dirtyTo_k; NO_SQUARE (64) as `from`
  // puts the piece, as `to` removes it. A normal move is entry 0 alone; a capture
  // adds the captured piece's removal (from its own square: en passant too); a
  // promotion turns entry 0 into the pawn's removal and adds the new piece's arrival;
  // castling is the king's move then the rook's (Chess960: either may stay on its
  // square, from === to). At most 3 entries (a capturing promotion).
  /** Number of entries: 1..3 after doMove, 0 at the root row and after a null move. */
  dirtyNum = 0;
  /** Entry 0's piece. */
  dirtyPiece0 = 0;
  /** Entry 0's origin, NO_SQUARE when the piece arrives. */
  dirtyFrom0 = NO_SQUARE;
  /** Entry 0's destination, NO_SQUARE when the piece leaves. */
  dirtyTo0 = NO_SQUARE;
  /** Entry 1's piece. */
  dirtyPiece1 = 0;
  /** Entry 1's origin, NO_SQUARE when the piece arrives. */
  dirtyFrom1 = NO_SQUARE;
  /** Entry 1's destination, NO_SQUARE when the piece leaves. */
  dirtyTo1 = NO_SQUARE;
  /** Entry 2's piece. */
  dirtyPiece2 = 0;
  /** Entry 2's origin, NO_SQUARE when the piece arrives. */
  dirtyFrom2 = NO_SQUARE;
  /** Entry 2's destination, NO_SQUARE when the piece leaves. */
  dirtyTo2 = NO_SQUARE;

  // ---- Check info of the side to move against the other king (Stockfish's
  // set_check_info), filled on demand by the first doMove from this row.
  /** The other king's square, or -1 while the check info is not computed. */
  ciKing = -1;
  /** Pieces of the side to move whose departure uncovers a check (lo, hi). */
  ciBlockersLo = 0;
  /** High half of the discovered-check blockers. */
  ciBlockersHi = 0;
  /** Squares from which a pawn, knight, bishop or rook of the side to move would give check (a queen: bishop | rook). */
  ciPawnLo = 0;
  /** High half of the pawn checking squares. */
  ciPawnHi = 0;
  /** Squares from which a knight of the side to move would give check (lo half). */
  ciKnightLo = 0;
  /** High half of the knight checking squares. */
  ciKnightHi = 0;
  /** Squares from which a bishop (or queen) would give check (lo half). */
  ciBishopLo = 0;
  /** High half of the bishop checking squares. */
  ciBishopHi = 0;
  /** Squares from which a rook (or queen) would give check (lo half). */
  ciRookLo = 0;
  /** High half of the rook checking squares. */
  ciRookHi = 0;

  /** Index of this row in its stack: the ply of the positions it describes, fixed at allocation. */
  readonly ply: number = 0;
  // Fields get initial values of their final type (not `undefined` first, as a bare
  // declaration would emit): V8 then keeps ply untagged and knows prev and next are
  // StateInfos, so reading through them needs no map check.
  /** The row before this one (itself at the bottom of the stack). */
  prev: StateInfo = this;
  /** The row after this one (itself at the top of the stack until the stack grows). */
  next: StateInfo = this;

  constructor(ply: number) {
    this.ply = ply;
  }

  /** Copies every value field of `o` (not the links). */
  copyFrom(o: StateInfo): void {
    this.pawnKeyLo = o.pawnKeyLo;
    this.pawnKeyHi = o.pawnKeyHi;
    this.materialKeyLo = o.materialKeyLo;
    this.materialKeyHi = o.materialKeyHi;
    this.phase = o.phase;
    this.nonPawnW = o.nonPawnW;
    this.nonPawnB = o.nonPawnB;
    this.pliesFromNull = o.pliesFromNull;
    this.keyLo = o.keyLo;
    this.keyHi = o.keyHi;
    this.psq = o.psq;
    this.castling = o.castling;
    this.ep = o.ep;
    this.rule50 = o.rule50;
    this.captured = o.captured;
    this.move = o.move;
    this.checkersLo = o.checkersLo;
    this.checkersHi = o.checkersHi;
    this.dirtyNum = o.dirtyNum;
    this.dirtyPiece0 = o.dirtyPiece0;
    this.dirtyFrom0 = o.dirtyFrom0;
    this.dirtyTo0 = o.dirtyTo0;
    this.dirtyPiece1 = o.dirtyPiece1;
    this.dirtyFrom1 = o.dirtyFrom1;
    this.dirtyTo1 = o.dirtyTo1;
    this.dirtyPiece2 = o.dirtyPiece2;
    this.dirtyFrom2 = o.dirtyFrom2;
    this.dirtyTo2 = o.dirtyTo2;
    this.ciKing = o.ciKing;
    this.ciBlockersLo = o.ciBlockersLo;
    this.ciBlockersHi = o.ciBlockersHi;
    this.ciPawnLo = o.ciPawnLo;
    this.ciPawnHi = o.ciPawnHi;
    this.ciKnightLo = o.ciKnightLo;
    this.ciKnightHi = o.ciKnightHi;
    this.ciBishopLo = o.ciBishopLo;
    this.ciBishopHi = o.ciBishopHi;
    this.ciRookLo = o.ciRookLo;
    this.ciRookHi = o.ciRookHi;
  }
}

/** Rows a stack may hold; no game comes near it (the 75-move rule ends one within 17,700 plies). */
export const MAX_ROWS = 0x10000;

/** The rows of one position: row 0 is the root, each row links to its neighbours. */
export class StateStack {
  /** Row r (rows[r].next === rows[r + 1]). */
  readonly rows: StateInfo[] = [];

  constructor(capacity: number) {
    this.extend(capacity);
  }

  /** Rows that fit before the next grow(). */
  get capacity(): number {
    return this.rows.length;
  }

  /** Doubles the capacity, keeping every row. */
  grow(): void {
    if (this.rows.length >= MAX_ROWS) throw new RangeError(`state stack: more than ${MAX_ROWS} plies`);
    this.extend(this.rows.length);
  }

  private extend(n: number): void {
    const rows = this.rows;
    for (let i = 0; i < n; i++) {
      const s = new StateInfo(rows.length);
      if (rows.length > 0) {
        const top = rows[rows.length - 1];
        top.next = s;
        s.prev = top;
      }
      rows.push(s);
    }
  }
}
