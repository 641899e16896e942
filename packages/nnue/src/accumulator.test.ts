import { describe, expect, test } from 'vitest';
import { NORMAL, Position, START_FEN, moveTo, moveType, type Move } from '@tempo-chess/position';
import { generateLegal } from '@tempo-chess/movegen';
import { AccumulatorStack, evaluateFeatures, randomNet, shareNet, type NetWeights } from './index';
import { boardFeatures } from './test-support';

/**
 * Every stack test runs on both backends: the plain TypeScript kernels and the
 * WebAssembly SIMD ones (Node 20 has SIMD; simd.test.ts checks that it is used by default).
 */
const PATHS = ['plain', 'simd'] as const;
type Path = (typeof PATHS)[number];
function stackOf(path: Path, net: NetWeights, capacity?: number): AccumulatorStack {
  const stack = new AccumulatorStack(net, capacity, { simd: path === 'simd' });
  expect(stack.simd).toBe(path === 'simd');
  return stack;
}

const reference = (net: NetWeights, pos: Position) => {
  const [white, black] = boardFeatures(pos);
  return evaluateFeatures(net, white, black, pos.side);
};

/** xorshift32, deterministic so every failure reproduces. */
function rng(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => ((s ^= s << 13), (s ^= s >>> 17), (s ^= s << 5), (s >>> 0) / 4294967296);
}

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const PROMOTIONS = 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1';
const EN_PASSANT = 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3';
const C960 = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';
// Chess960 castling where the king stays (g1/g8 with the rook on h), the rook stays
// (f1/f8 and d1/d8), and king and rook swap (f1 and g1), for both sides.
const C960_KING_STAYS = 'r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1';
const C960_ROOK_STAYS = '3rkr2/pp4pp/8/8/8/8/PP4PP/3RKR2 w FDfd - 0 1';
const C960_SWAP = '1r3kr1/1pp3pp/8/8/8/8/1PP3PP/1R3KR1 w GBgb - 0 1';

