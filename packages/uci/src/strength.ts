/**
 * Levels for people (`Skill Level`, `UCI_LimitStrength` with `UCI_Elo`, `Skill Seed`):
 * the options' state, the level in effect and the seeded draw of the move. The
 * level's logic (budget, temperature, the draw over candidate lines) is
 * @tempo-chess/search's skill.ts; the engine runs the bounded MultiPV search and hands the
 * lines of its last completed iteration to `choose`.
 *
 * Seeds: `Skill Seed` (0, the default: the clock at start-up) seeds the engine; each
 * `ucinewgame` moves to the next game's seed, and a move's draw is seeded by the
 * game's seed and the position's key. So an engine given the same seed and the same
 * commands plays the same moves (tests, reproducible games), a repeated position
 * in one game gets the same draw, and without a seed every run differs.
 */
import {
  SKILL_MAX,
  SkillRng,
  chooseSkillMove,
  skillFromElo,
  skillPlan,
  type SkillCandidate,
  type SkillPlan,
} from '@tempo-chess/search';
import type { Position } from '@tempo-chess/position';
import { DEFAULT_UCI_ELO } from './options';

/** murmur3's 32-bit finaliser over a and b: seeds that differ in one bit give unrelated draws. */
function mix(a: number, b: number): number {
  let h = (a ^ Math.imul(b | 0, 0x9e3779b1)) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

function clockSeed(): number {
  return mix(Date.now() | 0, Math.floor(performance.now() * 1000));
}

/** What the last limited search chose, and from what (tests read it). */
export interface SkillChoice {
  plan: SkillPlan;
  lines: SkillCandidate[];
  move: number;
}

export class Strength {
  private skillLevel = SKILL_MAX;
  private limit = false;
  private elo = DEFAULT_UCI_ELO;
  private engineSeed = clockSeed();
  private game = 0;
  last: SkillChoice | null = null;

  /** Takes `Skill Level`, `UCI_LimitStrength`, `UCI_Elo` and `Skill Seed`; false for any other name. */
  set(name: string, value: number | boolean): boolean {
    switch (name) {
      case 'Skill Level':
        this.skillLevel = value as number;
        return true;
      case 'UCI_LimitStrength':
        this.limit = value as boolean;
        return true;
      case 'UCI_Elo':
        this.elo = value as number;
        return true;
      case 'Skill Seed':
        this.engineSeed = (value as number) !== 0 ? (value as number) : clockSeed();
        this.game = 0;
        return true;
    }
    return false;
  }

  /** `ucinewgame`: the next game's draws. */
  nextGame(): void {
    this.game++;
  }

  /**
   * The plan of the level in effect, or null at full strength: Skill Level, and with
   * UCI_LimitStrength the (fractional) level of UCI_Elo; the weaker of the two when
   * both limit, as in Stockfish.
   */
  plan(): SkillPlan | null {
    let level = this.skillLevel;
    if (this.limit) level = Math.min(level, skillFromElo(this.elo));
    return level < SKILL_MAX ? skillPlan(level) : null;
  }

  /**
   * The move to play among `lines` (the last completed iteration's, best first; at
   * most plan.multiPV of them are candidates), or `fallback` when there are none.
   */
  choose(pos: Position, plan: SkillPlan, lines: SkillCandidate[], fallback: number): number {
    const candidates = lines.slice(0, plan.multiPV);
    if (candidates.length === 0) {
      this.last = null;
      return fallback;
    }
    const rng = new SkillRng(mix(mix(mix(this.engineSeed, this.game), pos.st.keyLo), pos.st.keyHi));
    const move = chooseSkillMove(candidates, plan, rng.next());
    this.last = { plan, lines: candidates, move };
    return move;
  }
}
