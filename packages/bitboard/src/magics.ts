/**
 * Slider attacks by 32-bit magic bitboards (Grant Osborne's scheme, as in
 * tomitankChess): the masked occupancy halves are each multiplied by a 32-bit magic
 * and xored, and the top bits of the product index the square's slice of the table:
 *
 *   idx = offset[sq] + ((imul(oLo & maskLo[sq], magicLo[sq]) ^ imul(oHi & maskHi[sq], magicHi[sq])) >>> shift[sq])
 *
 * The magics are found once by tools/magics and committed in magics-data.ts; the
 * tables are filled at load (buildTable), and a test proves that no two occupancies of
 * a square that need different attack sets share an index.
 */
import { popcount } from './bits';
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

/**
 * One direction's share of a square's table: for each subset i of the mask squares on
 * that ray (bit k: the k-th square out from sq), at part[4 * i + 0..3] its terms of the
 * magic product, imul(occupancy lo, magicLo) and imul(occupancy hi, magicHi), and the
 * attacks along the ray (up to the first blocker, or to the edge). Returns the count of
 * subsets. The rays' occupancies are disjoint, so a whole occupancy's product is the
 * sum of its rays' terms (mod 2^32) and its attack set the union of theirs.
 */
function rayShare(sq: number, df: number, dr: number, magicLo: number, magicHi: number, part: Int32Array): number {
  let n = 0; // the ray's squares but its last: those in the relevant mask
  for (let f = (sq & 7) + 2 * df, r = (sq >>> 3) + 2 * dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr) n++;
  for (let i = 0; i < 1 << n; i++) {
    let oLo = 0,
      oHi = 0,
      aLo = 0,
      aHi = 0,
      open = 1;
    for (let f = (sq & 7) + df, r = (sq >>> 3) + dr, k = 0; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr, k++) {
      const s = r * 8 + f;
      const blocked = k < n ? (i >>> k) & 1 : 0;
      if (s < 32) {
        aLo |= open << s;
        oLo |= blocked << s;
      } else {
        aHi |= open << (s - 32);
        oHi |= blocked << (s - 32);
      }
      open &= blocked ^ 1;
    }
    part[4 * i] = Math.imul(oLo, magicLo);
    part[4 * i + 1] = Math.imul(oHi, magicHi);
    part[4 * i + 2] = aLo;
    part[4 * i + 3] = aHi;
  }
  return 1 << n;
}

/**
 * The slider's table (four directions, as both sliders have). Each entry is the union
 * of one subset of each ray (rayShare), so the loop over a square's occupancies does
 * a few additions and ors an entry: the table is filled once per thread at load,
 * mostly before the JIT has compiled anything, where a ray walk per entry cost tens of
 * milliseconds. A test compares every entry with the slow ray-walk reference.
 */
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
  const p0 = new Int32Array(256),
    p1 = new Int32Array(256),
    p2 = new Int32Array(256),
    p3 = new Int32Array(256);
  const [d0, d1, d2, d3] = directions;
  for (let sq = 0; sq < 64; sq++) {
    const n0 = rayShare(sq, d0[0], d0[1], magicLo[sq], magicHi[sq], p0);
    const n1 = rayShare(sq, d1[0], d1[1], magicLo[sq], magicHi[sq], p1);
    const n2 = rayShare(sq, d2[0], d2[1], magicLo[sq], magicHi[sq], p2);
    const n3 = rayShare(sq, d3[0], d3[1], magicLo[sq], magicHi[sq], p3);
    const base = offset[sq],
      sh = shift[sq];
    for (let i0 = 0; i0 < 4 * n0; i0 += 4) {
      for (let i1 = 0; i1 < 4 * n1; i1 += 4) {
        const hLo1 = (p0[i0] + p1[i1]) | 0,
          hHi1 = (p0[i0 + 1] + p1[i1 + 1]) | 0;
        const aLo1 = p0[i0 + 2] | p1[i1 + 2],
          aHi1 = p0[i0 + 3] | p1[i1 + 3];
        for (let i2 = 0; i2 < 4 * n2; i2 += 4) {
          const hLo2 = (hLo1 + p2[i2]) | 0,
            hHi2 = (hHi1 + p2[i2 + 1]) | 0;
          const aLo2 = aLo1 | p2[i2 + 2],
            aHi2 = aHi1 | p2[i2 + 3];
          for (let i3 = 0; i3 < 4 * n3; i3 += 4) {
            const e = 2 * (base + ((((hLo2 + p3[i3]) | 0) ^ ((hHi2 + p3[i3 + 1]) | 0)) >>> sh));
            attacks[e] = aLo2 | p3[i3 + 2];
            attacks[e + 1] = aHi2 | p3[i3 + 3];
          }
        }
      }
    }
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
