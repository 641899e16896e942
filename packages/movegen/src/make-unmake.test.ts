/**
 * Position's make/unmake driven by legal moves: keys, special moves, null moves, draw
 * rules, the state stack and the incremental scores after every move of a walk. They
 * sit here, above both layers, because the moves come from the legal generator.
 */
import { describe, expect, test } from 'vitest';
import { BISHOP, KNIGHT, QUEEN, ROOK } from '@tempo-chess/bitboard';
import { generateLegal, parseUciMove } from './index';
import {
  CASTLING,
  EN_PASSANT,
  PROMOTION,
  moveTo,
  moveType,
  Position,
  START_FEN,
  computeKeys,
  hasInsufficientMaterial,
  isDraw,
  isFiftyMoveDraw,
  isRepetitionDraw,
  egScore,
  makeMove,
  makePromotion,
  makePsqTable,
  makeSpecial,
  mgScore,
  moveToUci,
  posIsOk,
  type PsqTable,
} from '@tempo-chess/position';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const C960 = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';

/** Plays UCI moves, failing the test on any that is not legal here. */
function play(pos: Position, ...moves: string[]): void {
  for (const uci of moves) {
    const m = parseUciMove(pos, uci);
    if (m === 0) throw new Error(`${uci} is not legal in ${pos.toFen()}`);
    pos.doMove(m);
  }
}
const keyOf = (fen: string, chess960?: boolean) => Position.fromFen(fen, { chess960 }).key;
/** The FEN and key together, so one assertion checks both. */
const snap = (pos: Position) => ({ fen: pos.toFen(), key: pos.key });
/** xorshift32, deterministic so every failure reproduces. */
function rng(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => ((s ^= s << 13), (s ^= s >>> 17), (s ^= s << 5), (s >>> 0) / 4294967296);
}

describe('Zobrist keys', () => {
  test('transpositions hash equal, with and without a double step on the way', () => {
    const a = Position.fromFen(START_FEN),
      b = Position.fromFen(START_FEN);
    play(a, 'g1f3', 'g8f6', 'b1c3', 'b8c6');
    play(b, 'b1c3', 'b8c6', 'g1f3', 'g8f6');
    expect(snap(a)).toEqual(snap(b));
    const c = Position.fromFen(START_FEN),
      d = Position.fromFen(START_FEN);
    play(c, 'g1f3', 'b8c6', 'e2e4'); // the double step allows no capture: no ep square
    play(d, 'e2e4', 'b8c6', 'g1f3');
    expect(c.key).toEqual(d.key);
    expect(c.toFen().split(' ').slice(0, 4)).toEqual(d.toFen().split(' ').slice(0, 4));
    play(a, 'e2e4');
    expect(a.key).not.toEqual(b.key);
  });

  test.each([
    [START_FEN, 3],
    [KIWIPETE, 2],
    [C960, 2],
  ])(
    'after every move to depth n from %s: key = from scratch = key of its FEN, and distinct FENs hash apart',
    (fen, depth) => {
      const pos = Position.fromFen(fen),
        byKey = new Map<string, string>();
      const lists = Array.from({ length: depth }, () => new Int32Array(256));
      const walk = (d: number): void => {
        const n = generateLegal(pos, lists[d], 0);
        for (let i = 0; i < n; i++) {
          pos.doMove(lists[d][i]);
          const k = computeKeys(pos),
            key = pos.key,
            f = pos.toFen();
          expect([k[0] >>> 0, k[1] >>> 0]).toEqual([key.lo, key.hi]);
          expect(Position.fromFen(f, { chess960: pos.chess960 }).key).toEqual(key);
          const ks = `${key.hi}:${key.lo}`,
            board = f.split(' ').slice(0, 4).join(' ');
          expect(byKey.get(ks) ?? board).toBe(board);
          byKey.set(ks, board);
          if (d + 1 < depth) walk(d + 1);
          pos.undoMove();
        }
      };
      walk(0);
      expect(pos.toFen()).toBe(Position.fromFen(fen).toFen());
      expect(byKey.size).toBeGreaterThan(depth === 3 ? 5000 : 400);
      expect(new Set(byKey.values()).size).toBe(byKey.size);
    },
  );
});

