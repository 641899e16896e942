/**
 * perft-diff over a list of positions: against chess.js (in process, or in
 * worker_threads) or against a UCI engine. Results are stored by position index, so
 * the report is the same for any number of jobs.
 */
import { chessJsWalker } from './chessjs';
import { lockstepDiff, type PositionResult } from './lockstep';
import { UciEngine } from '@tempo-chess/toolkit';
import { uciDiffPosition } from './uci-diff';
import type { WalkerFactory } from './walker';

/** A position to check. */
export interface DiffPosition {
  fen: string;
  chess960: boolean;
}

/** Called after each position with the count done so far and that position's nodes. */
export type DiffProgress = (done: number, nodes: number) => void;

/** The outcome of a diff run. */
export interface DiffSummary {
  positions: number;
  nodes: number;
  /** Differing nodes, counted over all positions. */
  mismatches: number;
  errors: number;
  seconds: number;
  /** One result per input position, in input order. */
  results: PositionResult[];
}

const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split('\n')[0];

/** Diffs one position against chess.js; a bad FEN becomes an error result, never a throw. */
export function diffOneChessJs(pos: DiffPosition, depth: number, subject: WalkerFactory): PositionResult {
  try {
    const mine = subject(pos.fen, pos.chess960);
    if (mine.chess960) throw new Error('this position needs Chess960 castling; check it with --oracle uci:<command>');
    const theirs = chessJsWalker(pos.fen, pos.chess960);
    return lockstepDiff(mine, theirs, depth, pos.fen);
  } catch (e) {
    return { nodes: 0, mismatchCount: 0, mismatches: [], error: errorMessage(e) };
  }
}

/** Totals of a finished run. */
export function summarize(results: PositionResult[], startMs: number): DiffSummary {
  let nodes = 0,
    mismatches = 0,
    errors = 0;
  for (const r of results) {
    nodes += r.nodes;
    mismatches += r.mismatchCount;
    if (r.error) errors++;
  }
  return {
    positions: results.length,
    nodes,
    mismatches,
    errors,
    seconds: (performance.now() - startMs) / 1000,
    results,
  };
}

/** Diffs every position against chess.js in this thread (what the tests call). */
export function diffChessJs(
  positions: readonly DiffPosition[],
  depth: number,
  subject: WalkerFactory,
  progress?: DiffProgress,
): DiffSummary {
  const start = performance.now();
  const results: PositionResult[] = [];
  for (const pos of positions) {
    const r = diffOneChessJs(pos, depth, subject);
    results.push(r);
    progress?.(results.length, r.nodes);
  }
  return summarize(results, start);
}

/** Diffs every position against a UCI engine started from `command`. */
export async function diffUci(
  positions: readonly DiffPosition[],
  depth: number,
  command: string,
  subject: WalkerFactory,
  progress?: DiffProgress,
): Promise<DiffSummary> {
  const start = performance.now();
  const engine = await UciEngine.start(command);
  const results: PositionResult[] = [];
  try {
    for (const pos of positions) {
      let r: PositionResult;
      try {
        // The walker knows best whether the position plays by Chess960 rules (X-FEN
        // castling can imply it), and the engine must print castling the same way.
        const walker = subject(pos.fen, pos.chess960);
        r = await uciDiffPosition(walker, engine, pos.fen, walker.chess960, depth);
      } catch (e) {
        r = { nodes: 0, mismatchCount: 0, mismatches: [], error: errorMessage(e) };
        if (/UCI engine/.test(r.error ?? '')) throw new Error(r.error);
      }
      results.push(r);
      progress?.(results.length, r.nodes);
    }
  } finally {
    await engine.quit();
  }
  return summarize(results, start);
}
