/**
 * @tempo-chess/uci's browser entry: what a page needs to drive an engine in a Web Worker
 * (the typed client and the UCI output parsers). Browser types only, no Node API.
 *
 * @module @tempo-chess/uci/browser
 */
export {
  createEngine,
  type Engine,
  type WorkerSource,
  type CreateEngineOptions,
  type SearchLimits,
  type BestMove,
  type Analysis,
  type AnalysisOptions,
} from './client';
export { parseInfo, parseOption, type InfoLine, type InfoScore, type EngineOption } from './info';
export { startWorkerEngine, SEARCH_ROLE, HELPER_ROLE, type WorkerScope } from './worker';
export { MODE_ISOLATED, MODE_NOT_ISOLATED } from './worker-loop';
