/**
 * The human table of a traced evaluation, for the UCI `eval` command: per term
 * group white, black and total (mg, eg) in pawns, then phase, scale factor and
 * the result, ending like Stockfish with `Final evaluation +0.25 (white side)`.
 */
import { WHITE } from '@tempo-chess/bitboard';
import type { Position } from '@tempo-chess/position';
import type { EvalContext } from './context';
import { evaluateNet } from './evaluate';
import { SCALE_NORMAL } from './taper';
import { PARAMS, type EvalParams } from './params';
import { TERMS } from './spec';
import { kingSafetyTerm, traceEvaluation, type EvalTrace } from './trace';

const pawns = (cp: number): string => (cp / 100).toFixed(2);
const signed = (cp: number): string => (cp >= 0 ? '+' : '') + pawns(cp);
const col = (s: string, n: number): string => s.padStart(n);

function groupSums(trace: EvalTrace, p: EvalParams, group: string): number[] {
  const s = [0, 0, 0, 0];
  for (const info of PARAMS) {
    if (TERMS.find((t) => t.name === info.term)?.group !== group) continue;
    const i = info.index;
    s[0] += trace.white[i] * p.mg[i];
    s[1] += trace.white[i] * p.eg[i];
    s[2] += trace.black[i] * p.mg[i];
    s[3] += trace.black[i] * p.eg[i];
  }
  return s;
}

/** The table for a traced evaluation (see the module note). */
export function formatTrace(trace: EvalTrace, p: EvalParams): string {
  const lines: string[] = [];
  lines.push('         Term    |    White    |    Black    |    Total');
  lines.push('                 |   MG    EG  |   MG    EG  |   MG    EG');
  lines.push(' ----------------+-------------+-------------+------------');
  const groups: string[] = [];
  for (const t of TERMS) if (!groups.includes(t.group)) groups.push(t.group);
  let mg = 0,
    eg = 0;
  for (const g of groups) {
    let s: number[];
    if (g === 'King safety') {
      const w = kingSafetyTerm(trace, 0, p),
        b = kingSafetyTerm(trace, 1, p);
      s = [w[0], w[1], b[0], b[1]];
    } else s = groupSums(trace, p, g);
    mg += s[0] - s[2];
    eg += s[1] - s[3];
    lines.push(
      `${col(g, 16)} | ${col(pawns(s[0]), 5)} ${col(pawns(s[1]), 5)} | ${col(pawns(s[2]), 5)} ${col(pawns(s[3]), 5)} | ${col(pawns(s[0] - s[2]), 5)} ${col(pawns(s[1] - s[3]), 5)}`,
    );
  }
  lines.push(' ----------------+-------------+-------------+------------');
  lines.push(`${col('Total', 16)} |             |             | ${col(pawns(mg), 5)} ${col(pawns(eg), 5)}`);
  lines.push('');
  const sf = eg > 0 ? trace.scaleWhite : eg < 0 ? trace.scaleBlack : SCALE_NORMAL;
  lines.push(`Phase: ${trace.phase} of 24${trace.phase > 24 ? ' (clamped to 24)' : ''}`);
  lines.push(`Scale factor: ${sf}/${SCALE_NORMAL}`);
  if (trace.drawn) lines.push('Dead draw by material: the score is exactly 0');
  if (trace.kpk !== null)
    lines.push(`KPK bitbase: ${trace.kpk === 0 ? 'draw' : `win, ${signed(trace.kpk)} (white side)`}`);
  if (trace.kxk !== null) lines.push(`Lone king (KXK): won, ${signed(trace.kxk)} (white side), not faded`);
  lines.push(`Fifty-move counter: ${trace.rule50}${trace.rule50 > 20 ? ' (the score fades towards 0)' : ''}`);
  const white = trace.side === WHITE ? trace.score : -trace.score;
  lines.push('');
  lines.push(`Final evaluation ${signed(white)} (white side)`);
  return lines.join('\n');
}

/**
 * The `eval` command's table for pos (see the module note). With a net in ctx the
 * hand-crafted table comes first, marked as not in use, and the net's verdict (with
 * the rules that wrap it: dead draws, KPK, the fifty-move fade) is the final line.
 */
export function formatEvalTrace(pos: Position, ctx: EvalContext): string {
  const table = formatTrace(traceEvaluation(pos, ctx), ctx.params);
  const acc = ctx.nnue;
  if (acc === null) return table;
  acc.refresh(pos);
  const raw = acc.evaluate(pos),
    v = evaluateNet(pos, acc);
  const white = (s: number): number => (pos.side === WHITE ? s : -s);
  const net = ctx.net!;
  return [
    table.replace('Final evaluation', 'Hand-crafted evaluation (not used)'),
    '',
    `NNUE: ${net.hidden} hidden neurons a side, ${net.buckets} output bucket${net.buckets === 1 ? '' : 's'}; the net alone ${signed(white(raw))} (white side)`,
    `Final evaluation ${signed(white(v))} (white side)`,
  ].join('\n');
}
