/**
 * @tempo-chess/movegen: legal move generation (all, captures, quiets, quiet checks, evasions), bulk
 * counting, legal/pseudoLegal/givesCheck for single moves, SEE, perft.
 *
 * @module @tempo-chess/movegen
 */
export {
  MAX_MOVES,
  MoveStack,
  generateLegal,
  generateCaptures,
  generateQuiets,
  generateEvasions,
  legalMoves,
} from './list';
export { countLegal } from './count';
export { generateQuietChecks } from './quiet-checks';
export { legal, pseudoLegal, givesCheck } from './legality';
export { perft, divide } from './perft';
export { parseUciMove } from './uci';
export { attackersTo, isAttacked, epCaptureIsLegal } from '@tempo-chess/position';
export { see, SEE_VALUE } from './see';
