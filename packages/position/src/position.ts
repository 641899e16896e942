/**
 * The position: mailbox and piece bitboards, side to move, castling setup, and a
 * state stack with one row per ply (the seeds' StateInfo chain, see state.ts).
 * doMove writes row ply + 1 from the values of row ply and the move; undoMove
 * restores the board and steps back one row: nothing is recomputed.
 */
import {
  BLACK,
  LINE,
  KING,
  NO_PIECE,
  NO_SQUARE,
  PAWN,
  PAWN_ATTACKS,
  QUEEN,
  WHITE,
  makePiece,
} from '@tempo/bitboard';
import { anyEpCaptureIsLegal } from './attacks';
import { parseFen, type Result } from './fen';
import { CASTLING, EN_PASSANT, NORMAL, PROMOTION, type Move } from './move';
import { ZERO_PSQ, type PsqTable } from './psq';
import {
  CASTLING_KEY_HI,
  CASTLING_KEY_LO,
  EP_KEY_HI,
  EP_KEY_LO,
  PSQ_KEYS,
  SIDE_KEY_HI,
  SIDE_KEY_LO,
} from './zobrist';
import { Board } from './board';
import { setCheckInfo, setCheckers } from './checks';
import { setupCastling, type CastlingSetup } from './castling';
import { assertPositionOk } from './verify';
import { toFen } from './io';
import { STATE_SHIFT, STATE_STRIDE, S_CAPTURED, S_CASTLING, S_CHECKERS_HI, S_CHECKERS_LO, S_EP, S_KEY_HI, S_KEY_LO, S_MATERIAL_KEY_HI, S_MATERIAL_KEY_LO, S_MOVE, S_NON_PAWN_B, S_NON_PAWN_W, S_PAWN_KEY_HI, S_PAWN_KEY_LO, S_PHASE, S_PLIES_FROM_NULL, S_PSQ, S_RULE50, S_CI_KING, S_CI_BLOCKERS_LO, S_CI_BLOCKERS_HI, S_CI_PAWN_LO, S_CI_BISHOP_LO, S_CI_ROOK_LO, S_CI_ROOK_HI } from './state';

