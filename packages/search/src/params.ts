/**
 * Every tunable constant and feature switch of the search, named, in one place.
 * A switch is a 0/1 value, so a match at fixed nodes can compare a feature on and
 * off through a UCI option without a second build. The Searcher copies the values
 * into a SearchParams object (int32 fields read in the hot code); setOption edits it.
 */

/** One named search parameter with its default and its legal range. */
export interface SearchParam {
  readonly name: string;
  readonly value: number;
  readonly min: number;
  readonly max: number;
  /**
   * A numeric tunable's step for SPSA (OpenBench's C_END, about a twentieth of the
   * range); a feature switch has none and is not tuned.
   */
  readonly step?: number;
}

/** The parameters, defaults first. Names are the UCI option names. */
export const SEARCH_PARAMS: ReadonlyArray<SearchParam> = [
  // ---- Feature switches (0 = off, 1 = on).
  { name: 'TTCutoffs', value: 1, min: 0, max: 1 }, // cutoffs on TT bounds at non-PV nodes (the TT still orders moves)
  { name: 'NullMove', value: 1, min: 0, max: 1 }, // null-move pruning with verification at high depth
  { name: 'LMR', value: 1, min: 0, max: 1 }, // late move reductions
  { name: 'Futility', value: 1, min: 0, max: 1 }, // reverse futility, futility and late move pruning
  { name: 'Singular', value: 1, min: 0, max: 1 }, // singular / double / negative extensions, multi-cut
  { name: 'CorrHist', value: 1, min: 0, max: 1 }, // static eval corrected by pawn- and material-key histories
  { name: 'ProbCut', value: 1, min: 0, max: 1 }, // ProbCut
  { name: 'IIR', value: 1, min: 0, max: 1 }, // internal iterative reduction
  { name: 'HistPruning', value: 1, min: 0, max: 1 }, // history pruning of late quiet moves
  { name: 'SEEPruning', value: 1, min: 0, max: 1 }, // SEE pruning of captures and quiets at low depth
  { name: 'Razoring', value: 1, min: 0, max: 1 }, // razoring into quiescence far below alpha
  { name: 'Aspiration', value: 1, min: 0, max: 1 }, // aspiration windows from depth 4
  { name: 'CheckExt', value: 1, min: 0, max: 1 }, // check extension
  { name: 'MateDistance', value: 1, min: 0, max: 1 }, // mate distance pruning
  { name: 'QsFutility', value: 1, min: 0, max: 1 }, // futility and SEE pruning in quiescence
  { name: 'QsTT', value: 1, min: 0, max: 1 }, // quiescence probes and stores the TT (0: neither, as Lozza 2)
  // Prefetch: touch the child's TT bucket right after a move (speed only: same nodes).
  { name: 'Prefetch', value: 1, min: 0, max: 1 },
  { name: 'ContHist', value: 1, min: 0, max: 1 }, // continuation histories in quiet ordering and LMR
  { name: 'Improving', value: 1, min: 0, max: 1 }, // the improving flag in RFP, LMP and LMR
  { name: 'PriorBonus', value: 1, min: 0, max: 1 }, // history bonus for the opponent's quiet move at a fail-low node
  // Threats: quiet ordering's bonus for moving a piece out of attack by a lesser piece, malus for moving into one.
  { name: 'Threats', value: 1, min: 0, max: 1 },

  // ---- Aspiration windows of AspDelta around the average score from depth AspDepth.
  { name: 'AspDelta', value: 16, min: 5, max: 100, step: 5 },
  { name: 'AspDepth', value: 4, min: 2, max: 10, step: 1 },

  // ---- Null move: R = NmpBase + depth / NmpDepthDiv + min((eval - beta) / NmpEvalDiv, NmpEvalMax).
  { name: 'NmpBase', value: 4, min: 1, max: 8, step: 1 },
  { name: 'NmpDepthDiv', value: 4, min: 2, max: 8, step: 1 },
  { name: 'NmpEvalDiv', value: 200, min: 50, max: 600, step: 50 },
  { name: 'NmpEvalMax', value: 3, min: 0, max: 6, step: 1 },
  { name: 'NmpVerifyDepth', value: 14, min: 6, max: 40, step: 2 },
  // Null move only when staticEval >= beta - NmpMargin * depth + NmpBaseMargin.
  { name: 'NmpMargin', value: 20, min: 0, max: 100, step: 5 },
  { name: 'NmpBaseMargin', value: 0, min: -200, max: 400, step: 25 },

  // ---- Reverse futility: eval - RfpMargin * (depth - improving) >= beta below RfpDepth.
  { name: 'RfpDepth', value: 9, min: 1, max: 16, step: 1 },
  { name: 'RfpMargin', value: 75, min: 20, max: 200, step: 10 },

  // ---- Razoring: eval + RazorBase + RazorMult * depth^2 < alpha up to RazorDepth.
  { name: 'RazorDepth', value: 3, min: 1, max: 8, step: 1 },
  { name: 'RazorBase', value: 300, min: 100, max: 1000, step: 50 },
  { name: 'RazorMult', value: 250, min: 50, max: 600, step: 50 },

  // ---- Futility of quiets: staticEval + FutBase + FutMult * lmrDepth <= alpha below FutDepth.
  { name: 'FutDepth', value: 10, min: 1, max: 16, step: 1 },
  { name: 'FutBase', value: 90, min: 0, max: 400, step: 20 },
  { name: 'FutMult', value: 110, min: 30, max: 300, step: 20 },

  // ---- Late move pruning: moveCount >= (LmpBase + depth^2) / (2 - improving).
  { name: 'LmpBase', value: 3, min: 0, max: 10, step: 1 },

  // ---- History pruning: lmrDepth < HistPruneDepth and history < -HistPruneMult * depth.
  { name: 'HistPruneDepth', value: 4, min: 1, max: 10, step: 1 },
  { name: 'HistPruneMult', value: 3000, min: 500, max: 10000, step: 500 },

  // ---- SEE pruning: quiets below -SeeQuietMult * lmrDepth^2, captures below -SeeCaptureMult * depth.
  { name: 'SeeQuietMult', value: 25, min: 5, max: 100, step: 5 },
  { name: 'SeeCaptureMult', value: 90, min: 20, max: 300, step: 20 },

  // ---- Late move reductions: r = LmrBase / 100 + ln(depth) * ln(moveCount) / (LmrDiv / 100).
  { name: 'LmrBase', value: 80, min: 0, max: 200, step: 10 },
  { name: 'LmrDiv', value: 220, min: 100, max: 400, step: 20 },
  { name: 'LmrHistDiv', value: 10000, min: 2000, max: 30000, step: 2000 },
  // Adjustments of r in 1/1024 plies: more when not improving, at a cut node and for a quiet
  // after a tactical TT move; less at a PV (TT) node and for a move that gives check.
  { name: 'LmrNotImproving', value: 700, min: 0, max: 3000, step: 150 },
  { name: 'LmrTtPv', value: 1024, min: 0, max: 3000, step: 150 },
  { name: 'LmrCutNode', value: 1800, min: 0, max: 4000, step: 200 },
  { name: 'LmrTtCapture', value: 1024, min: 0, max: 3000, step: 150 },
  { name: 'LmrCheck', value: 700, min: 0, max: 3000, step: 150 },

  // ---- ProbCut: beta + ProbCutMargin (minus ProbCutImproving when improving) from ProbCutDepth.
  { name: 'ProbCutDepth', value: 5, min: 3, max: 10, step: 1 },
  { name: 'ProbCutMargin', value: 200, min: 50, max: 500, step: 20 },
  { name: 'ProbCutImproving', value: 50, min: 0, max: 200, step: 10 },

  // ---- Singular extension: from SingularDepth, singularBeta = ttScore - SingularMult * depth / 16.
  { name: 'SingularDepth', value: 7, min: 4, max: 12, step: 1 },
  { name: 'SingularMult', value: 24, min: 8, max: 64, step: 2 },
  { name: 'DoubleExtMargin', value: 20, min: 0, max: 100, step: 5 },
  { name: 'DoubleExtMax', value: 6, min: 0, max: 20, step: 1 },

  // ---- Internal iterative reduction from IirDepth.
  { name: 'IirDepth', value: 4, min: 2, max: 10, step: 1 },

  // ---- Picker: quiets scored below -QuietSortMult * depth stay unsorted; a capture scored s is
  // good when SEE >= -s / CaptureSeeDiv; threat terms for a queen, rook or minor leaving an
  // attack by a lesser piece (a bonus) or entering one (a malus; a queen entering a minor's
  // attack pays ThreatQueenByMinor more).
  { name: 'QuietSortMult', value: 3500, min: 500, max: 10000, step: 500 },
  { name: 'CaptureSeeDiv', value: 18, min: 4, max: 64, step: 5 },
  { name: 'ThreatQueen', value: 50000, min: 0, max: 100000, step: 5000 },
  { name: 'ThreatRook', value: 25000, min: 0, max: 60000, step: 5000 },
  { name: 'ThreatMinor', value: 15000, min: 0, max: 40000, step: 2000 },
  { name: 'ThreatQueenByMinor', value: 10000, min: 0, max: 40000, step: 2000 },

  // ---- Quiescence: futility margin, SEE threshold of captures.
  { name: 'QsFutMargin', value: 180, min: 50, max: 500, step: 20 },
  { name: 'QsSeeMargin', value: -40, min: -300, max: 100, step: 20 },

  // ---- Histories: bonus = min(HistBonusMult * depth - HistBonusBase, HistBonusMax).
  { name: 'HistBonusMult', value: 300, min: 50, max: 800, step: 50 },
  { name: 'HistBonusBase', value: 250, min: 0, max: 800, step: 50 },
  { name: 'HistBonusMax', value: 2400, min: 500, max: 6000, step: 250 },

  // ---- Correction history weights (per mille of the stored correction).
  { name: 'CorrPawnWeight', value: 600, min: 0, max: 2000, step: 100 },
  { name: 'CorrMaterialWeight', value: 400, min: 0, max: 2000, step: 100 },

  // ---- Time management (per mille unless named otherwise).
  { name: 'TmBaseDiv', value: 40, min: 10, max: 100, step: 5 }, // soft bound = (time + TmIncMoves * inc) / TmBaseDiv
  { name: 'TmIncMoves', value: 25, min: 0, max: 60, step: 2 },
  { name: 'TmHardMult', value: 5, min: 1, max: 10, step: 1 }, // hard bound = TmHardMult * soft, capped
  { name: 'TmMaxShare', value: 400, min: 100, max: 900, step: 50 }, // hard bound at most this share of the time left
];

