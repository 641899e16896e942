/**
 * Every tunable constant and feature switch of the search, named, in one place.
 * A switch is a 0/1 value, so a match at fixed nodes can compare a feature on and
 * off through a UCI option without a second build. The Searcher copies the values
 * into a SearchParams object (int32 fields read in the hot code); setOption edits it.
 */

/** One named search parameter with its default and its legal range. */
export interface SearchParam {
  /** The name, which is also the UCI option's name (matched case-insensitively). */
  readonly name: string;
  /** The default value, an integer within min..max. */
  readonly value: number;
  /** The smallest value the parameter takes; lower values are clamped to it. */
  readonly min: number;
  /** The largest value the parameter takes; higher values are clamped to it. */
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
  { name: 'NmpEvalDiv', value: 205, min: 50, max: 600, step: 50 },
  { name: 'NmpEvalMax', value: 3, min: 0, max: 6, step: 1 },
  { name: 'NmpVerifyDepth', value: 14, min: 6, max: 40, step: 2 },
  // Null move only when staticEval >= beta - NmpMargin * depth + NmpBaseMargin.
  { name: 'NmpMargin', value: 20, min: 0, max: 100, step: 5 },
  { name: 'NmpBaseMargin', value: 0, min: -200, max: 400, step: 25 },

  // ---- Reverse futility: eval - RfpMargin * (depth - improving) >= beta below RfpDepth.
  { name: 'RfpDepth', value: 9, min: 1, max: 16, step: 1 },
  { name: 'RfpMargin', value: 71, min: 20, max: 200, step: 10 },

  // ---- Razoring: eval + RazorBase + RazorMult * depth^2 < alpha up to RazorDepth.
  { name: 'RazorDepth', value: 3, min: 1, max: 8, step: 1 },
  { name: 'RazorBase', value: 310, min: 100, max: 1000, step: 50 },
  { name: 'RazorMult', value: 248, min: 50, max: 600, step: 50 },

  // ---- Futility of quiets: staticEval + FutBase + FutMult * lmrDepth <= alpha below FutDepth.
  { name: 'FutDepth', value: 10, min: 1, max: 16, step: 1 },
  { name: 'FutBase', value: 90, min: 0, max: 400, step: 20 },
  { name: 'FutMult', value: 108, min: 30, max: 300, step: 20 },

  // ---- Late move pruning: moveCount >= (LmpBase + depth^2) / (2 - improving).
  { name: 'LmpBase', value: 3, min: 0, max: 10, step: 1 },

  // ---- History pruning: lmrDepth < HistPruneDepth and history < -HistPruneMult * depth.
  { name: 'HistPruneDepth', value: 4, min: 1, max: 10, step: 1 },
  { name: 'HistPruneMult', value: 3028, min: 500, max: 10000, step: 500 },

  // ---- SEE pruning: quiets below -SeeQuietMult * lmrDepth^2, captures below -SeeCaptureMult * depth.
  { name: 'SeeQuietMult', value: 25, min: 5, max: 100, step: 5 },
  { name: 'SeeCaptureMult', value: 86, min: 20, max: 300, step: 20 },

  // ---- Late move reductions: r = LmrBase / 100 + ln(depth) * ln(moveCount) / (LmrDiv / 100).
  { name: 'LmrBase', value: 79, min: 0, max: 200, step: 10 },
  { name: 'LmrDiv', value: 221, min: 100, max: 400, step: 20 },
  { name: 'LmrHistDiv', value: 11803, min: 2000, max: 30000, step: 2000 },
  // Adjustments of r in 1/1024 plies: more when not improving, at a cut node and for a quiet
  // after a tactical TT move; less at a PV (TT) node and for a move that gives check.
  { name: 'LmrNotImproving', value: 700, min: 0, max: 3000, step: 150 },
  { name: 'LmrTtPv', value: 1024, min: 0, max: 3000, step: 150 },
  { name: 'LmrCutNode', value: 1800, min: 0, max: 4000, step: 200 },
  { name: 'LmrTtCapture', value: 1024, min: 0, max: 3000, step: 150 },
  { name: 'LmrCheck', value: 700, min: 0, max: 3000, step: 150 },

