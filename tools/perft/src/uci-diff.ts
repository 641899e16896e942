/**
 * Perft-diff against a UCI engine. The engine only gives subtree counts, so the diff
 * bisects: compare the root's move set exactly and each root move's count against
 * the subject's divide; descend into every root move (its own exact set and counts,
 * at depth - 1) and, below that, only into moves whose counts differ, until reaching
 * the first node whose move set differs.
 */
import { addMismatch, sortedMinus, type PositionResult } from './lockstep';
import type { UciEngine } from '@tempo-chess/toolkit';
import type { Walker } from './walker';

/** Diffs one position against the engine down to `depth`. */
export async function uciDiffPosition(
  subject: Walker,
  engine: UciEngine,
  rootFen: string,
  chess960: boolean,
  depth: number,
): Promise<PositionResult> {
  const result: PositionResult = { nodes: 0, mismatchCount: 0, mismatches: [] };
  const path: string[] = [];

  /** Checks the node at `path`; true when it or a node below it was reported. */
  const check = async (d: number, descendAll: boolean): Promise<boolean> => {
    const theirs = (await engine.divide(rootFen, path, d, chess960)).moves;
    const mine = subject.divide(d);
    result.nodes++;
    const mineSorted = [...mine.keys()].sort(),
      theirsSorted = [...theirs.keys()].sort();
    const missing = sortedMinus(theirsSorted, mineSorted),
      extra = sortedMinus(mineSorted, theirsSorted);
    if (missing.length > 0 || extra.length > 0) {
      addMismatch(result, { rootFen, fen: subject.fen(), path: path.slice(), missing, extra });
      return true;
    }
    if (d <= 1) return false;
    let found = false;
    const moves = subject.moves();
    for (const uci of mineSorted) {
      const differs = mine.get(uci) !== theirs.get(uci);
      if (!differs && !descendAll) continue;
      subject.play(moves.indexOf(uci));
      path.push(uci);
      const below = await check(d - 1, false);
      if (differs && !below) reportCountOnly(result, subject, rootFen, path, mine.get(uci) ?? 0, theirs.get(uci) ?? 0);
      found ||= below || differs;
      path.pop();
      subject.undo();
    }
    return found;
  };

  if (depth >= 1) await check(depth, true);
  return result;
}

/** A subtree whose counts differ although no move set below it does (a perft/divide inconsistency). */
function reportCountOnly(
  result: PositionResult,
  subject: Walker,
  rootFen: string,
  path: string[],
  mine: number,
  theirs: number,
): void {
  addMismatch(result, {
    rootFen,
    fen: subject.fen(),
    path: path.slice(),
    missing: [],
    extra: [],
    note: `subtree counts differ (subject ${mine}, oracle ${theirs}) but no move set below differs`,
  });
}
