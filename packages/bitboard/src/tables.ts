/**
 * Precomputed attack and geometry tables, built once at module load. Every table is
 * a Int32Array of interleaved halves: the set for index i is (t[2i], t[2i + 1]).
 */
import { testSquare } from './bits';

const set = (t: Int32Array, i: number, sq: number): void => {
  if (sq < 32) t[2 * i] |= 1 << sq;
  else t[2 * i + 1] |= 1 << (sq - 32);
};

/** Walks from sq by (df, dr) steps until the edge or the first occupied square (included). */
function walkRay(sq: number, df: number, dr: number, occLo: number, occHi: number, out: Int32Array, i: number): void {
  let f = (sq & 7) + df;
  let r = (sq >>> 3) + dr;
  while (f >= 0 && f < 8 && r >= 0 && r < 8) {
    const s = r * 8 + f;
    set(out, i, s);
    if (testSquare(occLo, occHi, s)) break;
    f += df;
    r += dr;
  }
}

/** The rook's four directions as (file, rank) steps. */
export const ROOK_DIRECTIONS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
/** The bishop's four directions as (file, rank) steps. */
export const BISHOP_DIRECTIONS: ReadonlyArray<readonly [number, number]> = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];

/**
 * Slow reference for slider attacks by walking rays square by square: the twin that
 * the magic tables are built from and tested against. Writes the set to out[0..1].
 */
export function slidingAttacksSlow(
  sq: number,
  occLo: number,
  occHi: number,
  directions: ReadonlyArray<readonly [number, number]>,
  out: Int32Array,
): void {
  out[0] = 0;
  out[1] = 0;
  for (const [df, dr] of directions) walkRay(sq, df, dr, occLo, occHi, out, 0);
}

function leaperTable(steps: ReadonlyArray<readonly [number, number]>): Int32Array {
  const t = new Int32Array(128);
  for (let sq = 0; sq < 64; sq++) {
    for (const [df, dr] of steps) {
      const f = (sq & 7) + df;
      const r = (sq >>> 3) + dr;
      if (f >= 0 && f < 8 && r >= 0 && r < 8) set(t, sq, r * 8 + f);
    }
  }
  return t;
}

/** Knight attacks from each square. */
export const KNIGHT_ATTACKS = leaperTable([
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
]);
/** King attacks from each square. */
export const KING_ATTACKS = leaperTable([
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
  [0, -1],
  [1, -1],
]);
/** Pawn captures: index `color * 64 + sq`. */
export const PAWN_ATTACKS = (() => {
  const white = leaperTable([
    [-1, 1],
    [1, 1],
  ]);
  const black = leaperTable([
    [-1, -1],
    [1, -1],
  ]);
  const t = new Int32Array(256);
  t.set(white, 0);
  t.set(black, 128);
  return t;
})();

/** Squares strictly between a and b when they share a rank, file or diagonal: index `a * 64 + b`. */
export const BETWEEN = new Int32Array(64 * 64 * 2);
/** The whole edge-to-edge line through a and b (both included) when aligned, else empty: index `a * 64 + b`. */
export const LINE = new Int32Array(64 * 64 * 2);

(() => {
  const all = [...ROOK_DIRECTIONS, ...BISHOP_DIRECTIONS];
  for (let a = 0; a < 64; a++) {
    for (const [df, dr] of all) {
      // Walk from a; every square b met is aligned with a.
      let f = (a & 7) + df;
      let r = (a >>> 3) + dr;
      const path: number[] = [];
      while (f >= 0 && f < 8 && r >= 0 && r < 8) {
        const b = r * 8 + f;
        const i = a * 64 + b;
        for (const s of path) set(BETWEEN, i, s);
        // Line: both directions from a, edge to edge.
        set(LINE, i, a);
        for (const [sdf, sdr] of [
          [df, dr],
          [-df, -dr],
        ]) {
          let ff = (a & 7) + sdf;
          let rr = (a >>> 3) + sdr;
          while (ff >= 0 && ff < 8 && rr >= 0 && rr < 8) {
            set(LINE, i, rr * 8 + ff);
            ff += sdf;
            rr += sdr;
          }
        }
        path.push(b);
        f += df;
        r += dr;
      }
    }
  }
})();