describe('doMove / undoMove of special moves', () => {
  test.each<[string, string, number, string]>([
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1g1', makeSpecial(4, 7, CASTLING), 'r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1'],
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1c1', makeSpecial(4, 0, CASTLING), 'r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1'],
    [
      'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 9',
      'e8g8',
      makeSpecial(60, 63, CASTLING),
      'r4rk1/8/8/8/8/8/8/R3K2R w KQ - 4 10',
    ],
    [
      'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 9',
      'e8c8',
      makeSpecial(60, 56, CASTLING),
      '2kr3r/8/8/8/8/8/8/R3K2R w KQ - 4 10',
    ],
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'a1a8', makeMove(0, 56), 'R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1'],
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1f1', makeMove(4, 5), 'r3k2r/8/8/8/8/8/8/R4K1R b kq - 1 1'],
    // Chess960: king and rook swap squares; the king stays put; the king moves right on queenside.
    ['r3k3/8/8/8/8/8/8/1R3KR1 w GBa - 0 1', 'f1g1', makeSpecial(5, 6, CASTLING), 'r3k3/8/8/8/8/8/8/1R3RK1 b a - 1 1'],
    [
      '1r3kr1/8/8/8/8/8/8/1R3KR1 w GBgb - 0 1',
      'f1b1',
      makeSpecial(5, 1, CASTLING),
      '1r3kr1/8/8/8/8/8/8/2KR2R1 b gb - 1 1',
    ],
    ['r5kr/8/8/8/8/8/8/R5KR w HAha - 0 1', 'g1h1', makeSpecial(6, 7, CASTLING), 'r5kr/8/8/8/8/8/8/R4RK1 b ha - 1 1'],
    ['r5kr/8/8/8/8/8/8/R5KR b HAha - 0 1', 'g8a8', makeSpecial(62, 56, CASTLING), '2kr3r/8/8/8/8/8/8/R5KR w HA - 1 2'],
    ['4k3/8/8/8/8/8/8/RK6 w A - 0 1', 'b1a1', makeSpecial(1, 0, CASTLING), '4k3/8/8/8/8/8/8/2KR4 b - - 1 1'],
    ['4k3/8/8/8/8/8/8/2RK4 w C - 0 1', 'd1c1', makeSpecial(3, 2, CASTLING), '4k3/8/8/8/8/8/8/2KR4 b - - 1 1'],
    // En passant, both colours.
    [
      'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
      'e5f6',
      makeSpecial(36, 45, EN_PASSANT),
      'rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3',
    ],
    [
      'rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2',
      'e4d3',
      makeSpecial(28, 19, EN_PASSANT),
      'rnbqkbnr/pppp1ppp/8/8/8/3p4/PPP1PPPP/RNBQKBNR w KQkq - 0 3',
    ],
    // Promotions, with and without capture, both colours.
    ...(['n', 'b', 'r', 'q'] as const).flatMap((p, i): Array<[string, string, number, string]> => {
      const t = [KNIGHT, BISHOP, ROOK, QUEEN][i],
        W = p.toUpperCase();
      return [
        [
          '1r2k3/P7/8/8/8/8/8/4K3 w - - 5 30',
          `a7a8${p}`,
          makePromotion(48, 56, t),
          `${W}r2k3/8/8/8/8/8/8/4K3 b - - 0 30`,
        ],
        [
          '1r2k3/P7/8/8/8/8/8/4K3 w - - 5 30',
          `a7b8${p}`,
          makePromotion(48, 57, t),
          `1${W}2k3/8/8/8/8/8/8/4K3 b - - 0 30`,
        ],
        [
          '4k3/8/8/8/8/8/p7/1R2K3 b - - 5 30',
          `a2a1${p}`,
          makePromotion(8, 0, t),
          `4k3/8/8/8/8/8/8/${p}R2K3 w - - 0 31`,
        ],
        [
          '4k3/8/8/8/8/8/p7/1R2K3 b - - 5 30',
          `a2b1${p}`,
          makePromotion(8, 1, t),
          `4k3/8/8/8/8/8/8/1${p}2K3 w - - 0 31`,
        ],
      ];
    }),
  ])('%s: %s', (fen, uci, move, after) => {
    const pos = Position.fromFen(fen),
      before = snap(pos),
      m = parseUciMove(pos, uci);
    expect(m).toBe(move);
    expect(moveToUci(pos, m)).toBe(uci);
    pos.doMove(m);
    expect(pos.toFen()).toBe(after);
    expect(pos.key).toEqual(Position.fromFen(after, { chess960: pos.chess960 }).key);
    expect(posIsOk(pos)).toBeNull();
    pos.undoMove();
    expect(snap(pos)).toEqual(before);
    expect(posIsOk(pos)).toBeNull();
  });

  test('check, captured piece and castling-rights bits are tracked', () => {
    const pos = Position.fromFen(START_FEN);
    play(pos, 'e2e4', 'e7e5', 'd1h5', 'b8c6', 'h5f7');
    expect(pos.capturedPiece()).toBe(9); // black pawn
    expect(pos.inCheck()).toBe(true);
    play(pos, 'e8f7');
    expect(pos.capturedPiece()).toBe(5); // white queen
    expect(pos.castlingRights).toBe(1 | 2);
    expect(pos.inCheck()).toBe(false);
    expect(moveToUci(pos, 0)).toBe('0000');
  });
});

