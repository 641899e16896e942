/**
 * Pawn structure: the part of the evaluation that depends on pawns only, cached in
 * the pawn hash by the position's pawn key. An entry also keeps each side's passed
 * pawns, pawn attacks and attack span (every square its pawns attack now or could
 * after advancing), which the piece terms reuse (outposts, passers, mobility).
 */
import { NOT_FILE_A, NOT_FILE_H } from '@tempo-chess/bitboard';
import type { Position } from '@tempo-chess/position';
import { PAWN_ENTRY_WORDS, type EvalContext } from './context';
import { PASSED_RANK, PAWN_BACKWARD, PAWN_DOUBLED, PAWN_ISOLATED, PAWN_PHALANX, PAWN_SUPPORTED } from './layout';
import { ADJACENT_FILES, ATTACK_SPAN, FORWARD_FILE, PASSED_SPAN } from './tables';

/** Entry words: key (lo, hi), used flag, packed score (white - black), then per colour c sets at base + 2c. */
export const PE_SCORE = 3,
  PE_PASSED = 4,
  PE_ATTACKS = 8,
  PE_SPAN = 12;

/**
 * The pawn entry of pos: its offset in ctx.pawnHash, computed on a miss. With the
 * hash off, or while tracing (which needs the coefficients), it is always computed.
 */
export function probePawns(pos: Position, ctx: EvalContext): number {
  const st = pos.st,
    h = ctx.pawnHash,
    mask = ctx.pawnMask;
  if (mask < 0) {
    computePawns(pos, ctx, 0);
    return 0;
  }
  const e = (st.pawnKeyLo & mask) * PAWN_ENTRY_WORDS;
  if (h[e] === st.pawnKeyLo && h[e + 1] === st.pawnKeyHi && h[e + 2] === 1 && !ctx.tracing) return e;
  computePawns(pos, ctx, e);
  h[e] = st.pawnKeyLo;
  h[e + 1] = st.pawnKeyHi;
  h[e + 2] = 1;
  return e;
}

/** Fills the entry at e: attacks, spans, passed pawns and the structure score. */
export function computePawns(pos: Position, ctx: EvalContext, e: number): void {
  const bb = pos.bb,
    h = ctx.pawnHash;
  const wLo = bb[2],
    wHi = bb[3],
    bLo = bb[18],
    bHi = bb[19];
  // Pawn attacks: white up-left/up-right, black down; masks drop the file wrap.
  const waLo = ((wLo << 9) & NOT_FILE_A) | ((wLo << 7) & NOT_FILE_H);
  const waHi = (((wHi << 9) | (wLo >>> 23)) & NOT_FILE_A) | (((wHi << 7) | (wLo >>> 25)) & NOT_FILE_H);
  const baLo = (((bLo >>> 7) | (bHi << 25)) & NOT_FILE_A) | (((bLo >>> 9) | (bHi << 23)) & NOT_FILE_H);
  const baHi = ((bHi >>> 7) & NOT_FILE_A) | ((bHi >>> 9) & NOT_FILE_H);
  h[e + PE_ATTACKS] = waLo;
  h[e + PE_ATTACKS + 1] = waHi;
  h[e + PE_ATTACKS + 2] = baLo;
  h[e + PE_ATTACKS + 3] = baHi;
  // Spans: white's attacks filled north, black's filled south.
  let lo = waLo,
    hi = waHi;
  lo |= lo << 8;
  lo |= lo << 16;
  hi |= hi << 8;
  hi |= hi << 16;
  hi |= Math.imul(lo >>> 24, 0x01010101);
  h[e + PE_SPAN] = lo;
  h[e + PE_SPAN + 1] = hi;
  lo = baLo;
  hi = baHi;
  hi |= hi >>> 8;
  hi |= hi >>> 16;
  lo |= lo >>> 8;
  lo |= lo >>> 16;
  lo |= Math.imul(hi & 0xff, 0x01010101);
  h[e + PE_SPAN + 2] = lo;
  h[e + PE_SPAN + 3] = hi;
  const s = pawnSide(ctx, 0, wLo, wHi, bLo, bHi, baLo, baHi, e) - pawnSide(ctx, 1, bLo, bHi, wLo, wHi, waLo, waHi, e);
  h[e + PE_SCORE] = s | 0;
}

