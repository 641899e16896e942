/**
 * The arbiter: plays a game's moves on a trusted board and says when the game is
 * over by the rules. chess.js for standard chess (the project's oracle), chessops for
 * Chess960 (chess.js has none; castling is king-takes-rook, as UCI_Chess960 engines
 * send it). Every move is checked against the exact legal move list before it is
 * played; an illegal or malformed move is refused and the board stays as it was.
 */
import { Chess as ChessJs } from 'chess.js';
import { Chess as ChessOps } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { makeUci, parseUci } from 'chessops/util';

export type GameResult = '1-0' | '0-1' | '1/2-1/2';

/** How a game ended by the rules. */
export interface RulesOutcome {
  result: GameResult;
  /** `checkmate`, `stalemate`, `threefold repetition`, `fifty-move rule`, `insufficient material`. */
  reason: string;
}

/** A board that refuses illegal moves. */
export interface Arbiter {
  readonly chess960: boolean;
  /** `w` or `b`: the side to move. */
  turn(): 'w' | 'b';
  /** The current position as a six-field FEN. */
  fen(): string;
  /** Plays `uci` and returns its SAN, or null (nothing played) if it is not a legal move here. */
  play(uci: string): string | null;
  /** The legal moves in UCI notation (castling as the engines write it). */
  legalMoves(): string[];
  /** The end by the rules, or null while the game goes on. */
  outcome(): RulesOutcome | null;
}

const UCI_MOVE = /^[a-h][1-8][a-h][1-8][qrbn]?$/;

/** An arbiter from `fen`: chess.js for standard chess, chessops for Chess960. Throws on a bad FEN. */
export function createArbiter(fen: string, chess960: boolean): Arbiter {
  return chess960 ? new Chess960Arbiter(fen) : new StandardArbiter(fen);
}

class StandardArbiter implements Arbiter {
  readonly chess960 = false;
  private readonly chess: ChessJs;

  constructor(fen: string) {
    this.chess = new ChessJs(fen);
    // chess.js takes a position whose side not to move is in check; no game can reach one.
    const waiting = this.chess.turn() === 'w' ? 'b' : 'w';
    const [king] = this.chess.findPiece({ type: 'k', color: waiting });
    if (king !== undefined && this.chess.isAttacked(king, this.chess.turn()))
      throw new Error('the side not to move is in check');
  }

  turn(): 'w' | 'b' {
    return this.chess.turn();
  }

  fen(): string {
    return this.chess.fen();
  }

  legalMoves(): string[] {
    return this.chess.moves({ verbose: true }).map((m) => m.lan);
  }

  play(uci: string): string | null {
    if (!UCI_MOVE.test(uci)) return null;
    // chess.js matches from, to and a needed promotion; it ignores a promotion letter a
    // move cannot have, so the played move's own UCI text must equal what was sent.
    let played;
    try {
      played = this.chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    } catch {
      return null;
    }
    if (played.lan !== uci) {
      this.chess.undo();
      return null;
    }
    return played.san;
  }

  outcome(): RulesOutcome | null {
    const c = this.chess;
    if (c.isCheckmate()) return { result: c.turn() === 'w' ? '0-1' : '1-0', reason: 'checkmate' };
    if (c.isStalemate()) return { result: '1/2-1/2', reason: 'stalemate' };
    if (c.isInsufficientMaterial()) return { result: '1/2-1/2', reason: 'insufficient material' };
    if (c.isThreefoldRepetition()) return { result: '1/2-1/2', reason: 'threefold repetition' };
    if (c.isDrawByFiftyMoves()) return { result: '1/2-1/2', reason: 'fifty-move rule' };
    return null;
  }
}

class Chess960Arbiter implements Arbiter {
  readonly chess960 = true;
  private readonly pos: ChessOps;
  /** How often each position (placement, side, castling, legal en passant) occurred. */
  private readonly seen = new Map<string, number>();

  constructor(fen: string) {
    this.pos = ChessOps.fromSetup(parseFen(fen).unwrap()).unwrap();
    this.count();
  }

  private key(): string {
    return makeFen(this.pos.toSetup()).split(' ').slice(0, 4).join(' ');
  }

  private count(): void {
    const k = this.key();
    this.seen.set(k, (this.seen.get(k) ?? 0) + 1);
  }

  turn(): 'w' | 'b' {
    return this.pos.turn === 'white' ? 'w' : 'b';
  }

  fen(): string {
    return makeFen(this.pos.toSetup());
  }

  legalMoves(): string[] {
    const out: string[] = [];
    for (const [from, dests] of this.pos.allDests()) {
      for (const to of dests) {
        const piece = this.pos.board.get(from);
        const rank = to >> 3;
        if (piece?.role === 'pawn' && (rank === 0 || rank === 7)) {
          for (const p of ['q', 'r', 'b', 'n']) out.push(makeUci({ from, to }) + p);
        } else out.push(makeUci({ from, to }));
      }
    }
    return out;
  }

  play(uci: string): string | null {
    if (!UCI_MOVE.test(uci) || !this.legalMoves().includes(uci)) return null;
    const move = parseUci(uci);
    if (!move) return null;
    const san = makeSan(this.pos, move);
    this.pos.play(move);
    this.count();
    return san;
  }

  outcome(): RulesOutcome | null {
    const p = this.pos;
    if (p.isCheckmate()) return { result: p.turn === 'white' ? '0-1' : '1-0', reason: 'checkmate' };
    if (p.isStalemate()) return { result: '1/2-1/2', reason: 'stalemate' };
    if (p.isInsufficientMaterial()) return { result: '1/2-1/2', reason: 'insufficient material' };
    if ((this.seen.get(this.key()) ?? 0) >= 3) return { result: '1/2-1/2', reason: 'threefold repetition' };
    if (p.halfmoves >= 100) return { result: '1/2-1/2', reason: 'fifty-move rule' };
    return null;
  }
}
