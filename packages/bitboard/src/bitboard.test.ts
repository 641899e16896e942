import { describe, expect, test } from 'vitest';
import * as masks from './masks';
import {
  BETWEEN,
  BISHOP_STEPS,
  ROOK_STEPS,
  ROOK_RAYS,
  BISHOP_RAYS,
  BISHOP_DIRECTIONS,
  BISHOP_MAGIC,
  BISHOP_TABLE,
  KING_ATTACKS,
  KNIGHT_ATTACKS,
  LINE,
  PAWN_ATTACKS,
  ROOK_DIRECTIONS,
  ROOK_MAGIC,
  ROOK_TABLE,
  type MagicTable,
  bishopIndex,
  lsb,
  msb,
  occupancyFromIndex,
  parseSquare,
  popcount,
  popcount32,
  rookIndex,
  slidingAttacksSlow,
  squareName,
  squaresOf,
} from './index';

/** Deterministic xorshift32 so failures reproduce. */
function rng(seed: number) {
  let s = seed | 0;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
}

const names = (t: Int32Array, i: number) =>
  squaresOf(t[2 * i], t[2 * i + 1])
    .map(squareName)
    .sort()
    .join(' ');

describe('bit helpers', () => {
  test('popcount, lsb and msb on edge words', () => {
    expect(popcount32(0)).toBe(0);
    expect(popcount32(0xffffffff)).toBe(32);
    expect(popcount32(0x80000001)).toBe(2);
    expect(popcount(0xffffffff, 0x0000000f)).toBe(36);
    expect(lsb(0x80000000, 0)).toBe(31);
    expect(lsb(0, 0x80000000)).toBe(63);
    expect(lsb(0, 1)).toBe(32);
    expect(msb(1, 0)).toBe(0);
    expect(msb(0xffffffff, 0x40000000)).toBe(62);
  });
  test('popcount counts both halves in one pass, as two popcount32 do', () => {
    expect(popcount(-1, -1)).toBe(64);
    expect(popcount(0, 0)).toBe(0);
    expect(popcount(0x80000000 | 0, 1)).toBe(2);
    let s = 12345;
    const next = () => (s = (Math.imul(s, 1103515245) + 12345) | 0);
    for (let i = 0; i < 10_000; i++) {
      // Sparse and dense words alike: AND or OR two draws.
      const lo = i & 1 ? next() & next() : next() | next(),
        hi = i & 2 ? next() & next() : next() | next();
      expect(popcount(lo, hi)).toBe(popcount32(lo) + popcount32(hi));
    }
  });
  test('square names round-trip and reject junk', () => {
    for (let sq = 0; sq < 64; sq++) expect(parseSquare(squareName(sq))).toBe(sq);
    expect(squareName(28)).toBe('e4');
    expect(parseSquare('e9')).toBe(-1);
    expect(parseSquare('i1')).toBe(-1);
    expect(parseSquare('e')).toBe(-1);
  });
});

describe('leaper and geometry tables', () => {
  test('known attack sets', () => {
    expect(names(KNIGHT_ATTACKS, parseSquare('g1'))).toBe('e2 f3 h3');
    expect(names(KING_ATTACKS, parseSquare('a8'))).toBe('a7 b7 b8');
    expect(names(PAWN_ATTACKS, parseSquare('a2'))).toBe('b3');
    expect(names(PAWN_ATTACKS, 64 + parseSquare('e7'))).toBe('d6 f6');
    expect(popcount(PAWN_ATTACKS[2 * 60], PAWN_ATTACKS[2 * 60 + 1])).toBe(0);
  });
  test('between and line', () => {
    const i = (a: string, b: string) => parseSquare(a) * 64 + parseSquare(b);
    expect(names(BETWEEN, i('a1', 'h8'))).toBe('b2 c3 d4 e5 f6 g7');
    expect(names(BETWEEN, i('e1', 'e2'))).toBe('');
    expect(names(BETWEEN, i('a1', 'b3'))).toBe('');
    expect(names(LINE, i('c3', 'e5'))).toBe('a1 b2 c3 d4 e5 f6 g7 h8');
    expect(names(LINE, i('d1', 'd4'))).toBe('d1 d2 d3 d4 d5 d6 d7 d8');
    expect(names(LINE, i('a1', 'b3'))).toBe('');
    for (let a = 0; a < 64; a++)
      for (let b = 0; b < 64; b++) {
        const k = a * 64 + b,
          r = b * 64 + a;
        expect(BETWEEN[2 * k]).toBe(BETWEEN[2 * r]);
        expect(LINE[2 * k + 1]).toBe(LINE[2 * r + 1]);
      }
  });
});

