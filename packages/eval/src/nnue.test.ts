/**
 * The network behind evaluate: the net's own score where it decides, the rules the
 * net cannot see (dead draws, KPK, the fifty-move fade) where they do, and the `eval`
 * command's table naming the verdict.
 */
import { describe, expect, test } from 'vitest';
import { Position } from '@tempo-chess/position';
import { AccumulatorStack, evaluateFeatures, featureIndex, randomNet } from '@tempo-chess/nnue';
import { DEFAULT_PSQ, EvalContext, EVAL_LIMIT, evaluate, evaluateNet, formatEvalTrace } from './index';
import { KXK_WIN, kpkScore, kxkScore } from './endgame';

const NET = randomNet(64, 4, 3);
const pos = (fen: string) => Position.fromFen(fen, { psq: DEFAULT_PSQ });

/** The net's score of `p` by the reference forward pass over the features listed from the board. */
function reference(p: Position): number {
  const white: number[] = [],
    black: number[] = [];
  for (let sq = 0; sq < 64; sq++) {
    const piece = p.board[sq];
    if (piece === 0) continue;
    const c = piece >> 3,
      t = piece & 7;
    white.push(featureIndex(0, c, t, sq));
    black.push(featureIndex(1, c, t, sq));
  }
  return evaluateFeatures(NET, white, black, p.side);
}

function netEval(fen: string): { p: Position; v: number; ctx: EvalContext } {
  const p = pos(fen),
    ctx = new EvalContext(undefined, undefined, NET);
  ctx.nnue!.refresh(p);
  return { p, v: evaluate(p, ctx), ctx };
}

describe('evaluate with a net', () => {
  test.each([
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1',
  ])("%s: the net's score (reference forward pass), clamped to the evaluation limit", (fen) => {
    const { p, v } = netEval(fen);
    const r = reference(p);
    expect(v).toBe(Math.max(-EVAL_LIMIT, Math.min(EVAL_LIMIT, r)));
  });

  test("the fifty-move fade scales the net's score as it does the hand-crafted one", () => {
    const base = '2r3k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - ';
    const fresh = netEval(`${base}0 40`).v;
    expect(netEval(`${base}20 40`).v).toBe(fresh);
    expect(netEval(`${base}60 40`).v).toBe(((fresh * 40) / 80) | 0);
    expect(netEval(`${base}100 90`).v).toBe(0);
  });

  test('dead draws are 0 whatever the net says; KPK is the bitbase, from the side to move', () => {
    for (const fen of [
      '8/8/4k3/8/8/3NK3/8/8 w - - 0 1',
      '8/8/4k3/8/8/3BK3/8/8 b - - 0 1',
      '8/8/4k3/8/8/4K3/8/8 w - - 0 1',
    ]) {
      const { p, v } = netEval(fen);
      expect(v).toBe(0);
      expect(reference(p)).not.toBe(0); // the random net has an opinion the rule overrides
    }
    const kpk: number[] = [];
    for (const fen of [
      '8/8/8/4k3/8/8/4P3/4K3 w - - 0 1',
      '8/8/8/8/8/8/4P3/4K2k b - - 0 1',
      '8/4p3/8/8/8/3k4/8/3K4 w - - 0 1',
    ]) {
      const { p, v } = netEval(fen);
      const k = kpkScore(p);
      expect(v).toBe(p.side === 0 ? k : (0 - k) | 0);
      kpk.push(v);
    }
    expect(kpk[1]).toBeLessThan(-100); // black to move, white's pawn runs: a win for white
    expect(kpk[2]).toBeLessThan(-100); // white to move, black's pawn with its king in front
  });

  test('a lone king against mating material is scored by rule, not faded, from the side to move', () => {
    // Mating material: a queen, a rook, bishop and knight, bishops of both colours.
    for (const fen of [
      '8/8/8/4k3/8/8/8/3QK3',
      '8/8/8/4k3/8/8/8/R3K3',
      '8/8/8/4k3/8/8/8/1N2KB2',
      '8/8/8/4k3/8/8/8/2B1KB2',
    ]) {
      const { p, v } = netEval(`${fen} w - - 0 1`);
      const k = kxkScore(p, 0);
      expect(k).toBeGreaterThan(KXK_WIN);
      expect(v).toBe(k);
      expect(netEval(`${fen} b - - 0 1`).v).toBe(-k);
      expect(netEval(`${fen} w - - 80 60`).v).toBe(k);
      // The colour flip scores alike for black.
      const flipped = fen
        .split('/')
        .reverse()
        .join('/')
        .replace(/[a-zA-Z]/g, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()));
      expect(netEval(`${flipped} b - - 0 1`).v).toBe(k);
    }
    // A bishop and a pawn (not mating material), or a pawn beside the lone king: the net decides.
    for (const fen of ['8/8/8/4k3/8/8/P7/2B1K3 w - - 0 1', '8/8/8/4k3/8/8/4p3/R3K3 w - - 0 1']) {
      const { p, v } = netEval(fen);
      expect(v).toBe(Math.max(-EVAL_LIMIT, Math.min(EVAL_LIMIT, reference(p))));
    }
    expect(kxkScore(netEval('8/8/8/4k3/8/8/P7/2B1K3 w - - 0 1').p, 0)).toBe(0);
  });

  test("the lone-king pushes: to the edge, the kings together, in KBNK to a corner of the bishop's colour", () => {
    const score = (fen: string) => kxkScore(netEval(`${fen} w - - 0 1`).p, 0);
    // KRK: the lone king on the edge scores more than in the centre at the same distance
    // from the other king; nearer the other king, more.
    expect(score('8/8/8/8/3k4/8/8/R3K3')).toBeLessThan(score('8/8/8/8/8/8/7k/R3K3'));
    expect(score('8/8/8/8/8/4k3/8/R3K3')).toBeGreaterThan(score('8/8/8/8/4k3/8/8/R3K3'));
    // KBNK with a light bishop (f1): a8 and h1 are its corners, a1 and h8 not.
    expect(score('k7/8/8/8/8/8/8/1N2KB2')).toBeGreaterThan(score('8/8/8/8/8/8/8/kN2KB2'));
    expect(score('7k/8/8/8/8/8/8/1N2KB2')).toBeLessThan(score('8/8/8/8/8/8/8/1N2KB1k'));
  });

  test('evaluateNet is what evaluate dispatches to; without a net evaluate is the hand-crafted one', () => {
    const fen = 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3';
    const { p, v } = netEval(fen);
    const acc = new AccumulatorStack(NET);
    acc.refresh(p);
    expect(evaluateNet(p, acc)).toBe(v);
    const hce = evaluate(p, new EvalContext());
    expect(new EvalContext().nnue).toBeNull();
    expect(hce).not.toBe(v);
  });

  test("the eval command: the hand-crafted table marked unused, the net's verdict as the final line", () => {
    const { p, v, ctx } = netEval('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    const text = formatEvalTrace(p, ctx);
    const lines = text.split('\n');
    const white = -v; // black to move
    expect(lines[lines.length - 1]).toBe(
      `Final evaluation ${white >= 0 ? '+' : ''}${(white / 100).toFixed(2)} (white side)`,
    );
    expect(text).toContain('Hand-crafted evaluation (not used)');
    expect(text).toContain('NNUE: 64 hidden neurons a side, 4 output buckets');
    expect(formatEvalTrace(p, new EvalContext())).not.toContain('NNUE');
  });
});
