/**
 * Whole-evaluation properties on 10,000+ positions from random games: colour-flip
 * symmetry, pawn hash on = off, and the trace's rebuild = evaluate, all exact.
 */
import { describe, expect, test } from 'vitest';
import { Position } from '@tempo-chess/position';
import { STARTS, playRandomGame, rng } from '@tempo-chess/movegen/test-support';
import { EvalContext } from './context';
import { EVAL_LIMIT, evaluate } from './evaluate';
import { copyParams, presetParams, type EvalParams } from './params';
import { N_PARAMS, TEMPO } from './layout';
import { DEFAULT_PSQ } from './psq-table';
import { scoreFromTrace, traceEvaluation } from './trace';

/** The colour flip: board mirrored top to bottom, colours, side, castling and en passant swapped. */
export function flipFen(fen: string): string {
  const [board, side, castling, ep, ...rest] = fen.split(' ');
  const swap = (s: string) =>
    s.replace(/[a-zA-Z]/g, (ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()));
  const rows = board.split('/').reverse().map(swap);
  const c =
    castling === '-'
      ? '-'
      : swap(castling)
          .split('')
          .sort((a, b) => ((a === a.toUpperCase()) === (b === b.toUpperCase()) ? 0 : a === a.toUpperCase() ? -1 : 1))
          .join('');
  const e = ep === '-' ? '-' : ep[0] + String(9 - Number(ep[1]));
  return [rows.join('/'), side === 'w' ? 'b' : 'w', c, e, ...rest].join(' ');
}

/** Positions from random games (about 10,000), as FENs with their Chess960 flag. */
export function randomPositions(count: number, seed: number): [string, boolean][] {
  const next = rng(seed);
  const out: [string, boolean][] = [];
  while (out.length < count) {
    for (const [fen, c960] of STARTS) {
      const pos = Position.fromFen(fen, { psq: DEFAULT_PSQ, chess960: c960 });
      playRandomGame(pos, next, 160, (p) => {
        if (out.length < count) out.push([p.toFen(), c960]);
      });
      if (out.length >= count) break;
    }
  }
  return out;
}

/**
 * The default table with every weight after the piece-square tables moved by a
 * random non-zero amount (-24..24), so that every term, also one whose default is
 * zero, takes part in the score.
 */
function everyTermOn(seed: number): EvalParams {
  const p = copyParams(presetParams('default')),
    next = rng(seed);
  const step = () => {
    const v = Math.floor(next() * 24) + 1;
    return next() < 0.5 ? v : -v;
  };
  for (let i = TEMPO; i < N_PARAMS; i++) {
    p.mg[i] += step();
    p.eg[i] += step();
  }
  return p;
}

describe('whole evaluation', () => {
  const positions = randomPositions(10_000, 2024);

  test.each([['default'], ['handset'], ['pesto-only'], ['every term on']] as const)(
    'colour flip, pawn hash on = off and trace rebuild on 10,000 positions (%s)',
    (preset) => {
      const params = preset === 'every term on' ? everyTermOn(16) : presetParams(preset);
      const hashed = new EvalContext(params),
        unhashed = new EvalContext(params, 0),
        tiny = new EvalContext(params, 2);
      let checked = 0,
        nonZero = 0;
      for (const [fen, c960] of positions) {
        const pos = Position.fromFen(fen, { psq: hashed.psq, chess960: c960 });
        const flip = Position.fromFen(flipFen(fen), { psq: hashed.psq, chess960: c960 });
        const v = evaluate(pos, hashed);
        expect(Number.isInteger(v) && !Object.is(v, -0) && Math.abs(v) <= EVAL_LIMIT).toBe(true);
        const vf = evaluate(flip, hashed);
        if (v !== vf) expect([fen, v]).toEqual([fen, vf]);
        const vu = evaluate(pos, unhashed),
          vt = evaluate(pos, tiny);
        if (v !== vu || v !== vt) expect([fen, v, v]).toEqual([fen, vu, vt]);
        const t = traceEvaluation(pos, unhashed);
        const r = scoreFromTrace(t, params);
        if (t.score !== v || r !== v) expect([fen, t.score, r]).toEqual([fen, v, v]);
        checked++;
        if (v !== 0) nonZero++;
      }
      console.log(
        `${preset}: ${checked} positions checked (flip, hash on/off, trace rebuild), ${nonZero} with a non-zero score`,
      );
      expect(checked).toBeGreaterThanOrEqual(10_000);
    },
  );
});
