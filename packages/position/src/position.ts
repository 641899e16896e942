/**
 * The position: mailbox and piece bitboards, side to move, castling setup, and a
 * state stack with one row per ply (the seeds' StateInfo chain, see state.ts).
 * doMove fills the next row from the current one and the move; undoMove restores
 * the board and steps back one row: nothing is recomputed.
 */
import {
  BISHOP,
  BLACK,
  KNIGHT,
  LINE,
  KING,
  NO_PIECE,
  NO_SQUARE,
  PAWN,
  PAWN_ATTACKS,
  ROOK,
  WHITE,
  makePiece,
} from '@tempo-chess/bitboard';
import { anyEpCaptureIsLegal } from './attacks';
import { parseFen, type Result } from './fen';
import {
  CASTLING,
  EN_PASSANT,
  MOVE_TYPE_MASK,
  NORMAL,
  PROMOTION,
  PROMOTION_MASK,
  PROMOTION_SHIFT,
  SQUARE_MASK,
  TO_SHIFT,
  type Move,
} from './move';
import { ZERO_PSQ, type PsqTable } from './psq';
import { CASTLING_KEY_HI, CASTLING_KEY_LO, EP_KEY_HI, EP_KEY_LO, PSQ_KEYS, SIDE_KEY_HI, SIDE_KEY_LO } from './zobrist';
import { Board, clearBits, setBits, shiftBits } from './board';
import type { StateInfo } from './state';
import { setCheckInfo, setCheckers } from './checks';
import { setupCastling, type CastlingSetup } from './castling';
import { assertPositionOk } from './verify';
import { toFen } from './io';

/** Castling-rights bits. */
export const WHITE_OO = 1;
/** White's queenside castling right. */
export const WHITE_OOO = 2;
/** Black's kingside castling right. */
export const BLACK_OO = 4;
/** Black's queenside castling right. */
export const BLACK_OOO = 8;

/** Options for building a position. */
export interface PositionOptions {
  /** Chess960 mode: castling moves print as king-takes-rook. Default: inferred from the castling setup. */
  chess960?: boolean;
  /** Incremental evaluation terms; default ZERO_PSQ. */
  psq?: PsqTable;
}

/** Thrown by Position.fromFen; its message names the FEN field and the problem. */
export class FenError extends Error {
  /** `FenError`, for messages and checks without instanceof. */
  override name = 'FenError';
}

/** A 64-bit Zobrist key as two unsigned 32-bit halves. */
export interface Key64 {
  /** Bits 0..31, unsigned. */
  lo: number;
  /** Bits 32..63, unsigned. */
  hi: number;
}

/**
 * A chess position: the board (see Board) plus side to move, castling setup, FEN in
 * and out, and doMove/undoMove/doNullMove over the state stack.
 */
export class Position extends Board {
  /** Side to move. */
  side = WHITE;
  /** Ply of the search root: repetitions strictly after it count twofold (see isRepetitionDraw). */
  rootPly = 0;
  /** Game ply of row 0: 2 * (fullmove - 1) + (black to move). */
  gamePlyAtRow0 = 0;
  /** Chess960 mode: castling moves print and parse as king-takes-rook. */
  chess960 = false;
  /** Where each castling right's king and rook start and land. */
  readonly castling: CastlingSetup = setupCastling();

  private constructor(psq: PsqTable) {
    super(psq);
  }

  /** Parses a FEN into a new position; bad input returns an error value, never a half-built position. */
  static parse(fen: string, options: PositionOptions = {}): Result<Position> {
    const parsed = parseFen(fen);
    if (!parsed.ok) return parsed;
    const f = parsed.value;
    const pos = new Position(options.psq ?? ZERO_PSQ);
    pos.side = f.side;
    pos.chess960 = options.chess960 ?? f.needsChess960;
    pos.gamePlyAtRow0 = 2 * (f.fullmove - 1) + f.side;
    for (let sq = 0; sq < 64; sq++) if (f.board[sq] !== NO_PIECE) pos.putPiece(f.board[sq], sq);
    let rights = 0;
    for (let i = 0; i < 4; i++) {
      if (f.castlingRooks[i] < 0) continue;
      rights |= 1 << i;
      pos.castling.add(1 << i, pos.kingSquare(i >>> 1), f.castlingRooks[i]);
    }
    const st = pos.st;
    st.castling = rights;
    st.keyLo ^= CASTLING_KEY_LO[rights];
    st.keyHi ^= CASTLING_KEY_HI[rights];
    if (f.side === BLACK) {
      st.keyLo ^= SIDE_KEY_LO;
      st.keyHi ^= SIDE_KEY_HI;
    }
    st.rule50 = f.rule50;
    st.pliesFromNull = 0;
    st.ep = NO_SQUARE;
    st.ciKing = -1;
    if (pos.isAttacked(pos.kingSquare(f.side ^ 1), f.side))
      return { ok: false, error: `Invalid FEN: "${fen.trim()}": the side not to move is in check` };
    if (f.epSquare !== NO_SQUARE && anyEpCaptureIsLegal(pos.bb, f.side, f.epSquare)) {
      st.ep = f.epSquare;
      st.keyLo ^= EP_KEY_LO[f.epSquare & 7];
      st.keyHi ^= EP_KEY_HI[f.epSquare & 7];
    }
    setCheckers(pos.bb, st, f.side);
    return { ok: true, value: pos };
  }

