import { describe, expect, test } from 'vitest';
import { Clock, TIME_CONTROLS } from './clock';
import { OptionCache, engineName, pgnTimeControl, searchLimits, strengthOptions } from './settings';

const tc = (id: string) => TIME_CONTROLS.find((t) => t.id === id)!;

describe('settings', () => {
  test('strength as UCI options', () => {
    expect(strengthOptions({ kind: 'full' })).toEqual([
      ['UCI_LimitStrength', false],
      ['Skill Level', 20],
    ]);
    expect(strengthOptions({ kind: 'skill', level: 25 })).toEqual([
      ['UCI_LimitStrength', false],
      ['Skill Level', 20],
    ]);
    expect(strengthOptions({ kind: 'skill', level: 3.4 })).toEqual([
      ['UCI_LimitStrength', false],
      ['Skill Level', 3],
    ]);
    expect(strengthOptions({ kind: 'elo', elo: 1500 })).toEqual([
      ['Skill Level', 20],
      ['UCI_LimitStrength', true],
      ['UCI_Elo', 1500],
    ]);
    expect(engineName({ kind: 'elo', elo: 1500 })).toBe('Tempo (Elo 1500)');
  });

  test('limits: the clocks with increments, or a fixed movetime without a clock', () => {
    let t = 0;
    const clock = new Clock(tc('5+3'), () => t);
    clock.start('white');
    t = 4_200.7;
    expect(searchLimits(clock, 1000)).toEqual({ wtime: 295_799, btime: 300_000, winc: 3000, binc: 3000 });
    expect(pgnTimeControl(clock)).toBe('300+3');
    const none = new Clock(tc('none'));
    expect(searchLimits(none, 2000)).toEqual({ movetime: 2000 });
    expect(pgnTimeControl(none)).toBe('-');
  });

  test('the option cache sends a value once until it changes or the worker is new', () => {
    const sent: string[] = [];
    const cache = new OptionCache((n, v) => sent.push(`${n}=${v}`));
    cache.apply([
      ['Threads', 2],
      ['Skill Level', 20],
    ]);
    cache.apply([
      ['Threads', 2],
      ['Skill Level', 5],
    ]);
    cache.reset();
    cache.apply([['Threads', 2]]);
    expect(sent).toEqual(['Threads=2', 'Skill Level=20', 'Skill Level=5', 'Threads=2']);
  });
});
