/**
 * The board half of a position: mailbox, piece bitboards, piece counts, and the
 * edits that keep them and the incremental values of the current state row in step.
 * Position adds the side to move, castling, FEN and make/unmake on top.
 */
import { KING, NO_PIECE, PAWN, lsb, makePiece } from '@tempo-chess/bitboard';
import { attackersTo, isAttacked } from './attacks';
import type { PsqTable } from './psq';
import { type StateInfo, StateStack } from './state';
import { PSQ_KEY_HI, PSQ_KEY_LO } from './zobrist';

export class Board {
  /** Mailbox: piece code per square, 0 when empty. */
  readonly board = new Uint8Array(64);
  /** Piece bitboards: piece p at (bb[2p], bb[2p + 1]); colour c's pieces at (bb[16c], bb[16c + 1]). */
  readonly bb = new Int32Array(32);
  /** Count of each piece code; index 8c holds colour c's total. */
  readonly pieceCount = new Uint8Array(16);
  /** The rows, one per ply: 64 to start with (each is an object, so fromFen stays cheap), doubled as a game or search goes deeper. */
  readonly states = new StateStack(64);
  /** The current row: states.rows[ply]. */
  st: StateInfo = this.states.rows[0];
  /** Index of the current row of the state stack (0 at the root row). */
  get ply(): number {
    return this.st.ply;
  }
  // `declare`: no field definition with `undefined` before the constructor's
  // assignment, so V8 tracks the field as a PsqTable (see StateInfo's fields).
  /** The piece-square table whose scores, phase and material the position keeps. */
  declare readonly psq: PsqTable;

  protected constructor(psq: PsqTable) {
    this.psq = psq;
  }

  /** Square of colour's king. */
  kingSquare(color: number): number {
    const k = makePiece(color, KING) << 1;
    return lsb(this.bb[k], this.bb[k + 1]);
  }

  /** Whether colour `by` attacks sq on the current board. */
  isAttacked(sq: number, by: number): boolean {
    const bb = this.bb;
    return isAttacked(bb, sq, by, bb[0] | bb[16], bb[1] | bb[17]);
  }

  /** All attackers of sq, both colours, on the given occupancy; written to out[0..1]. */
  attackersTo(sq: number, occLo: number, occHi: number, out: Int32Array): void {
    attackersTo(this.bb, sq, occLo, occHi, out);
  }

  // ---- Board edits: the only code that touches board, bitboards and counts ----------

  // Hand edits also mark the row's check info (computed by doMove on demand) stale.

  /** Places a piece on an empty square, updating every incremental value of the current row. */
  putPiece(piece: number, sq: number): void {
    setBits(this.board, this.bb, piece, sq);
    this.st.ciKing = -1;
    const n = this.pieceCount[piece]++;
    this.pieceCount[piece & 8]++;
    this.updateTerms(piece, sq, 1, n);
  }

  /** Removes the piece on sq, updating every incremental value of the current row. */
  removePiece(sq: number): void {
    const piece = this.board[sq];
    clearBits(this.board, this.bb, piece, sq);
    this.st.ciKing = -1;
    const n = --this.pieceCount[piece];
    this.pieceCount[piece & 8]--;
    this.updateTerms(piece, sq, -1, n);
  }

  /** Moves the piece on from to the empty square to. */
  movePiece(from: number, to: number): void {
    const piece = this.board[from];
    shiftBits(this.board, this.bb, piece, from, to);
    const st = this.st,
      p64 = piece << 6;
    st.ciKing = -1;
    st.keyLo ^= PSQ_KEY_LO[p64 + from] ^ PSQ_KEY_LO[p64 + to];
    st.keyHi ^= PSQ_KEY_HI[p64 + from] ^ PSQ_KEY_HI[p64 + to];
    if ((piece & 7) === PAWN) {
      st.pawnKeyLo ^= PSQ_KEY_LO[p64 + from] ^ PSQ_KEY_LO[p64 + to];
      st.pawnKeyHi ^= PSQ_KEY_HI[p64 + from] ^ PSQ_KEY_HI[p64 + to];
    }
    const psq = this.psq;
    st.psq = (st.psq + psq.score[p64 + to] - psq.score[p64 + from]) | 0;
  }

  /** Adds (sign 1) or removes (sign -1) piece-on-square terms; n is the piece's count index. */
  private updateTerms(piece: number, sq: number, sign: number, n: number): void {
    const st = this.st,
      i = (piece << 6) + sq,
      m = (piece << 6) + n;
    st.keyLo ^= PSQ_KEY_LO[i];
    st.keyHi ^= PSQ_KEY_HI[i];
    st.materialKeyLo ^= PSQ_KEY_LO[m];
    st.materialKeyHi ^= PSQ_KEY_HI[m];
    if ((piece & 7) === PAWN) {
      st.pawnKeyLo ^= PSQ_KEY_LO[i];
      st.pawnKeyHi ^= PSQ_KEY_HI[i];
    }
    const psq = this.psq;
    st.psq = (st.psq + sign * psq.score[i]) | 0;
    st.phase = (st.phase + sign * psq.phase[piece]) | 0;
    if (piece < 8) st.nonPawnW = (st.nonPawnW + sign * psq.nonPawn[piece]) | 0;
    else st.nonPawnB = (st.nonPawnB + sign * psq.nonPawn[piece]) | 0;
  }
}

// The board edits: mailbox and bitboards together. Plain functions over the arrays,
// so doMove binds `board` and `bb` once and V8 inlines these without reloading and
// rechecking the position's fields at each edit. Squares index the half of a
// bitboard by `sq >> 5` and the bit by `1 << sq` (JS shifts count mod 32).

/** Puts piece on the empty square sq. */
export function setBits(board: Uint8Array, bb: Int32Array, piece: number, sq: number): void {
  const h = sq >> 5,
    b = 1 << sq;
  board[sq] = piece;
  bb[(piece << 1) + h] |= b;
  bb[((piece & 8) << 1) + h] |= b;
}

/** Lifts piece off sq. */
export function clearBits(board: Uint8Array, bb: Int32Array, piece: number, sq: number): void {
  const h = sq >> 5,
    b = ~(1 << sq);
  board[sq] = NO_PIECE;
  bb[(piece << 1) + h] &= b;
  bb[((piece & 8) << 1) + h] &= b;
}

/** Moves piece from one square to another, empty one. */
export function shiftBits(board: Uint8Array, bb: Int32Array, piece: number, from: number, to: number): void {
  const c = (piece & 8) << 1,
    p = piece << 1;
  const fh = from >> 5,
    th = to >> 5,
    f = 1 << from,
    t = 1 << to;
  board[from] = NO_PIECE;
  board[to] = piece;
  if (fh === th) {
    // Most moves stay within one half: two read-modify-writes instead of four.
    const ft = f | t;
    bb[p + fh] ^= ft;
    bb[c + fh] ^= ft;
  } else {
    bb[p + fh] ^= f;
    bb[p + th] ^= t;
    bb[c + fh] ^= f;
    bb[c + th] ^= t;
  }
}