  /** Parses a FEN into a new position; throws FenError with a message naming the field and problem. */
  static fromFen(fen: string, options: PositionOptions = {}): Position {
    const r = Position.parse(fen, options);
    if (!r.ok) throw new FenError(r.error);
    return r.value;
  }

  /** The FEN of the current position (Shredder-FEN castling letters in Chess960 mode). */
  toFen(): string {
    return toFen(this);
  }

  // ---- Queries -------------------------------------------------------------------

  /** Zobrist key of the position (side to move, castling, en passant included). */
  get key(): Key64 {
    return { lo: this.st.keyLo >>> 0, hi: this.st.keyHi >>> 0 };
  }
  /** Zobrist key of the pawns (for a pawn-structure cache). */
  get pawnKey(): Key64 {
    return { lo: this.st.pawnKeyLo >>> 0, hi: this.st.pawnKeyHi >>> 0 };
  }
  /** Zobrist key of the piece counts (for a material cache). */
  get materialKey(): Key64 {
    return { lo: this.st.materialKeyLo >>> 0, hi: this.st.materialKeyHi >>> 0 };
  }
  /** Sum of the psq table's phase weights of the pieces on the board. */
  get phase(): number {
    return this.st.phase;
  }
  /** Non-pawn material of colour c, from the psq table's nonPawn values. */
  nonPawnMaterial(c: number): number {
    return c === WHITE ? this.st.nonPawnW : this.st.nonPawnB;
  }
  /** En passant square, NO_SQUARE (64) when no en passant capture is legal. */
  get epSquare(): number {
    return this.st.ep;
  }
  /** Castling-rights bits still held (WHITE_OO ... BLACK_OOO). */
  get castlingRights(): number {
    return this.st.castling;
  }
  /** Plies since the last capture or pawn move. */
  get rule50(): number {
    return this.st.rule50;
  }
  /** Whether the side to move is in check. */
  inCheck(): boolean {
    return (this.st.checkersLo | this.st.checkersHi) !== 0;
  }
  /** The piece captured by the move that led to the current row (0 if none). */
  capturedPiece(): number {
    return this.st.captured;
  }
  /** Game ply of the current row (0 at the start of a game). */
  gamePly(): number {
    return this.gamePlyAtRow0 + this.ply;
  }

  // ---- Make / unmake ------------------------------------------------------------

