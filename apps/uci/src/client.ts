/**
 * dist/client.js (the package's main entry, `import { createEngine } from 'tempo-chess'`):
 * the typed client a page uses to drive dist/tempo-worker.js, and the UCI output
 * parsers. It holds none of the engine: the worker script does.
 */
export {
  createEngine,
  parseInfo,
  parseOption,
  type Engine,
  type WorkerSource,
  type CreateEngineOptions,
  type SearchLimits,
  type BestMove,
  type Analysis,
  type AnalysisOptions,
  type InfoLine,
  type InfoScore,
  type EngineOption,
} from '@tempo-chess/uci/browser';
