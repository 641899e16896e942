/**
 * Time management, in two parts. TimeBounds turns the clock into a soft bound (the
 * time a move is planned to take, from the time left, the increment, movestogo and
 * the game's ply) and a hard bound (checked every 64 nodes, never past the clock's
 * reserve). IterationRule decides after each completed iteration whether to go on:
 * the soft bound scaled by best-move stability, a decaying count of best-move
 * changes, the score's trend and the best move's share of the nodes. Both are pure:
 * the caller reads the clock and hands in the elapsed time. All times in ms,
 * measured from the `go` command.
 */
import type { SearchParams } from './params';

/** movestogo beyond this plans as this many moves. */
const MOVES_TO_GO_MAX = 50;
/** With movestogo: soft = time / (movestogo + MTG_RESERVE) + MTG_INC_SHARE x increment (a cushion of 2 moves). */
const MTG_RESERVE = 2;
const MTG_INC_SHARE = 0.8;
/** With the last move before the time control the hard bound may use this share of the time left. */
const LAST_MOVE_SHARE = 0.9;
/** The hard bound leaves at least min(CLOCK_RESERVE_SHARE x time, CLOCK_RESERVE_MS) on the clock. */
const CLOCK_RESERVE_SHARE = 0.1;
const CLOCK_RESERVE_MS = 50;
/** The per-mille parameters (TmMaxShare, TmPlyBase, the IterationRule's) are read through this. */
const PER_MILLE = 1000;

/** The `go` limits, as the UCI command gives them (milliseconds). */
export interface SearchLimits {
  /** Search to this depth in plies (1-120), then stop. */
  depth?: number;
  /** Stop after about this many nodes, counted over every thread. */
  nodes?: number;
  /** Search exactly this long, in ms (less Move Overhead). */
  movetime?: number;
  /** Stop once a mate in this many moves (or fewer) is proven. */
  mate?: number;
  /** Return only after stop (UCI `go infinite`): a search that reaches another limit waits for it. */
  infinite?: boolean;
  /** White's time left on the clock, in ms. */
  wtime?: number;
  /** Black's time left on the clock, in ms. */
  btime?: number;
  /** White's increment per move, in ms. */
  winc?: number;
  /** Black's increment per move, in ms. */
  binc?: number;
  /** Moves to the next time control (absent: the clock covers the rest of the game). */
  movestogo?: number;
  /** Search only these root moves. */
  searchMoves?: number[];
  /** Search on the opponent's time until ponderhit (then timed) or stop. */
  ponder?: boolean;
}

/**
 * The opening's share of the soft bound: TmPlyBase per mille at ply 0, rising as the
 * square root of the ply to the whole bound at ply TmPlyFull and after. The early
 * moves are the best known to the search (the TT is full of the same lines) and the
 * time they leave goes to the middle game, as in Stockfish's ply-dependent scale,
 * whose curve this one follows: about 0.6 at the start, 0.9 by ply 20.
 */
export function plyScale(ply: number, P: SearchParams): number {
  const base = P.TmPlyBase / PER_MILLE;
  if (ply >= P.TmPlyFull || base >= 1) return 1;
  return base + (1 - base) * Math.sqrt(Math.max(0, ply) / P.TmPlyFull);
}

/** The bounds of one search, in milliseconds (Infinity when not limited). */
export class TimeBounds {
  /** No new iteration starts after this, in ms since `go` (scaled after each iteration). */
  soft = Infinity;
  /** The search stops at this, in ms since `go`. */
  hard = Infinity;
  /** True when soft/hard come from the clock (wtime/btime), not movetime. */
  managed = false;

  /**
   * Computes the bounds for side `us` (0 white) at game ply `ply`. `moveOverhead`
   * is kept back from the clock (the GUI's and the pipe's latency). The hard bound
   * is at most the time left after Move Overhead and the reserve, and at least 1.
   */
  set(limits: SearchLimits, us: number, moveOverhead: number, P: SearchParams, ply = 0): void {
    this.soft = this.hard = Infinity;
    this.managed = false;
    if (limits.movetime !== undefined && limits.movetime > 0) {
      const t = Math.max(1, limits.movetime - Math.min(moveOverhead, limits.movetime >> 1));
      this.soft = this.hard = t;
    }
    const time = us === 0 ? limits.wtime : limits.btime;
    if (time === undefined) return;
    const inc = Math.max(0, (us === 0 ? limits.winc : limits.binc) ?? 0);
    const mtg =
      limits.movestogo !== undefined && limits.movestogo > 0 ? Math.min(limits.movestogo, MOVES_TO_GO_MAX) : 0;
    const left = Math.max(1, time - moveOverhead);
    const scale = plyScale(ply, P);
    let soft: number, hard: number;
    if (mtg > 0) {
      soft = scale * (left / (mtg + MTG_RESERVE) + MTG_INC_SHARE * inc);
      hard = Math.min(soft * P.TmHardMult, left * (mtg === 1 ? LAST_MOVE_SHARE : P.TmMaxShare / PER_MILLE));
    } else {
      soft = (scale * (left + P.TmIncMoves * inc)) / P.TmBaseDiv;
      hard = Math.min(soft * P.TmHardMult, (left * P.TmMaxShare) / PER_MILLE);
    }
    // Never plan past what is on the clock.
    hard = Math.max(1, Math.min(hard, left - Math.min(left * CLOCK_RESERVE_SHARE, CLOCK_RESERVE_MS)));
    soft = Math.max(1, Math.min(soft, hard));
    this.soft = Math.min(this.soft, soft);
    this.hard = Math.min(this.hard, hard);
    this.managed = true;
  }
}

