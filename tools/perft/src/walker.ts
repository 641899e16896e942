/**
 * The view of a rules implementation that the perft-diff needs: legal moves of the
 * current node as UCI text, and make/unmake by index into that list. Tempo, chess.js
 * and test doubles (a deliberately broken generator) all implement it, so the diff
 * logic never knows which engine it walks.
 */
export interface Walker {
  /** True when castling is Chess960 style (king-takes-rook UCI text). */
  readonly chess960: boolean;
  /** Legal moves of the current node as UCI text, in the walker's own order. */
  moves(): string[];
  /** Plays `moves()[index]` of the current node; `moves()` must have been called here. */
  play(index: number): void;
  /** Takes back the last `play`. */
  undo(): void;
  /** FEN of the current node, for reports. */
  fen(): string;
  /** Leaf count below the current node (a fast path where the engine has one). */
  perft(depth: number): number;
  /** Per-root-move leaf counts below the current node, keyed by UCI text. */
  divide(depth: number): Map<string, number>;
}

/** Builds a walker on a FEN; throws an Error with a one-line message on a bad FEN. */
export type WalkerFactory = (fen: string, chess960: boolean) => Walker;

/** Perft by walking `moves`/`play`/`undo`: slow but valid for any walker. */
export function walkerPerft(w: Walker, depth: number): number {
  if (depth === 0) return 1;
  const moves = w.moves();
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (let i = 0; i < moves.length; i++) {
    w.play(i);
    nodes += w.perft(depth - 1);
    w.undo();
  }
  return nodes;
}

/** Divide by walking: each legal move's subtree count at `depth - 1`. */
export function walkerDivide(w: Walker, depth: number): Map<string, number> {
  const out = new Map<string, number>();
  if (depth < 1) return out;
  const moves = w.moves();
  for (let i = 0; i < moves.length; i++) {
    w.play(i);
    out.set(moves[i], w.perft(depth - 1));
    w.undo();
  }
  return out;
}

/** Plays a path of UCI moves from the current node; throws if one is not legal. */
export function playPath(w: Walker, path: readonly string[]): void {
  for (const uci of path) {
    const index = w.moves().indexOf(uci);
    if (index < 0) throw new Error(`move ${uci} is not legal in ${w.fen()}`);
    w.play(index);
  }
}
