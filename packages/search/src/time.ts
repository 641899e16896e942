/**
 * Time management: a soft bound (checked after each iteration, scaled by best-move
 * stability, score drops and the share of nodes spent on the best move) and a hard
 * bound (checked every 64 nodes). Both are measured from the `go` command.
 */
import type { SearchParams } from './params';

/** movestogo beyond this plans as this many moves. */
const MOVES_TO_GO_MAX = 50;
/** With movestogo: soft = time / (movestogo + MTG_RESERVE) + MTG_INC_SHARE x increment. */
const MTG_RESERVE = 2;
const MTG_INC_SHARE = 0.8;
/** With the last move before the time control the hard bound may use this share of the time left. */
const LAST_MOVE_SHARE = 0.9;
/** The hard bound leaves at least min(CLOCK_RESERVE_SHARE x time, CLOCK_RESERVE_MS) on the clock. */
const CLOCK_RESERVE_SHARE = 0.1;
const CLOCK_RESERVE_MS = 50;
/** TmMaxShare is per mille. */
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

/** The bounds of one search, in milliseconds (Infinity when not limited). */
export class TimeBounds {
  /** No new iteration starts after this, in ms since `go` (scaled after each iteration). */
  soft = Infinity;
  /** The search stops at this, in ms since `go`. */
  hard = Infinity;
  /** True when soft/hard come from the clock (wtime/btime), not movetime. */
  managed = false;

  /**
   * Computes the bounds for side `us` (0 white). `moveOverhead` is kept back for
   * every move still to play (the GUI's and the pipe's latency).
   */
  set(limits: SearchLimits, us: number, moveOverhead: number, P: SearchParams): void {
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
    let soft: number, hard: number;
    if (mtg > 0) {
      soft = left / (mtg + MTG_RESERVE) + MTG_INC_SHARE * inc;
      hard = Math.min(soft * P.TmHardMult, left * (mtg === 1 ? LAST_MOVE_SHARE : P.TmMaxShare / PER_MILLE));
    } else {
      soft = (left + P.TmIncMoves * inc) / P.TmBaseDiv;
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
