/**
 * Slider attacks by 32-bit magic bitboards (Grant Osborne's scheme, as in
 * tomitankChess): the masked occupancy halves are each multiplied by a 32-bit magic
 * and xored, and the top bits of the product index the square's slice of the table:
 *
 *   idx = offset[sq] + ((imul(oLo & maskLo[sq], magicLo[sq]) ^ imul(oHi & maskHi[sq], magicHi[sq])) >>> shift[sq])
 *
 * The magics are found once by tools/magics and committed in magics-data.ts; the
 * tables are filled at load from the slow ray-walk reference, and a test proves that
 * no two occupancies of a square that need different attack sets share an index.
 */
import { lsb32, msb32, popcount } from './bits';
import { BISHOP_MAGICS, ROOK_MAGICS } from './magics-data';
import { BISHOP_DIRECTIONS, ROOK_DIRECTIONS } from './tables';

/** Per-square magic parameters and the attack table of one slider type. */
export interface MagicTable {
  /** Relevant-occupancy mask halves (rays without their last square). */
  readonly maskLo: Int32Array;
  /** The hi half of each square's relevant-occupancy mask. */
  readonly maskHi: Int32Array;
  /** Each square's 32-bit magic multiplier of the occupancy's lo half. */
  readonly magicLo: Int32Array;
  /** Each square's 32-bit magic multiplier of the occupancy's hi half. */
  readonly magicHi: Int32Array;
  /** Each square's shift: 32 minus the index's bit count. */
  readonly shift: Uint8Array;
  /** Start of each square's slice, in entries. */
  readonly offset: Int32Array;
  /** Attack sets, interleaved halves: entry e is (attacks[2e], attacks[2e + 1]). */
  readonly attacks: Int32Array;
}

/** Relevant occupancy mask of a slider on sq: its empty-board rays minus each ray's edge square. */
export function relevantMask(sq: number, directions: ReadonlyArray<readonly [number, number]>, out: Int32Array): void {
  out[0] = 0;
  out[1] = 0;
  for (const [df, dr] of directions) {
    let f = (sq & 7) + df;
    let r = (sq >>> 3) + dr;
    while (f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8) {
      const s = r * 8 + f;
      if (s < 32) out[0] |= 1 << s;
      else out[1] |= 1 << (s - 32);
      f += df;
      r += dr;
    }
  }
}

/** The occupancy of a mask selected by the bits of `index` (bit k picks the k-th mask square). */
export function occupancyFromIndex(index: number, maskLo: number, maskHi: number, out: Int32Array): void {
  let lo = 0;
  let hi = 0;
  let k = 0;
  for (let s = 0; s < 64; s++) {
    const inMask = s < 32 ? (maskLo >>> s) & 1 : (maskHi >>> (s - 32)) & 1;
    if (!inMask) continue;
    if ((index >>> k) & 1) {
      if (s < 32) lo |= 1 << s;
      else hi |= 1 << (s - 32);
    }
    k++;
  }
  out[0] = lo >>> 0;
  out[1] = hi >>> 0;
}

/** Empty-board rays: direction d from square sq at index 2 * (d * 64 + sq). */
function rayTable(directions: ReadonlyArray<readonly [number, number]>): Int32Array {
  const t = new Int32Array(2 * 64 * directions.length);
  directions.forEach(([df, dr], d) => {
    for (let sq = 0; sq < 64; sq++) {
      for (let f = (sq & 7) + df, r = (sq >>> 3) + dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr) {
        const s = r * 8 + f;
        if (s < 32) t[2 * (d * 64 + sq)] |= 1 << s;
        else t[2 * (d * 64 + sq) + 1] |= 1 << (s - 32);
      }
    }
  });
  return t;
}

function buildTable(
  directions: ReadonlyArray<readonly [number, number]>,
  magics: ReadonlyArray<readonly [number, number]>,
): MagicTable {
  const maskLo = new Int32Array(64);
  const maskHi = new Int32Array(64);
  const magicLo = new Int32Array(64);
  const magicHi = new Int32Array(64);
  const shift = new Uint8Array(64);
  const offset = new Int32Array(64);
  const tmp = new Int32Array(2);
  let total = 0;
  for (let sq = 0; sq < 64; sq++) {
    relevantMask(sq, directions, tmp);
    maskLo[sq] = tmp[0];
    maskHi[sq] = tmp[1];
    const bits = popcount(tmp[0], tmp[1]);
    shift[sq] = 32 - bits;
    magicLo[sq] = magics[sq][0];
    magicHi[sq] = magics[sq][1];
    offset[sq] = total;
    total += 1 << bits;
  }
  const attacks = new Int32Array(2 * total);
  // Every subset of each mask by the carry-rippler (s = (s - mask) & mask, with the
  // borrow carried across the halves). Attacks per ray: the empty-board ray minus the
  // ray beyond the first blocker (nearest = lowest square on rays that go up the
  // board, highest on rays that go down).
  const rays = rayTable(directions);
  const nd = directions.length;
  for (let sq = 0; sq < 64; sq++) {
    const mLo = maskLo[sq],
      mHi = maskHi[sq];
    let sLo = 0,
      sHi = 0;
    do {
      let aLo = 0,
        aHi = 0;
      for (let d = 0; d < nd; d++) {
        const r = 2 * (d * 64 + sq);
        const rLo = rays[r],
          rHi = rays[r + 1];
        aLo |= rLo;
        aHi |= rHi;
        const bLo = rLo & sLo,
          bHi = rHi & sHi;
        if ((bLo | bHi) === 0) continue;
        const up = directions[d][1] > 0 || (directions[d][1] === 0 && directions[d][0] > 0);
        const b = up ? (bLo !== 0 ? lsb32(bLo) : 32 + lsb32(bHi)) : bHi !== 0 ? 32 + msb32(bHi) : msb32(bLo);
        const x = 2 * (d * 64 + b);
        aLo &= ~rays[x];
        aHi &= ~rays[x + 1];
      }
      const e = offset[sq] + ((Math.imul(sLo, magicLo[sq]) ^ Math.imul(sHi, magicHi[sq])) >>> shift[sq]);
      attacks[2 * e] = aLo;
      attacks[2 * e + 1] = aHi;
      const lo = (sLo >>> 0) - (mLo >>> 0);
      sLo = lo & mLo;
      sHi = ((sHi >>> 0) - (mHi >>> 0) - (lo < 0 ? 1 : 0)) & mHi;
    } while ((sLo | sHi) !== 0);
  }
  return { maskLo, maskHi, magicLo, magicHi, shift, offset, attacks };
}

