/**
 * The table of incremental evaluation terms that a Position keeps up to date. The
 * evaluation package builds the real one and hands it to the position at
 * construction, so position never imports eval. Values are from white's point of
 * view: the table entries of black pieces carry their own sign.
 *
 * Middlegame and endgame values travel packed in one int32 (Stockfish's Score):
 * `(eg << 16) + mg`. Packed scores add and subtract as plain integers as long as
 * every sum's mg and eg stay within int16, so doMove moves one word, not two.
 */
export interface PsqTable {
  /** Packed (mg, eg) piece-square values, index `piece * 64 + sq` (see makeScore). */
  readonly score: Int32Array;
  /** Game-phase weight of each piece code (e.g. knight 1, rook 2, queen 4). */
  readonly phase: Int32Array;
  /** Non-pawn material value of each piece code (0 for pawns and kings). */
  readonly nonPawn: Int32Array;
}

/** Packs a middlegame and an endgame value (each within int16) into one score. */
export const makeScore = (mg: number, eg: number): number => ((eg << 16) + mg) | 0;
/** The middlegame half of a packed score. */
export const mgScore = (s: number): number => (s << 16) >> 16;
/** The endgame half of a packed score (rounded for the borrow of a negative mg). */
export const egScore = (s: number): number => (s + 0x8000) >> 16;

/**
 * A table from separate middlegame and endgame piece-square values (index
 * `piece * 64 + sq`); throws a RangeError for a value outside int16.
 */
export function makePsqTable(
  mg: ArrayLike<number>,
  eg: ArrayLike<number>,
  phase: ArrayLike<number>,
  nonPawn: ArrayLike<number>,
): PsqTable {
  if (mg.length !== 16 * 64 || eg.length !== 16 * 64) throw new RangeError('psq: mg and eg need 16 * 64 entries');
  if (phase.length !== 16 || nonPawn.length !== 16) throw new RangeError('psq: phase and nonPawn need 16 entries');
  const score = new Int32Array(16 * 64);
  for (let i = 0; i < 16 * 64; i++) {
    for (const v of [mg[i], eg[i]])
      if (!Number.isInteger(v) || v < -32768 || v > 32767)
        throw new RangeError(`psq: value ${v} at index ${i} is not an int16`);
    score[i] = makeScore(mg[i], eg[i]);
  }
  return { score, phase: Int32Array.from(phase), nonPawn: Int32Array.from(nonPawn) };
}

/** A table of zeros: positions built with it keep every incremental score at 0. */
export const ZERO_PSQ: PsqTable = {
  score: new Int32Array(16 * 64),
  phase: new Int32Array(16),
  nonPawn: new Int32Array(16),
};
