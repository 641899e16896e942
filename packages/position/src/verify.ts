/**
 * posIsOk: every incremental value against its from-scratch twin. Debug builds run
 * it after every doMove and undoMove; release
 * builds compile the call out through `__DEBUG__`.
 */
import {
  BISHOP_DIRECTIONS,
  KING,
  KNIGHT_ATTACKS,
  NO_PIECE,
  NO_SQUARE,
  PAWN,
  ROOK_DIRECTIONS,
  popcount,
  slidingAttacksSlow,
} from '@tempo-chess/bitboard';
import type { Position } from './position';
import {
  CASTLING_KEY_HI,
  CASTLING_KEY_LO,
  EP_KEY_HI,
  EP_KEY_LO,
  PSQ_KEY_HI,
  PSQ_KEY_LO,
  SIDE_KEY_HI,
  SIDE_KEY_LO,
} from './zobrist';

/** Key, pawn key and material key of the board, computed from scratch. */
export function computeKeys(pos: Position): Int32Array {
  const k = new Int32Array(6);
  const counts = new Uint8Array(16);
  for (let sq = 0; sq < 64; sq++) {
    const p = pos.board[sq];
    if (p === NO_PIECE) continue;
    const i = (p << 6) + sq,
      m = (p << 6) + counts[p]++;
    k[0] ^= PSQ_KEY_LO[i];
    k[1] ^= PSQ_KEY_HI[i];
    if ((p & 7) === PAWN) {
      k[2] ^= PSQ_KEY_LO[i];
      k[3] ^= PSQ_KEY_HI[i];
    }
    k[4] ^= PSQ_KEY_LO[m];
    k[5] ^= PSQ_KEY_HI[m];
  }
  const rights = pos.castlingRights,
    ep = pos.epSquare;
  k[0] ^= CASTLING_KEY_LO[rights];
  k[1] ^= CASTLING_KEY_HI[rights];
  if (ep !== NO_SQUARE) {
    k[0] ^= EP_KEY_LO[ep & 7];
    k[1] ^= EP_KEY_HI[ep & 7];
  }
  if (pos.side === 1) {
    k[0] ^= SIDE_KEY_LO;
    k[1] ^= SIDE_KEY_HI;
  }
  return k;
}

/**
 * The check info of the side to move (see StateInfo.ciKing) from scratch, by ray walks:
 * [blockers, pawn, knight, bishop, rook] as (lo, hi) pairs.
 */
export function computeCheckInfo(pos: Position): Int32Array {
  const { bb, board } = pos,
    us = pos.side,
    out = new Int32Array(10),
    r = new Int32Array(2);
  const k = pos.kingSquare(us ^ 1),
    occLo = bb[0] | bb[16],
    occHi = bb[1] | bb[17];
  // Pawn: a pawn of `us` on sq attacks k when k is one rank ahead of it, one file aside.
  for (let sq = 0; sq < 64; sq++) {
    const ahead = us === 0 ? (k >>> 3) - (sq >>> 3) === 1 : (sq >>> 3) - (k >>> 3) === 1;
    if (ahead && Math.abs((k & 7) - (sq & 7)) === 1) out[2 + (sq >>> 5)] |= 1 << (sq & 31);
  }
  out[4] = KNIGHT_ATTACKS[2 * k];
  out[5] = KNIGHT_ATTACKS[2 * k + 1];
  slidingAttacksSlow(k, occLo, occHi, BISHOP_DIRECTIONS, r);
  out[6] = r[0];
  out[7] = r[1];
  slidingAttacksSlow(k, occLo, occHi, ROOK_DIRECTIONS, r);
  out[8] = r[0];
  out[9] = r[1];
  // Blockers: own pieces whose removal lets one of our sliders see the king.
  const seesKing = (oLo: number, oHi: number): number => {
    let n = 0;
    for (const [dirs, t1, t2] of [
      [BISHOP_DIRECTIONS, 3, 5],
      [ROOK_DIRECTIONS, 4, 5],
    ] as const) {
      slidingAttacksSlow(k, oLo, oHi, dirs, r);
      for (let sq = 0; sq < 64; sq++) {
        const p = board[sq];
        if (
          p !== 0 &&
          p >>> 3 === us &&
          ((p & 7) === t1 || (p & 7) === t2) &&
          (sq < 32 ? r[0] >>> sq : r[1] >>> (sq - 32)) & 1
        )
          n++;
      }
    }
    return n;
  };
  const base = seesKing(occLo, occHi);
  for (let sq = 0; sq < 64; sq++) {
    if (board[sq] === 0 || board[sq] >>> 3 !== us) continue;
    const lo = sq < 32 ? occLo & ~(1 << sq) : occLo,
      hi = sq < 32 ? occHi : occHi & ~(1 << (sq - 32));
    if (seesKing(lo, hi) > base) out[sq >>> 5] |= 1 << (sq & 31);
  }
  return out;
}