/** The iteration rule's stability count stops here: beyond it the term stays at its floor (1.3 - 8 x 0.06 = 0.82). */
const STABILITY_MAX = 8;
/** Each iteration halves the count of best-move changes before adding its own (Stockfish's decay). */
const CHANGE_DECAY = 0.5;
/** The score's trend compares with the score this many iterations back (or the first iteration's). */
const TREND_SPAN = 4;
/** The trend term's range: a rising score shortens the move, a falling one lengthens it, within these. */
const TREND_MIN = 0.75;
const TREND_MAX = 1.5;
/** A best move with TmShareStop per mille of the nodes stops early from this depth (shallower shares say little)... */
const SHARE_STOP_DEPTH = 10;
/** ...once this fraction of the scaled soft bound has passed (Stockfish's 0.65). */
const SHARE_STOP_FRACTION = 0.65;
/** The next iteration takes at least this many times the last: if that ends past the hard bound, it is not begun. */
const NEXT_ITERATION_GROWTH = 1.5;
/** No score known (the previous search's, or an iteration's). */
export const NO_SCORE = -0x7fffffff;

/** What the root reports after a completed iteration. */
export interface IterationReport {
  /** The iteration's best move and score. */
  bestMove: number;
  score: number;
  depth: number;
  /** How many times a new move took the lead during the iteration. */
  changes: number;
  /** The best move's share of the search's nodes so far, 0 to 1. */
  share: number;
  /** Milliseconds since `go`, and those of this iteration alone. */
  elapsed: number;
  iterationMs: number;
}

/** Why IterationRule.stop ended a search (for tests and the design notes). */
export const GO_ON = 0,
  STOP_SOFT = 1,
  STOP_SHARE = 2,
  STOP_CANNOT_FINISH = 3;

/**
 * The decision after each iteration of a search on the clock: stop when the elapsed
 * time passes soft x factor, where the factor is the product of
 * - stability: TmStabBase - TmStabStep per iteration in a row with the same best move
 *   (1.3 after a change, 0.82 after 8 iterations);
 * - instability: 1 + TmChangeMult per mille x the decaying count of best-move
 *   changes (halved each iteration, so the last few iterations' doubts count);
 * - trend: 1 + TmFallMult per mille per centipawn that the score fell, against the
 *   previous search's score and against the score TREND_SPAN iterations back,
 *   in [0.75, 1.5] (a rising score gives time back);
 * - share: TmShareBase - TmShareMult x the best move's share of the nodes.
 * Two more stops: from depth 10 a best move with TmShareStop per mille of the nodes
 * stops at 65% of that, and no iteration starts that cannot end by the hard bound.
 */
export class IterationRule {
  /** The last factor computed (1 before the first iteration). */
  factor = 1;
  private lastBest = 0;
  private stability = 0;
  private changes = 0;
  private previousScore = NO_SCORE;
  private readonly scores = new Int32Array(TREND_SPAN);
  private iterations = 0;

  /** Starts a search; `previousScore` is the score of the side's previous search in this game, or NO_SCORE. */
  begin(previousScore: number): void {
    this.factor = 1;
    this.lastBest = 0;
    this.stability = 0;
    this.changes = 0;
    this.previousScore = previousScore;
    this.iterations = 0;
  }

  /** After a completed iteration: GO_ON, or why to stop (STOP_SOFT, STOP_SHARE, STOP_CANNOT_FINISH). */
  stop(r: IterationReport, soft: number, hard: number, P: SearchParams): number {
    this.stability = r.bestMove === this.lastBest ? Math.min(this.stability + 1, STABILITY_MAX) : 0;
    this.lastBest = r.bestMove;
    this.changes = this.changes * CHANGE_DECAY + r.changes;
    const back = this.iterations < TREND_SPAN ? this.scores[0] : this.scores[this.iterations % TREND_SPAN];
    let fall = this.iterations > 0 ? back - r.score : 0;
    if (this.previousScore !== NO_SCORE) fall += this.previousScore - r.score;
    this.scores[this.iterations % TREND_SPAN] = r.score;
    this.iterations++;

    const stability = (P.TmStabBase - P.TmStabStep * this.stability) / PER_MILLE;
    const instability = 1 + (P.TmChangeMult * this.changes) / PER_MILLE;
    const trend = Math.max(TREND_MIN, Math.min(TREND_MAX, 1 + (P.TmFallMult * fall) / PER_MILLE));
    const share = (P.TmShareBase - P.TmShareMult * r.share) / PER_MILLE;
    this.factor = Math.max(0, stability * instability * trend * share);
    const budget = soft * this.factor;
    if (r.elapsed > budget) return STOP_SOFT;
    if (r.depth >= SHARE_STOP_DEPTH && r.share * PER_MILLE >= P.TmShareStop && r.elapsed > budget * SHARE_STOP_FRACTION)
      return STOP_SHARE;
    if (r.elapsed + r.iterationMs * NEXT_ITERATION_GROWTH > hard) return STOP_CANNOT_FINISH;
    return GO_ON;
  }
}
