/**
 * The one place that touches chess.js internals. chess.js's public `moves({verbose:
 * true})` costs about 1.8 ms a call (each Move re-generates all moves for SAN and
 * builds FENs), which is useless at every node of a perft walk. Its private
 * `_moves({legal:true})` (about 35 µs), `_makeMove` and `_undoMove` are what its own
 * `perft` uses. They are not API, so the version is pinned (package.json: exactly
 * 1.4.0), checked here, and the adapter falls back to the public API when they are
 * missing.
 */
import { createRequire } from 'node:module';
import { Chess, type Square } from 'chess.js';
import { walkerDivide, walkerPerft, type Walker } from './walker';

/** The chess.js version whose internals this adapter was written against. */
export const CHESSJS_TESTED_VERSION = '1.4.0';

/** chess.js's internal move record (0x88 squares, lower-case piece letters). */
export interface InternalMove {
  color: 'w' | 'b';
  from: number;
  to: number;
  piece: string;
  captured?: string;
  promotion?: string;
  flags: number;
}

interface ChessInternals {
  _pieceKey?: unknown;
  _epKey?: unknown;
  _castlingKey?: unknown;
  _moves(opts: { legal?: boolean }): InternalMove[];
  _makeMove(move: InternalMove): void;
  _undoMove(): unknown;
  _updateCastlingRights?(): void;
}

/** chess.js move flag bits (BITS in its source). */
export const FLAG = { CAPTURE: 2, BIG_PAWN: 4, EP_CAPTURE: 8, PROMOTION: 16, KSIDE: 32, QSIDE: 64 } as const;

let warned = false;

/** The installed chess.js version, or 'unknown'. */
export function chessJsVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    return (require('chess.js/package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** True when this chess.js instance exposes the internals the fast path needs. */
export function hasInternals(chess: Chess): boolean {
  const c = chess as unknown as Partial<ChessInternals>;
  const ok = typeof c._moves === 'function' && typeof c._makeMove === 'function' && typeof c._undoMove === 'function';
  if (ok && !warned && chessJsVersion() !== CHESSJS_TESTED_VERSION) {
    warned = true;
    process.stderr.write(
      `tempo-perft: warning: chess.js ${chessJsVersion()} is not the tested ${CHESSJS_TESTED_VERSION}; its internals may differ\n`,
    );
  }
  return ok;
}

/** 0x88 square to algebraic text (a8 = 0, h1 = 119). */
export function sq0x88(sq: number): string {
  return String.fromCharCode(97 + (sq & 7)) + String.fromCharCode(56 - (sq >> 4));
}

/** UCI text of an internal move (standard castling as e1g1). */
export function internalUci(m: InternalMove): string {
  const text = sq0x88(m.from) + sq0x88(m.to);
  return m.promotion ? text + m.promotion : text;
}

/**
 * Loads a FEN into a new chess.js board and makes castling rights and the en passant
 * square consistent with the board (`load` trusts the FEN), so that chess.js and
 * Tempo see the same position. chess.js's own `_updateEnPassantSquare` cannot be used:
 * in 1.4.0 it compares empty squares (undefined) with null and always clears the square.
 */
export function loadChess(fen: string): Chess {
  const chess = new Chess(fen);
  (chess as unknown as Partial<ChessInternals>)._updateCastlingRights?.call(chess);
  const ep = fen.trim().split(/\s+/)[3];
  if (ep && ep !== '-' && !epPlausible(chess, ep)) {
    const fields = chess.fen({ forceEnpassantSquare: true }).split(' ');
    fields[3] = '-';
    chess.load(fields.join(' '));
  }
  return chess;
}

/** True when a pawn just double-pushed past `ep` and a pawn of the side to move stands beside it. */
function epPlausible(chess: Chess, ep: string): boolean {
  const us = chess.turn(),
    them = us === 'w' ? 'b' : 'w';
  const file = ep.charCodeAt(0),
    rank = Number(ep[1]);
  const dir = us === 'w' ? 1 : -1;
  const at = (f: number, r: number) =>
    f < 97 || f > 104 ? undefined : chess.get(`${String.fromCharCode(f)}${r}` as Square);
  const pushed = at(file, rank - dir);
  if (at(file, rank) || at(file, rank + dir) || pushed?.type !== 'p' || pushed.color !== them) return false;
  const beside = [at(file - 1, rank - dir), at(file + 1, rank - dir)];
  return beside.some((p) => p?.type === 'p' && p.color === us);
}

/** FEN that keeps the en passant square whenever a capture is pseudo-legal. */
export function chessFen(chess: Chess): string {
  return chess.fen({ forceEnpassantSquare: true });
}

/** Walks a chess.js board through its internals (fast path). */
class InternalWalker implements Walker {
  readonly chess960 = false;
  private readonly c: ChessInternals;
  private readonly stack: InternalMove[][] = [];
  private ply = 0;

  constructor(private readonly chess: Chess) {
    this.c = chess as unknown as ChessInternals;
    // The walk never asks about repetitions, so this instance skips chess.js's Zobrist
    // updates (BigInt XORs, a third of the make/unmake time). Move generation does not
    // read the hash.
    const noKey = (): bigint => 0n;
    this.c._pieceKey = noKey;
    this.c._epKey = noKey;
    this.c._castlingKey = noKey;
  }

  moves(): string[] {
    const list = this.c._moves({ legal: true });
    this.stack[this.ply] = list;
    const out = new Array<string>(list.length);
    for (let i = 0; i < list.length; i++) out[i] = internalUci(list[i]);
    return out;
  }

  play(index: number): void {
    this.c._makeMove(this.stack[this.ply][index]);
    this.ply++;
  }

  undo(): void {
    this.c._undoMove();
    this.ply--;
  }

  fen(): string {
    return chessFen(this.chess);
  }

  perft(depth: number): number {
    return walkerPerft(this, depth);
  }

  divide(depth: number): Map<string, number> {
    return walkerDivide(this, depth);
  }
}

/** Walks a chess.js board through its public API (slow fallback). */
class PublicWalker implements Walker {
  readonly chess960 = false;
  private readonly stack: { from: string; to: string; promotion?: string }[][] = [];
  private ply = 0;

  constructor(private readonly chess: Chess) {}

  moves(): string[] {
    const list = this.chess.moves({ verbose: true });
    this.stack[this.ply] = list;
    return list.map((m) => m.from + m.to + (m.promotion ?? ''));
  }

  play(index: number): void {
    this.chess.move(this.stack[this.ply][index]);
    this.ply++;
  }

  undo(): void {
    this.chess.undo();
    this.ply--;
  }

  fen(): string {
    return chessFen(this.chess);
  }

  perft(depth: number): number {
    return walkerPerft(this, depth);
  }

  divide(depth: number): Map<string, number> {
    return walkerDivide(this, depth);
  }
}

/**
 * A walker over chess.js for a standard-chess FEN: the oracle of `diff --oracle
 * chessjs`. Throws on Chess960 (chess.js cannot castle there) and on a FEN chess.js
 * rejects. `forcePublic` selects the slow public-API path (for tests).
 */
export function chessJsWalker(fen: string, chess960 = false, forcePublic = false): Walker {
  if (chess960) throw new Error('chess.js cannot play Chess960; use --oracle uci:<command>');
  const chess = loadChess(fen);
  return hasInternals(chess) && !forcePublic ? new InternalWalker(chess) : new PublicWalker(chess);
}
