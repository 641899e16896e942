/**
 * Lockstep perft-diff: walks the subject (Tempo) and an oracle (chess.js) together
 * and compares the exact legal move sets, as UCI text, at every node above the
 * leaves. A node whose sets differ is reported and not descended into; its siblings
 * are still checked.
 */
import type { Walker } from './walker';

/** The first position on a path whose legal move sets differ. */
export interface Mismatch {
  /** The corpus position the walk started from. */
  rootFen: string;
  /** FEN of the differing node (as the subject prints it). */
  fen: string;
  /** UCI moves from the root to the differing node. */
  path: string[];
  /** Moves the oracle has and the subject lacks. */
  missing: string[];
  /** Moves the subject has and the oracle lacks. */
  extra: string[];
  /** Extra explanation when the sets agree but something else does (subtree counts). */
  note?: string;
}

/** What a diff of one position found. */
export interface PositionResult {
  /** Nodes whose move sets were compared. */
  nodes: number;
  /** All differing nodes found, including those beyond the kept `mismatches`. */
  mismatchCount: number;
  /** The first MAX_MISMATCHES_PER_POSITION differing nodes, in walk order. */
  mismatches: Mismatch[];
  /** Set when the position could not be checked (bad FEN, engine failure). */
  error?: string;
}

/** Mismatches kept per position; more are only counted. */
export const MAX_MISMATCHES_PER_POSITION = 5;

/** Sorted copy of a move list with the original indices alongside. */
function sortedWithIndex(moves: string[]): { text: string[]; index: number[] } {
  const index = moves.map((_, i) => i).sort((a, b) => (moves[a] < moves[b] ? -1 : moves[a] > moves[b] ? 1 : 0));
  return { text: index.map((i) => moves[i]), index };
}

/** Moves in `a` but not in `b`; both sorted. */
export function sortedMinus(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  let j = 0;
  for (const m of a) {
    while (j < b.length && b[j] < m) j++;
    if (j >= b.length || b[j] !== m) out.push(m);
  }
  return out;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Counts a mismatch and keeps it while under the per-position limit. */
export function addMismatch(result: PositionResult, m: Mismatch): void {
  result.mismatchCount++;
  if (result.mismatches.length < MAX_MISMATCHES_PER_POSITION) result.mismatches.push(m);
}

/** Compares subject and oracle from their current (equal) positions down to `depth`. */
export function lockstepDiff(subject: Walker, oracle: Walker, depth: number, rootFen: string): PositionResult {
  const result: PositionResult = { nodes: 0, mismatchCount: 0, mismatches: [] };
  const path: string[] = [];
  const visit = (d: number): void => {
    const mine = sortedWithIndex(subject.moves());
    const theirs = sortedWithIndex(oracle.moves());
    result.nodes++;
    if (!sameList(mine.text, theirs.text)) {
      addMismatch(result, {
        rootFen,
        fen: subject.fen(),
        path: path.slice(),
        missing: sortedMinus(theirs.text, mine.text),
        extra: sortedMinus(mine.text, theirs.text),
      });
      return;
    }
    if (d <= 1) return;
    for (let k = 0; k < mine.text.length; k++) {
      subject.play(mine.index[k]);
      oracle.play(theirs.index[k]);
      path.push(mine.text[k]);
      visit(d - 1);
      path.pop();
      oracle.undo();
      subject.undo();
    }
  };
  if (depth >= 1) visit(depth);
  return result;
}
