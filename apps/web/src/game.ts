/**
 * The game the page shows: a start position and the moves played, with chessops as the
 * referee. DOM-free, so the rules the page enforces (legal moves, promotion, how a game
 * ends, take back) are unit-tested without a browser.
 *
 * Moves are kept in the UCI notation the engine reads and writes: castling as the king's
 * two-square step (`e1g1`) in standard chess, as the king taking its own rook (`e1h1`)
 * in Chess960, where the engine runs with `UCI_Chess960`.
 */
import { Chess, castlingSide, normalizeMove } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan, parseSan } from 'chessops/san';
import { kingCastlesTo, makeSquare, makeUci, parseSquare, parseUci, roleToChar, squareRank } from 'chessops/util';
import type { Color, Move, NormalMove, SquareName } from 'chessops/types';
import { chessgroundDests } from 'chessops/compat';

export type Result = '1-0' | '0-1' | '1/2-1/2';
export type Termination = 'checkmate' | 'stalemate' | 'insufficient' | 'threefold' | 'fifty' | 'flag' | 'resign';

/** How and why a game ended; `text` is the sentence the page shows. */
export interface GameEnd {
  result: Result;
  termination: Termination;
  winner?: Color;
  text: string;
}

export interface PlayedMove {
  /** UCI (`e1g1` for castling, `e1h1` in Chess960). */
  uci: string;
  san: string;
  /** Who played it. */
  color: Color;
}

export type EngineMoveCheck = { ok: true; move: NormalMove; uci: string } | { ok: false; reason: string };

const NAME: Record<Color, string> = { white: 'White', black: 'Black' };
const winFor = (c: Color): Result => (c === 'white' ? '1-0' : '0-1');
const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');

/** Parses a FEN into a legal chessops position, or throws one clear line. */
export function positionFromFen(fen: string): Chess {
  const setup = parseFen(fen.trim());
  if (setup.isErr) throw new Error(`Invalid FEN: ${setup.error.message} (${fen.trim() || 'empty'})`);
  const pos = Chess.fromSetup(setup.value);
  if (pos.isErr) throw new Error(`Illegal position: ${pos.error.message} (${fen.trim()})`);
  return pos.value;
}

/** The FEN fields that decide a repetition: board, side, castling rights, en passant (legal only). */
function repetitionKey(pos: Chess): string {
  return makeFen(pos.toSetup()).split(' ').slice(0, 4).join(' ');
}

/** Standard UCI text of a chessops move (castling as the king's step, not king-takes-rook). */
export function standardUci(pos: Chess, move: NormalMove): string {
  const side = castlingSide(pos, move);
  const to = side ? kingCastlesTo(pos.turn, side) : move.to;
  return makeSquare(move.from) + makeSquare(to) + (move.promotion ? roleToChar(move.promotion) : '');
}

export class Game {
  readonly startFen: string;
  readonly moves: PlayedMove[] = [];
  /** Set when the game is over; moves are refused from then on. */
  end: GameEnd | null = null;
  private readonly positions: Chess[];
  private readonly keys: string[];

  /** `chess960`: castling is the king moving onto its rook, and moves are written that way. */
  constructor(
    fen: string = makeFen(Chess.default().toSetup()),
    readonly chess960 = false,
  ) {
    const pos = positionFromFen(fen);
    this.startFen = makeFen(pos.toSetup());
    this.positions = [pos];
    this.keys = [repetitionKey(pos)];
    this.end = this.detectEnd();
  }

  /** The game as it stood after `ply` moves (a separate Game: playing on it leaves this one alone). */
  at(ply: number): Game {
    const n = Math.max(0, Math.min(ply, this.moves.length));
    const g = new Game(this.startFen, this.chess960);
    g.positions.push(...this.positions.slice(1, n + 1));
    g.keys.push(...this.keys.slice(1, n + 1));
    g.moves.push(...this.moves.slice(0, n));
    g.end = n === this.moves.length ? this.end : g.detectEnd();
    return g;
  }

  /** Drops the moves after `ply` (a new line replaces them); the game is open again unless the position ends it. */
  truncate(ply: number): void {
    const n = Math.max(0, ply);
    if (n >= this.moves.length) return;
    this.positions.length = n + 1;
    this.keys.length = n + 1;
    this.moves.length = n;
    this.end = this.detectEnd();
  }

  /** The FEN after `ply` moves. */
  fenAt(ply: number): string {
    return makeFen(this.positions[Math.max(0, Math.min(ply, this.moves.length))]!.toSetup());
  }

  /** The current position (a copy: callers cannot change the game behind its back). */
  get position(): Chess {
    return this.current.clone();
  }
  get turn(): Color {
    return this.current.turn;
  }
  get fen(): string {
    return makeFen(this.current.toSetup());
  }
  get ply(): number {
    return this.moves.length;
  }
  /** The moves in standard UCI, as `position fen <start> moves ...` wants them. */
  get uciMoves(): string[] {
    return this.moves.map((m) => m.uci);
  }
  isCheck(): boolean {
    return this.current.isCheck();
  }

  /** Destinations per square for chessground (empty when the game is over). */
  dests(): Map<SquareName, SquareName[]> {
    return this.end ? new Map() : chessgroundDests(this.current, { chess960: this.chess960 });
  }

  /** A pawn move from `orig` to `dest` that needs a promotion piece. */
  isPromotion(orig: SquareName, dest: SquareName): boolean {
    const from = parseSquare(orig);
    const to = parseSquare(dest);
    const piece = this.current.board.get(from);
    return piece?.role === 'pawn' && (squareRank(to) === 7 || squareRank(to) === 0);
  }

