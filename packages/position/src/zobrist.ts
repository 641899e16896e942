/**
 * Zobrist keys: 64-bit random values as two int32 halves, from a fixed-seed
 * generator so every run (and every build) hashes the same. The transposition table
 * indexes with one half and verifies with the other.
 */

// splitmix32: a small, well-mixed 32-bit generator; the seed fixes every key.
let state = 0x5bd1e995;
function next32(): number {
  state = (state + 0x9e3779b9) | 0;
  let z = state;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) | 0;
}

function fill(n: number): [Int32Array, Int32Array] {
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    lo[i] = next32();
    hi[i] = next32();
  }
  return [lo, hi];
}

const PSQ = fill(16 * 64);
/** Piece on square, bits 0..31: index `piece * 64 + sq`. Also the piece-count keys of the material key. */
export const PSQ_KEY_LO = PSQ[0];
/** The same keys' bits 32..63. */
export const PSQ_KEY_HI = PSQ[1];
/**
 * PSQ_KEY_LO and PSQ_KEY_HI interleaved, entry i at PSQ_KEYS[2i] and [2i + 1], for
 * doMove: one table to bind and check instead of two (~3% of make/unmake). The
 * from-scratch twin (computeKeys) reads the separate halves, so posIsOk checks the
 * copy too.
 */
export const PSQ_KEYS = new Int32Array(2 * 16 * 64);
for (let i = 0; i < 16 * 64; i++) {
  PSQ_KEYS[2 * i] = PSQ_KEY_LO[i];
  PSQ_KEYS[2 * i + 1] = PSQ_KEY_HI[i];
}
/** Per castling-rights bit; CASTLING_KEY_* below combines them per rights set. */
const [RIGHT_KEY_LO, RIGHT_KEY_HI] = fill(4);
const EP = fill(8);
/** En passant file (0..7), bits 0..31, hashed only when an en passant capture is legal. */
export const EP_KEY_LO = EP[0];
/** The same keys' bits 32..63. */
export const EP_KEY_HI = EP[1];
const [SIDE_LO, SIDE_HI] = fill(1);
/** Xored in when black is to move: bits 0..31. */
export const SIDE_KEY_LO = SIDE_LO[0];
/** Xored in when black is to move: bits 32..63. */
export const SIDE_KEY_HI = SIDE_HI[0];

/** Key of each castling-rights set 0..15, bits 0..31: the xor of its bits' keys. */
export const CASTLING_KEY_LO = new Int32Array(16);
/** The same keys' bits 32..63. */
export const CASTLING_KEY_HI = new Int32Array(16);
for (let rights = 0; rights < 16; rights++) {
  for (let b = 0; b < 4; b++) {
    if (rights & (1 << b)) {
      CASTLING_KEY_LO[rights] ^= RIGHT_KEY_LO[b];
      CASTLING_KEY_HI[rights] ^= RIGHT_KEY_HI[b];
    }
  }
}