describe.each([
  ['rook', ROOK_MAGIC, ROOK_TABLE, rookIndex, ROOK_DIRECTIONS],
  ['bishop', BISHOP_MAGIC, BISHOP_TABLE, bishopIndex, BISHOP_DIRECTIONS],
] as const)('%s magics', (_name, magic: MagicTable, table, index, dirs) => {
  test('every relevant occupancy of every square maps to its own attack set (no destructive collision)', () => {
    const occ = new Int32Array(2);
    const ref = new Int32Array(2);
    let checked = 0;
    for (let sq = 0; sq < 64; sq++) {
      const n = 1 << (32 - magic.shift[sq]);
      for (let k = 0; k < n; k++) {
        occupancyFromIndex(k, magic.maskLo[sq], magic.maskHi[sq], occ);
        slidingAttacksSlow(sq, occ[0], occ[1], dirs, ref);
        const i = index(sq, occ[0], occ[1]);
        if (table[i] !== ref[0] || table[i + 1] !== ref[1])
          throw new Error(`collision on ${squareName(sq)} subset ${k}`);
        checked++;
      }
    }
    expect(checked).toBe(_name === 'rook' ? 102400 : 5248);
  });

  test('1,000 random full-board occupancies per square match the ray walk', () => {
    const next = rng(_name === 'rook' ? 12345 : 67890);
    const ref = new Int32Array(2);
    for (let sq = 0; sq < 64; sq++) {
      for (let k = 0; k < 1000; k++) {
        // Mix dense and sparse boards.
        const lo = k & 1 ? next() & next() : next();
        const hi = k & 2 ? next() & next() : next();
        slidingAttacksSlow(sq, lo, hi, dirs, ref);
        const i = index(sq, lo, hi);
        if (table[i] !== ref[0] || table[i + 1] !== ref[1])
          throw new Error(`${squareName(sq)} occ ${lo.toString(16)}:${hi.toString(16)}`);
      }
    }
    // A spot check with a known answer: rook d4 on a board with d6 and f4 occupied.
    if (_name === 'rook') {
      const occLo = 1 << parseSquare('f4');
      const occHi = 1 << (parseSquare('d6') - 32);
      const i = index(parseSquare('d4'), occLo, occHi);
      expect(
        squaresOf(table[i], table[i + 1])
          .map(squareName)
          .sort()
          .join(' '),
      ).toBe('a4 b4 c4 d1 d2 d3 d5 d6 e4 f4');
    }
  });
});

describe('masks', () => {
  /** The int32 of the squares (0..63) of one half that satisfy pred. */
  const half = (hi: number, pred: (sq: number) => boolean): number => {
    let m = 0;
    for (let i = 0; i < 32; i++) if (pred(32 * hi + i)) m |= 1 << i;
    return m;
  };
  test('each literal equals the squares it names, as an int32', () => {
    expect(masks.FILE_A).toBe(half(0, (sq) => (sq & 7) === 0));
    expect(masks.FILE_A).toBe(half(1, (sq) => (sq & 7) === 0));
    expect(masks.FILE_H).toBe(half(0, (sq) => (sq & 7) === 7));
    expect(masks.NOT_FILE_A).toBe(half(1, (sq) => (sq & 7) !== 0));
    expect(masks.NOT_FILE_H).toBe(half(0, (sq) => (sq & 7) !== 7));
    const ranks = [
      masks.RANK_1_LO,
      masks.RANK_2_LO,
      masks.RANK_3_LO,
      masks.RANK_4_LO,
      masks.RANK_5_HI,
      masks.RANK_6_HI,
      masks.RANK_7_HI,
      masks.RANK_8_HI,
    ];
    ranks.forEach((m, r) => expect(m).toBe(half(r >> 2, (sq) => sq >> 3 === r)));
    const longDiagonal = (sq: number) => (sq & 7) === sq >> 3 || (sq & 7) === 7 - (sq >> 3);
    expect([masks.LONG_DIAGONALS_LO, masks.LONG_DIAGONALS_HI]).toEqual([half(0, longDiagonal), half(1, longDiagonal)]);
    const centre = (sq: number) => [27, 28, 35, 36].includes(sq);
    expect([masks.CENTER_LO, masks.CENTER_HI]).toEqual([half(0, centre), half(1, centre)]);
  });
});

describe('rays and steps', () => {
  test('RAYS are the attacks on an empty board and STEPS the attacks on a full one, per the ray walk', () => {
    const ref = new Int32Array(2);
    for (const [dirs, rays, steps] of [
      [ROOK_DIRECTIONS, ROOK_RAYS, ROOK_STEPS],
      [BISHOP_DIRECTIONS, BISHOP_RAYS, BISHOP_STEPS],
    ] as const) {
      for (let sq = 0; sq < 64; sq++) {
        slidingAttacksSlow(sq, 0, 0, dirs, ref);
        expect([rays[2 * sq], rays[2 * sq + 1]]).toEqual([ref[0] | 0, ref[1] | 0]);
        slidingAttacksSlow(sq, -1, -1, dirs, ref);
        expect([steps[2 * sq], steps[2 * sq + 1]]).toEqual([ref[0] | 0, ref[1] | 0]);
      }
    }
  });
});
