import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Position } from '@tempo-chess/position';
import * as L from './layout';
import { TERMS, TERM_OFFSET } from './spec';
import {
  DEFAULT_PARAMS,
  PARAMS,
  PARAM_NAMES,
  paramsFromJson,
  paramsFromVector,
  paramsToJson,
  paramsToVector,
  presetParams,
  isPresetName,
} from './params';
import { DEFAULT_PSQ, makeEvalPsq } from './psq-table';

describe('parameter table', () => {
  test('layout.ts literals agree with the term list', () => {
    const lit = L as unknown as Record<string, number>;
    for (const t of TERMS) {
      const n = t.name
        .replace(/\./g, '_')
        .replace(/([a-z])([A-Z])/g, '$1_$2')
        .toUpperCase();
      expect([t.name, lit[n]]).toEqual([t.name, TERM_OFFSET[t.name]]);
    }
    expect(L.N_PARAMS).toBe(TERM_OFFSET['#']);
    expect(PARAMS.length).toBe(L.N_PARAMS);
    expect(new Set(PARAM_NAMES).size).toBe(L.N_PARAMS);
  });

  test('PeSTO numbers land on the right squares (a1 = 0)', () => {
    const p = presetParams('handset');
    expect([p.mg[L.MATERIAL], p.eg[L.MATERIAL + 4]]).toEqual([82, 936]);
    // PeSTO's mg knight table, a8 row first: a8 = -167, h1 = -23; the pawn table's e2 is -15.
    expect(p.mg[L.PSQ_KNIGHT + 56]).toBe(-167);
    expect(p.mg[L.PSQ_KNIGHT + 7]).toBe(-23);
    expect(p.mg[L.PSQ_PAWN + 12]).toBe(-15);
    expect(p.eg[L.PSQ_KING + 0]).toBe(-53);
    expect(PARAM_NAMES[L.PSQ_KNIGHT + 28]).toBe('psq.knight.e4');
  });

  test('JSON and vector round trips; bad input is a clear Error', () => {
    for (const p of [DEFAULT_PARAMS, presetParams('handset')]) {
      const back = paramsFromJson(paramsToJson(p));
      expect(Array.from(back.mg)).toEqual(Array.from(p.mg));
      expect(Array.from(back.eg)).toEqual(Array.from(p.eg));
      expect(paramsToVector(paramsFromVector(paramsToVector(p)))).toEqual(paramsToVector(p));
    }
    const text = paramsToJson(presetParams('handset'));
    expect(() => paramsFromJson('{')).toThrow(/not valid JSON/);
    expect(() => paramsFromJson(text.replace('"tempo": [[16,8]]', '"tempo": [[16]]'))).toThrow(
      /tempo must be an \[mg, eg\] pair/,
    );
    expect(() => paramsFromJson(text.replace('"tempo"', '"tempi"'))).toThrow(/unknown term "tempi"/);
    // A file of an earlier version with the retired mop-up weights reads as without them.
    const old = text.replace(
      /\n  \}\n\}\n$/,
      ',\n    "mopup.edge": [[0,10]],\n    "mopup.kings": [[0,15]],\n    "mopup.corner": [[0,40]]\n  }\n}\n',
    );
    expect(old).toContain('"mopup.corner"');
    expect(Array.from(paramsFromJson(old).eg)).toEqual(Array.from(presetParams('handset').eg));
    expect(() => paramsFromJson(text.replace('[16,8]', '[16,1e9]'))).toThrow(/tempo \(eg\)/);
    expect(() => paramsFromVector([1, 2])).toThrow(/expected/);
  });

  test("pesto-only keeps the hand-set preset's material and tables and zeroes every other weight", () => {
    const p = presetParams('pesto-only'),
      h = presetParams('handset');
    for (let i = 0; i < L.N_PARAMS; i++) {
      const pesto = i < L.TEMPO;
      if (pesto) expect([i, p.mg[i], p.eg[i]]).toEqual([i, h.mg[i], h.eg[i]]);
      else expect([i, p.mg[i], p.eg[i]]).toEqual([i, 0, 0]);
    }
    // The default is the tuned table (round 2): 592 of its (mg, eg) pairs differ from the hand-set start
    // (the other 37: pawn ranks 1 and 8 and unused shelter/storm slots, which no position uses).
    let moved = 0;
    for (let i = 0; i < L.N_PARAMS; i++)
      if (DEFAULT_PARAMS.mg[i] !== h.mg[i] || DEFAULT_PARAMS.eg[i] !== h.eg[i]) moved++;
    expect(moved).toBe(592);
    expect(isPresetName('handset') && isPresetName('default') && !isPresetName('fancy')).toBe(true);
    expect(() => presetParams('nope' as 'default')).toThrow(/unknown eval preset/);
  });

  test('the incremental table: packed material + PSQT, phase N1 B1 R2 Q4, kept through moves', () => {
    const pos = Position.fromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', { psq: DEFAULT_PSQ });
    expect(pos.st.psq).toBe(0);
    expect(pos.st.phase).toBe(24);
    expect(pos.st.nonPawnW).toBe(2 * 320 + 2 * 330 + 2 * 500 + 950);
    const e4 = Position.fromFen('4k3/8/8/8/4N3/8/8/4K3 w - - 0 1', { psq: makeEvalPsq(presetParams('handset')) });
    // Knight e4 under the hand-set table: 337 + PeSTO's 28; the kings on e1 and e8 cancel.
    expect((e4.st.psq << 16) >> 16).toBe(337 + 28);
    expect(e4.st.phase).toBe(1);
  });
});

describe('committed parameter files', () => {
  test('params/<preset>.json are the presets (regenerate with paramsToJson when a default changes)', () => {
    const dir = new URL('../params/', import.meta.url);
    expect(readFileSync(new URL('default.json', dir), 'utf8')).toBe(paramsToJson(DEFAULT_PARAMS));
    expect(readFileSync(new URL('handset.json', dir), 'utf8')).toBe(paramsToJson(presetParams('handset')));
    expect(readFileSync(new URL('pesto-only.json', dir), 'utf8')).toBe(paramsToJson(presetParams('pesto-only')));
  });
});
