/**
 * Messages between the main thread (the UCI loop) and the engine worker. The main
 * thread parses and checks syntax; the worker owns the engine (position, options,
 * search) and answers with text lines to print. The worker handles messages in
 * order, so a `ping` answered means every earlier command is done.
 */
import type { GoLimits, PositionCommand } from './protocol';
import type { OptionValue } from './options';

/** Messages from the UCI loop to the engine worker: one checked command each, in order. */
export type ToWorker =
  | {
      /** Set up a position (`position ...`). */
      type: 'position';
      /** The parsed command; null when the GUI's `position` could not be read at all (no position until the next). */
      cmd: PositionCommand | null;
    }
  | {
      /** Set an option (`setoption ...`), already checked against its definition. */
      type: 'setoption';
      /** The option's name as `uci` lists it. */
      name: string;
      /** The value, converted to the option's type. */
      value: OptionValue;
    }
  | {
      /** A new game: clear the histories and the table (`ucinewgame`). */
      type: 'ucinewgame';
    }
  | {
      /** Search the current position (`go ...`); the worker answers with `searching`, then `bestmove`. */
      type: 'go';
      /** The limits of the search. */
      limits: GoLimits;
      /** What the loop dropped from the `go` line, for the engine's one `info string` line. */
      notes?: string[];
    }
  | {
      /** Answer `pong` with the same id once every earlier message is handled (the loop's `isready`). */
      type: 'ping';
      /** Any number, echoed in the `pong`. */
      id: number;
    }
  | {
      /** Print the board, FEN, key and checkers (`d`). */
      type: 'd';
    }
  | {
      /** Print the evaluation's trace of the current position (`eval`). */
      type: 'eval';
    }
  | {
      /** Count the leaf nodes of the legal move tree by first move (`perft N`). */
      type: 'perft';
      /** The depth in plies. */
      depth: number;
    }
  | {
      /** Search the bench positions and print `Nodes searched` (`bench [depth]`). */
      type: 'bench';
      /** The depth in plies; absent: the bench's own (9). */
      depth?: number;
    };

/** Messages from the engine worker to the UCI loop. */
export type FromWorker =
  | {
      /** Lines to print as they are (info, errors, output of d/eval/perft/bench). */
      type: 'out';
      /** The text, one or more lines joined by `\n`. */
      text: string;
    }
  | {
      /** A search began (for the loop's emergency answer). */
      type: 'searching';
      /** The side to move: 0 white, 1 black. */
      side: number;
      /** A legal move in UCI notation (`0000` when there is none). */
      fallback: string;
    }
  | {
      /** The answer to `go`. */
      type: 'bestmove';
      /** The `bestmove ...` line. */
      text: string;
    }
  | {
      /** The answer to `ping`. */
      type: 'pong';
      /** The ping's id. */
      id: number;
    }
  | {
      /** Sent after each message is handled, and once after the start-up warm-up with count 0. */
      type: 'done';
      /** How many messages the worker has handled so far. */
      count: number;
    };

/** Data handed to the worker at its start. */
export interface WorkerData {
  /** The loop's signal array (SIGNALS): shared memory, so `stop` and `ponderhit` reach a running search. */
  signals: Int32Array;
  /**
   * When the first `readyok` is due (ms since the epoch, performance.timeOrigin +
   * performance.now() of the thread that set it): the worker warms the JIT until then
   * before it reports itself ready (startEngineWorker's warmFirstMs). Absent: no warm-up first.
   */
  readyBy?: number;
}