describe('null move', () => {
  test('flips the side, clears the ep square, changes the key; undo restores', () => {
    const pos = Position.fromFen('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'),
      before = snap(pos);
    pos.doNullMove();
    expect(pos.toFen()).toBe('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3');
    expect(pos.key).not.toEqual(before.key);
    expect(pos.key).toEqual(keyOf(pos.toFen()));
    expect(posIsOk(pos)).toBeNull();
    play(pos, 'g8f6');
    pos.undoMove();
    pos.undoNullMove();
    expect(snap(pos)).toEqual(before);
    expect(posIsOk(pos)).toBeNull();
  });
});

describe('draw rules', () => {
  test('fifty-move rule: 99 plies is not a draw, 100 is', () => {
    const pos = Position.fromFen('4k3/8/8/8/8/8/P7/R3K3 w - - 99 80');
    expect([isFiftyMoveDraw(pos), isDraw(pos)]).toEqual([false, false]);
    play(pos, 'a1b1');
    expect([pos.rule50, isFiftyMoveDraw(pos), isDraw(pos)]).toEqual([100, true, true]);
    pos.undoMove();
    play(pos, 'a2a3');
    expect([pos.rule50, isFiftyMoveDraw(pos)]).toEqual([0, false]);
  });

  const SHUFFLE = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];
  /** Plays each move as game history (root at the new ply) and records isRepetitionDraw. */
  const rootAtEnd = (pos: Position, moves: string[]) =>
    moves.map((uci) => (play(pos, uci), (pos.rootPly = pos.ply), isRepetitionDraw(pos)));
  test('threefold in game history: with the root at the current ply, only the third occurrence', () => {
    const pos = Position.fromFen(START_FEN);
    expect(rootAtEnd(pos, [...SHUFFLE, ...SHUFFLE, 'g1f3'])).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(isDraw(pos)).toBe(true);
  });

  test.each([
    [0, [false, false, false, false, true, true, true, true]],
    [1, [false, false, false, false, false, true, true, true]],
    [2, [false, false, false, false, false, false, true, true]],
  ])('twofold strictly after the search root (root ply %i)', (root, expected) => {
    const pos = Position.fromFen(START_FEN);
    pos.rootPly = root;
    expect([...SHUFFLE, ...SHUFFLE].map((uci) => (play(pos, uci), isRepetitionDraw(pos)))).toEqual(expected);
  });

  test('positions before a null move are not compared', () => {
    const pos = Position.fromFen(START_FEN);
    play(pos, 'g1f3');
    pos.doNullMove();
    play(pos, 'f3g1');
    pos.doNullMove();
    expect(pos.key).toEqual(keyOf(START_FEN));
    expect(isRepetitionDraw(pos)).toBe(false);
  });

  test('a capture resets the window: counting starts again after it', () => {
    const pos = Position.fromFen('4k3/8/8/8/8/8/1n6/1R2K3 w - - 0 1');
    expect(rootAtEnd(pos, ['e1f1', 'e8f8', 'f1e1', 'f8e8', 'b1b2'])).toEqual([false, false, false, false, false]);
    expect(pos.rule50).toBe(0);
    const after = rootAtEnd(pos, ['e8f7', 'e1d1', 'f7e8', 'd1e1', 'e8f7', 'e1d1', 'f7e8', 'd1e1']);
    expect(after).toEqual([false, false, false, false, false, false, false, true]);
  });

  test.each([
    ['KvK', '4k3/8/8/8/8/8/8/4K3 w - - 0 1', true],
    ['KNvK', '4k3/8/8/8/8/8/8/4KN2 w - - 0 1', true],
    ['KvKB', '4kb2/8/8/8/8/8/8/4K3 w - - 0 1', true],
    ['KB vs KB, both dark', '4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1', true],
    ['KB vs KB, both light, across board halves', 'b3k3/8/8/8/8/8/8/4K2B w - - 0 1', true],
    ['KBB vs KB, all dark', '4kb2/8/8/8/8/4B3/8/2B1K3 w - - 0 1', true],
    ['KB vs KB, opposite colours', '4kb2/8/8/8/8/8/8/4KB2 w - - 0 1', false],
    ['KBB vs K, both colours', '4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1', false],
    ['KNN vs K', '4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1', false],
    ['KN vs KB', '4kb2/8/8/8/8/8/8/4KN2 w - - 0 1', false],
    ['KPvK', '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1', false],
    ['KvKP', '4k3/4p3/8/8/8/8/8/4K3 w - - 0 1', false],
    ['KRvK', '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', false],
    ['KQvK', '4k3/8/8/8/8/8/8/3QK3 w - - 0 1', false],
  ])('insufficient material: %s', (_, fen, dead) => {
    const pos = Position.fromFen(fen);
    expect(hasInsufficientMaterial(pos)).toBe(dead);
    expect(isDraw(pos)).toBe(dead);
  });
});

