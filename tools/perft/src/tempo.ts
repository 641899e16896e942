/**
 * Tempo behind the Walker interface, plus the perft/divide entry points the
 * commands time. The only file of this tool that imports the engine packages.
 */
import { Position, moveToUci } from '@tempo-chess/position';
import { MAX_MOVES, divide, generateLegal, perft } from '@tempo-chess/movegen';
import type { Walker } from './walker';

/** Plies a walker can go down (playouts included); the position's own stack grows. */
const MAX_WALK_PLY = 512;

/** Parses a FEN; Chess960 when asked, else as Tempo infers it from the castling field. Throws FenError. */
export function tempoPosition(fen: string, chess960: boolean): Position {
  return Position.fromFen(fen, chess960 ? { chess960: true } : {});
}

/** Walks a Tempo position: one MAX_MOVES slice of a shared list per ply. */
export class TempoWalker implements Walker {
  private readonly list = new Int32Array(MAX_WALK_PLY * MAX_MOVES);
  private ply = 0;

  constructor(readonly pos: Position) {}

  get chess960(): boolean {
    return this.pos.chess960;
  }

  moves(): string[] {
    const start = this.ply * MAX_MOVES;
    const end = generateLegal(this.pos, this.list, start);
    const out = new Array<string>(end - start);
    for (let i = start; i < end; i++) out[i - start] = moveToUci(this.pos, this.list[i]);
    return out;
  }

  play(index: number): void {
    if (this.ply + 1 >= MAX_WALK_PLY) throw new Error(`walk deeper than ${MAX_WALK_PLY} plies`);
    this.pos.doMove(this.list[this.ply * MAX_MOVES + index]);
    this.ply++;
  }

  undo(): void {
    this.pos.undoMove();
    this.ply--;
  }

  fen(): string {
    return this.pos.toFen();
  }

  perft(depth: number): number {
    return perft(this.pos, depth, true);
  }

  divide(depth: number): Map<string, number> {
    const out = new Map<string, number>();
    if (depth < 1) return out;
    for (const d of divide(this.pos, depth, true)) out.set(d.uci, d.nodes);
    return out;
  }
}

/** The Walker factory for Tempo (the subject of every diff). */
export function tempoWalker(fen: string, chess960: boolean): Walker {
  return new TempoWalker(tempoPosition(fen, chess960));
}

/** Perft of a FEN in Tempo. */
export function tempoPerft(fen: string, chess960: boolean, depth: number, bulk = true): number {
  return perft(tempoPosition(fen, chess960), depth, bulk);
}

/** Divide of a FEN in Tempo, in generation order. */
export function tempoDivide(
  fen: string,
  chess960: boolean,
  depth: number,
  bulk = true,
): Array<{ uci: string; nodes: number }> {
  return divide(tempoPosition(fen, chess960), depth, bulk).map(({ uci, nodes }) => ({ uci, nodes }));
}
