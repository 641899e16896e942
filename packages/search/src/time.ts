/**
 * Time management: a soft bound (checked after each iteration, scaled by best-move
 * stability, score drops and the share of nodes spent on the best move) and a hard
 * bound (checked every 64 nodes). Both are measured from the `go` command.
 */
import type { SearchParams } from './params';

/** The `go` limits, as the UCI command gives them (milliseconds). */
export interface SearchLimits {
  depth?: number;
  nodes?: number;
  movetime?: number;
  /** Stop once a mate in this many moves (or fewer) is proven. */
  mate?: number;
  infinite?: boolean;
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  /** Search only these root moves. */
  searchMoves?: number[];
  /** Search on the opponent's time until ponderhit (then timed) or stop. */
  ponder?: boolean;
}

/** The bounds of one search, in milliseconds (Infinity when not limited). */
export class TimeBounds {
  soft = Infinity;
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
    const mtg = limits.movestogo !== undefined && limits.movestogo > 0 ? Math.min(limits.movestogo, 50) : 0;
    const left = Math.max(1, time - moveOverhead);
    let soft: number, hard: number;
    if (mtg > 0) {
      soft = left / (mtg + 2) + 0.8 * inc;
      hard = Math.min(soft * P.TmHardMult, left * (mtg === 1 ? 0.9 : P.TmMaxShare / 1000));
    } else {
      soft = (left + P.TmIncMoves * inc) / P.TmBaseDiv;
      hard = Math.min(soft * P.TmHardMult, (left * P.TmMaxShare) / 1000);
    }
    // Never plan past what is on the clock.
    hard = Math.max(1, Math.min(hard, left - Math.min(left * 0.1, 50)));
    soft = Math.max(1, Math.min(soft, hard));
    this.soft = Math.min(this.soft, soft);
    this.hard = Math.min(this.hard, hard);
    this.managed = true;
  }
}
