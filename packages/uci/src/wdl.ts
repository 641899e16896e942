/**
 * UCI_ShowWDL's model: a score and the material on the board to win, draw and loss
 * chances per mille, in Stockfish's form (its uci.cpp win_rate_model) with a shift: with
 * the material m (pawns 1, knights and bishops 3, rooks 5, queens 9, both sides, at most
 * 78, divided by 58; no lower bound, as Tempo's low-material positions are drawier at the
 * same score) and the score x in centipawns from the side to move's view,
 *
 *   win = 1 / (1 + exp((a(m) - (x - s)) / b(m))),   loss = the same at -(x - s),   draw = the rest,
 *
 * with a and b cubics in m and s a shift of a few centipawns (the side to move's score
 * means a little less than the same score of the side not to move). The coefficients
 * are Tempo's own, fitted by tools/tune/scripts/fit-wdl.py (maximum likelihood of the
 * games' results, scores within 400 cp) on the first 28,000 games of the self-play set
 * seed302-nodes2500 (games of the default net, tempo-6d94f0b4, at 2,500 nodes a move;
 * `pnpm datagen --net`, tools/tune/README.md; parts games-000000-000099 to
 * games-027900-027999), leaving out lone-king endings, which evaluateNet scores by rule,
 * and the 615 games the player of those records drew from them: 622,010 records fitted,
 * every second game held out. On the held-out games (613,657 records) the expected score
 * (win + draw / 2) of each of the 33 25-cp bins with at least 200 positions is within
 * 1.22 percentage points of the observed one; fitted on the other half instead, 1.52
 * (docs/measurements/wdl-fit.txt, wdl-fit.png).
 */
import { typeOf, KNIGHT, BISHOP, ROOK, QUEEN, PAWN } from '@tempo-chess/bitboard';

/** a(m) = AS[0] m^3 + AS[1] m^2 + AS[2] m + AS[3]: the score (cp) at which a win is as likely as not. */
const AS = [-193.166, 600.984, -665.708, 331.689] as const;
/** b(m), likewise: the width of the curve (cp). */
const BS = [22.846, -97.876, 157.632, 43.298] as const;
/** s: the score (cp) read as even. */
export const WDL_SHIFT = 5.402;

const VALUE = [0, 0, 0, 0, 0, 0, 0, 0];
VALUE[PAWN] = 1;
VALUE[KNIGHT] = 3;
VALUE[BISHOP] = 3;
VALUE[ROOK] = 5;
VALUE[QUEEN] = 9;

/** The model's material count of a board (piece codes by square, as Position.board). */
export function materialOf(board: ArrayLike<number>): number {
  let m = 0;
  for (let sq = 0; sq < 64; sq++) m += VALUE[typeOf(board[sq])];
  return m;
}

/** The win and loss chances (0..1) of score `cp` with `material` on the board. */
function rates(cp: number, material: number): { win: number; loss: number } {
  const m = Math.min(78, material) / 58;
  const a = ((AS[0] * m + AS[1]) * m + AS[2]) * m + AS[3];
  const b = Math.max(1, ((BS[0] * m + BS[1]) * m + BS[2]) * m + BS[3]);
  const x = cp - WDL_SHIFT;
  return { win: 1 / (1 + Math.exp((a - x) / b)), loss: 1 / (1 + Math.exp((a + x) / b)) };
}

/**
 * ` wdl W D L`'s three numbers, per mille, summing to 1000: for a score in
 * centipawns (kind `cp`) from the model, for a mate certain (`mate` N > 0 wins,
 * N <= 0 loses).
 */
export function wdl(kind: 'cp' | 'mate', value: number, material: number): [number, number, number] {
  if (kind === 'mate') return value > 0 ? [1000, 0, 0] : [0, 0, 1000];
  const { win, loss } = rates(value, material);
  const w = Math.round(1000 * win);
  const l = Math.round(1000 * loss);
  return [w, 1000 - w - l, l];
}
