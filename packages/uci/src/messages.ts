/**
 * Messages between the main thread (the UCI loop) and the engine worker. The main
 * thread parses and checks syntax; the worker owns the engine (position, options,
 * search) and answers with text lines to print. The worker handles messages in
 * order, so a `ping` answered means every earlier command is done.
 */
import type { GoLimits, PositionCommand } from './protocol';
import type { OptionValue } from './options';

export type ToWorker =
  /** null: the GUI's last `position` could not be read at all (no position until the next). */
  | { type: 'position'; cmd: PositionCommand | null }
  | { type: 'setoption'; name: string; value: OptionValue }
  | { type: 'ucinewgame' }
  /** `notes`: what the loop dropped from the `go` line, for the engine's one `info string` line. */
  | { type: 'go'; limits: GoLimits; notes?: string[] }
  | { type: 'ping'; id: number }
  | { type: 'd' }
  | { type: 'eval' }
  | { type: 'perft'; depth: number }
  | { type: 'bench'; depth?: number };

export type FromWorker =
  /** Lines to print as they are (info, errors, output of d/eval/perft/bench). */
  | { type: 'out'; text: string }
  /** A search began: the side to move and a legal move (for the main thread's emergency answer). */
  | { type: 'searching'; side: number; fallback: string }
  /** The answer to `go`: the `bestmove ...` line. */
  | { type: 'bestmove'; text: string }
  | { type: 'pong'; id: number }
  /** Sent after each message is handled (and once after the start-up warm-up, with count 0): how many were handled. */
  | { type: 'done'; count: number };

/** Data handed to the worker at its start. */
export interface WorkerData {
  signals: Int32Array;
  /**
   * When the first `readyok` is due (ms since the epoch, performance.timeOrigin +
   * performance.now() of the thread that set it): the worker warms the JIT until then
   * before it reports itself ready (startEngineWorker's warmFirstMs). Absent: no warm-up first.
   */
  readyBy?: number;
}
