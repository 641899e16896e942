/**
 * Engine output as a person reads it: scores from White's side (the board's convention,
 * not UCI's side-to-move one), the evaluation bar's share, principal variations in SAN
 * with move numbers (checked move by move with chessops), speeds in kn/s.
 */
import { makeSanAndPlay } from 'chessops/san';
import { normalizeMove } from 'chessops/chess';
import { parseUci } from 'chessops/util';
import type { Color, NormalMove } from 'chessops/types';
import type { InfoScore } from '@tempo-chess/uci/browser';
import { positionFromFen } from './game';

/** The score from White's point of view: `+0.35`, `-1.20`, `#3` (White mates), `#-2`. */
export function formatScore(score: InfoScore, turn: Color): string {
  const sign = turn === 'white' ? 1 : -1;
  if (score.mate !== undefined) return `#${score.mate * sign}`;
  const cp = score.cp * sign;
  return `${cp > 0 ? '+' : cp < 0 ? '-' : ''}${(Math.abs(cp) / 100).toFixed(2)}`;
}

/** The score from White's point of view (UCI's is the side to move's). */
export function whiteView(score: InfoScore, turn: Color): InfoScore {
  const sign = turn === 'white' ? 1 : -1;
  return score.mate !== undefined ? { mate: score.mate * sign } : { cp: score.cp * sign };
}

/**
 * Pawns from White's side for the graph, clamped at +/-10; a mate is the clamp on its
 * side (`mate 0`, the side to move mated, is -0 from White's view when Black is mated).
 */
export function graphPawns(white: InfoScore): number {
  if (white.mate !== undefined) return white.mate > 0 || Object.is(white.mate, -0) ? 10 : -10;
  return Math.max(-10, Math.min(10, white.cp / 100));
}

/**
 * White's share of the evaluation bar, 0..1: a logistic of the centipawns (lichess'
 * "winning chances", 2 / (1 + e^(-0.00368208 cp)) - 1, halved and shifted), so +1 pawn
 * is a visible step and +10 nearly fills the bar; a mate fills it.
 */
export function whiteShare(score: InfoScore, turn: Color): number {
  const sign = turn === 'white' ? 1 : -1;
  if (score.mate !== undefined) return score.mate * sign > 0 || (score.mate === 0 && sign < 0) ? 1 : 0;
  const chances = 2 / (1 + Math.exp(-0.00368208 * score.cp * sign)) - 1;
  return 0.5 + chances / 2;
}

/**
 * A pv in SAN from `fen`: `12. Nf3 Nc6 13. Bb5` (`12... Nc6` when Black starts). Stops
 * at the first move that does not parse or is not legal and marks it, so a broken pv
 * shows as broken rather than as a wrong line.
 */
export function pvToSan(fen: string, pv: string[], maxMoves = 12): string {
  const pos = positionFromFen(fen);
  const out: string[] = [];
  for (let i = 0; i < pv.length && i < maxMoves; i++) {
    const parsed = parseUci(pv[i]!);
    const move = parsed && 'from' in parsed ? (normalizeMove(pos, parsed) as NormalMove) : undefined;
    if (!move || !pos.isLegal(move)) {
      out.push(`(illegal ${pv[i]})`);
      break;
    }
    if (pos.turn === 'white') out.push(`${pos.fullmoves}.`);
    else if (i === 0) out.push(`${pos.fullmoves}...`);
    out.push(makeSanAndPlay(pos, move));
  }
  return out.join(' ');
}

/** Nodes a second as `845 kn/s` or `1.24 Mn/s`. */
export function formatNps(nps: number): string {
  if (nps >= 1_000_000) return `${(nps / 1_000_000).toFixed(2)} Mn/s`;
  return `${Math.round(nps / 1000)} kn/s`;
}
