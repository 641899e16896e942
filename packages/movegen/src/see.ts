/**
 * Static exchange evaluation, after Stockfish's see_ge: does the exchange sequence
 * on the move's target square, each side capturing with its least valuable attacker
 * and free to stop, win at least `threshold`? X-rays are uncovered as pieces leave;
 * a king captures only onto an undefended square; pieces pinned to their own king
 * stay out while their pinner is on the board.
 */
import {
  BETWEEN,
  BISHOP_TABLE,
  KING_ATTACKS,
  KNIGHT_ATTACKS,
  PAWN_ATTACKS,
  ROOK_TABLE,
  bishopIndex,
  rookIndex,
} from '@tempo-chess/bitboard';
import {
  NORMAL,
  type Move,
  type Position,
  W_ALL,
  B_ALL,
  WP,
  WN,
  WB,
  WR,
  WQ,
  WK,
  BP,
  BN,
  BB,
  BR,
  BQ,
  BK,
  TO_SHIFT,
  SQUARE_MASK,
  MOVE_TYPE_MASK,
} from '@tempo-chess/position';
import { BISHOP_RAYS, ROOK_RAYS } from './common';

/** Exchange values by piece type (index 0..6); the king counts 0 as in Stockfish. */
export const SEE_VALUE = new Int32Array([0, 100, 320, 330, 500, 950, 0]);

/** Per colour: blockers of that colour's king (any colour) and the enemy sliders pinning them. */
const BLOCKERS = new Int32Array(4);
const PINNERS = new Int32Array(4);

function sliderBlockers(pos: Position, c: number, occLo: number, occHi: number): void {
  const bb = pos.bb,
    o = c << 4,
    t = o ^ 16;
  const k =
    bb[o + WK] !== 0
      ? 31 - Math.clz32(bb[o + WK] ^ (bb[o + WK] - 1))
      : 63 - Math.clz32(bb[o + (WK + 1)] ^ (bb[o + (WK + 1)] - 1));
  let sLo = (ROOK_RAYS[2 * k] & (bb[t + WR] | bb[t + WQ])) | (BISHOP_RAYS[2 * k] & (bb[t + WB] | bb[t + WQ]));
  let sHi =
    (ROOK_RAYS[2 * k + 1] & (bb[t + (WR + 1)] | bb[t + (WQ + 1)])) |
    (BISHOP_RAYS[2 * k + 1] & (bb[t + (WB + 1)] | bb[t + (WQ + 1)]));
  let blLo = 0,
    blHi = 0,
    piLo = 0,
    piHi = 0;
  // As in Stockfish, snipers do not block each other: a slider behind another still pins.
  occLo &= ~sLo;
  occHi &= ~sHi;
  while ((sLo | sHi) !== 0) {
    let s: number;
    if (sLo !== 0) {
      s = 31 - Math.clz32(sLo ^ (sLo - 1));
      sLo &= sLo - 1;
    } else {
      s = 63 - Math.clz32(sHi ^ (sHi - 1));
      sHi &= sHi - 1;
    }
    const i = 2 * (k * 64 + s);
    const bLo = BETWEEN[i] & occLo,
      bHi = BETWEEN[i + 1] & occHi;
    const one = (bLo !== 0) !== (bHi !== 0) && (bLo & (bLo - 1)) === 0 && (bHi & (bHi - 1)) === 0;
    if (!one) continue;
    blLo |= bLo;
    blHi |= bHi;
    if ((bLo & bb[o]) | (bHi & bb[o + (W_ALL + 1)])) {
      if (s < 32) piLo |= 1 << s;
      else piHi |= 1 << (s - 32);
    }
  }
  BLOCKERS[2 * c] = blLo;
  BLOCKERS[2 * c + 1] = blHi;
  PINNERS[2 * (c ^ 1)] = piLo; // sliders of c's enemy that pin c's pieces
  PINNERS[2 * (c ^ 1) + 1] = piHi;
}