  // ---- ProbCut: beta + ProbCutMargin (minus ProbCutImproving when improving) from ProbCutDepth.
  { name: 'ProbCutDepth', value: 5, min: 3, max: 10, step: 1 },
  { name: 'ProbCutMargin', value: 204, min: 50, max: 500, step: 20 },
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
  { name: 'QsFutMargin', value: 182, min: 50, max: 500, step: 20 },
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
  { name: 'TmPlyBase', value: 600, min: 300, max: 1000, step: 35 }, // soft bound's share at game ply 0 ...
  { name: 'TmPlyFull', value: 32, min: 4, max: 80, step: 4 }, // ... rising as sqrt(ply) to all of it at this ply
  // After each iteration: stop once elapsed > soft x stability x instability x trend x share (IterationRule).
  { name: 'TmStabBase', value: 1300, min: 1000, max: 2000, step: 50 }, // stability = TmStabBase - TmStabStep x ...
  { name: 'TmStabStep', value: 60, min: 0, max: 120, step: 6 }, // ... iterations with the same best move (up to 8)
  { name: 'TmChangeMult', value: 300, min: 0, max: 1500, step: 75 }, // instability = 1 + this x decaying changes
  { name: 'TmFallMult', value: 4, min: 0, max: 20, step: 1 }, // trend = 1 + this per mille x cp fallen, in [0.75, 1.5]
  { name: 'TmShareBase', value: 1400, min: 1000, max: 2000, step: 50 }, // share term = TmShareBase - ...
  { name: 'TmShareMult', value: 800, min: 0, max: 900, step: 45 }, // ... TmShareMult x best move's node share
  { name: 'TmShareStop', value: 970, min: 800, max: 1000, step: 10 }, // from depth 10 this share stops at 65% of it
];

