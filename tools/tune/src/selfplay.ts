/**
 * One self-play game of Tempo against itself at a fixed node budget per move, and the
 * training positions it yields. Pure: no Node API, no clock, no global state, so a
 * game is a function of (openings, game RNG, node budget) and plays the same on any
 * thread. The searcher is reset at the start of every game for that reason.
 *
 * Game rules and adjudication (ADJUDICATION holds the numbers):
 * - start: a random opening, then 4 + rng.int(5) random legal plies; a start with no
 *   legal move, already drawn, or that a depth-4 search scores beyond +/-400 is
 *   dropped and another is drawn from the same RNG;
 * - the game ends by checkmate, stalemate, threefold repetition, the fifty-move rule
 *   or insufficient material (checkmate outranks the fifty-move rule);
 * - resign: 4 consecutive plies whose scores (white's view) are all >= 1000, or all
 *   <= -1000;
 * - draw: from ply 80 on, 10 consecutive plies with |score| <= 10;
 * - 400 plies: a draw.
 * Plies count from the opening position, random plies included.
 */
import {
  CASTLING,
  EN_PASSANT,
  PROMOTION,
  Position,
  hasInsufficientMaterial,
  isRepetitionDraw,
} from '@tempo-chess/position';
import { MAX_MOVES, generateLegal } from '@tempo-chess/movegen';
import type { EvalParams } from '@tempo-chess/eval';
import type { NetWeights } from '@tempo-chess/nnue';
import {
  Searcher,
  TranspositionTable,
  VALUE_MATE_IN_MAX_PLY,
  createSignals,
  quiescenceLeaf,
} from '@tempo-chess/search';
import type { TrainingRecord } from './record';

/** The numbers of the game rules above. */
export const ADJUDICATION = {
  /** Random plies after the opening: RANDOM_PLIES_MIN + rng.int(RANDOM_PLIES_SPREAD). */
  randomPliesMin: 4,
  randomPliesSpread: 5,
  /** A start scored beyond this (centipawns, depth startDepth) is drawn again. */
  startScore: 400,
  startDepth: 4,
  /** Draws of a start before giving up (the openings are all lopsided). */
  startTries: 200,
  resignScore: 1000,
  resignPlies: 4,
  drawFromPly: 80,
  drawScore: 10,
  drawPlies: 10,
  maxPlies: 400,
} as const;

/** What a game needs of a random generator (the toolkit's Rng has it). */
export interface GameRng {
  /** A uniform integer in [0, n). */
  int(n: number): number;
}

/**
 * The resign and draw rules of ADJUDICATION over a game's search scores, fed one ply
 * at a time: resign after a run of resignPlies scores of one sign at least resignScore
 * (mate scores count), a draw after a run of drawPlies scores within drawScore from
 * ply drawFromPly on.
 */
export class Adjudication {
  private resignRun = 0;
  private drawRun = 0;

  /** The search's score (white's view) at `ply`; the game's end when a rule decides it. */
  next(ply: number, white: number): RulesEnd | null {
    const big = white >= ADJUDICATION.resignScore ? 1 : white <= -ADJUDICATION.resignScore ? -1 : 0;
    this.resignRun = big === 0 ? 0 : Math.sign(this.resignRun) === big ? this.resignRun + big : big;
    if (Math.abs(this.resignRun) >= ADJUDICATION.resignPlies)
      return { reason: 'resign', result: this.resignRun > 0 ? 1 : 0 };
    const quiet = ply >= ADJUDICATION.drawFromPly && Math.abs(white) <= ADJUDICATION.drawScore;
    this.drawRun = quiet ? this.drawRun + 1 : 0;
    if (this.drawRun >= ADJUDICATION.drawPlies) return { reason: 'draw adjudication', result: 0.5 };
    return null;
  }
}

/** Why a game ended. */
export type EndReason =
  | 'checkmate'
  | 'stalemate'
  | 'threefold'
  | 'fifty-move'
  | 'insufficient material'
  | 'resign'
  | 'draw adjudication'
  | 'max plies';

/** A finished game. */
export interface GameRecord {
  /** White's view: 1, 0.5 or 0. */
  result: number;
  reason: EndReason;
  /** Plies from the opening position to the end, random plies included. */
  plies: number;
  /** The position the engine started to play from (after the random plies). */
  startFen: string;
  /** The training positions in game order, each with the game's result. */
  records: TrainingRecord[];
}

/** The end by the rules, or null: `result` is white's view. */
export interface RulesEnd {
  reason: EndReason;
  result: number;
}

const scratch = new Int32Array(MAX_MOVES);

/**
 * Whether the game is over by the rules at `pos` (mate, stalemate, threefold,
 * fifty-move rule, insufficient material). Repetitions count over the whole history
 * of `pos`: its rootPly is set to its ply.
 */
