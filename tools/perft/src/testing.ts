/**
 * Test doubles: deliberately broken move generators built by wrapping a correct
 * walker, so the tests can prove the diff finds, bisects and reports real bugs.
 */
import { boardFromFen, parseSquare, squareName, typeOf, P } from './board';
import type { Walker } from './walker';

/** A walker whose move list is the inner list filtered and extended, per ply. */
abstract class ListRewriter implements Walker {
  private readonly maps: number[][] = [];
  protected ply = 0;

  constructor(protected readonly inner: Walker) {}

  get chess960(): boolean {
    return this.inner.chess960;
  }

  /** Rewrites the inner list: indices into it to keep, and fake moves to add (never playable). */
  protected abstract rewrite(moves: string[]): { keep: number[]; add: string[] };

  moves(): string[] {
    const inner = this.inner.moves();
    const { keep, add } = this.rewrite(inner);
    this.maps[this.ply] = keep;
    return [...keep.map((i) => inner[i]), ...add];
  }

  play(index: number): void {
    const map = this.maps[this.ply];
    if (index >= map.length) throw new Error('test double: an added move cannot be played');
    this.beforePlay(this.inner.moves()[map[index]]);
    this.inner.play(map[index]);
    this.ply++;
  }

  /** Called with the move about to be played (at the parent node). */
  protected beforePlay(_uci: string): void {}

  undo(): void {
    this.inner.undo();
    this.ply--;
  }

  fen(): string {
    return this.inner.fen();
  }

  /** Added moves cannot be played, so each counts as one node at any depth. */
  perft(depth: number): number {
    if (depth === 0) return 1;
    let nodes = 0;
    for (const n of this.divide(depth).values()) nodes += n;
    return nodes;
  }

  divide(depth: number): Map<string, number> {
    const out = new Map<string, number>();
    const moves = this.moves();
    const playable = this.maps[this.ply].length;
    for (let i = 0; i < moves.length; i++) {
      if (i >= playable) {
        out.set(moves[i], 1);
        continue;
      }
      this.play(i);
      out.set(moves[i], this.perft(depth - 1));
      this.undo();
    }
    return out;
  }
}

/** Bug 1: never generates en passant captures. */
export class DropsEnPassant extends ListRewriter {
  protected rewrite(moves: string[]): { keep: number[]; add: string[] } {
    const board = boardFromFen(this.inner.fen());
    const isEp = (m: string) =>
      board.ep >= 0 && parseSquare(m.slice(2, 4)) === board.ep && typeOf(board.cells[parseSquare(m.slice(0, 2))]) === P;
    return { keep: moves.map((_, i) => i).filter((i) => !isEp(moves[i])), add: [] };
  }
}

/** Bug 2: after a double pawn push, adds every pseudo-legal en passant capture, legal or not. */
export class AddsIllegalEnPassant extends ListRewriter {
  /** The en passant target square created by the move into each ply, or -1. */
  private readonly epAt: number[] = [-1];

  protected override beforePlay(uci: string): void {
    const board = boardFromFen(this.inner.fen());
    const from = parseSquare(uci.slice(0, 2)),
      to = parseSquare(uci.slice(2, 4));
    const double = typeOf(board.cells[from]) === P && Math.abs(to - from) === 16;
    this.epAt[this.ply + 1] = double ? (from + to) / 2 : -1;
  }

  protected rewrite(moves: string[]): { keep: number[]; add: string[] } {
    const ep = this.epAt[this.ply] ?? -1;
    const add: string[] = [];
    if (ep >= 0) {
      const board = boardFromFen(this.inner.fen());
      const pushed = ep + (board.us === 0 ? -8 : 8);
      for (const side of [pushed - 1, pushed + 1]) {
        if (side >> 3 !== pushed >> 3 || board.cells[side] !== ((board.us << 3) | P)) continue;
        const uci = squareName(side) + squareName(ep);
        if (!moves.includes(uci)) add.push(uci);
      }
    }
    return { keep: moves.map((_, i) => i), add };
  }
}