/**
 * Checks the position's consistency; returns null when every fact holds, else a
 * description of the first one that does not.
 */
export function posIsOk(pos: Position): string | null {
  const { board, bb, st, psq } = pos;
  const fresh = new Int32Array(32);
  const counts = new Uint8Array(16);
  let score = 0,
    phase = 0,
    npW = 0,
    npB = 0;
  for (let sq = 0; sq < 64; sq++) {
    const p = board[sq];
    if (p === NO_PIECE) continue;
    if ((p & 7) === 0 || (p & 7) === 7) return `bad piece code ${p} on square ${sq}`;
    const h = sq < 32 ? 0 : 1,
      b = 1 << (sq & 31);
    fresh[2 * p + h] |= b;
    fresh[((p & 8) << 1) + h] |= b;
    counts[p]++;
    counts[p & 8]++;
    const i = (p << 6) + sq;
    score = (score + psq.score[i]) | 0;
    phase += psq.phase[p];
    if (p < 8) npW += psq.nonPawn[p];
    else npB += psq.nonPawn[p];
  }
  for (let i = 0; i < 32; i++)
    if (fresh[i] !== bb[i]) return `bitboard ${i >> 1} half ${i & 1} disagrees with the mailbox`;
  for (let p = 0; p < 16; p++)
    if (counts[p] !== pos.pieceCount[p]) return `piece count of ${p} is ${pos.pieceCount[p]}, board has ${counts[p]}`;
  if (popcount(bb[2 * KING], bb[2 * KING + 1]) !== 1 || popcount(bb[2 * (8 + KING)], bb[2 * (8 + KING) + 1]) !== 1)
    return 'not exactly one king per side';
  const k = computeKeys(pos);
  if (st !== pos.states.rows[pos.ply]) return `the current row is not row ${pos.ply} of the state stack`;
  if (k[0] !== st.keyLo || k[1] !== st.keyHi) return 'zobrist key disagrees with a fresh computation';
  if (k[2] !== st.pawnKeyLo || k[3] !== st.pawnKeyHi) return 'pawn key disagrees with a fresh computation';
  if (k[4] !== st.materialKeyLo || k[5] !== st.materialKeyHi) return 'material key disagrees with a fresh computation';
  if (score !== st.psq) return 'psq score disagrees with a fresh computation';
  if (phase !== st.phase) return 'phase disagrees with a fresh computation';
  if (npW !== st.nonPawnW || npB !== st.nonPawnB) return 'non-pawn material disagrees with a fresh computation';
  if (pos.isAttacked(pos.kingSquare(pos.side ^ 1), pos.side)) return 'the side not to move is in check';
  const checkers = new Int32Array(2);
  pos.attackersTo(pos.kingSquare(pos.side), bb[0] | bb[16], bb[1] | bb[17], checkers);
  const o = (pos.side ^ 1) << 4;
  if ((checkers[0] & bb[o]) !== st.checkersLo || (checkers[1] & bb[o + 1]) !== st.checkersHi)
    return 'checkers disagree with a fresh computation';
  if (st.ciKing >= 0) {
    if (st.ciKing !== pos.kingSquare(pos.side ^ 1)) return 'check info names the wrong king square';
    const ci = computeCheckInfo(pos);
    const held = [
      st.ciBlockersLo,
      st.ciBlockersHi,
      st.ciPawnLo,
      st.ciPawnHi,
      st.ciKnightLo,
      st.ciKnightHi,
      st.ciBishopLo,
      st.ciBishopHi,
      st.ciRookLo,
      st.ciRookHi,
    ];
    for (let i = 0; i < 10; i++)
      if (ci[i] !== held[i]) return `check info word ${i} disagrees with a fresh computation`;
  }
  const ep = pos.epSquare;
  if (ep !== NO_SQUARE && ep >>> 3 !== (pos.side === 0 ? 5 : 2)) return `en passant square ${ep} on the wrong rank`;
  const rights = pos.castlingRights;
  for (let r = 1; r < 16; r <<= 1) {
    if (!(rights & r)) continue;
    const color = r <= 2 ? 0 : 1;
    const rook = pos.castling.rookSquare[r];
    if (rook === 64 || board[rook] !== ((color << 3) | 4)) return `castling right ${r} without its rook`;
    if (pos.castling.rightsMask[pos.kingSquare(color)] === 15) return `castling right ${r} but the king has moved`;
  }
  return null;
}

/** Throws with a description and the FEN when the position is inconsistent. */
export function assertPositionOk(pos: Position): void {
  const problem = posIsOk(pos);
  if (problem !== null) throw new Error(`posIsOk failed: ${problem} (ply ${pos.ply})`);
}
