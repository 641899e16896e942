import { describe, expect, it } from 'vitest';
import { chessJsWalker } from './chessjs';
import { randomCorpus } from './corpus';
import { diffChessJs, diffUci } from './diff';
import { lockstepDiff } from './lockstep';
import { tempoWalker } from './tempo';
import { AddsIllegalEnPassant, DropsEnPassant } from './testing';
import { UciEngine, fakeUciCommand } from '@tempo-chess/toolkit';
import { uciDiffPosition } from './uci-diff';

const FAKE_UCI = fakeUciCommand();

/** White's e2e4 allows d4xe3 e.p.: legal here. */
const EP_LEGAL = '4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1';
/** Black's c7c5 allows b5xc6 e.p., illegal: it would open the fifth rank from h5 to the king on a5. */
const EP_RANK_PIN = '8/2p5/8/KP5r/8/8/8/7k b - - 0 1';

describe('perft-diff against chess.js', () => {
  it('finds no difference on 1,000 random positions at depth 3', () => {
    const corpus = randomCorpus({ count: 1000, seed: 20240611, walker: (fen) => chessJsWalker(fen) });
    const start = performance.now();
    const summary = diffChessJs(corpus.positions, 3, tempoWalker);
    console.log(
      `1000 positions, depth 3: ${summary.nodes} nodes compared in ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
    expect(summary.errors).toBe(0);
    expect(summary.mismatches).toBe(0);
    expect(summary.positions).toBe(1000);
    expect(summary.nodes).toBeGreaterThan(300_000);
  });

  it('reports the node where a generator drops a legal en passant capture', () => {
    const result = lockstepDiff(new DropsEnPassant(tempoWalker(EP_LEGAL, false)), chessJsWalker(EP_LEGAL), 2, EP_LEGAL);
    expect(result.mismatchCount).toBe(1);
    expect(result.mismatches[0]).toEqual({
      rootFen: EP_LEGAL,
      fen: '4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1',
      path: ['e2e4'],
      missing: ['d4e3'],
      extra: [],
    });
  });

  it('reports the node where a generator allows an en passant capture that exposes the king on the rank', () => {
    const result = lockstepDiff(
      new AddsIllegalEnPassant(tempoWalker(EP_RANK_PIN, false)),
      chessJsWalker(EP_RANK_PIN),
      3,
      EP_RANK_PIN,
    );
    expect(result.mismatchCount).toBe(1);
    expect(result.mismatches[0]).toMatchObject({ path: ['c7c5'], missing: [], extra: ['b5c6'] });
    expect(result.mismatches[0].fen).toBe('8/8/8/KPp4r/8/8/8/7k w - - 0 2');
  });

  it('stops descending at a differing node but still checks its siblings', () => {
    const broken = (fen: string) => new DropsEnPassant(tempoWalker(fen, false));
    const summary = diffChessJs(
      [
        { fen: EP_LEGAL, chess960: false },
        { fen: EP_RANK_PIN, chess960: false },
      ],
      3,
      broken,
    );
    expect(summary.results[1].mismatchCount).toBe(0);
    // Every black reply to e2e4 is compared; only the e2e4 node itself differs at depth 3.
    expect(summary.results[0].mismatches.map((m) => m.path.join(' '))).toEqual(['e2e4']);
  });

  it('turns a FEN the walkers refuse into an error result', () => {
    const summary = diffChessJs([{ fen: '8/8/8/8/8/8/8/8 w - - 0 1', chess960: false }], 2, tempoWalker);
    expect(summary.errors).toBe(1);
    expect(summary.results[0].error).toMatch(/^Invalid FEN: field 1/);
  });
});

describe('perft-diff against a UCI engine', () => {
  it('bisects by subtree counts down to the first node whose move set differs', async () => {
    // Black moves first; the bug only shows two plies down, after a black king move and e2e4.
    const root = '4k3/8/8/8/3p4/8/4P3/4K3 b - - 0 1';
    const engine = await UciEngine.start(FAKE_UCI);
    try {
      const result = await uciDiffPosition(new DropsEnPassant(tempoWalker(root, false)), engine, root, false, 3);
      expect(result.mismatchCount).toBe(5);
      expect(result.mismatches.map((m) => m.path.join(' '))).toEqual([
        'e8d7 e2e4',
        'e8d8 e2e4',
        'e8e7 e2e4',
        'e8f7 e2e4',
        'e8f8 e2e4',
      ]);
      expect(result.mismatches[0]).toMatchObject({
        missing: ['d4e3'],
        extra: [],
        fen: '8/3k4/8/8/3pP3/8/8/4K3 b - e3 0 2',
      });
    } finally {
      await engine.quit();
    }
  });

  it('finds no difference where the generator is right, and counts the compared nodes', async () => {
    const summary = await diffUci(
      [
        { fen: EP_LEGAL, chess960: false },
        { fen: EP_RANK_PIN, chess960: false },
      ],
      3,
      FAKE_UCI,
      tempoWalker,
    );
    expect(summary.mismatches).toBe(0);
    expect(summary.errors).toBe(0);
    // Exact sets at the root and at every root move: EP_LEGAL has 6 root moves (Kd1 Kd2 Kf1
    // Kf2 e3 e4), EP_RANK_PIN 17 (3 king moves, c6, c5, 12 rook moves).
    expect(summary.nodes).toBe(1 + 6 + 1 + 17);
  });

  it('rejects with one line when the engine cannot start', async () => {
    await expect(UciEngine.start('/nonexistent/engine')).rejects.toThrow(
      /^UCI engine "\/nonexistent\/engine" exited with code 127/,
    );
  });
});

describe('castling', () => {
  it('Chess960 positions are refused by the chess.js oracle with a pointer to the UCI oracle', () => {
    // X-FEN: KQkq with the king on g1 means the outer rooks, so Tempo plays it as Chess960.
    const summary = diffChessJs([{ fen: '1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1', chess960: false }], 2, tempoWalker);
    expect(summary.results[0].error).toBe(
      'this position needs Chess960 castling; check it with --oracle uci:<command>',
    );
  });

  it('standard castling is compared exactly against a UCI engine', async () => {
    const engine = await UciEngine.start(FAKE_UCI);
    try {
      const fen = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
      const result = await uciDiffPosition(tempoWalker(fen, false), engine, fen, false, 2);
      expect(result.mismatchCount).toBe(0);
      expect(result.nodes).toBe(1 + 26);
    } finally {
      await engine.quit();
    }
  });
});
