import { describe, expect, test } from 'vitest';
import {
  CASTLING,
  EN_PASSANT,
  NORMAL,
  PROMOTION,
  Position,
  moveTo,
  moveToUci,
  moveType,
  posIsOk,
} from '@tempo-chess/position';
import {
  countLegal,
  generateCaptures,
  generateEvasions,
  generateLegal,
  generateQuietChecks,
  generateQuiets,
  givesCheck,
  legal,
  pseudoLegal,
  see,
} from './index';
import { seeReference } from './see-reference';
import { STARTS, playRandomGame, rng } from './test-support';

const fail = (pos: Position, what: string): never => {
  throw new Error(`${what} at ${pos.toFen()}`);
};

/** Positions sampled from random games, reproducible from the seed. */
function corpus(seed: number, size: number, every: number): Position[] {
  const next = rng(seed);
  const out: Position[] = [];
  for (let g = 0; out.length < size; g++) {
    const [fen, c960] = STARTS[g % STARTS.length];
    const pos = Position.fromFen(fen, { chess960: c960 });
    playRandomGame(pos, next, 300, (p, ply) => {
      if (ply % every === every - 1 && out.length < size) out.push(Position.fromFen(p.toFen(), { chess960: c960 }));
    });
  }
  return out;
}

describe('random games', () => {
  test('200,000 plies: posIsOk after every do and undo, generation modes agree, root restored', () => {
    const next = rng(20261121);
    const list = new Int32Array(256),
      caps = new Int32Array(256),
      quiets = new Int32Array(256);
    let plies = 0,
      games = 0,
      inCheckNodes = 0;
    while (plies < 200_000) {
      const [fen, c960] = STARTS[games % STARTS.length];
      const pos = Position.fromFen(fen, { chess960: c960 });
      const rootFen = pos.toFen(),
        rootKey = pos.key;
      const played = playRandomGame(pos, next, 400, (p) => {
        const problem = posIsOk(p);
        if (problem !== null) fail(p, problem);
        const n = generateLegal(p, list, 0);
        if (countLegal(p) !== n) fail(p, `countLegal ${countLegal(p)} != ${n}`);
        // Captures and quiets partition the legal moves.
        const nc = generateCaptures(p, caps, 0),
          nq = generateQuiets(p, quiets, 0);
        const all = new Set(list.subarray(0, n));
        const parts = new Set([...caps.subarray(0, nc), ...quiets.subarray(0, nq)]);
        if (nc + nq !== n || parts.size !== n || [...parts].some((m) => !all.has(m)))
          fail(p, 'captures + quiets != legal');
        for (let i = 0; i < nc; i++) {
          const m = caps[i];
          const isCap = p.board[moveTo(m)] !== 0 || moveType(m) === EN_PASSANT || moveType(m) === PROMOTION;
          if (!isCap || moveType(m) === CASTLING) fail(p, `capture list holds ${moveToUci(p, m)}`);
        }
        if (p.inCheck()) {
          inCheckNodes++;
          if (generateEvasions(p, caps, 0) !== n) fail(p, 'evasions != legal in check');
        }
      });
      plies += played.length;
      games++;
      for (let i = played.length - 1; i >= 0; i--) {
        pos.undoMove();
        const problem = posIsOk(pos);
        if (problem !== null) fail(pos, `after undo: ${problem}`);
      }
      expect(pos.toFen()).toBe(rootFen);
      expect(pos.key).toEqual(rootKey);
      expect(pos.ply).toBe(0);
    }
    expect(plies).toBeGreaterThanOrEqual(200_000);
    expect(inCheckNodes).toBeGreaterThan(1000);
  });
});

