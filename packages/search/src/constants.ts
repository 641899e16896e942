/**
 * Score and size constants of the search. Import-free, so esbuild inlines every
 * literal into the hot code (see docs/DESIGN.md, "What V8 and esbuild do").
 */

/** Deepest ply the search reaches (stacks, PV table and history of plies are sized by it). */
export const MAX_PLY = 128;
/** Iterative deepening stops at this depth. */
export const MAX_DEPTH = 120;

export const VALUE_ZERO = 0;
export const VALUE_DRAW = 0;
/** A mate at the root; a mate in n plies scores VALUE_MATE - n. */
export const VALUE_MATE = 32000;
/** Above every score: the bounds of a full window (-VALUE_INFINITE, VALUE_INFINITE). */
export const VALUE_INFINITE = 32001;
/** "No value" (static eval in check, empty TT slot). Fits an int16 like every score. */
export const VALUE_NONE = 32002;
/** Scores at or beyond these are mates found within MAX_PLY plies. */
export const VALUE_MATE_IN_MAX_PLY = 31872; // VALUE_MATE - MAX_PLY
export const VALUE_MATED_IN_MAX_PLY = -31872;

/** TT bounds: bit 0 = upper (fail low), bit 1 = lower (fail high), both = exact. */
export const BOUND_NONE = 0;
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

/** Depth stored for quiescence entries (search depths are >= 1). */
export const DEPTH_QS = 0;
/** Depth stored for entries that only carry a static eval. */
export const DEPTH_NONE = -6;

/**
 * Nodes between two looks at the signals and the clock (an Atomics.load and a
 * performance.now(), ~0.1 ns a node): ~0.1 ms at full speed, and still a few ms in a
 * debug build on a machine that gives the search a fifth of a core.
 */
export const CHECK_INTERVAL = 64;

/** Moves in one position's list slice (as movegen's MAX_MOVES). */
export const LIST_SIZE = 256;
/** Rows and columns of the late-move-reduction table: depths and move counts beyond 63 share the last. */
export const LMR_TABLE_SIZE = 64;
/** Reductions are kept in 1/1024 plies (r >> LMR_SHIFT is whole plies), so fractions add up before rounding. */
export const LMR_SHIFT = 10;
export const LMR_GRAIN = 1024;
/** Quiet and capture moves remembered per node for history maluses. */
export const TRIED_SIZE = 64;

/** The fifty-move counter from which a TT score is not trusted for a cutoff (the rule may draw the line first). */
export const TT_CUTOFF_RULE50 = 90;
/** Null move needs this depth: below it the reduced search would be quiescence alone. */
export const NMP_MIN_DEPTH = 2;
/** ProbCut's search depth is depth - PROBCUT_REDUCTION (Stockfish's). */
export const PROBCUT_REDUCTION = 4;
/** A TT entry this much shallower than the node still tells ProbCut and the singular test enough. */
export const TT_DEPTH_MARGIN = 3;
/** Extensions stop at ply 2 x the root depth, so checks and singular moves cannot extend without end. */
export const EXTENSION_PLY_FACTOR = 2;
/** Above this depth the prior countermove bonus counts once more. */
export const PRIOR_BONUS_DEPTH = 5;
/** The butterfly history's weight against the continuation histories in pruning and LMR. */
export const MAIN_HISTORY_WEIGHT = 2;

/**
 * History table layouts: a piece-to key is (piece << SQUARE_BITS) | to; a continuation
 * row starts at pieceTo << CONT_ROW_SHIFT (CONT_ROWS entries a row); a capture history
 * entry is (piece << CAPTURE_PIECE_SHIFT) | (to << CAPTURE_TO_SHIFT) | captured type;
 * a butterfly entry is (side << SIDE_SHIFT) | (from-to of the move).
 */
export const SQUARE_BITS = 6;
export const CONT_ROW_SHIFT = 10;
export const CAPTURE_PIECE_SHIFT = 9;
export const CAPTURE_TO_SHIFT = 3;
export const SIDE_SHIFT = 12;

/** History bounds (gravity keeps |h| below these). */
export const HISTORY_MAX = 16384;
export const CAPTURE_HISTORY_MAX = 16384;
export const CONT_HISTORY_MAX = 16384;

/** Correction history: entries per colour (a power of two), fixed-point grain and cap. */
export const CORR_SIZE = 16384;
export const CORR_GRAIN = 256;
export const CORR_MAX = 24576; // 96 cp in grains
/** Correction updates: the depth weight's cap, the error's clamp in cp, the rate's denominator. */
export const CORR_WEIGHT_MAX = 16;
export const CORR_DIFF_MAX = 128;
export const CORR_RATE = 256;
/** The smallest history bonus, so a shallow cutoff still leaves a mark. */
export const HIST_BONUS_MIN = 16;

/** Move-ordering scores of the picker. */
/** Captured piece value weight in a capture's score: MVV dominates the capture history (at 1/16). */
export const MVV_WEIGHT = 7;
export const CAPTURE_HISTORY_SHIFT = 4;
/** Below every capture and quiet: underpromotions, tried last. */
export const UNDERPROMOTION_SCORE = -200000;
/** A capture scored below this is an underpromotion (no capture with history reaches it). */
export const UNDERPROMOTION_LIMIT = -100000;
/** Evasions: captures (by MVV-LVA, with MVV_LVA_WEIGHT per captured value) above queen promotions above quiets. */
export const EVASION_CAPTURE_SCORE = 1000000;
export const EVASION_QUEEN_PROMOTION_SCORE = 900000;
export const MVV_LVA_WEIGHT = 16;
/** The one-ply continuation history's weight in quiet ordering (the two-ply one counts once). */
export const CONT1_WEIGHT = 2;

/** Picker stages. */
export const STAGE_TT = 0;
export const STAGE_CAPTURE_INIT = 1;
export const STAGE_GOOD_CAPTURE = 2;
export const STAGE_KILLER1 = 3;
export const STAGE_KILLER2 = 4;
export const STAGE_COUNTER = 5;
export const STAGE_QUIET_INIT = 6;
export const STAGE_QUIET = 7;
export const STAGE_BAD_CAPTURE = 8;
export const STAGE_EVASION_TT = 9;
export const STAGE_EVASION_INIT = 10;
export const STAGE_EVASION = 11;
export const STAGE_QS_TT = 12;
export const STAGE_QS_INIT = 13;
export const STAGE_QS_CAPTURE = 14;
export const STAGE_PROBCUT_TT = 15;
export const STAGE_PROBCUT_INIT = 16;
export const STAGE_PROBCUT = 17;
export const STAGE_DONE = 18;
