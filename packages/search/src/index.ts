/**
 * @tempo-chess/search: iterative deepening PVS with a shared transposition table, a staged
 * move picker, the modern pruning and extension set, time management and limits.
 * No Node-only API: the same code runs in a browser worker.
 *
 * @module @tempo-chess/search
 */
export { Searcher, type SearchOptions, type SearchInfo, type SearchResult, type SearchHooks } from './search';
export { SIGNAL_STOP, SIGNAL_PONDERHIT, createSignals } from './signals';
export { TranspositionTable, scoreToTT, scoreFromTT } from './tt';
export { type SearchLimits } from './time';
export { SEARCH_PARAMS, SearchParams, findParam, type SearchParam } from './params';
export { searchPosition, quiescenceLeaf, type SearchPositionOptions, type QuiescenceLeaf } from './api';
export { uciScore } from './root';
export { MAX_PLY, MAX_DEPTH, VALUE_MATE, VALUE_INFINITE, VALUE_NONE, VALUE_MATE_IN_MAX_PLY } from './constants';
export {
  SKILL_MAX,
  SKILL_ELO_MIN,
  SKILL_ELO_MAX,
  SKILL_ELO_POINTS,
  type SkillPlan,
  type SkillCandidate,
  skillPlan,
  skillFromElo,
  chooseSkillMove,
  SkillRng,
} from './skill';