describe.each(PATHS)('AccumulatorStack (%s): incremental = from scratch', (path) => {
  test('10,000 positions of random games, H = 32, 8 buckets (and a refresh at each game start only)', () => {
    const net = randomNet(32, 8, 5),
      stack = stackOf(path, net, 4); // capacity 4: the stack grows during the games
    const rand = rng(12),
      list = new Int32Array(256);
    let positions = 0,
      games = 0,
      pos = Position.fromFen(START_FEN);
    stack.refresh(pos);
    const starts = [START_FEN, KIWIPETE, PROMOTIONS, C960, C960_KING_STAYS, C960_ROOK_STAYS, C960_SWAP];
    while (positions < 10_000) {
      const n = generateLegal(pos, list, 0);
      if (n === 0 || pos.rule50 >= 100 || stack.ply >= 400) {
        pos = Position.fromFen(starts[++games % starts.length]);
        stack.refresh(pos);
        continue;
      }
      let m = list[Math.floor(rand() * n)];
      // Half the time a special move or a capture, so the games thin out, promote and castle.
      if (rand() < 0.5)
        for (let i = 0; i < n; i++)
          if (moveType(list[i]) !== NORMAL || pos.board[moveTo(list[i])] !== 0) {
            m = list[i];
            break;
          }
      pos.doMove(m);
      stack.push();
      // Evaluate two positions in three, so some updates replay two or three moves at once.
      if (rand() < 0.67) {
        expect(stack.evaluate(pos)).toBe(reference(net, pos));
        positions++;
      }
    }
    expect(games).toBeGreaterThan(20);
    expect(stack.capacity).toBeGreaterThanOrEqual(256);
  });

  /**
   * A perft-style walk: every legal move to `depth`, and a null move at every node
   * not in check with depth >= 2, evaluating at random nodes (so updates replay from
   * one to `depth` plies back). Returns the evaluations compared.
   */
  function walk(
    pos: Position,
    stack: AccumulatorStack,
    net: NetWeights,
    depth: number,
    rand: () => number,
    kinds: number[],
  ): number {
    let checked = 0;
    if (rand() < (depth === 0 ? 0.4 : 0.3)) {
      expect(stack.evaluate(pos)).toBe(reference(net, pos));
      checked++;
    }
    if (depth === 0) return checked;
    const list = new Int32Array(256),
      n = generateLegal(pos, list, 0);
    for (let i = 0; i < n; i++) {
      const m: Move = list[i];
      kinds[(m >>> 14) & 3]++;
      pos.doMove(m);
      stack.push();
      checked += walk(pos, stack, net, depth - 1, rand, kinds);
      pos.undoMove();
      stack.pop();
    }
    if (!pos.inCheck() && depth >= 2) {
      pos.doNullMove();
      stack.pushNull();
      kinds[4]++;
      checked += walk(pos, stack, net, depth - 1, rand, kinds);
      pos.undoNullMove();
      stack.pop();
    }
    return checked;
  }

  test.each([
    [START_FEN, 3],
    [KIWIPETE, 3],
    [PROMOTIONS, 3],
    [EN_PASSANT, 3],
    ['8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 4],
    ['n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1', 3],
    [C960, 3],
    [C960_KING_STAYS, 3],
    [C960_ROOK_STAYS, 3],
    [C960_SWAP, 3],
  ])('perft walk from %s to depth %i, null moves included', (fen, depth) => {
    const net = randomNet(16, 4, depth * 31 + fen.length),
      stack = stackOf(path, net);
    const pos = Position.fromFen(fen),
      kinds = [0, 0, 0, 0, 0];
    stack.refresh(pos);
    const checked = walk(pos, stack, net, depth, rng(fen.length), kinds);
    expect(checked).toBeGreaterThan(100);
    expect(stack.ply).toBe(0);
    expect(kinds[0]).toBeGreaterThan(0);
    expect(kinds[4]).toBeGreaterThan(0); // null moves
    if (fen === KIWIPETE || fen.startsWith('r5kr') || fen.startsWith('3rkr') || fen.startsWith('1r3kr'))
      expect(kinds[3]).toBeGreaterThan(0);
    if (fen === PROMOTIONS || fen.startsWith('n1n5')) expect(kinds[1]).toBeGreaterThan(0);
    if (fen === EN_PASSANT || fen === KIWIPETE) expect(kinds[2]).toBeGreaterThan(0);
  });

  test('H = 256: 500 positions of a random game walk', () => {
    const net = randomNet(256, 8, 9),
      stack = stackOf(path, net);
    const rand = rng(3),
      list = new Int32Array(256);
    const pos = Position.fromFen(KIWIPETE);
    stack.refresh(pos);
    for (let k = 0; k < 500; k++) {
      const n = generateLegal(pos, list, 0);
      if (n === 0 || stack.ply > 60) {
        while (stack.ply > 0) (pos.undoMove(), stack.pop());
        continue;
      }
      pos.doMove(list[Math.floor(rand() * n)]);
      stack.push();
      expect(stack.evaluate(pos)).toBe(reference(net, pos));
    }
  });
});

/** The colour flip of a standard position's FEN: ranks mirrored, colours and side swapped. */
function flipFen(fen: string): string {
  const [board, side, castling, ep, ...rest] = fen.split(' ');
  const swap = (s: string) =>
    s.replace(/[a-zA-Z]/g, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));
  const rights =
    castling === '-'
      ? '-'
      : swap(castling)
          .split('')
          .sort((a, b) => Number(a > 'Z') - Number(b > 'Z'))
          .join('');
  const square = ep === '-' ? '-' : ep[0] + (ep[1] === '3' ? '6' : '3');
  return [swap(board.split('/').reverse().join('/')), side === 'w' ? 'b' : 'w', rights, square, ...rest].join(' ');
}

