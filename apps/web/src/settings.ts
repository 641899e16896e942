/**
 * What the person chose, turned into what the engine is told: the strength as UCI
 * options (Stockfish's names, which GUIs and pages expect: `UCI_LimitStrength`,
 * `UCI_Elo`, `Skill Level`), and the limits of each search (clock times, or a fixed
 * time a move when the game has no clock). DOM-free, so it is unit-tested.
 */
import type { SearchLimits } from '@tempo-chess/uci/browser';
import type { Clock } from './clock';

export type Strength = { kind: 'full' } | { kind: 'skill'; level: number } | { kind: 'elo'; elo: number };

/** The Elo range the page offers when the engine does not list UCI_Elo's own min and max. */
export const ELO_RANGE = { min: 1320, max: 3190 };
export const SKILL_RANGE = { min: 0, max: 20 };

/** The option lines for a strength, in the order to send them; full strength undoes both limits. */
export function strengthOptions(s: Strength): [string, string | number | boolean][] {
  switch (s.kind) {
    case 'full':
      return [
        ['UCI_LimitStrength', false],
        ['Skill Level', SKILL_RANGE.max],
      ];
    case 'skill':
      return [
        ['UCI_LimitStrength', false],
        ['Skill Level', clamp(Math.round(s.level), SKILL_RANGE.min, SKILL_RANGE.max)],
      ];
    case 'elo':
      return [
        ['Skill Level', SKILL_RANGE.max],
        ['UCI_LimitStrength', true],
        ['UCI_Elo', Math.round(s.elo)],
      ];
  }
}

/** The name the PGN and the clock show for Tempo at this strength. */
export function engineName(s: Strength): string {
  if (s.kind === 'skill') return `Tempo (Skill Level ${s.level})`;
  if (s.kind === 'elo') return `Tempo (Elo ${s.elo})`;
  return 'Tempo';
}

/** The search limits for Tempo's move: both clocks and increments, or a fixed time. */
export function searchLimits(clock: Clock, movetimeMs: number): SearchLimits {
  if (!clock.timed) return { movetime: movetimeMs };
  const inc = clock.control.incMs;
  return {
    wtime: Math.floor(clock.remaining('white')),
    btime: Math.floor(clock.remaining('black')),
    winc: inc,
    binc: inc,
  };
}

/** PGN's TimeControl tag: `180+2`, or `-` for an untimed game. */
export function pgnTimeControl(clock: Clock): string {
  return clock.timed ? `${clock.control.baseMs / 1000}+${clock.control.incMs / 1000}` : '-';
}

/**
 * Sends only the options whose values changed since the last search: the engine keeps
 * them, and a repeated `setoption` can be costly (Threads rebuilds the helpers).
 */
export class OptionCache {
  private sent = new Map<string, string>();
  constructor(private readonly send: (name: string, value: string | number | boolean) => void) {}

  apply(options: [string, string | number | boolean][]): void {
    for (const [name, value] of options) {
      if (this.sent.get(name) === String(value)) continue;
      this.send(name, value);
      this.sent.set(name, String(value));
    }
  }
  /** A fresh worker knows nothing of what the old one was told. */
  reset(): void {
    this.sent.clear();
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
