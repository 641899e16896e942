/** The end-of-match lines, in the forms cutechess-cli and fastchess print them. */
import type { Failures, ResultFile } from './results';
import {
  drawRatio,
  fmtFixed,
  pairsRatio,
  pentaElo,
  sprtBounds,
  sprtDecision,
  sprtLlr,
  wlddRatio,
  type Counts,
  type SprtSettings,
} from './stats';

/**
 * `Score of ...`, `Elo: ...`, `LOS: ...`, `Ptnml(0-2): ...`, and with an SPRT `LLR: ...`, `SPRT: ...`.
 * `recorded` is a match's result file: the decision it recorded when the LLR crossed a
 * bound stands even when pairs finished after it moved the LLR of the final counts back
 * inside, and the line then says when it was taken.
 */
export function reportLines(
  names: [string, string],
  c: Counts,
  sprt?: SprtSettings,
  failures?: Failures,
  recorded?: Pick<ResultFile, 'sprtDecision' | 'sprtDecidedAt'>,
): string[] {
  const n = c.wins + c.losses + c.draws;
  const score = n === 0 ? 0 : (c.wins + c.draws / 2) / n;
  const lines = [
    `Score of ${names[0]} vs ${names[1]}: ${c.wins} - ${c.losses} - ${c.draws}  [${score.toFixed(3)}] ${n}`,
  ];
  const p = c.penta;
  const e = pentaElo(p);
  lines.push(
    `Elo: ${fmtFixed(e.elo)} +/- ${fmtFixed(e.eloError)}, nElo: ${fmtFixed(e.nElo)} +/- ${fmtFixed(e.nEloError)}`,
  );
  lines.push(
    `LOS: ${fmtFixed(e.los * 100)} %, DrawRatio: ${fmtFixed(drawRatio(p))} %, PairsRatio: ${fmtFixed(pairsRatio(p))}`,
  );
  lines.push(
    `Ptnml(0-2): [${p.ll}, ${p.ld}, ${p.wl + p.dd}, ${p.wd}, ${p.ww}], WL/DD Ratio: ${fmtFixed(wlddRatio(p))}`,
  );
  if (sprt) {
    const llr = sprtLlr(p, sprt);
    const [lo, hi] = sprtBounds(sprt);
    lines.push(
      `LLR: ${fmtFixed(llr)} (${fmtFixed(lo)}, ${fmtFixed(hi)}) [${fmtFixed(sprt.elo0)}, ${fmtFixed(sprt.elo1)}]`,
    );
    const d = recorded?.sprtDecision ?? sprtDecision(llr, sprt);
    const at = recorded?.sprtDecision ? recorded.sprtDecidedAt : undefined;
    const when =
      at && at.games < n
        ? ` (LLR ${fmtFixed(at.llr)} after ${at.games} games; the ${n - at.games} games in play then were finished and are counted above)`
        : '';
    lines.push(`SPRT: ${d ? `${d} accepted${when}` : 'no decision'}`);
  }
  if (failures) {
    const parts = names.map((name) => {
      const f = Object.entries(failures[name] ?? {}).filter(([, k]) => (k ?? 0) > 0);
      return `${name}: ${f.length === 0 ? 'none' : f.map(([k, v]) => `${v} ${k}`).join(', ')}`;
    });
    lines.push(`Engine faults: ${parts.join('; ')}`);
  }
  return lines;
}
