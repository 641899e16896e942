/**
 * Micro-benchmarks (benchmark.js) of the hot paths under perft, on the CPW
 * positions: slider attack lookups through the magic tables, legal move generation,
 * and doMove + undoMove over every legal move. Run with `pnpm bench`.
 */
import Benchmark from 'benchmark';
import { BISHOP_TABLE, ROOK_TABLE, bishopIndex, rookIndex } from '@tempo/bitboard';
import { Position } from '@tempo/position';
import { MAX_MOVES, generateLegal } from '@tempo/movegen';
import { CPW_POSITIONS } from './positions';

const positions = CPW_POSITIONS.map((p) => Position.fromFen(p.fen));
const occupancy = positions.map((pos) => [pos.bb[0] | pos.bb[16], pos.bb[1] | pos.bb[17]]);
const list = new Int32Array(MAX_MOVES);
/** Results are folded into this so the optimiser cannot drop the work. */
let sink = 0;

function attackLookups(): void {
  for (let p = 0; p < occupancy.length; p++) {
    const lo = occupancy[p][0], hi = occupancy[p][1];
    for (let sq = 0; sq < 64; sq++) {
      const r = rookIndex(sq, lo, hi), b = bishopIndex(sq, lo, hi);
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

const perCall = (name: string, ops: number) => `${name} (${ops} per call)`;
const moveCount = positions.reduce((sum, pos) => sum + generateLegal(pos, list, 0), 0);

new Benchmark.Suite('tempo micro')
  .add(perCall('rook+bishop attack lookups', positions.length * 64 * 2), attackLookups)
  .add(perCall('generateLegal', positions.length), generate)
  .add(perCall('generateLegal + doMove/undoMove of every move', moveCount), doUndo)
  .on('cycle', (event: Benchmark.Event) => {
    const bench = event.target as unknown as Benchmark;
    const ns = (1e9 / (bench.hz ?? 1));
    console.log(`${String(bench)}  (${ns.toFixed(0)} ns/call)`);
  })
  .on('complete', () => console.log(`(checksum ${sink})`))
  .run();
