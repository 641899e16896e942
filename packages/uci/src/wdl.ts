/**
 * UCI_ShowWDL's model: a score and the material on the board to win, draw and loss
 * chances per mille, in Stockfish's form (its uci.cpp win_rate_model): with the material
 * m (pawns 1, knights and bishops 3, rooks 5, queens 9, both sides, clamped to 17..78,
 * divided by 58) and the score x in centipawns from the side to move's view,
 *
 *   win = 1 / (1 + exp((a(m) - x) / b(m))),   loss = the same at -x,   draw = the rest,
 *
 * with a and b cubics in m. The coefficients are Tempo's own, fitted by
 * tools/tune/scripts/fit-wdl.py (maximum likelihood of the games' results, scores
 * within 400 cp) on the first 16,000 games of the self-play set seed302-nodes2500
 * (games of the default net, tempo-6d94f0b4, at 2,500 nodes a move; `pnpm datagen
 * --net`, tools/tune/README.md; parts games-000000-000099 to games-015900-015999):
 * 380,252 records fitted, every second game held out. On the held-out games (372,524
 * records) the expected score (win + draw / 2) of the 33 25-cp bins with at least 200
 * positions is within 4.2 percentage points of the observed one
 * (docs/measurements/wdl-fit.txt, wdl-fit.png): the observed curve is steeper than the
 * model's between 100 and 300 cp either way, which its symmetric form does not follow.
 */
import { typeOf, KNIGHT, BISHOP, ROOK, QUEEN, PAWN } from '@tempo-chess/bitboard';

/** a(m) = AS[0] m^3 + AS[1] m^2 + AS[2] m + AS[3]: the score (cp) at which a win is as likely as not. */
const AS = [125.081, -129.121, -258.853, 343.951] as const;
/** b(m), likewise: the width of the curve (cp). */
const BS = [-106.426, 116.51, 77.005, 66.621] as const;

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
  const m = Math.min(78, Math.max(17, material)) / 58;
  const a = ((AS[0] * m + AS[1]) * m + AS[2]) * m + AS[3];
  const b = Math.max(1, ((BS[0] * m + BS[1]) * m + BS[2]) * m + BS[3]);
  return { win: 1 / (1 + Math.exp((a - cp) / b)), loss: 1 / (1 + Math.exp((a + cp) / b)) };
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
