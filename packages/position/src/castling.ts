/**
 * Castling setup of a position, fixed when the FEN is read (the same tables serve
 * standard chess and Chess960). A castling move is encoded king-takes-own-rook, so
 * tables are indexed by the rook's square or by the right's bit.
 */
import { BETWEEN } from '@tempo-chess/bitboard';

/** The castling geometry of a position (standard or Chess960). */
export interface CastlingSetup {
  /** rights &= rightsMask[from] & rightsMask[to] after every move. */
  readonly rightsMask: Uint8Array;
  /** Rook square of each right, index = right bit (1, 2, 4, 8); 64 when absent. */
  readonly rookSquare: Uint8Array;
  /** King destinations, index = castling rook's square. */
  readonly kingTo: Uint8Array;
  /** Rook destinations, index = castling rook's square. */
  readonly rookTo: Uint8Array;
  /** Squares that must be empty (king and rook excluded), index 2 * right bit. */
  readonly emptyPath: Int32Array;
  /** Squares the king passes or lands on, which must not be attacked, index 2 * right bit. */
  readonly kingPath: Int32Array;
  /** Registers a right (1, 2, 4 or 8) with the king and rook squares from the FEN. */
  add(right: number, kingSq: number, rookSq: number): void;
}

const setSq = (t: Int32Array, i: number, sq: number) => {
  if (sq < 32) t[i] |= 1 << sq;
  else t[i + 1] |= 1 << (sq - 32);
};
const clearSq = (t: Int32Array, i: number, sq: number) => {
  if (sq < 32) t[i] &= ~(1 << sq);
  else t[i + 1] &= ~(1 << (sq - 32));
};

export function setupCastling(): CastlingSetup {
  const rightsMask = new Uint8Array(64).fill(15);
  const rookSquare = new Uint8Array(16).fill(64);
  const kingTo = new Uint8Array(64);
  const rookTo = new Uint8Array(64);
  const emptyPath = new Int32Array(32);
  const kingPath = new Int32Array(32);
  return {
    rightsMask,
    rookSquare,
    kingTo,
    rookTo,
    emptyPath,
    kingPath,
    add(right, kingSq, rookSq) {
      const back = kingSq & 56;
      const kingSide = rookSq > kingSq;
      const kTo = back + (kingSide ? 6 : 2);
      const rTo = back + (kingSide ? 5 : 3);
      const colorRights = right <= 2 ? 3 : 12;
      rightsMask[kingSq] &= ~colorRights;
      rightsMask[rookSq] &= ~right;
      rookSquare[right] = rookSq;
      kingTo[rookSq] = kTo;
      rookTo[rookSq] = rTo;
      const i = 2 * right;
      // Empty path: everything the king and rook cross or land on, except themselves.
      for (const [a, b] of [
        [kingSq, kTo],
        [rookSq, rTo],
      ]) {
        emptyPath[i] |= BETWEEN[2 * (a * 64 + b)];
        emptyPath[i + 1] |= BETWEEN[2 * (a * 64 + b) + 1];
        setSq(emptyPath, i, b);
      }
      clearSq(emptyPath, i, kingSq);
      clearSq(emptyPath, i, rookSq);
      kingPath[i] = BETWEEN[2 * (kingSq * 64 + kTo)];
      kingPath[i + 1] = BETWEEN[2 * (kingSq * 64 + kTo) + 1];
      setSq(kingPath, i, kTo);
    },
  };
}
