/**
 * A chunk of games: the unit of work of a datagen run (one file of records, games
 * first..last in index order). Game i is played with its own RNG, seeded
 * `${seed}:${i}`, by a searcher reset at its start, so a chunk's text depends only
 * on the settings and its index range, never on which worker played it or what the
 * worker played before.
 */
import { Rng } from '@tempo-chess/toolkit';
import { formatRecord } from './record';
import type { EndReason, SelfPlayer } from './selfplay';

/** What every game of a run shares. */
export interface GameSpec {
  /** Opening FENs. */
  openings: readonly string[];
  seed: number;
  /** Node budget per move. */
  nodes: number;
}

/** One finished game, for progress and the summary. */
export interface GameSummary {
  index: number;
  result: number;
  reason: EndReason;
  plies: number;
  positions: number;
}

/** The RNG of game `index` of a run seeded `seed`. */
export function gameRng(seed: number, index: number): Rng {
  return new Rng(`${seed}:${index}`);
}

/** Plays games first..last (inclusive) and returns their records as text, one line each with its newline. */
export function playChunk(
  player: SelfPlayer,
  spec: GameSpec,
  first: number,
  last: number,
  onGame?: (g: GameSummary) => void,
): string {
  let text = '';
  for (let i = first; i <= last; i++) {
    const g = player.play(spec.openings, gameRng(spec.seed, i), spec.nodes);
    for (const r of g.records) text += formatRecord(r) + '\n';
    onGame?.({ index: i, result: g.result, reason: g.reason, plies: g.plies, positions: g.records.length });
  }
  return text;
}
