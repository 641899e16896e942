/** Test helpers shared by the package's tests (not exported from the package). */
import type { Position } from '@tempo-chess/position';
import { featureIndex } from './features';

/** The position's features from both perspectives, by featureIndex (not the stack's table): the from-scratch reference's input. */
export function boardFeatures(pos: Position): [number[], number[]] {
  const white: number[] = [],
    black: number[] = [];
  for (let sq = 0; sq < 64; sq++) {
    const piece = pos.board[sq];
    if (piece === 0) continue;
    white.push(featureIndex(0, piece >> 3, piece & 7, sq));
    black.push(featureIndex(1, piece >> 3, piece & 7, sq));
  }
  return [white, black];
}
