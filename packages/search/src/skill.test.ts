import { describe, expect, test } from 'vitest';
import { VALUE_MATE } from './constants';
import { SKILL_ELO_MAX, SKILL_ELO_MIN, SkillRng, chooseSkillMove, skillFromElo, skillPlan } from './skill';

const CANDS = [
  { move: 1, score: 40 },
  { move: 2, score: 25 },
  { move: 3, score: -60 },
  { move: 4, score: -900 },
];

function frequencies(level: number, draws: number, seed = 1): Map<number, number> {
  const rng = new SkillRng(seed),
    plan = skillPlan(level),
    f = new Map<number, number>();
  for (let i = 0; i < draws; i++) {
    const m = chooseSkillMove(CANDS, plan, rng.next());
    f.set(m, (f.get(m) ?? 0) + 1);
  }
  return f;
}

describe('skill levels', () => {
  test('the budget grows and the temperature and largest loss fall with the level; 20 is full strength', () => {
    for (let l = 1; l < 20; l++) {
      const a = skillPlan(l - 1),
        b = skillPlan(l);
      expect(b.nodes).toBeGreaterThan(a.nodes);
      expect(b.temperature).toBeLessThan(a.temperature);
      expect(b.maxLoss).toBeLessThan(a.maxLoss);
    }
    expect(skillPlan(20)).toMatchObject({ nodes: 0, multiPV: 1, temperature: 0 });
    expect(skillPlan(25)).toEqual(skillPlan(20));
    expect(skillPlan(-3)).toEqual(skillPlan(0));
  });

  test('UCI_Elo maps monotonically onto levels, from 0 at the bottom to 20 at the top, clamped outside', () => {
    expect(skillFromElo(SKILL_ELO_MIN)).toBe(0);
    expect(skillFromElo(SKILL_ELO_MAX)).toBe(20);
    expect(skillFromElo(100)).toBe(0);
    expect(skillFromElo(9999)).toBe(20);
    for (let e = SKILL_ELO_MIN + 50; e <= SKILL_ELO_MAX; e += 50)
      expect(skillFromElo(e)).toBeGreaterThan(skillFromElo(e - 50));
  });

  test('draws follow exp(-loss / T) over the candidates within maxLoss', () => {
    const plan = skillPlan(5);
    const w = CANDS.map((c) => (40 - c.score > plan.maxLoss ? 0 : Math.exp(-(40 - c.score) / plan.temperature)));
    const total = w.reduce((a, b) => a + b, 0);
    const n = 40_000,
      f = frequencies(5, n);
    CANDS.forEach((c, i) => {
      const p = w[i] / total,
        sd = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs((f.get(c.move) ?? 0) / n - p)).toBeLessThan(5 * sd + 1e-9);
    });
    expect(f.get(4)).toBeUndefined(); // 940 below the best: beyond every level's maxLoss
  });

  test('a higher level plays the best candidate more often', () => {
    const share = (l: number) => (frequencies(l, 5000).get(1) ?? 0) / 5000;
    expect(share(0)).toBeLessThan(share(8));
    expect(share(8)).toBeLessThan(share(16));
    expect(share(20)).toBe(1);
  });

  test('a found mate is always played, whatever the level', () => {
    const mate = [
      { move: 7, score: 10 },
      { move: 8, score: VALUE_MATE - 5 },
    ];
    const rng = new SkillRng(3);
    for (let i = 0; i < 200; i++) expect(chooseSkillMove(mate, skillPlan(0), rng.next())).toBe(8);
  });

  test('the generator: the same seed gives the same draws, in [0, 1), about uniform', () => {
    const a = new SkillRng(42),
      b = new SkillRng(42),
      c = new SkillRng(43);
    const xs = Array.from({ length: 10_000 }, () => a.next());
    expect(xs.slice(0, 50)).toEqual(Array.from({ length: 50 }, () => b.next()));
    expect(c.next()).not.toBe(xs[0]);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.02);
  });
});
