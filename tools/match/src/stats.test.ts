import { describe, expect, it } from 'vitest';
import { reportLines } from './report';
import { addPair, emptyCounts, sprtDecision, sprtLlr, type Counts, type SprtSettings } from './stats';

/**
 * Lines fastchess (alpha 1.8.2, 20260729-74deac23) printed for real matches on this
 * machine, with the pentanomial counts it printed beside them ([LL, LD, WL+DD, WD, WW]).
 * Lozza 2 vs Glaurung 2+0.02 (the interval reports of the acceptance run), Stockfish
 * UCI_Elo 1500 vs 1700, GNU Chess vs Toga II and Lozza 2 vs Stockfish UCI_Elo 1800 at
 * 1+0.01, 3-move openings; the logs are quoted in tools/match/README.md.
 */
const FASTCHESS: Array<{
  match: string;
  penta: number[];
  elo: string;
  los: string;
  sprt?: SprtSettings;
  llr?: string;
  decision?: string;
}> = [
  {
    match: 'Lozza2 vs Glaurung (accept)',
    penta: [8, 1, 0, 0, 1],
    elo: 'Elo: -338.04 +/- nan, nElo: -306.03 +/- 152.27',
    los: 'LOS: 0.00 %, DrawRatio: 0.00 %, PairsRatio: 0.11',
  },
  {
    match: 'Lozza2 vs Glaurung (accept)',
    penta: [14, 3, 2, 0, 1],
    elo: 'Elo: -318.98 +/- 221.34, nElo: -348.06 +/- 107.67',
    los: 'LOS: 0.00 %, DrawRatio: 10.00 %, PairsRatio: 0.06',
  },
  {
    match: 'Lozza2 vs Glaurung (accept)',
    penta: [17, 6, 5, 0, 2],
    elo: 'Elo: -240.82 +/- 119.66, nElo: -259.23 +/- 87.91',
    los: 'LOS: 0.00 %, DrawRatio: 16.67 %, PairsRatio: 0.09',
  },
  {
    match: 'Lozza2 vs Glaurung (accept)',
    penta: [18, 7, 8, 1, 6],
    elo: 'Elo: -136.97 +/- 92.44, nElo: -129.08 +/- 76.13',
    los: 'LOS: 0.04 %, DrawRatio: 20.00 %, PairsRatio: 0.28',
  },
  {
    match: 'SF1500 vs SF1700 (ref1)',
    penta: [6, 0, 4, 0, 0],
    elo: 'Elo: -240.82 +/- 206.06, nElo: -300.89 +/- 152.27',
    los: 'LOS: 0.01 %, DrawRatio: 40.00 %, PairsRatio: 0.00',
    sprt: { elo0: -10, elo1: 10, alpha: 0.001, beta: 0.001, model: 'normalized' },
    llr: 'LLR: -0.63 (-6.91, 6.91) [-10.00, 10.00]',
  },
  {
    match: 'SF1500 vs SF1700 (ref1)',
    penta: [12, 2, 5, 0, 1],
    elo: 'Elo: -240.82 +/- 151.44, nElo: -262.64 +/- 107.67',
    los: 'LOS: 0.00 %, DrawRatio: 25.00 %, PairsRatio: 0.07',
    sprt: { elo0: -10, elo1: 10, alpha: 0.001, beta: 0.001, model: 'normalized' },
    llr: 'LLR: -1.17 (-6.91, 6.91) [-10.00, 10.00]',
  },
  {
    match: 'GnuChess vs Toga2 (ref2)',
    penta: [3, 1, 5, 1, 0],
    elo: 'Elo: -107.54 +/- 127.62, nElo: -144.54 +/- 152.27',
    los: 'LOS: 3.14 %, DrawRatio: 50.00 %, PairsRatio: 0.25',
    sprt: { elo0: -400, elo1: 0, alpha: 0.001, beta: 0.001, model: 'logistic' },
    llr: 'LLR: 4.42 (-6.91, 6.91) [-400.00, 0.00]',
  },
  {
    match: 'Lozza2 vs SF1800 (ref3)',
    penta: [0, 0, 2, 0, 8],
    elo: 'Elo: 381.70 +/- nan, nElo: 491.35 +/- 152.27',
    los: 'LOS: 100.00 %, DrawRatio: 20.00 %, PairsRatio: inf',
    sprt: { elo0: -5, elo1: 5, alpha: 0.0005, beta: 0.0005, model: 'normalized' },
    llr: 'LLR: 0.36 (-7.60, 7.60) [-5.00, 5.00]',
  },
  {
    match: 'Lozza2 vs SF1800 (ref3)',
    penta: [0, 0, 7, 1, 12],
    elo: 'Elo: 254.73 +/- 129.74, nElo: 325.98 +/- 107.67',
    los: 'LOS: 100.00 %, DrawRatio: 35.00 %, PairsRatio: inf',
    sprt: { elo0: -5, elo1: 5, alpha: 0.0005, beta: 0.0005, model: 'normalized' },
    llr: 'LLR: 0.64 (-7.60, 7.60) [-5.00, 5.00]',
  },
  // From an earlier fastchess run on this machine (Tempo's full evaluation against
  // its PeSTO-only preset, 10,000 nodes a move, SPRT elo0=0 elo1=10 normalized); the last one
  // crossed the upper bound.
  {
    match: 'Tempo full vs pesto (interval)',
    penta: [1, 3, 4, 5, 7],
    elo: 'Elo: 126.97 +/- 111.69, nElo: 139.95 +/- 107.67',
    los: 'LOS: 99.46 %, DrawRatio: 20.00 %, PairsRatio: 3.00',
    sprt: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, model: 'normalized' },
    llr: 'LLR: 0.39 (-2.94, 2.94) [0.00, 10.00]',
  },
  {
    match: 'Tempo full vs pesto (interval)',
    penta: [3, 5, 16, 12, 24],
    elo: 'Elo: 150.65 +/- 63.85, nElo: 168.58 +/- 62.16',
    los: 'LOS: 100.00 %, DrawRatio: 26.67 %, PairsRatio: 4.50',
    sprt: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, model: 'normalized' },
    llr: 'LLR: 1.33 (-2.94, 2.94) [0.00, 10.00]',
  },
  {
    match: 'Tempo full vs pesto (interval)',
    penta: [4, 6, 26, 22, 42],
    elo: 'Elo: 172.78 +/- 49.27, nElo: 200.28 +/- 48.15',
    los: 'LOS: 100.00 %, DrawRatio: 26.00 %, PairsRatio: 6.40',
    sprt: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, model: 'normalized' },
    llr: 'LLR: 2.46 (-2.94, 2.94) [0.00, 10.00]',
  },
  {
    match: 'Tempo full vs pesto (final)',
    penta: [4, 7, 31, 28, 49],
    elo: 'Elo: 175.61 +/- 44.19, nElo: 208.71 +/- 44.14',
    los: 'LOS: 100.00 %, DrawRatio: 26.05 %, PairsRatio: 7.00',
    sprt: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, model: 'normalized' },
    llr: 'LLR: 2.99 (-2.94, 2.94) [0.00, 10.00]',
    decision: 'SPRT: H1 accepted',
  },
];

