/**
 * Micro-benchmarks (benchmark.js) of the hot paths under perft, on the CPW
 * positions: slider attack lookups through the magic tables, legal move generation,
 * and doMove + undoMove over every legal move. Then the evaluation over 1,515
 * positions from real games (data/eval-positions.fen at the repository root) with the pawn hash cold (off: every
 * call computes the pawn structure) and warm, and doMove + undoMove pairs over the
 * legal moves of the same positions, so the cost of one evaluation can be given in
 * make/unmake pairs. Run with `pnpm bench`.
 */
import { readFileSync } from 'node:fs';
import Benchmark from 'benchmark';
import { BISHOP_TABLE, ROOK_TABLE, bishopIndex, rookIndex } from '@tempo-chess/bitboard';
import { Position } from '@tempo-chess/position';
import { MAX_MOVES, generateLegal } from '@tempo-chess/movegen';
import { DEFAULT_PSQ, EvalContext, evaluate } from '@tempo-chess/eval';
import { CPW_POSITIONS } from './positions';

/** The evaluation benchmark's positions, shared with packages/eval/scripts: one FEN a line, `#` comments. */
const EVAL_POSITIONS = readFileSync(new URL('../../../data/eval-positions.fen', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'));

const positions = CPW_POSITIONS.map((p) => Position.fromFen(p.fen));
const occupancy = positions.map((pos) => [pos.bb[0] | pos.bb[16], pos.bb[1] | pos.bb[17]]);
const list = new Int32Array(MAX_MOVES);
/** Results are folded into this so the optimiser cannot drop the work. */
let sink = 0;

function attackLookups(): void {
  for (let p = 0; p < occupancy.length; p++) {
    const lo = occupancy[p][0],
      hi = occupancy[p][1];
    for (let sq = 0; sq < 64; sq++) {
      const r = rookIndex(sq, lo, hi),
        b = bishopIndex(sq, lo, hi);
      sink = (sink + (ROOK_TABLE[r] ^ ROOK_TABLE[r + 1] ^ BISHOP_TABLE[b] ^ BISHOP_TABLE[b + 1])) | 0;
    }
  }
}

function generate(): void {
  for (let p = 0; p < positions.length; p++) sink = (sink + generateLegal(positions[p], list, 0)) | 0;
}

function doUndo(): void {
  for (let p = 0; p < positions.length; p++) {
    const pos = positions[p];
    const n = generateLegal(pos, list, 0);
    for (let i = 0; i < n; i++) {
      pos.doMove(list[i]);
      pos.undoMove();
    }
    sink = (sink + n) | 0;
  }
}

const evalPositions = EVAL_POSITIONS.map((f) => Position.fromFen(f, { psq: DEFAULT_PSQ }));
const evalMoves = evalPositions.map((pos) => Array.from(list.subarray(0, generateLegal(pos, list, 0))));
const evalMoveCount = evalMoves.reduce((sum, m) => sum + m.length, 0);
const cold = new EvalContext(undefined, 0);
const warm = new EvalContext();

function evaluateAll(ctx: EvalContext): void {
  for (let p = 0; p < evalPositions.length; p++) sink = (sink + evaluate(evalPositions[p], ctx)) | 0;
}

function doUndoPairs(): void {
  for (let p = 0; p < evalPositions.length; p++) {
    const pos = evalPositions[p],
      moves = evalMoves[p];
    for (let i = 0; i < moves.length; i++) {
      pos.doMove(moves[i]);
      pos.undoMove();
    }
  }
}

const perCall = (name: string, ops: number) => `${name} (${ops} per call)`;
const moveCount = positions.reduce((sum, pos) => sum + generateLegal(pos, list, 0), 0);
/** Nanoseconds per operation of each eval-related benchmark, for the ratio line. */
const nsPerOp: Record<string, number> = {};

new Benchmark.Suite('tempo micro')
  .add(perCall('rook+bishop attack lookups', positions.length * 64 * 2), attackLookups)
  .add(perCall('generateLegal', positions.length), generate)
  .add(perCall('generateLegal + doMove/undoMove of every move', moveCount), doUndo)
  .add(perCall('evaluate, pawn hash cold (off)', evalPositions.length), () => evaluateAll(cold))
  .add(perCall('evaluate, pawn hash warm', evalPositions.length), () => evaluateAll(warm))
  .add(perCall('doMove+undoMove pairs on the eval positions', evalMoveCount), doUndoPairs)
  .on('cycle', (event: Benchmark.Event) => {
    const bench = event.target as unknown as Benchmark;
    const ns = 1e9 / (bench.hz ?? 1);
    console.log(`${String(bench)}  (${ns.toFixed(0)} ns/call)`);
    const ops = bench.name?.startsWith('evaluate')
      ? evalPositions.length
      : bench.name?.startsWith('doMove+undoMove pairs')
        ? evalMoveCount
        : 0;
    if (ops > 0) nsPerOp[bench.name ?? ''] = ns / ops;
  })
  .on('complete', () => {
    const pair = Object.entries(nsPerOp).find(([k]) => k.startsWith('doMove+undoMove pairs'))?.[1];
    for (const [k, v] of Object.entries(nsPerOp)) {
      if (!k.startsWith('evaluate') || pair === undefined) continue;
      const per = k.replace(/ \(.*$/, '');
      console.log(
        `${per}: ${v.toFixed(0)} ns, ${(1e9 / v / 1e6).toFixed(2)} M evals/s, ${(v / pair).toFixed(1)} make/unmake pairs (${pair.toFixed(1)} ns a pair)`,
      );
    }
    console.log(`(checksum ${sink})`);
  })
  .run();
