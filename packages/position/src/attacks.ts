/**
 * Attack queries on a board given as piece bitboards (Position.bb: piece p's set at
 * bb[2p], bb[2p + 1]; colour c's whole set at bb[16c], bb[16c + 1]).
 */
import {
  BETWEEN,
  BISHOP_RAYS,
  BISHOP_TABLE,
  KING_ATTACKS,
  KNIGHT_ATTACKS,
  PAWN_ATTACKS,
  ROOK_RAYS,
  ROOK_TABLE,
  BISHOP_PARAMS,
  ROOK_PARAMS,
  bishopIndex,
  magicIndex,
  rookIndex,
} from '@tempo-chess/bitboard';
import { BB, BK, BN, BP, BQ, BR, WB, WK, WN, WP, WQ, WR } from './layout';

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
  const N = KNIGHT_ATTACKS,
    P = PAWN_ATTACKS,
    K = KING_ATTACKS; // bound once (see DESIGN.md)
  if ((N[s2] & bb[o + 4]) | (N[s2 + 1] & bb[o + 5])) return true;
  const p = ((by ^ 1) << 7) + s2; // a pawn of `by` attacks sq iff a pawn of the other colour on sq attacks it
  if ((P[p] & bb[o + 2]) | (P[p + 1] & bb[o + 3])) return true;
  if ((K[s2] & bb[o + 12]) | (K[s2 + 1] & bb[o + 13])) return true;
  // Magic lookups only for slider kinds that stand on one of sq's empty-board lines.
  const rqLo = bb[o + 8] | bb[o + 10],
    rqHi = bb[o + 9] | bb[o + 11];
  const rookRays = ROOK_RAYS,
    bishopRays = BISHOP_RAYS;
  if (((rookRays[s2] & rqLo) | (rookRays[s2 + 1] & rqHi)) !== 0) {
    const r = magicIndex(ROOK_PARAMS, sq, occLo, occHi),
      RT = ROOK_TABLE;
    if (((RT[r] & rqLo) | (RT[r + 1] & rqHi)) !== 0) return true;
  }
  const bqLo = bb[o + 6] | bb[o + 10],
    bqHi = bb[o + 7] | bb[o + 11];
  if (((bishopRays[s2] & bqLo) | (bishopRays[s2 + 1] & bqHi)) === 0) return false;
  const b = magicIndex(BISHOP_PARAMS, sq, occLo, occHi),
    BT = BISHOP_TABLE;
  return ((BT[b] & bqLo) | (BT[b + 1] & bqHi)) !== 0;
}

const A = new Int32Array(2);

/**
 * Whether the pawn of colour `us` on `from` may capture en passant on ep: the
 * capture is played out on the occupancy and no enemy piece (the captured pawn
 * aside) may then attack us's king. Covers the pin along a rank through both
 * pawns, diagonal pins, and checks the capture does not answer.
 */
export function epCaptureIsLegal(bb: Int32Array, us: number, from: number, ep: number): boolean {
  const o = us << 4,
    t = o ^ 16;
  const captured = ep ^ 8;
  const kb = o + 12;
  const k = bb[kb] !== 0 ? 31 - Math.clz32(bb[kb] ^ (bb[kb] - 1)) : 63 - Math.clz32(bb[kb + 1] ^ (bb[kb + 1] - 1));
  let occLo = bb[0] | bb[16],
    occHi = bb[1] | bb[17];
  if (from < 32) occLo &= ~(1 << from);
  else occHi &= ~(1 << (from - 32));
  if (captured < 32) occLo &= ~(1 << captured);
  else occHi &= ~(1 << (captured - 32));
  if (ep < 32) occLo |= 1 << ep;
  else occHi |= 1 << (ep - 32);
  attackersTo(bb, k, occLo, occHi, A);
  let aLo = A[0] & bb[t],
    aHi = A[1] & bb[t + 1];
  if (captured < 32) aLo &= ~(1 << captured);
  else aHi &= ~(1 << (captured - 32));
  return (aLo | aHi) === 0;
}

/** Whether some pawn of colour `us` can legally capture en passant on ep. */
export function anyEpCaptureIsLegal(bb: Int32Array, us: number, ep: number): boolean {
  const p = ((us ^ 1) << 7) + (ep << 1); // squares from which a pawn of `us` attacks ep
  const pp = (us << 4) + 2;
  for (let a = PAWN_ATTACKS[p] & bb[pp]; a !== 0; a &= a - 1)
    if (epCaptureIsLegal(bb, us, 31 - Math.clz32(a ^ (a - 1)), ep)) return true;
  for (let a = PAWN_ATTACKS[p + 1] & bb[pp + 1]; a !== 0; a &= a - 1)
    if (epCaptureIsLegal(bb, us, 63 - Math.clz32(a ^ (a - 1)), ep)) return true;
  return false;
}

/**
 * The pieces among (ownLo, ownHi) that stand alone between square k and one of the
 * sliders (sLo, sHi) (Stockfish's slider_blockers): pinned pieces when the sliders
 * are the enemy's, discovered-check candidates when they are one's own. The caller
 * passes only sliders that can move along their line to k (rooks and queens on k's
 * rook rays, bishops and queens on its bishop rays). Writes the set to out[0..1].
 */
export function sliderBlockers(
  k: number,
  sLo: number,
  sHi: number,
  ownLo: number,
  ownHi: number,
  occLo: number,
  occHi: number,
  out: Int32Array,
): void {
  const base = k << 7; // BETWEEN index 2 * (k * 64 + s)
  let bLo = 0,
    bHi = 0;
  while ((sLo | sHi) !== 0) {
    let s: number;
    if (sLo !== 0) {
      s = 31 - Math.clz32(sLo ^ (sLo - 1));
      sLo &= sLo - 1;
    } else {
      s = 63 - Math.clz32(sHi ^ (sHi - 1));
      sHi &= sHi - 1;
    }
    const i = base + (s << 1);
    const btLo = BETWEEN[i] & occLo,
      btHi = BETWEEN[i + 1] & occHi;
    // Exactly one piece between, and it one of the owners'.
    if (btLo !== 0) {
      if (btHi === 0 && (btLo & (btLo - 1)) === 0) bLo |= btLo & ownLo;
    } else if (btHi !== 0 && (btHi & (btHi - 1)) === 0) bHi |= btHi & ownHi;
  }
  out[0] = bLo;
  out[1] = bHi;
}
