/**
 * The search with a network: every move it plays on its position goes through
 * play/unplay (and the null move through its pair), so the accumulator stack stays at
 * the position's ply. In these tests __DEBUG__ is on, so each accumulator the stack
 * computes is compared with one from scratch and each evaluate checks the plies agree:
 * a move site that skipped push or pop would throw.
 */
import { describe, expect, test } from 'vitest';
import { Position } from '@tempo-chess/position';
import { legalMoves } from '@tempo-chess/movegen';
import { DEFAULT_PSQ, EvalContext, evaluate } from '@tempo-chess/eval';
import { AccumulatorStack, randomNet } from '@tempo-chess/nnue';
import { createSignals, Searcher, TranspositionTable } from './index';

const NET = randomNet(32, 2, 7);

// Positions that make the search play every kind of move: castling both ways and
// Chess960-free promotions with capture, en passant, checks (null moves and probcut
// need quiet middlegames with material to spare).
const FENS = [
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3',
  'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
];

const searcher = (net = NET) => new Searcher(new TranspositionTable(4), createSignals(), { net });

describe('search with a net', () => {
  test.each(FENS)('%s: 20,000 nodes with every accumulator checked against a refresh', (fen) => {
    const s = searcher();
    const pos = Position.fromFen(fen, { psq: DEFAULT_PSQ });
    const before = pos.toFen();
    const r = s.search(pos, { nodes: 20_000 });
    expect(legalMoves(pos)).toContain(r.bestMove);
    expect(pos.toFen()).toBe(before);
    // The stack is back at the root: the root's evaluation is the net's from scratch.
    const fresh = new EvalContext(undefined, undefined, NET);
    fresh.nnue!.refresh(pos);
    expect(s.nnue!.ply).toBe(0);
    expect(evaluate(pos, s.evalContext)).toBe(evaluate(pos, fresh));
  });

  test('the net decides: the same nodes give another tree than the hand-crafted evaluation, and a second run the same', () => {
    const fen = FENS[0];
    const run = (net: typeof NET | null) => {
      const pos = Position.fromFen(fen, { psq: DEFAULT_PSQ });
      const r = new Searcher(new TranspositionTable(4), createSignals(), { net }).search(pos, { depth: 6 });
      return `${r.bestMove} ${r.score} ${r.nodes}`;
    };
    const a = run(NET),
      b = run(NET),
      hce = run(null);
    expect(a).toBe(b);
    expect(a).not.toBe(hce);
  });

  test('threads share the weights: a searcher keeps the net it was given, not a copy', () => {
    const a = searcher(),
      b = searcher();
    expect(a.evalContext.net).toBe(NET);
    expect(a.nnue!.net.ftWeights).toBe(b.nnue!.net.ftWeights);
    expect(a.nnue).not.toBe(b.nnue); // each thread its own accumulators
    expect(new Searcher(new TranspositionTable(1), createSignals()).nnue).toBeNull();
  });

  test('a stack out of step with the position is caught (the check the move sites rely on)', () => {
    const pos = Position.fromFen(FENS[3], { psq: DEFAULT_PSQ });
    const acc = new AccumulatorStack(NET);
    acc.refresh(pos);
    pos.doMove(legalMoves(pos)[0]); // no push
    expect(() => acc.evaluate(pos)).toThrow(/out of step/);
  });
});
