/**
 * The incremental table a Position is built with: material plus piece-square
 * values as packed (mg, eg) scores, phase weights and non-pawn material, all
 * from white's point of view (black's entries carry their sign).
 */
import { makePsqTable, type PsqTable } from '@tempo-chess/position';
import { MATERIAL, PSQ_PAWN } from './layout';
import { DEFAULT_PARAMS, type EvalParams } from './params';

/** Game-phase weight by piece type (index 0..6): knight 1, bishop 1, rook 2, queen 4; 24 at the start. */
export const PHASE_WEIGHT = [0, 0, 1, 1, 2, 4, 0];
/** The phase of the starting material, where the blend is all middlegame (promotions can exceed it; the blend clamps). */
export const PHASE_MAX = 24;
/**
 * Non-pawn material by piece type, fixed (not tuned) so that the endgame rules and
 * the search's null-move test do not move with the tuner: knight 320, bishop 330,
 * rook 500, queen 950.
 */
export const NONPAWN_VALUE = [0, 0, 320, 330, 500, 950, 0];

/** The Position table for a parameter table: material + PSQT packed, phase weights, non-pawn material. */
export function makeEvalPsq(params: EvalParams): PsqTable {
  const mg = new Int32Array(16 * 64),
    eg = new Int32Array(16 * 64);
  const phase = new Int32Array(16),
    nonPawn = new Int32Array(16);
  for (let t = 1; t <= 6; t++) {
    const mat = t < 6 ? MATERIAL + t - 1 : -1;
    const o = PSQ_PAWN + 64 * (t - 1);
    for (let sq = 0; sq < 64; sq++) {
      const m = (mat >= 0 ? params.mg[mat] : 0) + params.mg[o + sq];
      const e = (mat >= 0 ? params.eg[mat] : 0) + params.eg[o + sq];
      mg[(t << 6) + sq] = m;
      eg[(t << 6) + sq] = e;
      // A black piece on sq stands where a white one would on sq ^ 56.
      const bsq = sq ^ 56;
      mg[((8 | t) << 6) + bsq] = -m;
      eg[((8 | t) << 6) + bsq] = -e;
    }
    phase[t] = phase[8 | t] = PHASE_WEIGHT[t];
    nonPawn[t] = nonPawn[8 | t] = NONPAWN_VALUE[t];
  }
  return makePsqTable(mg, eg, phase, nonPawn);
}

/** The table of DEFAULT_PARAMS (also that of the `pesto-only` preset, which shares its material and tables). */
export const DEFAULT_PSQ: PsqTable = makeEvalPsq(DEFAULT_PARAMS);
