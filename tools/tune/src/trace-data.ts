/**
 * The tuner's data: each position's evaluation trace, taken once and stored
 * compactly in typed arrays, so a full-batch epoch over a million positions is a
 * walk over a few flat arrays.
 *
 * Per position: the linear weights as sparse (index, white - black count) pairs,
 * king safety as sparse per-side counts of its weights (kept only for a side whose
 * attack is active), the phase (clamped to PHASE_MAX, as the blend does), both
 * scale factors, the fifty-move counter (clamped to 100, where the fade reaches 0),
 * the side to move and the game result. Positions whose score a special rule
 * decides (dead draw, KPK, KXK) are counted and left out.
 */
import { PARAMS, PARAM_COUNT, PHASE_MAX, type EvalTrace } from '@tempo-chess/eval';

/** Indices of the king-safety weights (in table order); entries store their position in this list. */
export const KS_INDEX: readonly number[] = PARAMS.filter((p) => p.kingSafety).map((p) => p.index);
const KS_LOCAL = (() => {
  const a = new Int32Array(PARAM_COUNT).fill(-1);
  KS_INDEX.forEach((j, k) => (a[j] = k));
  return a;
})();
/** A king-safety entry's side bit (set: black's attack on the white king). */
export const KS_BLACK = 0x80;
/** flags bits: white's and black's king attack count; black to move. */
export const F_KS_WHITE = 1,
  F_KS_BLACK = 2,
  F_BLACK_TO_MOVE = 4;

/** Why a position was left out. */
export type Exclusion = 'drawn' | 'kpk' | 'kxk';

type Growable = Int16Array | Uint16Array | Uint8Array | Uint32Array | Int32Array | Float64Array;

function grow<T extends Growable>(a: T, need: number): T {
  if (need <= a.length) return a;
  let n = Math.max(16, a.length * 2);
  while (n < need) n *= 2;
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a as ArrayLike<number>);
  return b;
}

/** Compact traces of positions, in the order added (see the module note). */
export class TraceData {
  /** Number of positions stored. */
  n = 0;
  /** Linear entries of position i: linStart[i] .. linStart[i + 1] - 1. */
  linStart = new Uint32Array(1024);
  linIdx = new Uint16Array(1 << 14);
  linCoef = new Int16Array(1 << 14);
  /** King-safety entries of position i: ksStart[i] .. ksStart[i + 1] - 1; ksIdx is the KS_INDEX position | KS_BLACK for black's attack. */
  ksStart = new Uint32Array(1024);
  ksIdx = new Uint8Array(1 << 12);
  ksCount = new Int16Array(1 << 12);
  phase = new Uint8Array(1024);
  scaleWhite = new Uint8Array(1024);
  scaleBlack = new Uint8Array(1024);
  rule50 = new Uint8Array(1024);
  flags = new Uint8Array(1024);
  /** Game result from white's view, in half points (0, 1, 2). */
  result2 = new Uint8Array(1024);
  /** The search score of the record, centipawns from white's view. */
  score = new Int32Array(1024);
  /**
   * What the fit aims sigmoid(K * eval) at: the result (result2 / 2) unless
   * setTargets blended the search score in for a range of positions.
   */
  target = new Float64Array(1024);
  /** Positions left out, by reason. */
  readonly excluded: Record<Exclusion, number> = { drawn: 0, kpk: 0, kxk: 0 };

