import { describe, expect, test } from 'vitest';
import { SKILL_ELO_MAX, SKILL_ELO_MIN, createSignals, skillFromElo, skillPlan } from '@tempo-chess/search';
import { moveToUci } from '@tempo-chess/position';
import { Engine } from './engine';
import { BENCH_POSITIONS } from './bench-positions';
import { DEFAULT_UCI_ELO, OPTIONS, UCI_ELO_MAX, UCI_ELO_MIN, checkOption, optionLine } from './options';
import type { EnginePlatform, HelperThread } from './platform';
import type { HelperInit, ToHelper } from './helpers';

/** An engine in this thread and every line it printed. */
function engine(options: Record<string, number | boolean> = {}, platform: EnginePlatform = {}) {
  const out: string[] = [];
  const e = new Engine(createSignals(), (t) => out.push(...t.split('\n')), platform);
  for (const [name, value] of Object.entries(options)) e.setOption(name, value);
  return { e, out };
}

/** The bestmove of `fen` after `go` with `limits`. */
function play(e: Engine, fen: string, limits: { depth?: number; nodes?: number } = {}): string {
  e.position({ fen, moves: [] });
  return e.go(limits);
}

/** Middlegame and opening positions of the bench (not its mates and bare endgames, where few moves are plausible). */
const GAME_POSITIONS = BENCH_POSITIONS.slice(0, 24);

describe('the options, as Stockfish declares them', () => {
  test('uci lists Skill Level, UCI_LimitStrength and UCI_Elo with their exact names and types, and Skill Seed', () => {
    const lines = OPTIONS.map(optionLine);
    expect(lines).toContain('option name Skill Level type spin default 20 min 0 max 20');
    expect(lines).toContain('option name UCI_LimitStrength type check default false');
    expect(lines).toContain(
      `option name UCI_Elo type spin default ${DEFAULT_UCI_ELO} min ${SKILL_ELO_MIN} max ${SKILL_ELO_MAX}`,
    );
    expect(lines).toContain('option name Skill Seed type spin default 0 min 0 max 2147483647');
    expect([UCI_ELO_MIN, UCI_ELO_MAX]).toEqual([SKILL_ELO_MIN, SKILL_ELO_MAX]); // the loop's copy of skill.ts's range
    expect(checkOption('uci_elo', '799')).toEqual({
      ok: false,
      error: `setoption: UCI_Elo 799 is out of range (${SKILL_ELO_MIN} to ${SKILL_ELO_MAX})`,
    });
    expect(checkOption('skill level', '21').ok).toBe(false);
  });

  test('the level in effect: Skill Level; UCI_Elo only with UCI_LimitStrength, fractional; the weaker of the two', () => {
    expect(engine().e.strength.plan()).toBeNull();
    expect(engine({ 'Skill Level': 20, UCI_Elo: 900 }).e.strength.plan()).toBeNull(); // UCI_Elo alone limits nothing
    expect(engine({ 'Skill Level': 5 }).e.strength.plan()).toEqual(skillPlan(5));
    const elo = engine({ UCI_LimitStrength: true, UCI_Elo: 1200 }).e.strength.plan()!;
    expect(elo.level).toBe(skillFromElo(1200));
    expect(elo.level).toBeCloseTo(6.865, 12); // halfway between the points (1000, 3.12) and (1400, 10.61)
    expect(elo.nodes).toBe(skillPlan(6.865).nodes);
    expect(engine({ UCI_LimitStrength: true, UCI_Elo: 1200, 'Skill Level': 3 }).e.strength.plan()!.level).toBe(3);
    expect(engine({ UCI_LimitStrength: true, UCI_Elo: 1200, 'Skill Level': 12 }).e.strength.plan()!.level).toBe(
      elo.level,
    );
    expect(engine({ UCI_LimitStrength: true, UCI_Elo: SKILL_ELO_MAX }).e.strength.plan()).toBeNull(); // the top of the scale is full strength
  });
});

