/**
 * What the engine needs from the platform it runs on. This package imports nothing
 * of Node (no node:fs, no node:worker_threads) so that the same engine runs in a
 * browser worker: reading a net (EvalFile) or a parameter file (EvalParams), starting
 * a Lazy SMP helper thread and the process's CPU clock are handed in by the app
 * (apps/uci: Node's fs, worker_threads and process.cpuUsage; a browser app: a
 * synchronous XMLHttpRequest or an in-memory file, `new Worker(url)`, nothing). Every
 * member is optional: what a platform lacks is refused with one `info string` line
 * (EvalFile, EvalParams with a path, Threads > 1) or left out of the output (bench's CPU line).
 */
import type { HelperInit, ToHelper } from './helpers';

/** A Lazy SMP helper thread as the engine worker sees it. */
export interface HelperThread {
  /**
   * Delivers a message to the helper, in order (structured clone; the SharedArrayBuffers
   * in it are shared, not copied). The helper hands each to the handler createHelper returned.
   */
  postMessage(msg: ToHelper): void;
  /** Ends the helper at once, even in the middle of a search (the pool has stopped it first when it could). */
  terminate(): void;
}

/** What the engine worker gets from its platform: files, helper threads, a CPU clock; every member optional. */
export interface EnginePlatform {
  /**
   * The text of a file (`setoption name EvalParams value <path>`, a JSON parameter
   * file), read synchronously: the engine worker handles commands in order, one at a
   * time. Throws an Error whose message says what went wrong (it is printed after the path).
   */
  readTextFile?(path: string): string;
  /**
   * The bytes of a file (`setoption name EvalFile value <path>`, a net file), read
   * synchronously, as readTextFile. Absent: only the embedded net can be used.
   */
  readBinaryFile?(path: string): Uint8Array;
  /**
   * Starts helper thread `init.index` and returns its handle at once, before it has
   * loaded: the thread runs `createHelper(init)` (this package) when it is ready and
   * feeds it every message posted. `init` holds SharedArrayBuffer views, so the
   * thread must share memory with this one (Node worker_threads; in a browser a
   * Worker of a cross-origin isolated page). Absent: `Threads` above 1 is refused.
   */
  startHelper?(init: HelperInit): HelperThread;
  /**
   * True where a helper thread loads while the thread that started it blocks (Node's
   * worker_threads). Then `setoption Threads` waits (Atomics.wait, at most 10 s) until
   * its helpers have loaded and warmed up, so an `isready` after it means they take
   * part in the next search. Absent (a browser worker's nested Worker may need its
   * creator's event loop to start): no wait, and a helper still loading sits out.
   */
  helpersStartWhileBlocked?: boolean;
  /** The process's CPU time in milliseconds (user + system), for bench's `Nodes/CPU second` line. */
  cpuTimeMs?(): number;
}
