/**
 * @tempo-chess/uci: the engine behind a UCI text stream, with no Node-only API, so the Node
 * command (apps/uci) and a browser worker run the same loop.
 *
 * - The loop, exported here (UciLoop, protocol, options, the message types): parses
 *   and checks every line, answers `uci` and, during a search, `isready`, `stop` and
 *   `ponderhit` itself. None of it imports engine code, so a thread that runs only the
 *   loop answers `uci` before any table is built.
 * - The engine side, behind `loadEngine()`: startEngineWorker (position, options,
 *   search, d, eval, perft, bench, fed by the loop's messages in order), Engine, the
 *   Lazy SMP pool and createHelper, bench and perft. A dynamic import, so bundlers keep
 *   it out of the loop's start-up (esbuild makes it a lazy initializer, others a chunk).
 *
 * Threads, stdin/stdout and files are the app's, handed in as UciIo and EnginePlatform
 * (README.md shows the wiring for Node and for browser workers).
 *
 * @module @tempo-chess/uci
 */
export { UciLoop, SIGNALS, ENGINE_NAME, ENGINE_AUTHOR, type UciIo } from './uci';
export {
  tokenize,
  parseGo,
  parsePosition,
  parseSetoption,
  type Parsed,
  type GoLimits,
  type GoCommand,
  type PositionCommand,
} from './protocol';
export {
  OPTIONS,
  DEFAULT_HASH_MB,
  DEFAULT_MOVE_OVERHEAD,
  MAX_HASH_MB,
  MAX_THREADS,
  optionLine,
  checkOption,
  spsaInputs,
  TUNING_BUILD,
  type OptionDef,
  type OptionValue,
  type SearchParamFact,
  USE_NNUE_DEFAULT,
} from './options';
export type { ToWorker, FromWorker, WorkerData } from './messages';
export type { EnginePlatform, HelperThread } from './platform';
export type { HelperInit, HelperJob, ToHelper } from './helpers';
export type { Engine, Out } from './engine';
export type { BenchSettings } from './bench';

/** The engine side (see above): load it in the thread that searches. */
export function loadEngine(): Promise<typeof import('./engine-api')> {
  return import('./engine-api');
}