/** Whether the static exchange after m wins at least threshold. Special moves count as an even trade. */
export function see(pos: Position, m: Move, threshold: number): boolean {
  if ((m & MOVE_TYPE_MASK) !== NORMAL) return 0 >= threshold;
  const bb = pos.bb,
    board = pos.board;
  const from = m & SQUARE_MASK,
    to = (m >>> TO_SHIFT) & SQUARE_MASK;
  let swap = SEE_VALUE[board[to] & 7] - threshold;
  if (swap < 0) return false;
  swap = SEE_VALUE[board[from] & 7] - swap;
  if (swap <= 0) return true;
  const occ0Lo = bb[W_ALL] | bb[B_ALL],
    occ0Hi = bb[W_ALL + 1] | bb[B_ALL + 1];
  let occLo = occ0Lo,
    occHi = occ0Hi;
  if (from < 32) occLo &= ~(1 << from);
  else occHi &= ~(1 << (from - 32));
  if (to < 32) occLo &= ~(1 << to);
  else occHi &= ~(1 << (to - 32));
  let stm = board[from] >>> 3;
  const bqLo = bb[WB] | bb[WQ] | bb[BB] | bb[BQ],
    bqHi = bb[WB + 1] | bb[WQ + 1] | bb[BB + 1] | bb[BQ + 1];
  const rqLo = bb[WR] | bb[WQ] | bb[BR] | bb[BQ],
    rqHi = bb[WR + 1] | bb[WQ + 1] | bb[BR + 1] | bb[BQ + 1];
  // The attackers (attackersTo's sets), with a magic lookup only for a kind of slider
  // that stands on one of the target's empty-board lines: with none there, none can
  // attack it now or be uncovered later, and the x-ray lookups below are skipped too.
  const t2 = to << 1;
  const diag = ((BISHOP_RAYS[t2] & bqLo) | (BISHOP_RAYS[t2 + 1] & bqHi)) !== 0;
  const line = ((ROOK_RAYS[t2] & rqLo) | (ROOK_RAYS[t2 + 1] & rqHi)) !== 0;
  // White pawns attack sq from where a black pawn on sq would attack, and vice versa.
  let atLo =
    (KNIGHT_ATTACKS[t2] & (bb[WN] | bb[BN])) |
    (KING_ATTACKS[t2] & (bb[WK] | bb[BK])) |
    (PAWN_ATTACKS[128 + t2] & bb[WP]) |
    (PAWN_ATTACKS[t2] & bb[BP]);
  let atHi =
    (KNIGHT_ATTACKS[t2 + 1] & (bb[WN + 1] | bb[BN + 1])) |
    (KING_ATTACKS[t2 + 1] & (bb[WK + 1] | bb[BK + 1])) |
    (PAWN_ATTACKS[129 + t2] & bb[WP + 1]) |
    (PAWN_ATTACKS[t2 + 1] & bb[BP + 1]);
  if (diag) {
    const i = bishopIndex(to, occLo, occHi);
    atLo |= BISHOP_TABLE[i] & bqLo;
    atHi |= BISHOP_TABLE[i + 1] & bqHi;
  }
  if (line) {
    const i = rookIndex(to, occLo, occHi);
    atLo |= ROOK_TABLE[i] & rqLo;
    atHi |= ROOK_TABLE[i + 1] & rqHi;
  }
  let res = 1;
  // Each side's pins are found the first time that side has an attacker to use (most
  // exchanges end before both sides have moved), on the board before the move.
  let pinsKnown = 0;
  for (;;) {
    stm ^= 1;
    atLo &= occLo;
    atHi &= occHi;
    const o = stm << 4;
    let sLo = atLo & bb[o],
      sHi = atHi & bb[o + (W_ALL + 1)];
    if ((sLo | sHi) === 0) break;
    if ((pinsKnown & (1 << stm)) === 0) {
      pinsKnown |= 1 << stm;
      sliderBlockers(pos, stm, occ0Lo, occ0Hi);
    }
    if ((PINNERS[2 * (stm ^ 1)] & occLo) | (PINNERS[2 * (stm ^ 1) + 1] & occHi)) {
      sLo &= ~BLOCKERS[2 * stm];
      sHi &= ~BLOCKERS[2 * stm + 1];
      if ((sLo | sHi) === 0) break;
    }
    res ^= 1;
    // Least valuable attacker: pawn, knight, bishop, rook, queen, king.
    let pt = 1,
      pLo = 0,
      pHi = 0;
    for (; pt <= 6; pt++) {
      pLo = sLo & bb[o + 2 * pt];
      pHi = sHi & bb[o + 2 * pt + 1];
      if ((pLo | pHi) !== 0) break;
    }
    if (pt === 6) {
      // The king captures only if the other side has no attacker left.
      return ((atLo & ~bb[o]) | (atHi & ~bb[o + (W_ALL + 1)])) !== 0 ? res === 0 : res === 1;
    }
    swap = SEE_VALUE[pt] - swap;
    if (swap < res) break;
    if (pLo !== 0) occLo &= ~(pLo & -pLo);
    else occHi &= ~(pHi & -pHi);
    if (diag && (pt === 1 || pt === 3 || pt === 5)) {
      const i = bishopIndex(to, occLo, occHi);
      atLo |= BISHOP_TABLE[i] & bqLo;
      atHi |= BISHOP_TABLE[i + 1] & bqHi;
    }
    if (line && (pt === 4 || pt === 5)) {
      const i = rookIndex(to, occLo, occHi);
      atLo |= ROOK_TABLE[i] & rqLo;
      atHi |= ROOK_TABLE[i + 1] & rqHi;
    }
  }
  return res === 1;
}