describe('a limited search', () => {
  test('the same seed plays the same moves; another seed, or the next game, other draws', () => {
    const run = (seed: number, games = 0) => {
      const { e } = engine({ 'Skill Level': 3, 'Skill Seed': seed });
      for (let g = 0; g < games; g++) e.newGame();
      return GAME_POSITIONS.slice(0, 12).map((fen) => play(e, fen));
    };
    const a = run(7);
    expect(run(7)).toEqual(a);
    expect(run(8)).not.toEqual(a);
    expect(run(7, 1)).not.toEqual(a);
  });

  test('level 20 (and UCI_Elo at the top) is the unlimited search: the same lines, nodes and moves', () => {
    // Time and speed depend on the clock, and so do the currmove and bound lines (printed once
    // a search has run long enough).
    const strip = (lines: string[]) =>
      lines.filter((l) => !/ currmove | (upper|lower)bound /.test(l)).map((l) => l.replace(/ (nps|time) \d+/g, ''));
    const full = engine(),
      top = engine({ 'Skill Level': 20, UCI_LimitStrength: true, UCI_Elo: SKILL_ELO_MAX });
    for (const fen of GAME_POSITIONS.slice(6, 10)) {
      expect(play(top.e, fen, { depth: 6 })).toBe(play(full.e, fen, { depth: 6 }));
    }
    expect(strip(top.out)).toEqual(strip(full.out));
  });

  test('the budget holds, and the GUI sees the MultiPV it asked for while the level searches more lines', () => {
    const plan = skillPlan(8);
    const { e, out } = engine({ 'Skill Level': 8, 'Skill Seed': 1 });
    play(e, GAME_POSITIONS[7]);
    // The lines a GUI reads (not the currmove lines, whose printing depends on the clock).
    const infos = out.filter((l) => l.startsWith('info depth') && !/ currmove /.test(l));
    expect(infos.length).toBeGreaterThan(0);
    expect(infos.every((l) => / multipv 1 /.test(l))).toBe(true);
    expect(Math.max(...infos.map((l) => Number(/ nodes (\d+)/.exec(l)![1])))).toBeLessThanOrEqual(plan.nodes);
    expect(e.strength.last!.lines).toHaveLength(plan.multiPV);
    e.setOption('MultiPV', 2);
    out.length = 0;
    play(e, GAME_POSITIONS[8], { nodes: 500 }); // the GUI's own smaller budget wins, once depth 1 of the lines is complete
    const lines = out.filter((l) => l.startsWith('info depth') && !/ currmove /.test(l));
    expect([...new Set(lines.map((l) => / multipv (\d+)/.exec(l)![1]))].sort()).toEqual(['1', '2']);
    const nodes = lines.map((l) => Number(/ nodes (\d+)/.exec(l)![1]));
    const depth1 = Math.max(
      ...lines.filter((l) => l.startsWith('info depth 1 ')).map((l) => Number(/ nodes (\d+)/.exec(l)![1])),
    );
    expect(Math.max(...nodes)).toBeLessThanOrEqual(Math.max(500, depth1) + 64); // 64: CHECK_INTERVAL
    expect(Math.max(...nodes)).toBeLessThan(plan.nodes);
  });

  test('level 0 plays legal moves, usually not the full-strength one, never one losing more than maxLoss', () => {
    const plan = skillPlan(0);
    const weak = engine({ 'Skill Level': 0, 'Skill Seed': 12345 }).e;
    const full = engine().e;
    let notBest = 0,
      levelsBest = 0,
      expectedBest = 0,
      variance = 0,
      chosen = 0;
    for (const fen of GAME_POSITIONS) {
      const move = play(weak, fen).split(' ')[1];
      const pos = weak.current();
      const last = weak.strength.last!;
      expect(moveToUci(pos, last.move)).toBe(move); // a root move of the search: legal (the engine also checks)
      const best = Math.max(...last.lines.map((l) => l.score));
      expect(best - last.lines.find((l) => l.move === last.move)!.score).toBeLessThanOrEqual(plan.maxLoss);
      // The chance of the level's own best line under exp(-loss / T) within maxLoss, from these lines' scores.
      const w = last.lines.map((l) =>
        best - l.score > plan.maxLoss ? 0 : Math.exp(-(best - l.score) / plan.temperature),
      );
      const p = w[last.lines.findIndex((l) => l.score === best)] / w.reduce((a, b) => a + b, 0);
      expectedBest += p;
      variance += p * (1 - p);
      if (last.lines.find((l) => l.score === best)!.move === last.move) levelsBest++;
      if (play(full, fen, { depth: 6 }).split(' ')[1] !== move) notBest++;
      chosen++;
    }
    expect(chosen).toBe(GAME_POSITIONS.length);
    // The draws follow the formula: the level's own best was played as often as its
    // probabilities say, within three standard deviations of the binomial sum.
    expect(Math.abs(levelsBest - expectedBest)).toBeLessThanOrEqual(3 * Math.sqrt(variance) + 1);
    // Usually not the full-strength move: at level 0 any candidate within T = 160 cp of
    // the best keeps at least e^-1 of its weight, so with four such lines the best is
    // drawn at most 1 / (1 + 3 / e) = 47% of the time, and the level's 150-node search
    // often prefers another move than depth 6 does: more than half, on 24 positions.
    expect(notBest).toBeGreaterThan(GAME_POSITIONS.length / 2);
  });

  test('Threads > 1: a limited search runs on one thread and says so', () => {
    const inbox: ToHelper[] = [];
    let init: HelperInit | null = null;
    const platform: EnginePlatform = {
      startHelper: (i): HelperThread => {
        init = i;
        Atomics.store(i.ctl, 1 + i.index, 1); // loaded at once
        return { postMessage: (m) => void inbox.push(m), terminate: () => {} };
      },
    };
    const { e, out } = engine({ Threads: 2, 'Skill Level': 4 }, platform);
    expect(init).not.toBeNull();
    play(e, GAME_POSITIONS[3]);
    expect(inbox.filter((m) => m.type === 'job')).toEqual([]);
    expect(out).toContain('info string Threads 2: a limited strength (level 4) searches with one thread');
  });
});