/** One side's structure terms (packed, good for c); writes its passed pawns to the entry. */
function pawnSide(
  ctx: EvalContext,
  c: number,
  ownLo: number,
  ownHi: number,
  oppLo: number,
  oppHi: number,
  oppAttLo: number,
  oppAttHi: number,
  e: number,
): number {
  const w = ctx.w,
    tr = ctx.tracing ? (c === 0 ? ctx.tw : ctx.tb) : null;
  const FF = FORWARD_FILE,
    AS = ATTACK_SPAN,
    PS = PASSED_SPAN,
    ADJ = ADJACENT_FILES;
  let s = 0,
    passLo = 0,
    passHi = 0;
  let lo = ownLo,
    hi = ownHi;
  while ((lo | hi) !== 0) {
    let sq: number;
    if (lo !== 0) {
      sq = 31 - Math.clz32(lo ^ (lo - 1));
      lo &= lo - 1;
    } else {
      sq = 63 - Math.clz32(hi ^ (hi - 1));
      hi &= hi - 1;
    }
    const f = sq & 7,
      r = c === 0 ? sq >>> 3 : 7 - (sq >>> 3),
      i = (c << 7) + (sq << 1);
    const adj = ADJ[f];
    const doubled = ((ownLo & FF[i]) | (ownHi & FF[i + 1])) !== 0;
    if (doubled) {
      s += w[PAWN_DOUBLED];
      if (tr !== null) tr[PAWN_DOUBLED]++;
    }
    const isolated = ((ownLo | ownHi) & adj) === 0;
    if (isolated) {
      s += w[PAWN_ISOLATED];
      if (tr !== null) tr[PAWN_ISOLATED]++;
    }
    // Neighbours on the same rank (phalanx) and defenders (supported).
    const rankLo = sq < 32 ? 0xff << (sq & 24) : 0,
      rankHi = sq >= 32 ? 0xff << (sq & 24) : 0;
    if (((ownLo & adj & rankLo) | (ownHi & adj & rankHi)) !== 0) {
      s += w[PAWN_PHALANX + r];
      if (tr !== null) tr[PAWN_PHALANX + r]++;
    }
    // A defender stands one rank behind on an adjacent file: the squares an enemy pawn on sq would attack.
    const bsq = c === 0 ? sq - 8 : sq + 8;
    let sup = 0;
    if (bsq >= 0 && bsq < 64) {
      if (f > 0 && (bsq - 1 < 32 ? (ownLo >>> (bsq - 1)) & 1 : (ownHi >>> (bsq - 33)) & 1) !== 0) sup++;
      if (f < 7 && (bsq + 1 < 32 ? (ownLo >>> (bsq + 1)) & 1 : (ownHi >>> (bsq - 31)) & 1) !== 0) sup++;
    }
    if (sup !== 0) {
      s += sup * w[PAWN_SUPPORTED + r];
      if (tr !== null) tr[PAWN_SUPPORTED + r] += sup;
    }
    // Backward: no own pawn beside or behind on the adjacent files, and the stop square is guarded or blocked by an enemy pawn.
    if (!isolated && ((ownLo & adj & ~AS[i]) | (ownHi & adj & ~AS[i + 1])) === 0) {
      const stop = c === 0 ? sq + 8 : sq - 8;
      const sLo = stop < 32 ? 1 << stop : 0,
        sHi = stop >= 32 ? 1 << (stop - 32) : 0;
      if ((((oppAttLo | oppLo) & sLo) | ((oppAttHi | oppHi) & sHi)) !== 0) {
        s += w[PAWN_BACKWARD];
        if (tr !== null) tr[PAWN_BACKWARD]++;
      }
    }
    // Passed: no enemy pawn ahead on this or an adjacent file, and no own pawn ahead on this file.
    if (!doubled && ((oppLo & PS[i]) | (oppHi & PS[i + 1])) === 0) {
      if (sq < 32) passLo |= 1 << sq;
      else passHi |= 1 << (sq - 32);
      s += w[PASSED_RANK + r];
      if (tr !== null) tr[PASSED_RANK + r]++;
    }
  }
  ctx.pawnHash[e + PE_PASSED + 2 * c] = passLo;
  ctx.pawnHash[e + PE_PASSED + 2 * c + 1] = passHi;
  return s;
}