  /**
   * A move a person typed, in UCI (`e2e4`, `e7e8q`, castling either way) or SAN (`Nf3`,
   * `O-O`, `exd5`, `e8=Q+`), as the UCI text `play` takes; throws one clear line if it is
   * neither or not legal here.
   */
  parseTyped(text: string): string {
    const t = text.trim();
    if (!t) throw new Error('Type a move: its squares (e2e4) or its SAN (Nf3)');
    if (/^[a-h][1-8][a-h][1-8][qrbnQRBN]?$/.test(t)) {
      const c = this.check(t.toLowerCase());
      if (c.ok) return c.uci;
      throw new Error(`Illegal move: ${c.reason}`);
    }
    if (this.end) throw new Error(`Illegal move: the game is over (${this.end.text})`);
    const move = parseSan(this.current, t.replace(/0/g, 'O')) as NormalMove | undefined;
    if (!move) throw new Error(`"${t}" is not a legal move here (squares like e2e4, or SAN like Nf3)`);
    return this.chess960 ? makeUci(move) : standardUci(this.current, move);
  }

  /** Checks a move text (from the engine or a person) without playing it. */
  check(uci: string): EngineMoveCheck {
    if (this.end) return { ok: false, reason: `the game is over (${this.end.text})` };
    return this.checkRules(uci);
  }

  private checkRules(uci: string): EngineMoveCheck {
    if (uci === '0000' || uci === '(none)')
      return { ok: false, reason: `"${uci}" (no move) in a position with legal moves` };
    const parsed = parseUci(uci) as Move | undefined;
    if (!parsed || !('from' in parsed)) return { ok: false, reason: `"${uci}" is not a UCI move` };
    const move = normalizeMove(this.current, parsed) as NormalMove;
    if (!this.current.isLegal(move)) return { ok: false, reason: `${uci} is not legal in ${this.fen}` };
    return { ok: true, move, uci: this.chess960 ? makeUci(move) : standardUci(this.current, move) };
  }

  /**
   * Plays a move given in UCI; throws (and changes nothing) if it is not legal. With
   * `pastClaims` a move after a threefold repetition or fifty moves is accepted (games
   * read from PGN, where players played on without claiming the draw).
   */
  play(uci: string, pastClaims = false): PlayedMove {
    const claimable = this.end?.termination === 'threefold' || this.end?.termination === 'fifty';
    const c = pastClaims && claimable ? this.checkRules(uci) : this.check(uci);
    if (!c.ok) throw new Error(`Illegal move: ${c.reason}`);
    const pos = this.current.clone();
    const played: PlayedMove = { uci: c.uci, san: makeSan(pos, c.move), color: pos.turn };
    pos.play(c.move);
    this.positions.push(pos);
    this.keys.push(repetitionKey(pos));
    this.moves.push(played);
    this.end = this.detectEnd();
    return played;
  }

  /** Takes back `plies` moves (fewer if the game is shorter); the game is open again. */
  undo(plies = 1): number {
    const n = Math.min(plies, this.moves.length);
    for (let i = 0; i < n; i++) {
      this.positions.pop();
      this.keys.pop();
      this.moves.pop();
    }
    this.end = this.detectEnd();
    return n;
  }

  /** `color`'s clock ran out: a loss, or a draw if the other side cannot mate at all. */
  flag(color: Color): GameEnd {
    if (this.end) return this.end;
    const winner = other(color);
    this.end = this.current.hasInsufficientMaterial(winner)
      ? {
          result: '1/2-1/2',
          termination: 'flag',
          text: `${NAME[color]}'s time is up, but ${NAME[winner]} cannot mate: draw`,
        }
      : {
          result: winFor(winner),
          termination: 'flag',
          winner,
          text: `${NAME[color]}'s time is up: ${NAME[winner]} wins`,
        };
    return this.end;
  }

  resign(color: Color): GameEnd {
    if (this.end) return this.end;
    const winner = other(color);
    this.end = {
      result: winFor(winner),
      termination: 'resign',
      winner,
      text: `${NAME[color]} resigns: ${NAME[winner]} wins`,
    };
    return this.end;
  }

  /** How many times the current position has occurred (same side, rights and en passant). */
  repetitions(): number {
    const key = this.keys[this.keys.length - 1];
    return this.keys.filter((k) => k === key).length;
  }

  private get current(): Chess {
    return this.positions[this.positions.length - 1]!;
  }

  /** Ends decided by the position itself; threefold and fifty moves end the game at once (no claim needed). */
  private detectEnd(): GameEnd | null {
    const pos = this.current;
    if (pos.isCheckmate()) {
      const winner = other(pos.turn);
      return { result: winFor(winner), termination: 'checkmate', winner, text: `Checkmate: ${NAME[winner]} wins` };
    }
    if (pos.isStalemate()) return { result: '1/2-1/2', termination: 'stalemate', text: 'Stalemate: draw' };
    if (pos.isInsufficientMaterial())
      return { result: '1/2-1/2', termination: 'insufficient', text: 'Insufficient material: draw' };
    if (this.repetitions() >= 3)
      return { result: '1/2-1/2', termination: 'threefold', text: 'Threefold repetition: draw' };
    if (pos.halfmoves >= 100)
      return { result: '1/2-1/2', termination: 'fifty', text: 'Fifty moves without a capture or pawn move: draw' };
    return null;
  }
}
