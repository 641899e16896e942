/**
 * Move lists: per-ply slices of one preallocated Int32Array, so search and perft
 * allocate nothing per node. MAX_MOVES bounds the legal moves of any position (218).
 */
import type { Position } from '@tempo-chess/position';
import { generate } from './gen';
import { MAX_MOVES } from './limits';

export { MAX_MOVES };

/** A stack of move lists for plies 0..maxPly-1: ply p owns moves[p * MAX_MOVES ...]. */
export class MoveStack {
  /** The moves, MAX_MOVES a ply: ply p's list starts at p * MAX_MOVES. */
  readonly moves: Int32Array;
  /** A score beside each move (for ordering), laid out as `moves`. */
  readonly scores: Int32Array;
  constructor(
    /** The number of plies it holds lists for. */
    readonly maxPly: number,
  ) {
    this.moves = new Int32Array(maxPly * MAX_MOVES);
    this.scores = new Int32Array(maxPly * MAX_MOVES);
  }
}

/** Writes every legal move into list[start..) and returns the end index. */
export function generateLegal(pos: Position, list: Int32Array, start: number): number {
  return generate(pos, list, start, true, true);
}

/** Legal captures (en passant included) and all promotions. */
export function generateCaptures(pos: Position, list: Int32Array, start: number): number {
  return generate(pos, list, start, true, false);
}

/** Legal non-captures that are not promotions, castling included. */
export function generateQuiets(pos: Position, list: Int32Array, start: number): number {
  return generate(pos, list, start, false, true);
}

/** Legal moves when in check. Precondition: the side to move is in check. */
export function generateEvasions(pos: Position, list: Int32Array, start: number): number {
  if (__DEBUG__ && !pos.inCheck()) throw new Error('generateEvasions called while not in check');
  return generate(pos, list, start, true, true);
}

const scratch = new Int32Array(MAX_MOVES);

/** The legal moves as a fresh array (for tools and tests, not hot paths). */
export function legalMoves(pos: Position): number[] {
  const n = generateLegal(pos, scratch, 0);
  return Array.from(scratch.subarray(0, n));
}
