/**
 * Attack queries on a board given as piece bitboards (Position.bb: piece p's set at
 * bb[2p], bb[2p + 1]; colour c's whole set at bb[16c], bb[16c + 1]).
 */
import {
  BISHOP_TABLE,
  KING_ATTACKS,
  KNIGHT_ATTACKS,
  PAWN_ATTACKS,
  ROOK_TABLE,
  bishopIndex,
  rookIndex,
} from '@tempo/bitboard';

// Piece-code offsets into bb (2 * piece).
const WP = 2, WN = 4, WB = 6, WR = 8, WQ = 10, WK = 12;
const BP = 18, BN = 20, BB = 22, BR = 24, BQ = 26, BK = 28;

/**
 * All pieces of both colours attacking sq, given occupancy (occLo, occHi) for slider
 * rays. Writes the set to out[0], out[1]. Pieces are taken from bb; callers that
 * simulate a capture mask the captured piece out of the result themselves.
 */
export function attackersTo(bb: Int32Array, sq: number, occLo: number, occHi: number, out: Int32Array): void {
  const s2 = sq << 1;
  const r = rookIndex(sq, occLo, occHi);
  const b = bishopIndex(sq, occLo, occHi);
  const rqLo = bb[WR] | bb[WQ] | bb[BR] | bb[BQ];
  const rqHi = bb[WR + 1] | bb[WQ + 1] | bb[BR + 1] | bb[BQ + 1];
  const bqLo = bb[WB] | bb[WQ] | bb[BB] | bb[BQ];
  const bqHi = bb[WB + 1] | bb[WQ + 1] | bb[BB + 1] | bb[BQ + 1];
  out[0] =
    (ROOK_TABLE[r] & rqLo) |
    (BISHOP_TABLE[b] & bqLo) |
    (KNIGHT_ATTACKS[s2] & (bb[WN] | bb[BN])) |
    (KING_ATTACKS[s2] & (bb[WK] | bb[BK])) |
    (PAWN_ATTACKS[128 + s2] & bb[WP]) | // white pawns attack sq from where a black pawn on sq would attack
    (PAWN_ATTACKS[s2] & bb[BP]);
  out[1] =
    (ROOK_TABLE[r + 1] & rqHi) |
    (BISHOP_TABLE[b + 1] & bqHi) |
    (KNIGHT_ATTACKS[s2 + 1] & (bb[WN + 1] | bb[BN + 1])) |
    (KING_ATTACKS[s2 + 1] & (bb[WK + 1] | bb[BK + 1])) |
    (PAWN_ATTACKS[128 + s2 + 1] & bb[WP + 1]) |
    (PAWN_ATTACKS[s2 + 1] & bb[BP + 1]);
}

/**
 * Whether any piece of colour `by` attacks sq, with slider rays computed on
 * occupancy (occLo, occHi). Cheaper than attackersTo: stops at the first hit.
 */
export function isAttacked(bb: Int32Array, sq: number, by: number, occLo: number, occHi: number): boolean {
  const s2 = sq << 1;
  const o = by << 4; // colour offset into piece codes * 2
  if ((KNIGHT_ATTACKS[s2] & bb[o + 4]) | (KNIGHT_ATTACKS[s2 + 1] & bb[o + 5])) return true;
  const p = ((by ^ 1) << 7) + s2; // a pawn of `by` attacks sq iff a pawn of the other colour on sq attacks it
  if ((PAWN_ATTACKS[p] & bb[o + 2]) | (PAWN_ATTACKS[p + 1] & bb[o + 3])) return true;
  if ((KING_ATTACKS[s2] & bb[o + 12]) | (KING_ATTACKS[s2 + 1] & bb[o + 13])) return true;
  const r = rookIndex(sq, occLo, occHi);
  if ((ROOK_TABLE[r] & (bb[o + 8] | bb[o + 10])) | (ROOK_TABLE[r + 1] & (bb[o + 9] | bb[o + 11]))) return true;
  const b = bishopIndex(sq, occLo, occHi);
  return ((BISHOP_TABLE[b] & (bb[o + 6] | bb[o + 10])) | (BISHOP_TABLE[b + 1] & (bb[o + 7] | bb[o + 11]))) !== 0;
}
