/**
 * The move-ordering statistics of one search thread: quiet (butterfly) history,
 * capture history, continuation histories, killers and counter moves, and the
 * correction histories of the static eval. Flat typed arrays, updated with
 * "gravity" (h += bonus - h * |bonus| / max) so every value stays within its bound.
 * Every bound fits 16 bits (HISTORY_MAX 16384 with bonuses up to 6000 stays within
 * +/-16384; corrections are clamped to CORR_MAX 24576), so the tables are Int16Arrays:
 * half the cache lines for the same values.
 */
import { CORR_SIZE, MAX_PLY } from './constants';

/** Continuation-history rows: one per (piece, to) pair of the earlier move; row 0 is the "no move" sentinel. */
export const CONT_ROWS = 1024;

export class Heuristics {
  /** Quiet history by side and from/to: index (side << 12) | (move & 0xfff). */
  readonly main = new Int16Array(2 * 4096);
  /** Capture history: index (piece << 9) | (to << 3) | captured type. */
  readonly capture = new Int16Array(16 * 64 * 8);
  /** Continuation history: row (piece << 6 | to) of an earlier move, times 1024, plus (piece << 6 | to) of this one. */
  readonly cont = new Int16Array(CONT_ROWS * CONT_ROWS);
  /** Counter move by (piece << 6 | to) of the previous move. */
  readonly counter = new Int32Array(CONT_ROWS);
  /** Two killers per ply. */
  readonly killers = new Int32Array(2 * (MAX_PLY + 8));
  /** Static-eval corrections by side and pawn key, in CORR_GRAIN units. */
  readonly corrPawn = new Int16Array(2 * CORR_SIZE);
  /** Static-eval corrections by side and material key. */
  readonly corrMaterial = new Int16Array(2 * CORR_SIZE);

  /** Forgets everything (ucinewgame). */
  clear(): void {
    this.main.fill(0);
    this.capture.fill(0);
    this.cont.fill(0);
    this.counter.fill(0);
    this.killers.fill(0);
    this.corrPawn.fill(0);
    this.corrMaterial.fill(0);
  }
}
