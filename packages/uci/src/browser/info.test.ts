import { describe, expect, test } from 'vitest';
import { parseInfo, parseOption } from './info';

describe('parseInfo', () => {
  test('a full MultiPV line', () => {
    expect(
      parseInfo(
        'info depth 18 seldepth 27 multipv 2 score cp -34 nodes 1234567 nps 845000 hashfull 412 tbhits 0 time 1461 pv e7e5 g1f3 b8c6',
      ),
    ).toEqual({
      depth: 18,
      seldepth: 27,
      multipv: 2,
      score: { cp: -34 },
      nodes: 1234567,
      nps: 845000,
      hashfull: 412,
      tbhits: 0,
      time: 1461,
      pv: ['e7e5', 'g1f3', 'b8c6'],
    });
  });

  test('mate scores, bounds and wdl', () => {
    expect(parseInfo('info depth 9 score mate -3 nodes 10 pv h7h8q')).toEqual({
      depth: 9,
      multipv: 1,
      score: { mate: -3 },
      nodes: 10,
      pv: ['h7h8q'],
    });
    expect(parseInfo('info depth 12 score cp 51 lowerbound wdl 120 800 80 nodes 9')).toEqual({
      depth: 12,
      multipv: 1,
      score: { cp: 51 },
      bound: 'lower',
      wdl: [120, 800, 80],
      nodes: 9,
      pv: [],
    });
    expect(parseInfo('info depth 12 score cp -7 upperbound')?.bound).toBe('upper');
  });

  test('string runs to the end of the line, currmove is kept, other lines are not info', () => {
    expect(parseInfo('info string NNUE evaluation  off, depth 3')).toEqual({
      multipv: 1,
      pv: [],
      string: 'NNUE evaluation  off, depth 3',
    });
    expect(parseInfo('info depth 20 currmove e2e4 currmovenumber 1')).toEqual({
      depth: 20,
      multipv: 1,
      currmove: 'e2e4',
      currmovenumber: 1,
      pv: [],
    });
    expect(parseInfo('bestmove e2e4')).toBeNull();
    expect(parseInfo('information')).toBeNull();
  });

  test('garbage numbers leave their field out; unknown tokens are skipped', () => {
    expect(parseInfo('info depth x cpuload 500 sbhits 3 nodes 42 score cp')).toEqual({ multipv: 1, nodes: 42, pv: [] });
  });
});

describe('parseOption', () => {
  test('spin, check, combo, string and button', () => {
    expect(parseOption('option name Skill Level type spin default 20 min 0 max 20')).toEqual({
      name: 'Skill Level',
      type: 'spin',
      default: '20',
      min: 0,
      max: 20,
      vars: [],
    });
    expect(parseOption('option name UCI_LimitStrength type check default false')).toEqual({
      name: 'UCI_LimitStrength',
      type: 'check',
      default: 'false',
      vars: [],
    });
    expect(parseOption('option name Style type combo default Normal var Solid var Normal var Risky')?.vars).toEqual([
      'Solid',
      'Normal',
      'Risky',
    ]);
    expect(parseOption('option name EvalFile type string default <empty>')?.default).toBe('');
    expect(parseOption('option name Clear Hash type button')).toEqual({ name: 'Clear Hash', type: 'button', vars: [] });
    expect(parseOption('id name Tempo')).toBeNull();
  });
});