  /** Adds a traced position with its result (white's view: 0, 0.5, 1); returns why it was left out, or null if stored. */
  add(t: EvalTrace, result: number, score = 0): Exclusion | null {
    const why: Exclusion | null = t.drawn ? 'drawn' : t.kpk !== null ? 'kpk' : t.kxk !== null ? 'kxk' : null;
    if (why !== null) {
      this.excluded[why]++;
      return why;
    }
    const i = this.n;
    if (i + 2 > this.phase.length) this.growRows(i + 2);
    let l = this.linStart[i];
    this.linIdx = grow(this.linIdx, l + PARAM_COUNT);
    this.linCoef = grow(this.linCoef, l + PARAM_COUNT);
    const w = t.white,
      b = t.black;
    for (let j = 0; j < PARAM_COUNT; j++) {
      if (KS_LOCAL[j] >= 0) continue;
      const c = w[j] - b[j];
      if (c === 0) continue;
      if (c !== (c << 16) >> 16) throw new Error(`trace: coefficient ${c} of ${PARAMS[j].name} is outside int16`);
      this.linIdx[l] = j;
      this.linCoef[l++] = c;
    }
    this.linStart[i + 1] = l;
    let k = this.ksStart[i];
    this.ksIdx = grow(this.ksIdx, k + 2 * KS_INDEX.length);
    this.ksCount = grow(this.ksCount, k + 2 * KS_INDEX.length);
    for (let side = 0; side < 2; side++) {
      if (!t.kingSafetyActive[side]) continue;
      const counts = side === 0 ? w : b;
      for (let q = 0; q < KS_INDEX.length; q++) {
        const c = counts[KS_INDEX[q]];
        if (c === 0) continue;
        this.ksIdx[k] = q | (side === 0 ? 0 : KS_BLACK);
        this.ksCount[k++] = c;
      }
    }
    this.ksStart[i + 1] = k;
    this.phase[i] = t.phase > PHASE_MAX ? PHASE_MAX : t.phase;
    this.scaleWhite[i] = t.scaleWhite;
    this.scaleBlack[i] = t.scaleBlack;
    this.rule50[i] = t.rule50 > 100 ? 100 : t.rule50;
    this.flags[i] =
      (t.kingSafetyActive[0] ? F_KS_WHITE : 0) |
      (t.kingSafetyActive[1] ? F_KS_BLACK : 0) |
      (t.side === 1 ? F_BLACK_TO_MOVE : 0);
    this.result2[i] = Math.round(result * 2);
    this.score[i] = score;
    this.target[i] = this.result2[i] / 2;
    this.n = i + 1;
    return null;
  }

  private growRows(need: number): void {
    this.linStart = grow(this.linStart, need);
    this.ksStart = grow(this.ksStart, need);
    this.phase = grow(this.phase, need);
    this.scaleWhite = grow(this.scaleWhite, need);
    this.scaleBlack = grow(this.scaleBlack, need);
    this.rule50 = grow(this.rule50, need);
    this.flags = grow(this.flags, need);
    this.result2 = grow(this.result2, need);
    this.score = grow(this.score, need);
    this.target = grow(this.target, need);
  }

  /** Sets position i's game result (white's view: 0, 0.5, 1) and its target to it. */
  setResult(i: number, result: number): void {
    this.result2[i] = Math.round(result * 2);
    this.target[i] = this.result2[i] / 2;
  }

  /**
   * Targets of positions [lo, hi): (1 - scoreWeight) x result + scoreWeight x
   * sigmoid(K x search score). A game result is one label shared by every position
   * of the game; the search score adds each position's own information, so less
   * data overfits less. scoreWeight 0 restores the plain Texel target.
   */
  setTargets(lo: number, hi: number, k: number, scoreWeight: number): void {
    for (let i = lo; i < hi; i++) {
      const s = 1 / (1 + Math.pow(10, (-k * this.score[i]) / 400));
      this.target[i] = (1 - scoreWeight) * (this.result2[i] / 2) + scoreWeight * s;
    }
  }

  /** How many positions in [lo, hi) use each weight (a linear coefficient or an active king-safety count not 0). */
  usage(lo: number, hi: number): Uint32Array {
    const u = new Uint32Array(PARAM_COUNT);
    for (let e = this.linStart[lo], end = this.linStart[hi]; e < end; e++) u[this.linIdx[e]]++;
    for (let e = this.ksStart[lo], end = this.ksStart[hi]; e < end; e++) u[KS_INDEX[this.ksIdx[e] & ~KS_BLACK]]++;
    return u;
  }

  /** Bytes held by the arrays (allocated, not only used). */
  bytes(): number {
    const arrays = [
      this.linStart,
      this.linIdx,
      this.linCoef,
      this.ksStart,
      this.ksIdx,
      this.ksCount,
      this.phase,
      this.scaleWhite,
      this.scaleBlack,
      this.rule50,
      this.flags,
      this.result2,
      this.score,
      this.target,
    ];
    return arrays.reduce((s, a) => s + a.byteLength, 0);
  }

  /** Average linear and king-safety entries per position. */
  entriesPerPosition(): { linear: number; kingSafety: number } {
    const n = Math.max(1, this.n);
    return { linear: this.linStart[this.n] / n, kingSafety: this.ksStart[this.n] / n };
  }
}