describe('state stack', () => {
  test('320 plies of knight shuffles grow the stack; undoing all restores every ply', () => {
    const pos = Position.fromFen(KIWIPETE),
      seen = [snap(pos)];
    const cycle = ['e5d3', 'b6c8', 'd3e5', 'c8b6', 'c3b1', 'f6h5', 'b1c3', 'h5f6'];
    for (let i = 0; i < 40; i++) for (const uci of cycle) (play(pos, uci), seen.push(snap(pos)));
    expect(pos.ply).toBe(320);
    expect(pos.states.capacity).toBeGreaterThan(320);
    expect(pos.st).toBe(pos.states.rows[320]);
    expect(pos.rule50).toBe(320);
    expect(pos.toFen()).toBe(KIWIPETE.replace(' 0 1', ' 320 161'));
    for (let i = 319; i >= 0; i--) {
      pos.undoMove();
      expect(snap(pos)).toEqual(seen[i]);
    }
    expect(posIsOk(pos)).toBeNull();
  });
});

describe('incremental psq, phase and non-pawn material', () => {
  const next = rng(0x7e3b0);
  const mgT = Array.from({ length: 16 * 64 }, () => Math.floor(next() * 2001) - 1000);
  const egT = Array.from({ length: 16 * 64 }, () => Math.floor(next() * 2001) - 1000);
  const table: PsqTable = makePsqTable(
    mgT,
    egT,
    Array.from({ length: 16 }, () => 1 + Math.floor(next() * 9)), // pawns and kings too
    [0, 0, 310, 330, 500, 950, 0, 0, 0, 0, 300, 340, 510, 940, 0, 0],
  );
  /** The terms summed over the board, independently of posIsOk. */
  const fresh = (pos: Position) => {
    let mg = 0,
      eg = 0,
      phase = 0,
      np = 0;
    for (let sq = 0; sq < 64; sq++) {
      const p = pos.board[sq];
      if (p === 0) continue;
      mg += mgT[p * 64 + sq];
      eg += egT[p * 64 + sq];
      phase += table.phase[p];
      np += table.nonPawn[p];
    }
    const st = pos.st;
    return [mg, eg, phase, np, mgScore(st.psq), egScore(st.psq), st.phase, st.nonPawnW + st.nonPawnB];
  };
  const agree = (pos: Position) => {
    const v = fresh(pos);
    expect(v.slice(4)).toEqual(v.slice(0, 4));
    expect([pos.phase, pos.nonPawnMaterial(0) + pos.nonPawnMaterial(1)]).toEqual(v.slice(2, 4));
    const k = computeKeys(pos);
    expect([pos.pawnKey.lo, pos.pawnKey.hi, pos.materialKey.lo, pos.materialKey.hi]).toEqual([
      k[2] >>> 0,
      k[3] >>> 0,
      k[4] >>> 0,
      k[5] >>> 0,
    ]);
    expect(posIsOk(pos)).toBeNull();
  };

  test.each([
    [START_FEN, 1],
    [KIWIPETE, 2],
    ['r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', 3],
    ['8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 4],
    [C960, 5],
  ])('200 random plies from %s (seed %i)', (fen, seed) => {
    const pos = Position.fromFen(fen, { psq: table });
    expect(pos.psq).toBe(table);
    expect(fresh(pos)[4]).not.toBe(0);
    agree(pos);
    const start = snap(pos),
      rand = rng(seed),
      list = new Int32Array(256),
      kinds = new Set<number>();
    let captures = 0;
    for (let plies = 0; plies < 200; plies++) {
      const n = generateLegal(pos, list, 0);
      if (n === 0 || pos.rule50 >= 100) {
        while (pos.ply > 0) pos.undoMove();
        expect(snap(pos)).toEqual(start);
        continue;
      }
      let m = list[Math.floor(rand() * n)];
      // Prefer captures and promotions half the time, so the games thin out and promote.
      if (rand() < 0.5)
        for (let i = 0; i < n; i++)
          if (pos.board[moveTo(list[i])] !== 0 || moveType(list[i]) === PROMOTION) {
            m = list[i];
            break;
          }
      if (pos.board[moveTo(m)] !== 0 && moveType(m) !== CASTLING) captures++;
      kinds.add(moveType(m));
      pos.doMove(m);
      agree(pos);
    }
    while (pos.ply > 0) (pos.undoMove(), agree(pos));
    expect(snap(pos)).toEqual(start);
    expect(captures).toBeGreaterThan(10);
    expect(kinds.size).toBeGreaterThan(1);
  });
});
