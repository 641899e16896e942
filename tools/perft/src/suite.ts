/**
 * `suite`: check every perft count of an EPD file up to a depth. Failures and
 * malformed lines are collected, never thrown, so one bad line does not hide the rest.
 */
import type { EpdEntry, EpdError } from '@tempo-chess/toolkit';

/** A count that came out wrong. */
export interface SuiteFailure {
  line: number;
  fen: string;
  depth: number;
  expected: number;
  got: number;
}

/** What a suite run found. */
export interface SuiteResult {
  positions: number;
  /** (position, depth) pairs checked. */
  checks: number;
  /** Nodes counted (the sum of the expected counts checked). */
  nodes: number;
  failures: SuiteFailure[];
  /** Malformed lines and positions the engine refused, with line numbers. */
  errors: EpdError[];
}

/** Perft of a FEN; throws (e.g. FenError) on a position it refuses. */
export type PerftFn = (fen: string, chess960: boolean, depth: number) => number;

/** The depths of an entry that a run up to `maxDepth` checks. */
export function depthsToCheck(entry: EpdEntry, maxDepth: number): EpdEntry['depths'] {
  return entry.depths.filter((d) => d.depth <= maxDepth);
}

/**
 * Checks each entry's counts up to `maxDepth` with `perft`. `onCheck` is told the
 * expected node count of each finished check (for progress), `onFailure` each failure
 * as it is found.
 */
export function runSuite(
  entries: readonly EpdEntry[],
  parseErrors: readonly EpdError[],
  perft: PerftFn,
  maxDepth: number,
  hooks: {
    onCheck?: (nodes: number) => void;
    onFailure?: (f: SuiteFailure) => void;
    onError?: (e: EpdError) => void;
  } = {},
): SuiteResult {
  const result: SuiteResult = { positions: 0, checks: 0, nodes: 0, failures: [], errors: [...parseErrors] };
  for (const entry of entries) {
    result.positions++;
    for (const { depth, nodes: expected } of depthsToCheck(entry, maxDepth)) {
      let got: number;
      try {
        got = perft(entry.fen, entry.chess960, depth);
      } catch (e) {
        const error = { line: entry.line, message: (e instanceof Error ? e.message : String(e)).split('\n')[0] };
        result.errors.push(error);
        hooks.onError?.(error);
        break;
      }
      result.checks++;
      result.nodes += got;
      if (got !== expected) {
        const failure = { line: entry.line, fen: entry.fen, depth, expected, got };
        result.failures.push(failure);
        hooks.onFailure?.(failure);
      }
      hooks.onCheck?.(expected);
    }
  }
  result.errors.sort((a, b) => a.line - b.line);
  return result;
}
