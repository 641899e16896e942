import { describe, expect, test } from 'vitest';
import { Position } from '@tempo-chess/position';
import { EvalContext } from './context';
import { evaluate } from './evaluate';
import { formatEvalTrace } from './format';
import { presetParams } from './params';
import { DEFAULT_PSQ } from './psq-table';
import { scoreFromTrace, traceEvaluation } from './trace';

const ctx = new EvalContext();
const fen = (f: string) => Position.fromFen(f, { psq: DEFAULT_PSQ });

describe('evaluate', () => {
  test('the start position is worth the tempo to the side to move', () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';
    const w = evaluate(fen(`${start} w KQkq - 0 1`), ctx);
    expect(w).toBe(evaluate(fen(`${start} b KQkq - 0 1`), ctx));
    expect(evaluate(fen(`${start} w KQkq - 0 1`), new EvalContext(presetParams('pesto-only')))).toBe(0);
  });

  test.each([
    ['KK', '4k3/8/8/8/8/8/8/4K3 w - - 0 1'],
    ['KNK', '4k3/8/8/8/8/8/8/3NK3 b - - 0 1'],
    ['KBK', '4k3/8/8/8/8/8/8/3BK3 w - - 0 1'],
    ['KNNK', '4k3/8/8/8/8/8/8/2NNK3 w - - 0 1'],
    ['KKNN', '2nnk3/8/8/8/8/8/8/4K3 w - - 0 1'],
    ['bishops on one colour', '5bk1/8/8/8/8/8/8/B1B1K3 w - - 0 1'],
  ])('insufficient material is exactly 0: %s', (_name, f) => {
    expect(evaluate(fen(f), ctx)).toBe(0);
    expect(traceEvaluation(fen(f), ctx).drawn).toBe(true);
  });

  test.each([
    ['KNKN', '3nk3/8/8/8/8/8/8/3NK3 w - - 0 1'],
    ['bishops on both colours', '3bk3/8/8/8/8/8/8/3BK3 w - - 0 1'],
    ['KNNKP', '4k3/7p/8/8/8/8/8/2NNK3 w - - 0 1'],
  ])('mating chances are not zeroed: %s', (_name, f) => {
    expect(traceEvaluation(fen(f), ctx).drawn).toBe(false);
  });

  test("the eval table ends with the final evaluation from white's side", () => {
    const pos = fen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1');
    const text = formatEvalTrace(pos, ctx);
    const v = -evaluate(pos, ctx);
    const last = text.trim().split('\n').pop();
    expect(last).toBe(`Final evaluation ${v >= 0 ? '+' : ''}${(v / 100).toFixed(2)} (white side)`);
    expect(text).toMatch(/Material/);
    expect(text).toMatch(/Phase: 24 of 24/);
  });

  test('the trace rebuilds the score on varied positions', () => {
    const fens = [
      'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
      '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
      'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
      '8/8/4k3/8/8/8/4KR2/8 b - - 40 80',
    ];
    for (const f of fens) {
      const pos = fen(f);
      const t = traceEvaluation(pos, ctx);
      expect(t.score).toBe(evaluate(pos, ctx));
      expect(scoreFromTrace(t, ctx.params)).toBe(t.score);
    }
  });
});
