/**
 * The committed candidate tables (tools/tune/weights/*.json) load as the engine loads
 * an EvalFile, and each differs from the defaults (a copy of the defaults would be no
 * candidate).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { DEFAULT_PARAMS, EvalContext, PARAM_COUNT, evaluate, paramsFromJson } from '@tempo/eval';
import { Position } from '@tempo/position';

const dir = fileURLToPath(new URL('../weights/', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('committed weight tables', () => {
  test('there is at least one', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  test.each(files)('%s loads, differs from the defaults and evaluates', (file) => {
    const p = paramsFromJson(readFileSync(dir + file, 'utf8'));
    let changed = 0;
    for (let i = 0; i < PARAM_COUNT; i++) if (p.mg[i] !== DEFAULT_PARAMS.mg[i] || p.eg[i] !== DEFAULT_PARAMS.eg[i]) changed++;
    expect(changed).toBeGreaterThan(0);
    const ctx = new EvalContext(p);
    const start = Position.fromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', { psq: ctx.psq });
    const v = evaluate(start, ctx);
    expect(Math.abs(v)).toBeLessThan(100);
    // A queen up is winning under any sane table.
    const queenUp = Position.fromFen('rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', { psq: ctx.psq });
    expect(evaluate(queenUp, ctx)).toBeGreaterThan(500);
  });
});
