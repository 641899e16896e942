/**
 * Each term on hand-made positions: the trace's coefficients say that the term
 * measures what its name says (white's count, black's count).
 */
import { describe, expect, test } from 'vitest';
import { Position } from '@tempo-chess/position';
import { EvalContext } from './context';
import * as L from './layout';
import { DEFAULT_PSQ } from './psq-table';
import { traceEvaluation, type EvalTrace } from './trace';

const ctx = new EvalContext();
const trace = (fen: string): EvalTrace => traceEvaluation(Position.fromFen(fen, { psq: DEFAULT_PSQ }), ctx);
/** [white, black] coefficient of parameter index i. */
const at = (fen: string, i: number): [number, number] => {
  const t = trace(fen);
  return [t.white[i], t.black[i]];
};
/** The indices (and counts) of one side's non-zero coefficients within [from, from + n). */
const used = (t: EvalTrace, side: 'white' | 'black', from: number, n: number): Record<number, number> => {
  const out: Record<number, number> = {};
  for (let i = 0; i < n; i++) if (t[side][from + i] !== 0) out[i] = t[side][from + i];
  return out;
};

describe('material and piece-square tables', () => {
  test("material counts per side and piece squares from white's view (black mirrored)", () => {
    const t = trace('r3k3/pp6/8/8/8/8/P7/R3K1N1 w - - 0 1');
    expect(used(t, 'white', L.MATERIAL, 5)).toEqual({ 0: 1, 1: 1, 3: 1 });
    expect(used(t, 'black', L.MATERIAL, 5)).toEqual({ 0: 2, 3: 1 });
    // White: a2 pawn (8), a1 rook (0), g1 knight (6), e1 king (4); black a7/b7 pawns seen as a2/b2, a8 rook as a1, e8 king as e1.
    expect(used(t, 'white', L.PSQ_PAWN, 64)).toEqual({ 8: 1 });
    expect(used(t, 'black', L.PSQ_PAWN, 64)).toEqual({ 8: 1, 9: 1 });
    expect([
      t.white[L.PSQ_ROOK],
      t.black[L.PSQ_ROOK],
      t.white[L.PSQ_KNIGHT + 6],
      t.white[L.PSQ_KING + 4],
      t.black[L.PSQ_KING + 4],
    ]).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('pawn terms', () => {
  test('doubled: the rear pawn of two on a file, once', () => {
    expect(at('4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1', L.PAWN_DOUBLED)).toEqual([1, 0]);
    expect(at('4k3/4p3/4p3/4p3/8/8/4P3/4K3 w - - 0 1', L.PAWN_DOUBLED)).toEqual([0, 2]);
  });
  test('isolated: an isolated pawn counted once; a pawn with a neighbour file is not', () => {
    expect(at('4k3/8/8/8/8/8/P3PP2/4K3 w - - 0 1', L.PAWN_ISOLATED)).toEqual([1, 0]);
  });
  test('backward: behind its neighbours with the stop square guarded by an enemy pawn', () => {
    expect(at('4k3/8/8/2p5/4P3/3P4/8/4K3 w - - 0 1', L.PAWN_BACKWARD)).toEqual([1, 0]);
    // No enemy pawn guards d4: not backward.
    expect(at('4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1', L.PAWN_BACKWARD)).toEqual([0, 0]);
  });
  test('phalanx and supported, by relative rank', () => {
    const t = trace('4k3/8/3p4/2p1p3/3PP3/8/8/4K3 w - - 0 1');
    expect(used(t, 'white', L.PAWN_PHALANX, 8)).toEqual({ 3: 2 });
    // Black: c5 and e5 (relative rank index 3) defended by d6.
    expect(used(t, 'black', L.PAWN_SUPPORTED, 8)).toEqual({ 3: 2 });
    expect(used(t, 'white', L.PAWN_SUPPORTED, 8)).toEqual({});
  });
  test('passed pawns by relative rank; a pawn facing an enemy pawn on a neighbour file is not passed', () => {
    const t = trace('4k3/p7/8/4P3/8/8/6P1/4K3 w - - 0 1');
    expect(used(t, 'white', L.PASSED_RANK, 8)).toEqual({ 1: 1, 4: 1 });
    expect(used(t, 'black', L.PASSED_RANK, 8)).toEqual({ 1: 1 });
    expect(used(trace('4k3/5p2/8/4P3/8/8/8/4K3 w - - 0 1'), 'white', L.PASSED_RANK, 8)).toEqual({});
  });
});

describe('passed pawns on the board', () => {
  test('free path, blocker, defence and king distances', () => {
    // e5 free (e6-e8 empty and unattacked), defended by the d4 pawn; a6 blocked by the a7 knight.
    const t = trace('7k/n7/P7/4P3/3P4/8/8/K7 w - - 0 1');
    expect(used(t, 'white', L.PASSED_FREE, 8)).toEqual({ 3: 1, 4: 1 });
    expect(t.white[L.PASSED_BLOCKED]).toBe(1);
    expect(t.white[L.PASSED_DEFENDED]).toBe(1);
    // Own king a1 to the stop squares: e6 4+... Chebyshev distances: a7 6, e6 5, d5 4.
    expect(used(t, 'white', L.PASSED_OWN_KING, 8)).toEqual({ 5: 6, 4: 5, 3: 4 });
    // Enemy king h8: a7 7, e6 3, d5 4.
    expect(used(t, 'white', L.PASSED_ENEMY_KING, 8)).toEqual({ 5: 7, 4: 3, 3: 4 });
  });
  test('unstoppable: outside the square of a king whose side has only pawns', () => {
    expect(at('7k/8/8/P7/8/1p6/8/K7 b - - 0 1', L.PASSED_UNSTOPPABLE)).toEqual([1, 0]);
    // The king on d7 reaches a8 in time; with a black knight the rule does not apply.
    expect(at('8/3k4/8/P7/8/1p6/8/K7 b - - 0 1', L.PASSED_UNSTOPPABLE)).toEqual([0, 0]);
    expect(at('7k/8/8/P7/8/7n/8/K7 b - - 0 1', L.PASSED_UNSTOPPABLE)).toEqual([0, 0]);
  });
});

describe('piece terms', () => {
  test('mobility counts safe squares: a cornered knight reaches two', () => {
    const t = trace('4k3/7p/8/8/8/8/7P/N3K3 w - - 0 1');
    expect(used(t, 'white', L.MOBILITY_KNIGHT, 9)).toEqual({ 2: 1 });
    // A black pawn on c4 guards b3: squares attacked by enemy pawns do not count.
    const u = trace('4k3/7p/8/8/2p5/8/7P/N3K3 w - - 0 1');
    expect(used(u, 'white', L.MOBILITY_KNIGHT, 9)).toEqual({ 1: 1 });
  });
  test('bishop, rook and queen mobility: squares reached, less own pawns and enemy-pawn-guarded squares', () => {
    // Rook a1: a2-a8 (7) and b1-d1 (3); the black c8 bishop: b7, a6, d7, e6, f5, g4, h3 (7).
    const t = trace('2b1k3/7p/8/8/8/8/7P/R3K3 w - - 0 1');
    expect(used(t, 'white', L.MOBILITY_ROOK, 15)).toEqual({ 10: 1 });
    expect(used(t, 'black', L.MOBILITY_BISHOP, 14)).toEqual({ 7: 1 });
    // Queen d4 with kings on e1 and e8: 7 + 7 + 7 + 6 squares on its four lines, none guarded by the h7 pawn.
    const q = trace('4k3/7p/8/8/3Q4/8/7P/4K3 w - - 0 1');
    expect(used(q, 'white', L.MOBILITY_QUEEN, 28)).toEqual({ 27: 1 });
  });
  test('bishop outpost', () => {
    expect(at('4k3/p6p/8/3B4/4P3/8/8/4K3 w - - 0 1', L.OUTPOST_BISHOP)).toEqual([1, 0]);
  });
  test('knight outpost found; not when an enemy pawn can still attack the square', () => {
    expect(at('4k3/p6p/8/3N4/4P3/8/8/4K3 w - - 0 1', L.OUTPOST_KNIGHT)).toEqual([1, 0]);
    expect(at('4k3/p1p4p/8/3N4/4P3/8/8/4K3 w - - 0 1', L.OUTPOST_KNIGHT)).toEqual([0, 0]);
  });
  test("bishop pair, pawns on the bishop's colour, minor behind a pawn", () => {
    const t = trace('4k3/p7/8/8/8/3NP3/3P4/2B1KB2 w - - 0 1');
    expect(t.white[L.BISHOP_PAIR]).toBe(1);
    // c1 is dark (d2, e3 dark), f1 light (none of them light).
    expect(t.white[L.BISHOP_PAWNS_SAME_COLOR]).toBe(2);
    expect(at('4k3/8/8/8/3P4/3N4/8/4K3 w - - 0 1', L.MINOR_BEHIND_PAWN)).toEqual([1, 0]);
  });
  test('rook on an open and a half-open file, rook and queen on the seventh', () => {
    const t = trace('4k3/2p5/8/8/8/8/4P3/2RRK3 w - - 0 1');
    expect([t.white[L.ROOK_OPEN_FILE], t.white[L.ROOK_SEMI_OPEN_FILE]]).toEqual([1, 1]);
    expect(at('4k3/3R4/8/p7/8/8/8/4K3 w - - 0 1', L.ROOK_SEVENTH)).toEqual([1, 0]);
    expect(at('4k3/Q7/8/p7/8/8/8/4K3 w - - 0 1', L.QUEEN_SEVENTH)).toEqual([1, 0]);
    // King not on the eighth and no pawns on the seventh: no bonus. (Black keeps a pawn in
    // these positions: against a lone king the KXK rule decides before any term.)
    expect(at('8/3R4/4k3/p7/8/8/8/4K3 w - - 0 1', L.ROOK_SEVENTH)).toEqual([0, 0]);
  });
  test('a rook trapped by its own king seen; not while castling can free it', () => {
    expect(at('4k3/8/8/p7/8/8/6PP/5K1R w - - 0 1', L.ROOK_TRAPPED)).toEqual([1, 0]);
    expect(at('4k3/8/8/p7/8/8/6PP/4K2R w K - 0 1', L.ROOK_TRAPPED)).toEqual([0, 0]);
    expect(at('r1k5/pp6/8/8/8/8/7P/4K3 w - - 0 1', L.ROOK_TRAPPED)).toEqual([0, 1]);
  });
});

describe('king terms', () => {
  test('shelter and storm by file class and rank; open king file', () => {
    const t = trace('4k3/8/8/8/6p1/8/5PPP/6K1 w - - 0 1');
    // f, g, h files: edge distances 2, 1, 0; own pawns on relative rank 1 (index 1).
    expect(used(t, 'white', L.KING_SHELTER, 32)).toEqual({ [2 * 8 + 1]: 1, [1 * 8 + 1]: 1, [0 * 8 + 1]: 1 });
    // The black g4 pawn storms on the g file (class 1) from white's relative rank 3.
    expect(used(t, 'white', L.KING_STORM, 32)).toEqual({ [2 * 8]: 1, [1 * 8 + 3]: 1, [0 * 8]: 1 });
    // Black's king on e8: no pawns on d, e, f for it at all; the e file is open.
    expect(used(t, 'black', L.KING_SHELTER, 32)).toEqual({ [3 * 8]: 2, [2 * 8]: 1 });
    expect([t.black[L.KING_OPEN_FILE], t.white[L.KING_OPEN_FILE]]).toEqual([1, 0]);
    expect(at('4k3/7p/8/8/8/8/4p3/4K3 w - - 0 1', L.KING_SEMI_OPEN_FILE)).toEqual([1, 0]);
  });
  test('king attack: attackers, zone attacks, weak squares and safe checks, active with a queen', () => {
    const t = trace('6k1/5ppp/8/3Q4/8/8/8/R3K3 w - - 0 1');
    expect(t.kingSafetyActive).toEqual([true, false]);
    expect(used(t, 'white', L.KS_ATTACKER, 4)).toEqual({ 3: 1 });
    expect(t.white[L.KS_ZONE_ATTACKS]).toBe(1);
    expect(t.white[L.KS_WEAK_SQUARES]).toBe(1);
    // Rook check from a8; queen checks from a8 and d8.
    expect(used(t, 'white', L.KS_SAFE_CHECK, 4)).toEqual({ 2: 1, 3: 2 });
    expect([t.white[L.KS_OFFSET], t.white[L.KS_NO_QUEEN]]).toEqual([1, 0]);
  });
  test('king attack needs two attackers without a queen; a guarded checking square is not safe', () => {
    const one = trace('6k1/5ppp/8/8/8/8/1B6/R3K3 w - - 0 1');
    expect(one.kingSafetyActive).toEqual([false, false]);
    const two = trace('6k1/5ppp/8/3N2N1/8/8/1B6/R3K3 w - - 0 1');
    expect(two.kingSafetyActive).toEqual([true, false]);
    // The g5 knight and the b2 bishop reach the zone; the d5 knight does not.
    expect(used(two, 'white', L.KS_ATTACKER, 4)).toEqual({ 0: 1, 1: 1 });
    // The d5 knight checks from e7 (safe) and f6 (guarded by the g7 pawn: not safe); the rook from a8.
    expect(used(two, 'white', L.KS_SAFE_CHECK, 4)).toEqual({ 0: 1, 2: 1 });
    expect(two.white[L.KS_NO_QUEEN]).toBe(1);
  });
});

describe('threats, tempo', () => {
  test('pieces attacked by a pawn, a minor, a rook; hanging; a safe pawn push', () => {
    const t = trace('4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1');
    expect(used(t, 'white', L.THREAT_BY_PAWN, 4)).toEqual({ 0: 1 });
    expect(t.white[L.THREAT_HANGING]).toBe(1);
    const m = trace('4k3/8/1r6/8/p1N5/8/8/R3K3 w - - 0 1');
    expect(used(m, 'white', L.THREAT_BY_MINOR, 5)).toEqual({ 3: 1 });
    expect(used(m, 'white', L.THREAT_BY_ROOK, 5)).toEqual({ 0: 1 });
    // d4-d5 would hit the c6 knight and e6 rook, and nothing black guards d5.
    const p = trace('4k3/8/2n1r3/8/3P4/8/8/4K3 w - - 0 1');
    expect(p.white[L.THREAT_PAWN_PUSH]).toBe(2);
    // With the e6 pawn guarding d5 the push is not safe.
    expect(trace('4k3/8/2n1p3/8/3P4/8/8/4K3 w - - 0 1').white[L.THREAT_PAWN_PUSH]).toBe(0);
    // Nor with a bishop on e6 that takes on d5 while nothing of white's guards it.
    expect(trace('4k3/8/2n1b3/8/3P4/8/8/4K3 w - - 0 1').white[L.THREAT_PAWN_PUSH]).toBe(0);
  });
  test('tempo goes to the side to move', () => {
    expect(at('4k3/7p/8/8/8/8/4P3/4K3 w - - 0 1', L.TEMPO)).toEqual([1, 0]);
    expect(at('4k3/7p/8/8/8/8/4P3/4K3 b - - 0 1', L.TEMPO)).toEqual([0, 1]);
  });
});

describe('terms added for the second tuning round', () => {
  test('minor.kingDistance: each knight and bishop counts its Chebyshev distance to its own king', () => {
    // White: c3 knight 2 from a1, f1 bishop 5; black: h6 knight 2 from h8.
    const t = trace('7k/8/7n/8/8/2N5/8/K4B2 w - - 0 1');
    expect([t.white[L.MINOR_KING_DISTANCE], t.white[L.MINOR_KING_DISTANCE + 1]]).toEqual([2, 5]);
    expect([t.black[L.MINOR_KING_DISTANCE], t.black[L.MINOR_KING_DISTANCE + 1]]).toEqual([2, 0]);
  });
  test('bishop.longDiagonal: on a long diagonal, seeing two centre squares when only pawns block', () => {
    // b2 sees d4 and e5 (the c3 knight does not count); g2 is stopped by f3; a8 sees d5 and e4;
    // g7 is stopped by its own e5 pawn after one centre square.
    expect(at('b3k3/6b1/8/4p3/8/2n2P2/1B4B1/4K3 w - - 0 1', L.BISHOP_LONG_DIAGONAL)).toEqual([1, 1]);
  });
  test("bishop.rammedPawns: own pawns blocked by enemy pawns on the bishop's colour", () => {
    // White c1 (dark): d4 is dark and rammed, e4 light, b2 dark but free. Black f8 (dark): e5 dark and rammed.
    const fen = '4kb2/8/8/3pp3/3PP3/8/1P6/2B1K3 w - - 0 1';
    expect(at(fen, L.BISHOP_RAMMED_PAWNS)).toEqual([1, 1]);
    expect(at(fen, L.BISHOP_PAWNS_SAME_COLOR)).toEqual([2, 1]);
  });
  test('rook.queenFile: a rook on a file with a queen of either colour', () => {
    expect(at('3qr1k1/8/8/8/8/8/4Q3/R2R2K1 w - - 0 1', L.ROOK_QUEEN_FILE)).toEqual([1, 1]);
  });
  test('king.pawnDistance: files to the nearest pawn of either colour; nothing without pawns', () => {
    const t = trace('7k/8/8/8/4P3/8/8/KN5r w - - 0 1');
    expect(used(t, 'white', L.KING_PAWN_DISTANCE, 8)).toEqual({ 4: 1 });
    expect(used(t, 'black', L.KING_PAWN_DISTANCE, 8)).toEqual({ 3: 1 });
    const n = trace('7k/8/8/8/8/8/8/KN5r w - - 0 1');
    expect([used(n, 'white', L.KING_PAWN_DISTANCE, 8), used(n, 'black', L.KING_PAWN_DISTANCE, 8)]).toEqual([{}, {}]);
  });
  test('threat.byKing: enemy pawns and pieces next to our king that nothing defends', () => {
    expect(at('4k3/8/8/8/8/8/4pn2/4K3 w - - 0 1', L.THREAT_BY_KING)).toEqual([2, 0]);
    // The f3 pawn defends e2.
    expect(at('4k3/8/8/8/8/5p2/4pn2/4K3 w - - 0 1', L.THREAT_BY_KING)).toEqual([1, 0]);
  });
  test('threat.restricted: squares both attack where the enemy has no pawn guard and no extra guard', () => {
    // The rooks contest a2-a7; white's b3 pawn holds a4 against black.
    expect(at('r6k/8/8/8/8/1P6/8/R6K w - - 0 1', L.THREAT_RESTRICTED)).toEqual([6, 5]);
  });
});