const counts = ([ll, ld, d, wd, ww]: number[]): Counts => ({
  ...emptyCounts(),
  penta: { ll, ld, wl: 0, dd: d, wd, ww },
});

describe('statistics agree with fastchess to the printed precision', () => {
  it.each(FASTCHESS)('$match $penta', ({ penta, elo, los, sprt, llr, decision }) => {
    const lines = reportLines(['A', 'B'], counts(penta), sprt);
    expect(lines[1]).toBe(elo);
    expect(lines[2]).toBe(los);
    if (llr) expect(lines[4]).toBe(llr);
    if (llr) expect(lines[5]).toBe(decision ?? 'SPRT: no decision');
  });
});

describe('counting', () => {
  it('scores pairs into the pentanomial from the first engine side', () => {
    const c = emptyCounts();
    for (const [a, b] of [
      [1, 1],
      [1, 0.5],
      [1, 0],
      [0, 1],
      [0.5, 0.5],
      [0, 0.5],
      [0, 0],
    ])
      addPair(c, a, b);
    expect(c.penta).toEqual({ ll: 1, ld: 1, wl: 2, dd: 1, wd: 1, ww: 1 });
    expect([c.wins, c.losses, c.draws]).toEqual([5, 5, 4]);
    expect(reportLines(['A', 'B'], c)[0]).toBe('Score of A vs B: 5 - 5 - 4  [0.500] 14');
  });

  it('decides the SPRT when the LLR crosses a bound', () => {
    const s: SprtSettings = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, model: 'normalized' };
    const strong = { ll: 100, ld: 200, wl: 50, dd: 400, wd: 350, ww: 200 };
    const llr = sprtLlr(strong, s);
    expect(llr).toBeGreaterThan(2.94);
    expect(sprtDecision(llr, s)).toBe('H1');
    expect(sprtDecision(sprtLlr({ ...strong, ww: strong.ll, ll: strong.ww, wd: strong.ld, ld: strong.wd }, s), s)).toBe(
      'H0',
    );
    expect(reportLines(['A', 'B'], { ...emptyCounts(), penta: strong }, s)[5]).toBe('SPRT: H1 accepted');
  });

  it('a recorded decision stands when the pair finished after it takes the LLR back inside the bound', () => {
    // A real case (round 2's free against frozen terms, 10,000 nodes, two games at a time): the
    // LLR crossed 2.944 after 1,786 games (2.9761); the other pair in play then, a draw and a
    // loss, lowered it to 2.9427.
    const s: SprtSettings = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, model: 'normalized' };
    const c = {
      ...emptyCounts(),
      wins: 713,
      losses: 603,
      draws: 472,
      penta: { ll: 101, ld: 163, wl: 238, dd: 57, wd: 195, ww: 140 },
    };
    expect(sprtLlr(c.penta, s)).toBeCloseTo(2.9427, 4);
    const plain = reportLines(['A', 'B'], c, s);
    expect(plain.slice(4, 6)).toEqual(['LLR: 2.94 (-2.94, 2.94) [0.00, 10.00]', 'SPRT: no decision']);
    expect(
      reportLines(['A', 'B'], c, s, undefined, { sprtDecision: 'H1', sprtDecidedAt: { games: 1786, llr: 2.9761 } })[5],
    ).toBe(
      'SPRT: H1 accepted (LLR 2.98 after 1786 games; the 2 games in play then were finished and are counted above)',
    );
    expect(
      reportLines(['A', 'B'], c, s, undefined, { sprtDecision: 'H1', sprtDecidedAt: { games: 1788, llr: 2.95 } })[5],
    ).toBe('SPRT: H1 accepted');
    expect(reportLines(['A', 'B'], c, s, undefined, { sprtDecision: 'H1' })[5]).toBe('SPRT: H1 accepted');
  });
});
