/**
 * The table of incremental evaluation terms that a Position keeps up to date. The
 * evaluation package builds the real one and hands it to the position at
 * construction, so position never imports eval. Values are from white's point of
 * view: the table entries of black pieces carry their own sign.
 */
export interface PsqTable {
  /** Middlegame piece-square values, index `piece * 64 + sq`. */
  readonly mg: Int32Array;
  /** Endgame piece-square values, index `piece * 64 + sq`. */
  readonly eg: Int32Array;
  /** Game-phase weight of each piece code (e.g. knight 1, rook 2, queen 4). */
  readonly phase: Int32Array;
  /** Non-pawn material value of each piece code (0 for pawns and kings). */
  readonly nonPawn: Int32Array;
}

/** A table of zeros: positions built with it keep every incremental score at 0. */
export const ZERO_PSQ: PsqTable = {
  mg: new Int32Array(16 * 64),
  eg: new Int32Array(16 * 64),
  phase: new Int32Array(16),
  nonPawn: new Int32Array(16),
};
