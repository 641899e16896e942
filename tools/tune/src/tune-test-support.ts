/**
 * Test data for the tuner's tests (imported by tests only): positions from seeded
 * random games, traced into TraceData, and results drawn from a known sigmoid of
 * the evaluation. Not training data: real data comes from datagen.
 */
import { type EvalContext, traceEvaluation } from '@tempo-chess/eval';
import { generateLegal } from '@tempo-chess/movegen';
import { Position, START_FEN } from '@tempo-chess/position';
import { Rng } from '@tempo-chess/toolkit';
import { sigmoid } from './model';
import { TraceData } from './trace-data';

/** Starts with varied material, so games reach king attacks, scale factors and the fifty-move fade. */
const STARTS = [
  START_FEN,
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
  '2r3k1/5ppp/8/1b6/8/2B5/5PPP/3R2K1 w - - 0 30',
  '8/5pk1/6p1/8/3R4/6P1/5PK1/3r4 b - - 0 40',
];

/**
 * FENs of `count` positions from seeded random games (legal moves, captures
 * preferred 30% of the time so games thin out, until a king stands alone),
 * every `every`-th ply, a third of them with a random fifty-move counter.
 */
export function randomGamePositions(count: number, seed: number, every = 3): string[] {
  const rng = new Rng(seed),
    list = new Int32Array(256),
    out: string[] = [];
  for (let g = 0; out.length < count; g++) {
    const pos = Position.fromFen(STARTS[g % STARTS.length]);
    for (let ply = 0; ply < 200 && out.length < count; ply++) {
      const n = generateLegal(pos, list, 0);
      if (n === 0 || pos.rule50 >= 100 || pos.pieceCount[0] === 1 || pos.pieceCount[8] === 1) break;
      if (ply % every === every - 1) {
        // A third get a random fifty-move counter, so the fade is exercised.
        const f = pos.toFen().split(' ');
        if (rng.chance(0.3)) f[4] = String(rng.int(110));
        out.push(f.join(' '));
      }
      let m = list[rng.int(n)];
      if (rng.chance(0.3)) {
        for (let i = 0, o = rng.int(n); i < n; i++) {
          const c = list[(i + o) % n];
          if (pos.board[(c >>> 6) & 63] !== 0 && (c & 0xc000) !== 0xc000) {
            m = c;
            break;
          }
        }
      }
      pos.doMove(m);
    }
  }
  return out;
}

/** The traces of fens under ctx, with results; also returns the FENs kept (in data order). */
export function traceFens(
  fens: readonly string[],
  results: readonly number[],
  ctx: EvalContext,
): { data: TraceData; kept: string[] } {
  const data = new TraceData(),
    kept: string[] = [];
  fens.forEach((fen, i) => {
    const t = traceEvaluation(Position.fromFen(fen, { psq: ctx.psq }), ctx);
    if (data.add(t, results[i]) === null) kept.push(fen);
  });
  return { data, kept };
}

/** A result (white's view) drawn as a win with probability sigmoid(K v), else a loss. */
export function drawResult(v: number, k: number, rng: Rng): number {
  return rng.float() < sigmoid(v, k) ? 1 : 0;
}