export function rulesEnd(pos: Position): RulesEnd | null {
  if (generateLegal(pos, scratch, 0) === 0) {
    if (pos.inCheck()) return { reason: 'checkmate', result: pos.side === 0 ? 0 : 1 };
    return { reason: 'stalemate', result: 0.5 };
  }
  if (pos.rule50 >= 100) return { reason: 'fifty-move', result: 0.5 };
  pos.rootPly = pos.ply;
  if (isRepetitionDraw(pos)) return { reason: 'threefold', result: 0.5 };
  if (hasInsufficientMaterial(pos)) return { reason: 'insufficient material', result: 0.5 };
  return null;
}

/** Captures (en passant included) and promotions; castling is "king takes own rook" and is neither. */
export function isCaptureOrPromotion(pos: Position, m: number): boolean {
  const type = m & 0xc000;
  if (type === PROMOTION || type === EN_PASSANT) return true;
  return type !== CASTLING && pos.board[(m >>> 6) & 63] !== 0;
}

/**
 * Plays games with one searcher (16 MB TT by default) and a second small one for the
 * quiescence filter, both cleared at the start of every game.
 */
export class SelfPlayer {
  readonly searcher: Searcher;
  /** Only for the quiescence filter, so the moves played never depend on the filter. */
  private readonly quiet: Searcher;

  /**
   * @param evalParams the weights both searchers evaluate with (default: the committed table)
   * @param net a net both searchers evaluate with instead (null: the hand-crafted evaluation)
   */
  constructor(hashMb = 16, evalParams?: EvalParams, net: NetWeights | null = null) {
    this.searcher = new Searcher(new TranspositionTable(hashMb), createSignals(), { evalParams, net });
    this.quiet = new Searcher(new TranspositionTable(1), createSignals(), { evalParams, net });
  }

  /** Forgets everything a game leaves behind (TT, histories, killers, counter moves, corrections, pawn hash). */
  reset(): void {
    this.searcher.tt.clear();
    this.searcher.clear();
    this.quiet.tt.clear();
    this.quiet.clear();
  }

  /** A new position of `fen` built with the searchers' table. */
  position(fen: string): Position {
    return Position.fromFen(fen, { psq: this.searcher.evalContext.psq });
  }

  /** One game from a random start drawn with `rng` from `openings` (FENs), `nodes` per move. */
  play(openings: readonly string[], rng: GameRng, nodes: number): GameRecord {
    this.reset();
    for (let tries = 0; tries < ADJUDICATION.startTries; tries++) {
      const pos = this.position(openings[rng.int(openings.length)]);
      const plies = ADJUDICATION.randomPliesMin + rng.int(ADJUDICATION.randomPliesSpread);
      if (this.randomPlies(pos, plies, rng) && this.balanced(pos)) return this.playOut(pos, nodes, plies);
    }
    throw new Error(
      `no playable start in ${ADJUDICATION.startTries} tries: the openings are lopsided (|score| > ${ADJUDICATION.startScore}) or end at once`,
    );
  }

  /**
   * Plays the game on from `pos` (changed: the game's moves are left played), the
   * first ply counted as `ply`. Records only positions from here on.
   */
  playOut(pos: Position, nodes: number, ply = 0): GameRecord {
    const startFen = pos.toFen();
    const found: Array<{ fen: string; score: number }> = [];
    const adjudication = new Adjudication();
    let end: RulesEnd | null = null;
    for (;;) {
      end = rulesEnd(pos);
      if (end !== null) break;
      if (ply >= ADJUDICATION.maxPlies) {
        end = { reason: 'max plies', result: 0.5 };
        break;
      }
      const r = this.searcher.search(pos, { nodes });
      const white = pos.side === 0 ? r.score : 0 - r.score; // never -0
      if (this.keep(pos, r.bestMove, r.score)) found.push({ fen: pos.toFen(), score: white });
      end = adjudication.next(ply, white);
      if (end !== null) break;
      pos.doMove(r.bestMove);
      ply++;
    }
    const result = end.result;
    return {
      result,
      reason: end.reason,
      plies: ply,
      startFen,
      records: found.map((f) => ({ fen: f.fen, score: f.score, result })),
    };
  }

  /** Plays `plies` random legal moves; false when the game ends on the way or at the end. */
  private randomPlies(pos: Position, plies: number, rng: GameRng): boolean {
    for (let i = 0; i < plies; i++) {
      if (rulesEnd(pos) !== null) return false;
      const n = generateLegal(pos, scratch, 0);
      pos.doMove(scratch[rng.int(n)]);
    }
    return rulesEnd(pos) === null;
  }

  /** A shallow search finds the start within +/- startScore. */
  private balanced(pos: Position): boolean {
    const r = this.searcher.search(pos, { depth: ADJUDICATION.startDepth });
    return Math.abs(r.score) <= ADJUDICATION.startScore;
  }

  /**
   * A training position: not in check, the best move quiet (no capture or promotion),
   * no mate score, and quiet under quiescence (its capture line is empty).
   */
  private keep(pos: Position, best: number, score: number): boolean {
    if (pos.inCheck() || best === 0 || isCaptureOrPromotion(pos, best)) return false;
    if (score >= VALUE_MATE_IN_MAX_PLY || score <= -VALUE_MATE_IN_MAX_PLY) return false;
    return quiescenceLeaf(pos, this.quiet).pv.length === 0;
  }
}