/** Castling-rights bits. */
export const WHITE_OO = 1;
export const WHITE_OOO = 2;
export const BLACK_OO = 4;
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
  override name = 'FenError';
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
  chess960 = false;
  readonly castling: CastlingSetup;

  private constructor(psq: PsqTable) {
    super(psq);
    this.castling = setupCastling();
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
    st.data[S_CASTLING] = rights;
    st.data[S_KEY_LO] ^= CASTLING_KEY_LO[rights];
    st.data[S_KEY_HI] ^= CASTLING_KEY_HI[rights];
    if (f.side === BLACK) {
      st.data[S_KEY_LO] ^= SIDE_KEY_LO;
      st.data[S_KEY_HI] ^= SIDE_KEY_HI;
    }
    st.data[S_RULE50] = f.rule50;
    st.data[S_PLIES_FROM_NULL] = 0;
    st.data[S_EP] = NO_SQUARE;
    st.data[S_CI_KING] = -1;
    if (pos.isAttacked(pos.kingSquare(f.side ^ 1), f.side))
      return { ok: false, error: `Invalid FEN: "${fen.trim()}": the side not to move is in check` };
    if (f.epSquare !== NO_SQUARE && anyEpCaptureIsLegal(pos.bb, f.side, f.epSquare)) {
      st.data[S_EP] = f.epSquare;
      st.data[S_KEY_LO] ^= EP_KEY_LO[f.epSquare & 7];
      st.data[S_KEY_HI] ^= EP_KEY_HI[f.epSquare & 7];
    }
    setCheckers(pos.bb, pos.st.data, 0, f.side);
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


  get key(): { lo: number; hi: number } {
    return { lo: this.st.data[((this.ply) << STATE_SHIFT) + S_KEY_LO] >>> 0, hi: this.st.data[((this.ply) << STATE_SHIFT) + S_KEY_HI] >>> 0 };
  }
  /** Zobrist key of the pawns (for a pawn-structure cache). */
  get pawnKey(): { lo: number; hi: number } {
    const b = this.ply << STATE_SHIFT;
    return { lo: this.st.data[b + S_PAWN_KEY_LO] >>> 0, hi: this.st.data[b + S_PAWN_KEY_HI] >>> 0 };
  }
  /** Zobrist key of the piece counts (for a material cache). */
  get materialKey(): { lo: number; hi: number } {
    const b = this.ply << STATE_SHIFT;
    return { lo: this.st.data[b + S_MATERIAL_KEY_LO] >>> 0, hi: this.st.data[b + S_MATERIAL_KEY_HI] >>> 0 };
  }
  /** Sum of the psq table's phase weights of the pieces on the board. */
  get phase(): number {
    return this.st.data[(this.ply << STATE_SHIFT) + S_PHASE];
  }
  /** Non-pawn material of colour c, from the psq table's nonPawn values. */
  nonPawnMaterial(c: number): number {
    return this.st.data[(this.ply << STATE_SHIFT) + (c === WHITE ? S_NON_PAWN_W : S_NON_PAWN_B)];
  }
  get epSquare(): number {
    return this.st.data[((this.ply) << STATE_SHIFT) + S_EP];
  }
  get castlingRights(): number {
    return this.st.data[((this.ply) << STATE_SHIFT) + S_CASTLING];
  }
  get rule50(): number {
    return this.st.data[((this.ply) << STATE_SHIFT) + S_RULE50];
  }
  inCheck(): boolean {
    return (this.st.data[((this.ply) << STATE_SHIFT) + S_CHECKERS_LO] | this.st.data[((this.ply) << STATE_SHIFT) + S_CHECKERS_HI]) !== 0;
  }
  /** The piece captured by the move that led to the current row (0 if none). */
  capturedPiece(): number {
    return this.st.data[((this.ply) << STATE_SHIFT) + S_CAPTURED];
  }
  /** Game ply of the current row (0 at the start of a game). */
  gamePly(): number {
    return this.gamePlyAtRow0 + this.ply;
  }

  // ---- Make / unmake ------------------------------------------------------------

  /**
   * Plays a legal move. Precondition: m is legal here (movegen's legal list, or
   * pseudoLegal(m) && legal(m)). Pushes one row on the state stack.
   */
  doMove(m: Move): void {
    const st = this.st, prev = this.ply, row = prev + 1;
    if (row + 1 >= st.capacity) st.grow();
    // `& 0xffff` (rows never exceed MAX_ROWS) tells V8 the offsets are small, so it
    // adds the field offsets without an overflow check.
    const S = st.data, pb = (prev & 0xffff) << STATE_SHIFT, b = pb + STATE_STRIDE;
    const from = m & 63, to = (m >>> 6) & 63, type = m & 0xc000;
    const us = this.side, them = us ^ 1, board = this.board, counts = this.pieceCount;
    const psq = this.psq, T = psq.score;
    const K = PSQ_KEYS; // interleaved key halves: one table, bound once (see zobrist.ts)
    const piece = board[from], p64 = piece << 6;
    if (S[pb + S_CI_KING] < 0) setCheckInfo(this.bb, S, pb, us);
    // Values that change on most moves live in locals and are written once at the
    // end. The rest are copied to the new row first and edited there when a capture,
    // pawn move or promotion changes them (Stockfish copies its StateInfo the same
    // way), which leaves V8 fewer live values to keep in registers. Board edits go
    // through setBits/clearBits/shiftBits.
    S[b + S_PAWN_KEY_LO] = S[pb + S_PAWN_KEY_LO];
    S[b + S_PAWN_KEY_HI] = S[pb + S_PAWN_KEY_HI];
    S[b + S_MATERIAL_KEY_LO] = S[pb + S_MATERIAL_KEY_LO];
    S[b + S_MATERIAL_KEY_HI] = S[pb + S_MATERIAL_KEY_HI];
    S[b + S_PHASE] = S[pb + S_PHASE];
    S[b + S_NON_PAWN_W] = S[pb + S_NON_PAWN_W];
    S[b + S_NON_PAWN_B] = S[pb + S_NON_PAWN_B];
    S[b + S_PLIES_FROM_NULL] = S[pb + S_PLIES_FROM_NULL] + 1;
    let kLo = S[pb + S_KEY_LO] ^ SIDE_KEY_LO, kHi = S[pb + S_KEY_HI] ^ SIDE_KEY_HI;
    let sc = S[pb + S_PSQ];
    let rule50 = S[pb + S_RULE50] + 1, rights = S[pb + S_CASTLING];
    let ep = NO_SQUARE, captured = NO_PIECE;
    const oldEp = S[pb + S_EP];
    if (oldEp !== NO_SQUARE) {
      kLo ^= EP_KEY_LO[oldEp & 7];
      kHi ^= EP_KEY_HI[oldEp & 7];
    }
    if (type === CASTLING) {
      const kTo = this.castling.kingTo[to], rTo = this.castling.rookTo[to];
      const rook = board[to], r64 = rook << 6;
      this.clearBits(piece, from);
      this.clearBits(rook, to);
      this.setBits(piece, kTo);
      this.setBits(rook, rTo);
      kLo ^= K[(p64 + from) << 1] ^ K[(p64 + kTo) << 1] ^ K[(r64 + to) << 1] ^ K[(r64 + rTo) << 1];
      kHi ^= K[((p64 + from) << 1) + 1] ^ K[((p64 + kTo) << 1) + 1] ^ K[((r64 + to) << 1) + 1] ^ K[((r64 + rTo) << 1) + 1];
      sc = (sc + T[p64 + kTo] - T[p64 + from] + T[r64 + rTo] - T[r64 + to]) | 0;
    } else {
      const capSq = type === EN_PASSANT ? to ^ 8 : to;
      captured = board[capSq];
      if (captured !== NO_PIECE) {
        const c64 = captured << 6, ci = c64 + capSq;
        this.clearBits(captured, capSq);
        const n = --counts[captured];
        counts[captured & 8]--;
        kLo ^= K[ci << 1];
        kHi ^= K[(ci << 1) + 1];
        S[b + S_MATERIAL_KEY_LO] ^= K[(c64 + n) << 1];
        S[b + S_MATERIAL_KEY_HI] ^= K[((c64 + n) << 1) + 1];
        if ((captured & 7) === PAWN) {
          S[b + S_PAWN_KEY_LO] ^= K[ci << 1];
          S[b + S_PAWN_KEY_HI] ^= K[(ci << 1) + 1];
        }
        sc = (sc - T[ci]) | 0;
        S[b + S_PHASE] -= psq.phase[captured];
        S[b + (captured < 8 ? S_NON_PAWN_W : S_NON_PAWN_B)] -= psq.nonPawn[captured];
        rule50 = 0;
      }
      this.shiftBits(piece, from, to);
      kLo ^= K[(p64 + from) << 1] ^ K[(p64 + to) << 1];
      kHi ^= K[((p64 + from) << 1) + 1] ^ K[((p64 + to) << 1) + 1];
      sc = (sc + T[p64 + to] - T[p64 + from]) | 0;
      if ((piece & 7) === PAWN) {
        rule50 = 0;
        S[b + S_PAWN_KEY_LO] ^= K[(p64 + from) << 1] ^ K[(p64 + to) << 1];
        S[b + S_PAWN_KEY_HI] ^= K[((p64 + from) << 1) + 1] ^ K[((p64 + to) << 1) + 1];
        if (type === PROMOTION) {
          const promo = makePiece(us, ((m >>> 12) & 3) + 2), q64 = promo << 6;
          this.clearBits(piece, to);
          this.setBits(promo, to);
          const np = --counts[piece], nq = counts[promo]++;
          S[b + S_MATERIAL_KEY_LO] ^= K[(p64 + np) << 1] ^ K[(q64 + nq) << 1];
          S[b + S_MATERIAL_KEY_HI] ^= K[((p64 + np) << 1) + 1] ^ K[((q64 + nq) << 1) + 1];
          kLo ^= K[(p64 + to) << 1] ^ K[(q64 + to) << 1];
          kHi ^= K[((p64 + to) << 1) + 1] ^ K[((q64 + to) << 1) + 1];
          S[b + S_PAWN_KEY_LO] ^= K[(p64 + to) << 1];
          S[b + S_PAWN_KEY_HI] ^= K[((p64 + to) << 1) + 1];
          sc = (sc + T[q64 + to] - T[p64 + to]) | 0;
          S[b + S_PHASE] += psq.phase[promo] - psq.phase[piece];
          S[b + (us === WHITE ? S_NON_PAWN_W : S_NON_PAWN_B)] += psq.nonPawn[promo];
        } else if ((from ^ to) === 16) {
          // Record the en passant square only when a capture is legal: equal positions hash equal.
          const e = (from + to) >>> 1;
          const p = (us << 7) + (e << 1), tp = makePiece(them, PAWN) << 1;
          if (((PAWN_ATTACKS[p] & this.bb[tp]) | (PAWN_ATTACKS[p + 1] & this.bb[tp + 1])) !== 0 && anyEpCaptureIsLegal(this.bb, them, e)) {
            ep = e;
            kLo ^= EP_KEY_LO[e & 7];
            kHi ^= EP_KEY_HI[e & 7];
          }
        }
      }
    }
    if (rights !== 0) {
      const mask = this.castling.rightsMask;
      const nr = rights & mask[from] & mask[to];
      if (nr !== rights) {
        kLo ^= CASTLING_KEY_LO[rights] ^ CASTLING_KEY_LO[nr];
        kHi ^= CASTLING_KEY_HI[rights] ^ CASTLING_KEY_HI[nr];
        rights = nr;
      }
    }
    S[b + S_KEY_LO] = kLo;
    S[b + S_KEY_HI] = kHi;
    S[b + S_PSQ] = sc;
    S[b + S_CASTLING] = rights;
    S[b + S_EP] = ep;
    S[b + S_RULE50] = rule50;
    S[b + S_CAPTURED] = captured;
    S[b + S_MOVE] = m;
    this.ply = row;
    this.side = them;
    S[b + S_CI_KING] = -1;
    // Checkers: a normal move checks only if it lands on a check square of its piece
    // or leaves a discovered-check line (Stockfish's gives_check); then, and after
    // the rare special moves, the checkers are computed from scratch.
    if (type === NORMAL) {
      const pt = piece & 7;
      let gives = 0;
      if (pt !== KING) {
        const i = pt === QUEEN ? pb + S_CI_BISHOP_LO : pb + S_CI_PAWN_LO - 2 + 2 * pt;
        let csLo = S[i], csHi = S[i + 1];
        if (pt === QUEEN) { csLo |= S[pb + S_CI_ROOK_LO]; csHi |= S[pb + S_CI_ROOK_HI]; }
        gives = to < 32 ? (csLo >>> to) & 1 : (csHi >>> (to - 32)) & 1;
      }
      if (gives === 0 && (from < 32 ? (S[pb + S_CI_BLOCKERS_LO] >>> from) & 1 : (S[pb + S_CI_BLOCKERS_HI] >>> (from - 32)) & 1) !== 0) {
        const li = (S[pb + S_CI_KING] << 7) + (from << 1);
        gives = to < 32 ? ((LINE[li] >>> to) & 1) ^ 1 : ((LINE[li + 1] >>> (to - 32)) & 1) ^ 1;
      }
      if (gives !== 0) setCheckers(this.bb, S, b, them);
      else {
        S[b + S_CHECKERS_LO] = 0;
        S[b + S_CHECKERS_HI] = 0;
      }
    } else setCheckers(this.bb, S, b, them);
    if (__DEBUG__) assertPositionOk(this);
  }

  /** Takes back the move that led to the current row. Precondition: the row was pushed by doMove. */
  undoMove(): void {
    const st = this.st, row = this.ply;
    const m = st.data[(row << STATE_SHIFT) + S_MOVE];
    const from = m & 63, to = (m >>> 6) & 63, type = m & 0xc000;
    const them = this.side, us = them ^ 1;
    this.side = us;
    if (type === CASTLING) {
      const kingTo = this.castling.kingTo[to], rookTo = this.castling.rookTo[to];
      const king = this.board[kingTo], rook = this.board[rookTo];
      this.clearBits(king, kingTo);
      this.clearBits(rook, rookTo);
      this.setBits(king, from);
      this.setBits(rook, to);
    } else {
      let piece = this.board[to];
      if (type === PROMOTION) {
        this.clearBits(piece, to);
        this.pieceCount[piece]--;
        piece = makePiece(us, PAWN);
        this.pieceCount[piece]++;
        this.setBits(piece, to);
      }
      this.shiftBits(piece, to, from);
      const captured = st.data[(row << STATE_SHIFT) + S_CAPTURED];
      if (captured !== NO_PIECE) {
        this.setBits(captured, type === EN_PASSANT ? to ^ 8 : to);
        this.pieceCount[captured]++;
        this.pieceCount[captured & 8]++;
      }
    }
    this.ply = row - 1;
    if (__DEBUG__) assertPositionOk(this);
  }

  /** Passes the move (for null-move pruning). Precondition: not in check. */
  doNullMove(): void {
    const st = this.st, prev = this.ply;
    if (__DEBUG__ && this.inCheck()) throw new Error('doNullMove in check');
    if (prev + 2 >= st.capacity) st.grow();
    const row = prev + 1;
    const S = st.data, pb = prev << STATE_SHIFT, b = row << STATE_SHIFT;
    S.copyWithin(b, pb, pb + STATE_STRIDE);
    this.ply = row;
    const oldEp = S[pb + S_EP];
    if (oldEp !== NO_SQUARE) {
      S[b + S_KEY_LO] ^= EP_KEY_LO[oldEp & 7];
      S[b + S_KEY_HI] ^= EP_KEY_HI[oldEp & 7];
    }
    S[b + S_EP] = NO_SQUARE;
    S[b + S_KEY_LO] ^= SIDE_KEY_LO;
    S[b + S_KEY_HI] ^= SIDE_KEY_HI;
    S[b + S_CAPTURED] = NO_PIECE;
    S[b + S_RULE50] = S[pb + S_RULE50] + 1;
    S[b + S_PLIES_FROM_NULL] = 0;
    S[b + S_MOVE] = 0;
    S[b + S_CHECKERS_LO] = 0;
    S[b + S_CHECKERS_HI] = 0;
    S[b + S_CI_KING] = -1;
    this.side ^= 1;
    if (__DEBUG__) assertPositionOk(this);
  }

  undoNullMove(): void {
    this.side ^= 1;
    this.ply--;
  }

}