  /**
   * Plays a legal move. Precondition: m is legal here (movegen's legal list, or
   * pseudoLegal(m) && legal(m)). Fills the next row of the state stack.
   */
  // eslint-disable-next-line max-lines-per-function -- every move's common path in one frame; the rare moves have their own methods
  doMove(m: Move): void {
    const st = this.st;
    if (st.next === st) this.states.grow();
    const ns = st.next;
    const from = m & SQUARE_MASK,
      to = (m >>> TO_SHIFT) & SQUARE_MASK,
      type = m & MOVE_TYPE_MASK;
    const us = this.side,
      them = us ^ 1,
      board = this.board,
      bb = this.bb;
    const T = this.psq.score;
    const K = PSQ_KEYS; // interleaved key halves: one table, bound once (see zobrist.ts)
    const piece = board[from],
      p64 = piece << 6;
    if (st.ciKing < 0) setCheckInfo(bb, st, us);
    // The key halves and the score live in locals, written once at the end; every
    // other field is written to the new row at once (copied, as Stockfish copies its
    // StateInfo) and edited there when a capture, pawn move or promotion changes it.
    // Fewer live locals leave V8 fewer values to spill.
    ns.pawnKeyLo = st.pawnKeyLo;
    ns.pawnKeyHi = st.pawnKeyHi;
    ns.materialKeyLo = st.materialKeyLo;
    ns.materialKeyHi = st.materialKeyHi;
    ns.phase = st.phase;
    ns.nonPawnW = st.nonPawnW;
    ns.nonPawnB = st.nonPawnB;
    ns.pliesFromNull = st.pliesFromNull + 1;
    ns.rule50 = st.rule50 + 1;
    ns.ep = NO_SQUARE;
    ns.move = m;
    ns.ciKing = -1;
    let kLo = st.keyLo ^ SIDE_KEY_LO,
      kHi = st.keyHi ^ SIDE_KEY_HI;
    let sc = st.psq;
    const oldEp = st.ep;
    if (oldEp !== NO_SQUARE) {
      kLo ^= EP_KEY_LO[oldEp & 7];
      kHi ^= EP_KEY_HI[oldEp & 7];
    }
    // Castling, captures and promotions are played by their own methods, which edit
    // the new row's key and score: doMove stays small enough for V8 to keep the
    // quiet move's values in registers (fewer spills; see docs/DESIGN.md).
    // The dirty pieces: the move itself; capture, castle and promote edit them.
    ns.dirtyNum = 1;
    ns.dirtyPiece0 = piece;
    ns.dirtyFrom0 = from;
    ns.dirtyTo0 = to;
    if (type === CASTLING) {
      ns.keyLo = kLo;
      ns.keyHi = kHi;
      ns.psq = sc;
      this.castle(ns, piece, from, to);
      kLo = ns.keyLo;
      kHi = ns.keyHi;
      sc = ns.psq;
    } else {
      const capSq = type === EN_PASSANT ? to ^ 8 : to;
      const captured = board[capSq];
      ns.captured = captured;
      if (captured !== NO_PIECE) {
        ns.keyLo = kLo;
        ns.keyHi = kHi;
        ns.psq = sc;
        this.capture(ns, captured, capSq);
        ns.dirtyNum = 2;
        ns.dirtyPiece1 = captured;
        ns.dirtyFrom1 = capSq;
        ns.dirtyTo1 = NO_SQUARE;
        kLo = ns.keyLo;
        kHi = ns.keyHi;
        sc = ns.psq;
      }
      shiftBits(board, bb, piece, from, to);
      kLo ^= K[(p64 + from) << 1] ^ K[(p64 + to) << 1];
      kHi ^= K[((p64 + from) << 1) + 1] ^ K[((p64 + to) << 1) + 1];
      sc = (sc + T[p64 + to] - T[p64 + from]) | 0;
      if ((piece & 7) === PAWN) {
        ns.rule50 = 0;
        ns.pawnKeyLo ^= K[(p64 + from) << 1] ^ K[(p64 + to) << 1];
        ns.pawnKeyHi ^= K[((p64 + from) << 1) + 1] ^ K[((p64 + to) << 1) + 1];
        if (type === PROMOTION) {
          ns.keyLo = kLo;
          ns.keyHi = kHi;
          ns.psq = sc;
          this.promote(ns, piece, makePiece(us, ((m >>> PROMOTION_SHIFT) & PROMOTION_MASK) + KNIGHT), to);
          kLo = ns.keyLo;
          kHi = ns.keyHi;
          sc = ns.psq;
        } else if ((from ^ to) === 16) {
          // Record the en passant square only when a capture is legal: equal positions hash equal.
          const e = (from + to) >>> 1;
          const p = (us << 7) + (e << 1),
            tp = makePiece(them, PAWN) << 1;
          if (
            ((PAWN_ATTACKS[p] & bb[tp]) | (PAWN_ATTACKS[p + 1] & bb[tp + 1])) !== 0 &&
            anyEpCaptureIsLegal(bb, them, e)
          ) {
            ns.ep = e;
            kLo ^= EP_KEY_LO[e & 7];
            kHi ^= EP_KEY_HI[e & 7];
          }
        }
      }
    }
    const rights = st.castling;
    ns.castling = rights;
    if (rights !== 0) {
      const mask = this.castling.rightsMask;
      const nr = rights & mask[from] & mask[to];
      if (nr !== rights) {
        kLo ^= CASTLING_KEY_LO[rights] ^ CASTLING_KEY_LO[nr];
        kHi ^= CASTLING_KEY_HI[rights] ^ CASTLING_KEY_HI[nr];
        ns.castling = nr;
      }
    }
    ns.keyLo = kLo;
    ns.keyHi = kHi;
    ns.psq = sc;
    this.st = ns;
    this.side = them;
    // Checkers: a normal move checks only if it lands on a check square of its piece
    // or leaves a discovered-check line (Stockfish's gives_check); then, and after
    // the rare special moves, the checkers are computed from scratch.
    if (type === NORMAL) {
      const pt = piece & 7;
      let gives = 0;
      if (pt !== KING) {
        let csLo = 0,
          csHi = 0;
        if (pt === PAWN) {
          csLo = st.ciPawnLo;
          csHi = st.ciPawnHi;
        } else if (pt === KNIGHT) {
          csLo = st.ciKnightLo;
          csHi = st.ciKnightHi;
        } else {
          if (pt !== ROOK) {
            csLo = st.ciBishopLo;
            csHi = st.ciBishopHi;
          }
          if (pt !== BISHOP) {
            csLo |= st.ciRookLo;
            csHi |= st.ciRookHi;
          }
        }
        gives = to < 32 ? (csLo >>> to) & 1 : (csHi >>> (to - 32)) & 1;
      }
      if (gives === 0 && (from < 32 ? (st.ciBlockersLo >>> from) & 1 : (st.ciBlockersHi >>> (from - 32)) & 1) !== 0) {
        const li = (st.ciKing << 7) + (from << 1);
        gives = to < 32 ? ((LINE[li] >>> to) & 1) ^ 1 : ((LINE[li + 1] >>> (to - 32)) & 1) ^ 1;
      }
      if (gives !== 0) setCheckers(bb, ns, them);
      else {
        ns.checkersLo = 0;
        ns.checkersHi = 0;
      }
    } else setCheckers(bb, ns, them);
    if (__DEBUG__) assertPositionOk(this);
  }