describe('single-move questions on a random corpus', () => {
  const positions = corpus(7, 200, 7);

  test('pseudoLegal(m) && legal(m) holds exactly for the legal moves, over all 65,536 values, 200 positions', () => {
    const list = new Int32Array(256);
    let accepted = 0;
    for (const pos of positions) {
      const n = generateLegal(pos, list, 0);
      const legalSet = new Set(list.subarray(0, n));
      for (let m = 0; m < 65536; m++) {
        const ok = pseudoLegal(pos, m) && legal(pos, m);
        if (ok !== legalSet.has(m))
          fail(pos, `move ${m.toString(16)} (${moveToUci(pos, m)}): pseudoLegal&&legal=${ok}`);
        if (ok) accepted++;
      }
    }
    expect(positions.length).toBe(200);
    expect(accepted).toBeGreaterThan(200 * 10);
  });

  test('givesCheck(m) agrees with doMove for every legal move', () => {
    const list = new Int32Array(256);
    let checks = 0,
      moves = 0;
    for (const pos of corpus(11, 2000, 5)) {
      const n = generateLegal(pos, list, 0);
      for (let i = 0; i < n; i++) {
        const m = list[i];
        const predicted = givesCheck(pos, m);
        pos.doMove(m);
        const actual = pos.inCheck();
        pos.undoMove();
        if (predicted !== actual) fail(pos, `givesCheck(${moveToUci(pos, m)}) = ${predicted}`);
        checks += actual ? 1 : 0;
        moves++;
      }
    }
    expect(moves).toBeGreaterThan(20_000);
    expect(checks).toBeGreaterThan(500);
  });

  test('generateQuietChecks writes exactly the quiets that give check, in generateQuiets order', () => {
    const quiets = new Int32Array(256),
      checks = new Int32Array(256);
    let positions = 0,
      found = 0,
      discovered = 0;
    for (const pos of corpus(17, 4000, 3)) {
      if (pos.inCheck()) continue;
      positions++;
      const nq = generateQuiets(pos, quiets, 0);
      const expected: number[] = [];
      for (let i = 0; i < nq; i++) {
        const m = quiets[i];
        if (!givesCheck(pos, m)) continue;
        expected.push(m);
        // A checker other than the moved piece: the check was uncovered.
        const to = (m >>> 6) & 63;
        pos.doMove(m);
        const others =
          to < 32
            ? (pos.st.checkersLo & ~(1 << to)) | pos.st.checkersHi
            : pos.st.checkersLo | (pos.st.checkersHi & ~(1 << (to - 32)));
        pos.undoMove();
        if ((m & 0xc000) === 0 && others !== 0) discovered++;
      }
      // Written after a canary, so a generator that writes from the wrong index fails.
      checks[0] = -1;
      const nc = generateQuietChecks(pos, checks, 1);
      const got = Array.from(checks.subarray(1, nc));
      if (checks[0] !== -1 || got.join() !== expected.join())
        fail(
          pos,
          `quiet checks ${got.map((m) => moveToUci(pos, m)).join(' ')} != ${expected.map((m) => moveToUci(pos, m)).join(' ')}`,
        );
      found += expected.length;
    }
    expect(positions).toBeGreaterThan(3000);
    expect(found).toBeGreaterThan(2000);
    expect(discovered).toBeGreaterThan(20);
  });

  test('generateQuietChecks: a rook check, a castling check and discovered checks by king and pawn', () => {
    const list = new Int32Array(256);
    const checks = (fen: string) => {
      const pos = Position.fromFen(fen);
      return Array.from(list.subarray(0, generateQuietChecks(pos, list, 0)), (m) => moveToUci(pos, m)).sort();
    };
    // Rh8 checks along the eighth rank, Rf1 and castling (the rook lands on f1) along the f-file.
    expect(checks('5k2/8/8/8/8/8/8/4K2R w K - 0 1')).toEqual(['e1g1', 'h1f1', 'h1h8']);
    // The king on d4 shields the d1 rook from the d8 king: each king move off the d-file
    // uncovers the check; the rook's own moves check nothing (the king blocks the file).
    expect(checks('3k4/8/8/8/3K4/8/8/3R4 w - - 0 1')).toEqual(['d4c3', 'd4c4', 'd4c5', 'd4e3', 'd4e4', 'd4e5']);
    // The b2 pawn shields the a1 bishop from h8: both its pushes leave the diagonal.
    expect(checks('7k/8/8/8/8/8/1P6/B6K w - - 0 1')).toEqual(['b2b3', 'b2b4']);
    // The d2 pawn shields the d1 rook from d8 but its pushes stay on the file: no check at all.
    expect(checks('3k4/8/8/8/8/8/3P4/3R3K w - - 0 1')).toEqual([]);
    // Black: the e5 knight shields the e8 rook from the e1 king; every knight move uncovers
    // it, and Nd3 and Nf3 also check directly (written once each).
    expect(checks('4r2k/8/8/4n3/8/8/8/4K3 b - - 0 1')).toEqual([
      'e5c4',
      'e5c6',
      'e5d3',
      'e5d7',
      'e5f3',
      'e5f7',
      'e5g4',
      'e5g6',
    ]);
  });

  test('see(m, t) == (brute-force exchange >= t) for captures and quiet moves', () => {
    const list = new Int32Array(256);
    let compared = 0,
      losing = 0;
    for (const pos of corpus(13, 1000, 3)) {
      const n = generateLegal(pos, list, 0);
      for (let i = 0; i < n; i++) {
        const m = list[i];
        if (moveType(m) !== NORMAL) continue;
        const value = seeReference(pos, m);
        if (value < 0) losing++;
        for (const t of [value - 1, value, value + 1, -500, -100, 0, 1, 100, 300, 500]) {
          if (see(pos, m, t) !== value >= t) fail(pos, `see(${moveToUci(pos, m)}, ${t}) with exchange value ${value}`);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100_000);
    expect(losing).toBeGreaterThan(1000);
  });
});
