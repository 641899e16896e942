/**
 * @tempo-chess/bitboard: squares, colours and pieces as small integers, 64-bit sets as two
 * uint32 halves, leaper and geometry tables, and slider attacks by 32-bit magics.
 *
 * @module @tempo-chess/bitboard
 */
export * from './types';
export * from './bits';
export * from './masks';
export {
  KNIGHT_ATTACKS,
  KING_ATTACKS,
  PAWN_ATTACKS,
  BETWEEN,
  LINE,
  ROOK_DIRECTIONS,
  BISHOP_DIRECTIONS,
  slidingAttacksSlow,
} from './tables';
export {
  type MagicTable,
  ROOK_MAGIC,
  BISHOP_MAGIC,
  ROOK_TABLE,
  BISHOP_TABLE,
  rookIndex,
  bishopIndex,
  ROOK_PARAMS,
  BISHOP_PARAMS,
  magicIndex,
  ROOK_RAYS,
  BISHOP_RAYS,
  ROOK_STEPS,
  BISHOP_STEPS,
  relevantMask,
  occupancyFromIndex,
} from './magics';
