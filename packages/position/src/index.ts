/**
 * @tempo-chess/position: the board, FEN in and out, Zobrist keys, the state stack, and
 * doMove/undoMove/doNullMove with every incremental value checked against its
 * from-scratch twin in debug builds.
 *
 * @module @tempo-chess/position
 */
export {
  Position,
  FenError,
  type Key64,
  type PositionOptions,
  WHITE_OO,
  WHITE_OOO,
  BLACK_OO,
  BLACK_OOO,
} from './position';
export { parseFen, START_FEN, type ParsedFen, type Result } from './fen';
export * from './move';
export * from './layout';
export { type PsqTable, ZERO_PSQ, makeScore, mgScore, egScore, makePsqTable } from './psq';
export * from './state';
export { type CastlingSetup } from './castling';
export { attackersTo, isAttacked, epCaptureIsLegal, anyEpCaptureIsLegal, sliderBlockers } from './attacks';
export { posIsOk, assertPositionOk, computeKeys, computeCheckInfo } from './verify';
export { setCheckInfo } from './checks';
export { toFen, moveToUci } from './io';
export { isDraw, isFiftyMoveDraw, isRepetitionDraw, hasInsufficientMaterial } from './draw';
export * as Zobrist from './zobrist';