/** The parameter values the hot code reads, as int32 fields (one per SEARCH_PARAMS entry). */
export class SearchParams {
  /** Switch (0/1): cutoffs on TT bounds at non-PV nodes, in search and quiescence; the TT still orders moves when off. */
  TTCutoffs = 1;
  /** Switch (0/1): null-move pruning and its verification search. */
  NullMove = 1;
  /** Switch (0/1): late move reductions, at the root and in the tree. */
  LMR = 1;
  /** Switch (0/1): reverse futility pruning, futility pruning of quiets and late move pruning. */
  Futility = 1;
  /** Switch (0/1): singular, double and negative extensions, and multi-cut. */
  Singular = 1;
  /** Switch (0/1): the static eval corrected by the pawn- and material-key correction histories. */
  CorrHist = 1;
  /** Switch (0/1): ProbCut. */
  ProbCut = 1;
  /** Switch (0/1): internal iterative reduction when a node has no TT move. */
  IIR = 1;
  /** Switch (0/1): history pruning of late quiet moves. */
  HistPruning = 1;
  /** Switch (0/1): SEE pruning of captures, checks and quiets in the main search. */
  SEEPruning = 1;
  /** Switch (0/1): razoring into quiescence far below alpha. */
  Razoring = 1;
  /** Switch (0/1): aspiration windows; off searches every iteration with the full window. */
  Aspiration = 1;
  /** Switch (0/1): the check extension. */
  CheckExt = 1;
  /** Switch (0/1): mate distance pruning. */
  MateDistance = 1;
  /** Switch (0/1): futility and SEE pruning in quiescence. */
  QsFutility = 1;
  /** Switch (0/1): quiescence probes and stores the TT; 0 does neither. */
  QsTT = 1;
  /** Switch (0/1): touches the child's TT bucket right after a move; speed only, the same nodes. */
  Prefetch = 1;
  /** Switch (0/1): continuation histories in quiet ordering and LMR. */
  ContHist = 1;
  /** Switch (0/1): the improving flag in reverse futility, late move pruning and LMR. */
  Improving = 1;
  /** Switch (0/1): a history bonus for the opponent's quiet move when every reply fails low. */
  PriorBonus = 1;
  /** Switch (0/1): quiet ordering's threat terms (ThreatQueen, ThreatRook, ThreatMinor, ThreatQueenByMinor). */
  Threats = 1;
  /** Half-width of the first aspiration window, in centipawns (5-100). */
  AspDelta = 0;
  /** First iteration searched with an aspiration window, in plies (2-10). */
  AspDepth = 0;
  /** Null-move reduction R = NmpBase + depth / NmpDepthDiv + min((eval - beta) / NmpEvalDiv, NmpEvalMax): its constant part, in plies (1-8). */
  NmpBase = 0;
  /** Null-move reduction: depth / NmpDepthDiv plies are added to R (2-8). */
  NmpDepthDiv = 1;
  /** Null-move reduction: one ply more per NmpEvalDiv centipawns of eval above beta (50-600). */
  NmpEvalDiv = 1;
  /** Null-move reduction: at most this many plies from the eval term (0-6). */
  NmpEvalMax = 0;
  /** Depth in plies from which a null-move cutoff is verified by a search without null move (6-40). */
  NmpVerifyDepth = 0;
  /** Null move only when staticEval >= beta - NmpMargin x depth + NmpBaseMargin: centipawns a ply (0-100). */
  NmpMargin = 0;
  /** Null move's constant margin term (see NmpMargin), in centipawns (-200-400). */
  NmpBaseMargin = 0;
  /** Reverse futility pruning below this depth, in plies (1-16). */
  RfpDepth = 0;
  /** Reverse futility prunes when eval - RfpMargin x (depth - improving) >= beta: centipawns a ply (20-200). */
  RfpMargin = 0;
  /** Razoring up to this depth, in plies (1-8). */
  RazorDepth = 0;
  /** Razoring when eval + RazorBase + RazorMult x depth² < alpha: the constant, in centipawns (100-1000). */
  RazorBase = 0;
  /** Razoring margin per depth² (see RazorBase), in centipawns (50-600). */
  RazorMult = 0;
  /** Futility pruning of quiets below this LMR depth, in plies (1-16). */
  FutDepth = 0;
  /** Futility of quiets when staticEval + FutBase + FutMult x lmrDepth <= alpha: the constant, in centipawns (0-400). */
  FutBase = 0;
  /** Futility margin per ply of LMR depth (see FutBase), in centipawns (30-300). */
  FutMult = 0;
  /** Late move pruning from move number (LmpBase + depth²) / (2 - improving) (0-10). */
  LmpBase = 0;
  /** History pruning of quiets whose LMR depth is below this, in plies (1-10). */
  HistPruneDepth = 0;
  /** History pruning when history < -HistPruneMult x depth, in history points (500-10000). */
  HistPruneMult = 0;
  /** SEE pruning of quiets below -SeeQuietMult x lmrDepth², in centipawns (5-100). */
  SeeQuietMult = 0;
  /** SEE pruning of captures and checks below -SeeCaptureMult x depth, in centipawns (20-300). */
  SeeCaptureMult = 0;
  /** LMR table's constant: r = LmrBase / 100 + ln(depth) x ln(moveCount) / (LmrDiv / 100), in hundredths of a ply (0-200). */
  LmrBase = 0;
  /** LMR table's divisor (see LmrBase), in hundredths (100-400). */
  LmrDiv = 1;
  /** History's share of the reduction and of lmrDepth: history / LmrHistDiv plies (2000-30000). */
  LmrHistDiv = 1;
  /** Reduction added when the node is not improving, in 1/1024 plies (0-3000). */
  LmrNotImproving = 0;
  /** Reduction taken off at a PV node (by the TT), in 1/1024 plies (0-3000). */
  LmrTtPv = 0;
  /** Reduction added at an expected cut node, in 1/1024 plies (0-4000). */
  LmrCutNode = 0;
  /** Reduction added for a quiet move after a tactical TT move, in 1/1024 plies (0-3000). */
  LmrTtCapture = 0;
  /** Reduction taken off for a move that gives check, in 1/1024 plies (0-3000). */
  LmrCheck = 0;
  /** ProbCut from this depth, in plies (3-10). */
  ProbCutDepth = 0;
  /** ProbCut's beta: beta + ProbCutMargin, in centipawns (50-500). */
  ProbCutMargin = 0;
  /** Centipawns taken off ProbCutMargin when the node is improving (0-200). */
  ProbCutImproving = 0;
  /** Singular extension test from this depth, in plies (4-12). */
  SingularDepth = 0;
  /** Singular test below ttScore - SingularMult x depth / 16, in centipawns (8-64). */
  SingularMult = 0;
  /** Double extension when the singular search fails low by more than this, in centipawns (0-100). */
  DoubleExtMargin = 0;
  /** At most this many double extensions on one line (0-20). */
  DoubleExtMax = 0;
  /** Internal iterative reduction from this depth, in plies (2-10). */
  IirDepth = 0;
  /** Quiets scored below -QuietSortMult x depth stay unsorted, in history points (500-10000). */
  QuietSortMult = 0;
  /** A capture the picker scores s is good when SEE >= -s / CaptureSeeDiv (4-64). */
  CaptureSeeDiv = 1;
  /** Ordering bonus for a queen leaving an attack by a lesser piece, and the malus for entering one, in history points (0-100000). */
  ThreatQueen = 0;
  /** Ordering bonus for a rook leaving an attack by a minor or pawn, and the malus for entering one, in history points (0-60000). */
  ThreatRook = 0;
  /** Ordering bonus for a knight or bishop leaving a pawn attack, and the malus for entering one, in history points (0-40000). */
  ThreatMinor = 0;
  /** Extra malus for a queen moving into a minor's or pawn's attack, in history points (0-40000). */
  ThreatQueenByMinor = 0;
  /** Quiescence futility: a capture is skipped when staticEval + QsFutMargin + its victim is <= alpha, in centipawns (50-500). */
  QsFutMargin = 0;
  /** Quiescence skips captures with SEE below this, in centipawns (-300-100). */
  QsSeeMargin = 0;
  /** History bonus min(HistBonusMult x depth - HistBonusBase, HistBonusMax): points a ply (50-800). */
  HistBonusMult = 0;
  /** History bonus: the points taken off (see HistBonusMult) (0-800). */
  HistBonusBase = 0;
  /** History bonus: its cap, in history points (500-6000). */
  HistBonusMax = 0;
  /** Share of the pawn-key correction added to the static eval, per mille (0-2000). */
  CorrPawnWeight = 0;
  /** Share of the material-key correction added to the static eval, per mille (0-2000). */
  CorrMaterialWeight = 0;
  /** Soft time bound (time + TmIncMoves x inc) / TmBaseDiv without movestogo: the divisor (10-100). */
  TmBaseDiv = 1;
  /** Soft time bound: the increments counted in (see TmBaseDiv) (0-60). */
  TmIncMoves = 0;
  /** Hard time bound: at most TmHardMult x the soft bound (1-10). */
  TmHardMult = 1;
  /** Hard time bound: at most this share of the time left, per mille (100-900). */
  TmMaxShare = 0;
  /** Soft time bound: its share at game ply 0, per mille, rising to all of it at TmPlyFull (300-1000). */
  TmPlyBase = 0;
  /** Soft time bound: the game ply from which it is no longer scaled down (4-80). */
  TmPlyFull = 1;
  /** Iteration rule: the stability term after a best-move change, per mille (1000-2000). */
  TmStabBase = 0;
  /** Iteration rule: the stability term falls by this per iteration with the same best move, per mille (0-120). */
  TmStabStep = 0;
  /** Iteration rule: instability = 1 + this per mille x the decaying count of best-move changes (0-1500). */
  TmChangeMult = 0;
  /** Iteration rule: trend = 1 + this per mille x the centipawns the score fell (0-20). */
  TmFallMult = 0;
  /** Iteration rule: the node-share term with none of the nodes on the best move, per mille (1000-2000). */
  TmShareBase = 0;
  /** Iteration rule: the node-share term falls by this x the best move's share of the nodes, per mille (0-900). */
  TmShareMult = 0;
  /** Iteration rule: from depth 10 a best move with this share of the nodes, per mille, stops early (800-1000). */
  TmShareStop = 0;

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