/** The parameter values the hot code reads, as int32 fields (one per SEARCH_PARAMS entry). */
export class SearchParams {
  TTCutoffs = 1;
  NullMove = 1;
  LMR = 1;
  Futility = 1;
  Singular = 1;
  CorrHist = 1;
  ProbCut = 1;
  IIR = 1;
  HistPruning = 1;
  SEEPruning = 1;
  Razoring = 1;
  Aspiration = 1;
  CheckExt = 1;
  MateDistance = 1;
  QsFutility = 1;
  QsTT = 1;
  Prefetch = 1;
  ContHist = 1;
  Improving = 1;
  PriorBonus = 1;
  Threats = 1;
  AspDelta = 0;
  AspDepth = 0;
  NmpBase = 0;
  NmpDepthDiv = 1;
  NmpEvalDiv = 1;
  NmpEvalMax = 0;
  NmpVerifyDepth = 0;
  NmpMargin = 0;
  NmpBaseMargin = 0;
  RfpDepth = 0;
  RfpMargin = 0;
  RazorDepth = 0;
  RazorBase = 0;
  RazorMult = 0;
  FutDepth = 0;
  FutBase = 0;
  FutMult = 0;
  LmpBase = 0;
  HistPruneDepth = 0;
  HistPruneMult = 0;
  SeeQuietMult = 0;
  SeeCaptureMult = 0;
  LmrBase = 0;
  LmrDiv = 1;
  LmrHistDiv = 1;
  LmrNotImproving = 0;
  LmrTtPv = 0;
  LmrCutNode = 0;
  LmrTtCapture = 0;
  LmrCheck = 0;
  ProbCutDepth = 0;
  ProbCutMargin = 0;
  ProbCutImproving = 0;
  SingularDepth = 0;
  SingularMult = 0;
  DoubleExtMargin = 0;
  DoubleExtMax = 0;
  IirDepth = 0;
  QuietSortMult = 0;
  CaptureSeeDiv = 1;
  ThreatQueen = 0;
  ThreatRook = 0;
  ThreatMinor = 0;
  ThreatQueenByMinor = 0;
  QsFutMargin = 0;
  QsSeeMargin = 0;
  HistBonusMult = 0;
  HistBonusBase = 0;
  HistBonusMax = 0;
  CorrPawnWeight = 0;
  CorrMaterialWeight = 0;
  TmBaseDiv = 1;
  TmIncMoves = 0;
  TmHardMult = 1;
  TmMaxShare = 0;

  constructor() {
    for (const p of SEARCH_PARAMS) this.set(p.name, p.value);
  }

  /**
   * Sets the parameter `name` (case-insensitive, as UCI option names are) and returns
   * true, or returns false when no parameter has that name. The value is clamped to
   * the parameter's range and truncated to an integer.
   */
  set(name: string, value: number): boolean {
    const p = findParam(name);
    if (p === undefined || !Number.isFinite(value)) return false;
    const v = Math.max(p.min, Math.min(p.max, Math.trunc(value))) | 0;
    (this as unknown as Record<string, number>)[p.name] = v;
    return true;
  }

  /** The current value of `name`, or undefined. */
  get(name: string): number | undefined {
    const p = findParam(name);
    return p === undefined ? undefined : (this as unknown as Record<string, number>)[p.name];
  }
}

const BY_NAME = new Map(SEARCH_PARAMS.map((p) => [p.name.toLowerCase(), p]));

/** The parameter named `name` (case-insensitive), or undefined. */
export function findParam(name: string): SearchParam | undefined {
  return BY_NAME.get(name.toLowerCase());
}