  /** doMove's capture: lifts `captured` off capSq; edits ns's keys, score, material and rule50. */
  private capture(ns: StateInfo, captured: number, capSq: number): void {
    const counts = this.pieceCount,
      K = PSQ_KEYS,
      psq = this.psq;
    const c64 = captured << 6,
      ci = c64 + capSq;
    clearBits(this.board, this.bb, captured, capSq);
    const n = --counts[captured];
    counts[captured & 8]--;
    ns.keyLo ^= K[ci << 1];
    ns.keyHi ^= K[(ci << 1) + 1];
    ns.materialKeyLo ^= K[(c64 + n) << 1];
    ns.materialKeyHi ^= K[((c64 + n) << 1) + 1];
    if ((captured & 7) === PAWN) {
      ns.pawnKeyLo ^= K[ci << 1];
      ns.pawnKeyHi ^= K[(ci << 1) + 1];
    }
    ns.psq = (ns.psq - psq.score[ci]) | 0;
    ns.phase = (ns.phase - psq.phase[captured]) | 0;
    if (captured < 8) ns.nonPawnW = (ns.nonPawnW - psq.nonPawn[captured]) | 0;
    else ns.nonPawnB = (ns.nonPawnB - psq.nonPawn[captured]) | 0;
    ns.rule50 = 0;
  }

  /** doMove's castling: king and rook to their destinations; edits ns's key and score. */
  private castle(ns: StateInfo, king: number, from: number, rookFrom: number): void {
    const board = this.board,
      bb = this.bb,
      K = PSQ_KEYS,
      T = this.psq.score;
    const kTo = this.castling.kingTo[rookFrom],
      rTo = this.castling.rookTo[rookFrom];
    const rook = board[rookFrom],
      k64 = king << 6,
      r64 = rook << 6;
    ns.captured = NO_PIECE;
    clearBits(board, bb, king, from);
    clearBits(board, bb, rook, rookFrom);
    setBits(board, bb, king, kTo);
    setBits(board, bb, rook, rTo);
    ns.keyLo ^= K[(k64 + from) << 1] ^ K[(k64 + kTo) << 1] ^ K[(r64 + rookFrom) << 1] ^ K[(r64 + rTo) << 1];
    ns.keyHi ^=
      K[((k64 + from) << 1) + 1] ^
      K[((k64 + kTo) << 1) + 1] ^
      K[((r64 + rookFrom) << 1) + 1] ^
      K[((r64 + rTo) << 1) + 1];
    ns.psq = (ns.psq + T[k64 + kTo] - T[k64 + from] + T[r64 + rTo] - T[r64 + rookFrom]) | 0;
    ns.dirtyNum = 2;
    ns.dirtyTo0 = kTo;
    ns.dirtyPiece1 = rook;
    ns.dirtyFrom1 = rookFrom;
    ns.dirtyTo1 = rTo;
  }

