/**
 * Playing strength for people: `Skill Level` 0-20 and `UCI_LimitStrength` with
 * `UCI_Elo`, as GUIs and pages expect them from Stockfish. Weaker play that still
 * looks like chess, not random moves:
 *
 * 1. a bounded search: a node budget that grows geometrically with the level, with
 *    MultiPV, so the engine sees a few candidate moves and their scores;
 * 2. a controlled share of plausible mistakes: among the candidates, a move is drawn
 *    with probability proportional to exp(-loss / T), where loss is how many
 *    centipawns it scores below the best candidate and the temperature T falls with
 *    the level; a move losing more than `maxLoss` is never drawn, and a found mate is
 *    always played (a person expects a weak engine to miss mates, not to decline
 *    them: the small budget misses enough of them).
 *
 * The draw takes a number in [0, 1) from the caller, so a game is deterministic under
 * a seed (`SkillRng`). Levels are fractional: UCI_Elo maps onto a level between two
 * integers, and the plan interpolates (the budget geometrically). Level 20 is full
 * strength: no budget, no draw.
 */
import { VALUE_MATE_IN_MAX_PLY } from './constants';

/** The top Skill Level, full strength (levels run 0-20). */
export const SKILL_MAX = 20;

/** How a level plays. `nodes` 0 means no budget (full strength). */
export interface SkillPlan {
  /** The level, clamped to 0-20 (fractional between integers). */
  level: number;
  /** The node budget of each move's search, 0 for none. */
  nodes: number;
  /** Candidate lines searched to draw from (4, or 1 at full strength). */
  multiPV: number;
  /** Centipawns: the softmax temperature over the candidates' losses. */
  temperature: number;
  /** Centipawns: candidates losing more than this are never drawn. */
  maxLoss: number;
}

/** Node budget at level 0 and the factor per level: 150 nodes to ~117k at level 19 (with four lines from the start position: depth 2 and 13). */
const NODES_AT_0 = 150;
const NODES_PER_LEVEL = 1.42;
/** Temperature at level 0 and at level 19, interpolated linearly. */
const T_AT_0 = 160;
const T_AT_19 = 6;
/** Largest loss drawn at level 0 and at level 19. */
const LOSS_AT_0 = 600;
const LOSS_AT_19 = 30;

/** The plan of a (fractional) level in [0, 20]. */
export function skillPlan(level: number): SkillPlan {
  const l = Math.min(SKILL_MAX, Math.max(0, level));
  if (l >= SKILL_MAX) return { level: SKILL_MAX, nodes: 0, multiPV: 1, temperature: 0, maxLoss: 0 };
  const t = l / (SKILL_MAX - 1);
  return {
    level: l,
    nodes: Math.round(NODES_AT_0 * NODES_PER_LEVEL ** l),
    multiPV: 4,
    temperature: T_AT_0 + (T_AT_19 - T_AT_0) * Math.min(1, t),
    maxLoss: Math.round(LOSS_AT_0 + (LOSS_AT_19 - LOSS_AT_0) * Math.min(1, t)),
  };
}

/**
 * UCI_Elo's range and its map onto levels: points (UCI_Elo, level) joined linearly. The
 * Elo scale is Stockfish 15.1's UCI_Elo at 10+0.1, from games against it at each setting
 * (docs/STRENGTH.md "Levels"): level 3.12 plays at about 996 and level 10.61 at about
 * 1442 (the points for 1000 and 1400); level 14.70, where the line through (1442, 10.61)
 * and (2025, 17.27) crosses 1800, plays at about 1790; level 19.1, where the line through
 * (1900, 17.82), (2042, 18.97) and full strength (2456) crosses 2100, is the point for
 * 2100. The top is full strength.
 */
export const SKILL_ELO_MIN = 800;
/** The top of UCI_Elo's range, which plays at full strength. */
export const SKILL_ELO_MAX = 2400;
/** The (UCI_Elo, level) points skillFromElo joins linearly, in increasing Elo. */
export const SKILL_ELO_POINTS: ReadonlyArray<readonly [number, number]> = [
  [800, 0],
  [1000, 3.12],
  [1400, 10.61],
  [1800, 14.7],
  [2100, 19.1],
  [2400, 20],
];

/** The fractional level that plays at `elo` (clamped to the range). */
export function skillFromElo(elo: number): number {
  const pts = SKILL_ELO_POINTS;
  const e = Math.min(SKILL_ELO_MAX, Math.max(SKILL_ELO_MIN, elo));
  for (let i = 1; i < pts.length; i++) {
    const [e0, l0] = pts[i - 1],
      [e1, l1] = pts[i];
    if (e <= e1) return l0 + ((l1 - l0) * (e - e0)) / (e1 - e0);
  }
  return pts[pts.length - 1][1];
}

/** A candidate root move with its score from the side to move's view (internal units, mate scores included). */
export interface SkillCandidate {
  /** The root move (16-bit move). */
  move: number;
  /** Its score: centipawns, or VALUE_MATE - plies for mates. */
  score: number;
}

/**
 * The move a level plays among `candidates` (best first or in any order; at least
 * one), drawing with `random` in [0, 1).
 */
export function chooseSkillMove(candidates: ReadonlyArray<SkillCandidate>, plan: SkillPlan, random: number): number {
  let best = candidates[0];
  for (const c of candidates) if (c.score > best.score) best = c;
  if (plan.temperature <= 0 || best.score >= VALUE_MATE_IN_MAX_PLY) return best.move;
  const weights: number[] = [];
  let total = 0;
  for (const c of candidates) {
    const loss = best.score - c.score;
    const w = loss > plan.maxLoss ? 0 : Math.exp(-loss / plan.temperature);
    weights.push(w);
    total += w;
  }
  let x = random * total;
  for (let i = 0; i < candidates.length; i++) {
    x -= weights[i];
    if (x < 0 && weights[i] > 0) return candidates[i].move;
  }
  return best.move;
}

/** A small seeded generator (splitmix32) for the draws: the same seed, the same game. */
export class SkillRng {
  private state: number;

  /** @param seed - Any integer; it is truncated to 32 bits. */
  constructor(seed: number) {
    this.state = seed | 0;
  }

  /** A number in [0, 1). */
  next(): number {
    let z = (this.state = (this.state + 0x9e3779b9) | 0);
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  }
}