describe.each(PATHS)('colour-flip symmetry (%s)', (path) => {
  test('flipFen mirrors as intended', () => {
    expect(flipFen(EN_PASSANT)).toBe('rnbqkbnr/pppp1ppp/8/8/3PpP2/8/PPP1P1PP/RNBQKBNR b KQkq f3 0 3');
  });

  test('a position and its colour flip evaluate exactly alike, whatever the weights, on 2,000 game positions', () => {
    const rand = rng(77),
      list = new Int32Array(256);
    for (const [h, b, seed] of [
      [16, 1, 1],
      [32, 8, 2],
      [64, 3, 3],
    ]) {
      const net = randomNet(h, b, seed),
        stack = stackOf(path, net),
        mirror = stackOf(path, net);
      let pos = Position.fromFen(START_FEN),
        distinct = new Set<number>();
      for (let k = 0; k < 700; k++) {
        const n = generateLegal(pos, list, 0);
        if (n === 0 || pos.ply > 150) {
          pos = Position.fromFen(k % 2 ? KIWIPETE : START_FEN);
          continue;
        }
        pos.doMove(list[Math.floor(rand() * n)]);
        const flipped = Position.fromFen(flipFen(pos.toFen()));
        stack.refresh(pos);
        mirror.refresh(flipped);
        const v = stack.evaluate(pos);
        expect(mirror.evaluate(flipped)).toBe(v);
        distinct.add(v);
      }
      expect(distinct.size).toBeGreaterThan(50); // the weights do tell positions apart
      distinct = new Set();
    }
  });
});

describe.each(PATHS)('AccumulatorStack (%s): contracts', (path) => {
  test("a null move reuses the accumulators: the side to move flips, the evaluation is the other side's view", () => {
    const net = randomNet(32, 2, 4),
      stack = stackOf(path, net);
    const pos = Position.fromFen('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    stack.refresh(pos);
    const [white, black] = boardFeatures(pos);
    expect(stack.evaluate(pos)).toBe(evaluateFeatures(net, white, black, 1));
    pos.doNullMove();
    stack.pushNull();
    expect(stack.evaluate(pos)).toBe(evaluateFeatures(net, white, black, 0));
    pos.undoNullMove();
    stack.pop();
    expect(stack.evaluate(pos)).toBe(evaluateFeatures(net, white, black, 1));
  });

  test('a shared copy of the net and one whose arrays start off word alignment evaluate alike', () => {
    const net = randomNet(32, 4, 21),
      shared = shareNet(net);
    expect(shared.ftWeights.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(shared.outWeights.buffer).toBe(shared.ftWeights.buffer);
    // The same weights at an odd int16 offset of a larger buffer: the stack copies them into words.
    const shifted = (a: Int16Array) => {
      const b = new Int16Array(a.length + 1);
      b.set(a, 1);
      return b.subarray(1);
    };
    const odd = {
      ...net,
      ftWeights: shifted(net.ftWeights),
      ftBias: shifted(net.ftBias),
      outWeights: shifted(net.outWeights),
    };
    const stacks = [net, shared, odd].map((n) => stackOf(path, n));
    const pos = Position.fromFen(KIWIPETE),
      list = new Int32Array(256),
      rand = rng(5);
    for (const s of stacks) s.refresh(pos);
    for (let k = 0; k < 40; k++) {
      const n = generateLegal(pos, list, 0);
      if (n === 0) break;
      pos.doMove(list[Math.floor(rand() * n)]);
      const want = reference(net, pos);
      for (const s of stacks) {
        s.push();
        expect(s.evaluate(pos)).toBe(want);
      }
    }
  });

  test('debug builds catch a push/pop out of step and an update from a wrong dirty piece', () => {
    const net = randomNet(16, 1, 8),
      stack = stackOf(path, net);
    const pos = Position.fromFen(START_FEN),
      list = new Int32Array(256);
    stack.refresh(pos);
    generateLegal(pos, list, 0);
    pos.doMove(list[0]);
    expect(() => stack.evaluate(pos)).toThrow(/push\/pop out of step/);
    stack.push();
    pos.st.dirtyTo0 ^= 1; // the moved piece recorded one square off
    expect(() => stack.evaluate(pos)).toThrow(
      /AccumulatorStack: ply 1 \(row 1\) white accumulator \[\d+\] = -?\d+, from scratch -?\d+/,
    );
    expect(() => stackOf(path, net).evaluate(Position.fromFen(START_FEN))).toThrow(/no refresh/);
  });
});
