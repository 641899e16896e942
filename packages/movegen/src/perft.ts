/**
 * Perft: the node count of the legal move tree, the oracle for the rules. With bulk
 * counting the last ply is counted, not played: countLegal at the leaves' parents.
 */
import { moveToUci, type Position } from '@tempo-chess/position';
import { countLegal } from './count';
import { generate } from './gen';
import { MAX_MOVES } from './limits';

let stack = new Int32Array(64 * MAX_MOVES);

function ensure(depth: number): void {
  if (stack.length < (depth + 1) * MAX_MOVES) stack = new Int32Array((depth + 1) * MAX_MOVES);
}

function perftBulk(pos: Position, depth: number, base: number): number {
  if (depth === 1) return countLegal(pos);
  const list = stack; // a local: V8 rechecks a module variable at every use
  const end = generate(pos, list, base, true, true);
  let nodes = 0;
  for (let i = base; i < end; i++) {
    pos.doMove(list[i]);
    nodes += perftBulk(pos, depth - 1, base + MAX_MOVES);
    pos.undoMove();
  }
  return nodes;
}

function perftFull(pos: Position, depth: number, base: number): number {
  const list = stack;
  const end = generate(pos, list, base, true, true);
  if (depth === 1) {
    // Every leaf is played and taken back: this measures make/unmake.
    for (let i = base; i < end; i++) {
      pos.doMove(list[i]);
      pos.undoMove();
    }
    return end - base;
  }
  let nodes = 0;
  for (let i = base; i < end; i++) {
    pos.doMove(list[i]);
    nodes += perftFull(pos, depth - 1, base + MAX_MOVES);
    pos.undoMove();
  }
  return nodes;
}

/** Number of leaf nodes at `depth`. bulk: count the last ply by popcount instead of playing it. */
export function perft(pos: Position, depth: number, bulk = true): number {
  if (depth <= 0) return 1;
  ensure(depth);
  return bulk ? perftBulk(pos, depth, 0) : perftFull(pos, depth, 0);
}

/** Perft split by root move, in generation order, with UCI text. */
export function divide(
  pos: Position,
  depth: number,
  bulk = true,
): Array<{
  /** The root move. */
  move: number;
  /** The root move in UCI notation. */
  uci: string;
  /** The perft count below it. */
  nodes: number;
}> {
  const list = new Int32Array(MAX_MOVES);
  const n = generate(pos, list, 0, true, true);
  const out: Array<{ move: number; uci: string; nodes: number }> = [];
  for (let i = 0; i < n; i++) {
    const m = list[i];
    pos.doMove(m);
    const nodes = perft(pos, depth - 1, bulk);
    pos.undoMove();
    out.push({ move: m, uci: moveToUci(pos, m), nodes });
  }
  return out;
}