  /** doMove's promotion: the pawn already on `to` becomes `promo`; edits ns's keys, score and material. */
  private promote(ns: StateInfo, pawn: number, promo: number, to: number): void {
    const board = this.board,
      bb = this.bb,
      counts = this.pieceCount,
      K = PSQ_KEYS,
      psq = this.psq;
    const p64 = pawn << 6,
      q64 = promo << 6;
    clearBits(board, bb, pawn, to);
    setBits(board, bb, promo, to);
    const np = --counts[pawn],
      nq = counts[promo]++;
    ns.materialKeyLo ^= K[(p64 + np) << 1] ^ K[(q64 + nq) << 1];
    ns.materialKeyHi ^= K[((p64 + np) << 1) + 1] ^ K[((q64 + nq) << 1) + 1];
    ns.keyLo ^= K[(p64 + to) << 1] ^ K[(q64 + to) << 1];
    ns.keyHi ^= K[((p64 + to) << 1) + 1] ^ K[((q64 + to) << 1) + 1];
    ns.pawnKeyLo ^= K[(p64 + to) << 1];
    ns.pawnKeyHi ^= K[((p64 + to) << 1) + 1];
    ns.psq = (ns.psq + psq.score[q64 + to] - psq.score[p64 + to]) | 0;
    ns.phase = (ns.phase + psq.phase[promo] - psq.phase[pawn]) | 0;
    if (promo < 8) ns.nonPawnW = (ns.nonPawnW + psq.nonPawn[promo]) | 0;
    else ns.nonPawnB = (ns.nonPawnB + psq.nonPawn[promo]) | 0;
    // The pawn leaves the board, the new piece arrives (after a capture's entry, if any).
    ns.dirtyTo0 = NO_SQUARE;
    if (ns.dirtyNum === 1) {
      ns.dirtyPiece1 = promo;
      ns.dirtyFrom1 = NO_SQUARE;
      ns.dirtyTo1 = to;
    } else {
      ns.dirtyPiece2 = promo;
      ns.dirtyFrom2 = NO_SQUARE;
      ns.dirtyTo2 = to;
    }
    ns.dirtyNum++;
  }

  /** Takes back the move that led to the current row. Precondition: the row was filled by doMove. */
  undoMove(): void {
    const st = this.st,
      m = st.move;
    const from = m & SQUARE_MASK,
      to = (m >>> TO_SHIFT) & SQUARE_MASK,
      type = m & MOVE_TYPE_MASK;
    const them = this.side,
      us = them ^ 1,
      board = this.board,
      bb = this.bb;
    this.side = us;
    if (type === CASTLING) {
      const kingTo = this.castling.kingTo[to],
        rookTo = this.castling.rookTo[to];
      const king = board[kingTo],
        rook = board[rookTo];
      clearBits(board, bb, king, kingTo);
      clearBits(board, bb, rook, rookTo);
      setBits(board, bb, king, from);
      setBits(board, bb, rook, to);
    } else {
      let piece = board[to];
      if (type === PROMOTION) {
        clearBits(board, bb, piece, to);
        this.pieceCount[piece]--;
        piece = makePiece(us, PAWN);
        this.pieceCount[piece]++;
        setBits(board, bb, piece, to);
      }
      shiftBits(board, bb, piece, to, from);
      const captured = st.captured;
      if (captured !== NO_PIECE) {
        setBits(board, bb, captured, type === EN_PASSANT ? to ^ 8 : to);
        this.pieceCount[captured]++;
        this.pieceCount[captured & 8]++;
      }
    }
    this.st = st.prev;
    if (__DEBUG__) assertPositionOk(this);
  }

  /** Passes the move (for null-move pruning). Precondition: not in check. */
  doNullMove(): void {
    const st = this.st;
    if (__DEBUG__ && this.inCheck()) throw new Error('doNullMove in check');
    if (st.next === st) this.states.grow();
    const ns = st.next;
    ns.copyFrom(st);
    if (st.ep !== NO_SQUARE) {
      ns.keyLo ^= EP_KEY_LO[st.ep & 7];
      ns.keyHi ^= EP_KEY_HI[st.ep & 7];
    }
    ns.ep = NO_SQUARE;
    ns.keyLo ^= SIDE_KEY_LO;
    ns.keyHi ^= SIDE_KEY_HI;
    ns.captured = NO_PIECE;
    ns.rule50 = st.rule50 + 1;
    ns.pliesFromNull = 0;
    ns.move = 0;
    ns.dirtyNum = 0;
    ns.checkersLo = 0;
    ns.checkersHi = 0;
    ns.ciKing = -1;
    this.st = ns;
    this.side ^= 1;
    if (__DEBUG__) assertPositionOk(this);
  }

  /** Takes back the last doNullMove. */
  undoNullMove(): void {
    this.side ^= 1;
    this.st = this.st.prev;
  }
}