/** The rook's magic parameters and attack table. */
export const ROOK_MAGIC: MagicTable = buildTable(ROOK_DIRECTIONS, ROOK_MAGICS);
/** The bishop's magic parameters and attack table. */
export const BISHOP_MAGIC: MagicTable = buildTable(BISHOP_DIRECTIONS, BISHOP_MAGICS);

/** Rook attack table; read a set with `ROOK_TABLE[i], ROOK_TABLE[i + 1]` for i = rookIndex(...). */
export const ROOK_TABLE = ROOK_MAGIC.attacks;
/** Bishop attack table; read a set with `BISHOP_TABLE[i], BISHOP_TABLE[i + 1]` for i = bishopIndex(...). */
export const BISHOP_TABLE = BISHOP_MAGIC.attacks;

/**
 * The per-square parameters packed 8 words a square (maskLo, maskHi, magicLo, magicHi,
 * shift, offset * 2), so one lookup touches one small array and one cache line.
 */
function pack(t: MagicTable): Int32Array {
  const p = new Int32Array(64 * 8);
  for (let sq = 0; sq < 64; sq++) {
    p[8 * sq] = t.maskLo[sq];
    p[8 * sq + 1] = t.maskHi[sq];
    p[8 * sq + 2] = t.magicLo[sq];
    p[8 * sq + 3] = t.magicHi[sq];
    p[8 * sq + 4] = t.shift[sq];
    p[8 * sq + 5] = 2 * t.offset[sq];
  }
  return p;
}
/**
 * The packed per-square parameters of each slider (see pack). Hot loops bind them
 * to a local and call magicIndex or write its expression out: V8 reloads and
 * re-checks a module variable at every use, while a local is checked once (see
 * DESIGN.md, "What V8 and esbuild do to the hot code").
 */
export const ROOK_PARAMS = pack(ROOK_MAGIC);
/** The bishop's packed per-square parameters (see ROOK_PARAMS). */
export const BISHOP_PARAMS = pack(BISHOP_MAGIC);

/** Index into the slider's attack table (ROOK_TABLE or BISHOP_TABLE) for params ROOK_PARAMS or BISHOP_PARAMS. */
export function magicIndex(params: Int32Array, sq: number, occLo: number, occHi: number): number {
  const i = sq << 3;
  return (
    params[i + 5] +
    (((Math.imul(occLo & params[i], params[i + 2]) ^ Math.imul(occHi & params[i + 1], params[i + 3])) >>>
      params[i + 4]) <<
      1)
  );
}

/** Index into ROOK_TABLE of the rook attacks from sq for occupancy (occLo, occHi). */
export function rookIndex(sq: number, occLo: number, occHi: number): number {
  return magicIndex(ROOK_PARAMS, sq, occLo, occHi);
}

/** Index into BISHOP_TABLE of the bishop attacks from sq for occupancy (occLo, occHi). */
export function bishopIndex(sq: number, occLo: number, occHi: number): number {
  return magicIndex(BISHOP_PARAMS, sq, occLo, occHi);
}

/** Rook and bishop attacks on an empty board (the lines through a square), interleaved halves by square. */
export const ROOK_RAYS = new Int32Array(128);
/** Bishop attacks on an empty board, interleaved halves by square (see ROOK_RAYS). */
export const BISHOP_RAYS = new Int32Array(128);
/**
 * Rook and bishop attacks on a full board: the adjacent squares along the lines.
 * When all of them are occupied, these are the slider's attacks, no lookup needed.
 */
export const ROOK_STEPS = new Int32Array(128);
/** Bishop attacks on a full board, interleaved halves by square (see ROOK_STEPS). */
export const BISHOP_STEPS = new Int32Array(128);
for (let sq = 0; sq < 64; sq++) {
  const r = rookIndex(sq, 0, 0),
    b = bishopIndex(sq, 0, 0);
  ROOK_RAYS[2 * sq] = ROOK_TABLE[r];
  ROOK_RAYS[2 * sq + 1] = ROOK_TABLE[r + 1];
  BISHOP_RAYS[2 * sq] = BISHOP_TABLE[b];
  BISHOP_RAYS[2 * sq + 1] = BISHOP_TABLE[b + 1];
  const rf = rookIndex(sq, -1, -1),
    bf = bishopIndex(sq, -1, -1);
  ROOK_STEPS[2 * sq] = ROOK_TABLE[rf];
  ROOK_STEPS[2 * sq + 1] = ROOK_TABLE[rf + 1];
  BISHOP_STEPS[2 * sq] = BISHOP_TABLE[bf];
  BISHOP_STEPS[2 * sq + 1] = BISHOP_TABLE[bf + 1];
}
