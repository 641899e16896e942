/**
 * @tempo-chess/toolkit: the Node-only pieces the tools share. Nothing here imports a tool;
 * tools import this entry only.
 */
export { UsageError, parseCommand, intArg, expectPositionals } from './args';
export { type Io, processIo, collectIo, isMainModule, failureExit, tempoDataDir } from './io';
export { type Progress, startProgress } from './progress';
export { Rng } from './rng';
export {
  type EpdEntry,
  type EpdError,
  type EpdFile,
  InputError,
  isChess960Castling,
  parseEpd,
  parseEpdLine,
  parseFenList,
  readBinaryFile,
  readTextFile,
} from './epd';
export { type UciDivide, UciEngine, wholeProcessPerft } from './uci';
export { FAKE_UCI_PATH, fakeUciCommand } from './fake';
export { type GameResult, type RulesOutcome, type Arbiter, createArbiter } from './arbiter';
export { type Opening, type OpeningsPart, OPENINGS_PARTS, readOpenings, selectOpenings } from './openings';
export {
  type FailureKind,
  type EngineSpec,
  type DriverTimeouts,
  type SearchInfo,
  type BestMove,
  DEFAULT_TIMEOUTS,
  EngineFailure,
  UciPlayer,
  parseInfo,
  splitCommand,
} from './uci-player';
export { type Limit, type Adjudication, type GameSettings, type PlayedMove, type GameRecord, playGame } from './game';
