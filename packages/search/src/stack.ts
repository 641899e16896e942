/**
 * The search stack (Stockfish's `Stack`): what each ply of the line being searched
 * keeps for the plies below it, one Int32Array per field. The slot of ply p is
 * p + STACK_OFFSET, so the slots of plies -4 to -1 exist (no move, no eval) and a node
 * reads ss.staticEval[sp - 4] or ss.cont[sp - 2] without a test. Nothing allocates
 * per node.
 */
import { MAX_PLY, VALUE_NONE } from './constants';

/** Slot of ply 0: sp = ply + STACK_OFFSET. */
export const STACK_OFFSET = 4;

export class SearchStack {
  /** The corrected static eval (VALUE_NONE in check). */
  readonly staticEval = new Int32Array(MAX_PLY + 2 * STACK_OFFSET);
  /** The move played from this ply (0 for none and for a null move). */
  readonly move = new Int32Array(MAX_PLY + 2 * STACK_OFFSET);
  /** Continuation-history row offset of that move (pieceTo << CONT_ROW_SHIFT; 0 for none). */
  readonly cont = new Int32Array(MAX_PLY + 2 * STACK_OFFSET);
  /** The move a singular verification search leaves out at this ply (0: none). */
  readonly excluded = new Int32Array(MAX_PLY + 2 * STACK_OFFSET);
  /** Double extensions on the line down to this ply. */
  readonly doubleExt = new Int32Array(MAX_PLY + 2 * STACK_OFFSET);

  /** Empties every slot (before a search). */
  reset(): void {
    this.staticEval.fill(VALUE_NONE);
    this.move.fill(0);
    this.cont.fill(0);
    this.excluded.fill(0);
    this.doubleExt.fill(0);
  }
}
