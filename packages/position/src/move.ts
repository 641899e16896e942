/**
 * A move is a 16-bit integer: from (bits 0-5) | to (6-11) | promotion piece type
 * minus KNIGHT (12-13) | type (14-15). Castling is encoded as "king captures own
 * rook" (to = the rook's square), which makes Chess960 free; the UCI text is made
 * only at the boundary. 0 is "no move" (a1a1 is never a move).
 */
import type { PieceType, Square } from '@tempo-chess/bitboard';

// Only a type import: an import-free module lets esbuild inline NORMAL ... CASTLING
// into the hot code (see bitboard's masks.ts). Hence the literal below.
const KNIGHT = 2; // as in @tempo-chess/bitboard; the promotion tests in position.test.ts pin it

/** A move as a 16-bit integer (see above); MOVE_NONE is 0. */
export type Move = number;

/** No move. */
export const MOVE_NONE = 0;
/** Move type: a normal move or capture. */
export const NORMAL = 0;
/** Move type: a promotion (the piece type in bits 12-13). */
export const PROMOTION = 0x4000;
/** Move type: an en passant capture. */
export const EN_PASSANT = 0x8000;
/** Move type: castling, as the king taking its own rook. */
export const CASTLING = 0xc000;

/*
 * The fields' masks and shifts, for innermost loops that decode a move in place:
 * from = m & SQUARE_MASK, to = (m >>> TO_SHIFT) & SQUARE_MASK, type = m & MOVE_TYPE_MASK,
 * promotion type = ((m >>> PROMOTION_SHIFT) & PROMOTION_MASK) + KNIGHT, and
 * m & FROM_TO_MASK = from | to << TO_SHIFT (a butterfly table's index).
 */
/** A square field's mask. */
export const SQUARE_MASK = 63;
/** Where the to-square starts. */
export const TO_SHIFT = 6;
/** The from and to squares together. */
export const FROM_TO_MASK = 0xfff;
/** Where the promotion piece's field starts. */
export const PROMOTION_SHIFT = 12;
/** The promotion piece's field mask (after the shift). */
export const PROMOTION_MASK = 3;
/** The move type's bits. */
export const MOVE_TYPE_MASK = 0xc000;

/** The square a move leaves. */
export const moveFrom = (m: Move): Square => m & 63;
/** The square a move goes to (the rook's for castling). */
export const moveTo = (m: Move): Square => (m >>> 6) & 63;
/** from | to << 6: the index of a butterfly (from-to) table. */
export const moveFromTo = (m: Move): number => m & 0xfff;
/** NORMAL, PROMOTION, EN_PASSANT or CASTLING. */
export const moveType = (m: Move): number => m & 0xc000;
/** The promotion piece type (KNIGHT..QUEEN); meaningful only for PROMOTION moves. */
export const promotionType = (m: Move): PieceType => ((m >>> 12) & 3) + KNIGHT;

/** A normal move from one square to another. */
export const makeMove = (from: Square, to: Square): Move => from | (to << 6);
/** A promotion to piece type `promo` (KNIGHT..QUEEN). */
export const makePromotion = (from: Square, to: Square, promo: PieceType): Move =>
  from | (to << 6) | ((promo - KNIGHT) << 12) | PROMOTION;
/** A move of the given type: NORMAL, PROMOTION (to a knight), EN_PASSANT or CASTLING. */
export const makeSpecial = (from: Square, to: Square, type: number): Move => from | (to << 6) | type;
