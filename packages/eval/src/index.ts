/**
 * @tempo-chess/eval: a tapered hand-crafted evaluation built for tuning: one parameter
 * table of (mg, eg) weights, the incremental table positions are built with, a
 * coefficient trace that rebuilds the exact score, a pawn hash, endgame knowledge
 * and the `eval` command's table.
 *
 * @module @tempo-chess/eval
 */
export {
  type EvalParams,
  type ParamInfo,
  PARAMS,
  PARAM_NAMES,
  PARAM_COUNT,
  DEFAULT_PARAMS,
  presetParams,
  PRESET_NAMES,
  isPresetName,
  type PresetName,
  copyParams,
  paramsToJson,
  paramsFromJson,
  paramsToVector,
  paramsFromVector,
} from './params';
export { TERMS, TERM_OFFSET, type TermSpec } from './spec';
export { makeEvalPsq, DEFAULT_PSQ, PHASE_WEIGHT, PHASE_MAX, NONPAWN_VALUE } from './psq-table';
export { EvalContext, DEFAULT_PAWN_HASH_ENTRIES } from './context';
export {
  evaluate,
  evaluateNet,
  EVAL_LIMIT,
  SCALE_NORMAL,
  KS_MAX_UNITS,
  blend,
  fade,
  kingSafetyTransform,
} from './evaluate';
export { isDrawnByMaterial } from './endgame';
export { traceEvaluation, scoreFromTrace, type EvalTrace } from './trace';
export { formatEvalTrace, formatTrace } from './format';
