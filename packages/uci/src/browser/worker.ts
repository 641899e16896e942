/**
 * Tempo as a Web Worker: `startWorkerEngine(self)` is the whole body of the worker
 * script. A page posts UCI lines (strings) and gets every output line back as a
 * string message, one line a message, as the Node engine prints them.
 *
 * The same script runs in three roles, told apart by the worker's name: the worker the
 * page starts runs the UCI loop (worker-loop.ts); it starts the search worker (name
 * `tempo:search`, worker-search.ts) from its own URL, which starts the Lazy SMP
 * helpers (`tempo:helper:N`) where memory can be shared. The loop never searches, so
 * it answers `isready`, `stop` and `ponderhit` while a search runs.
 *
 * Browser types only (no Node API); the interface below is all it needs of `self`, so
 * it also type-checks where `self` is typed as a Window (a page's tsconfig).
 */
import { startLoopRole } from './worker-loop';
import { startHelperRole, startSearchRole } from './worker-search';

/** What the worker needs of its global scope (a DedicatedWorkerGlobalScope). */
export interface WorkerScope {
  /** Sends a message to the worker's creator (an output line, or a message of a nested role). */
  postMessage(message: unknown): void;
  /** Listens to the messages the creator posts. */
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  /** Ends the worker (after `quit`). */
  close(): void;
  /** The worker's script location: the nested workers are started from the same URL. */
  readonly location: {
    /** The script's URL. */
    readonly href: string;
  };
  /** The worker's name, which picks its role (SEARCH_ROLE, HELPER_ROLE, else the loop). */
  readonly name?: string;
  /** Whether the page is cross-origin isolated, so memory can be shared. */
  readonly crossOriginIsolated?: boolean;
  /** Present in a classic worker (and throwing in a module worker): tells the two apart. */
  importScripts?(...urls: string[]): void;
}

/** Worker names of the nested roles (a page must not give its own worker these names). */
export const SEARCH_ROLE = 'tempo:search';
/** The prefix of the helpers' worker names: helper N is `tempo:helper:N`. */
export const HELPER_ROLE = 'tempo:helper';

/** Runs Tempo in this worker: the UCI loop, or the search or a helper when started under their names. */
export function startWorkerEngine(scope: WorkerScope): void {
  const name = scope.name ?? '';
  if (name === SEARCH_ROLE) startSearchRole(scope);
  else if (name.startsWith(HELPER_ROLE)) startHelperRole(scope);
  else startLoopRole(scope);
}

/**
 * Whether this worker was started as a module worker, so that the nested workers are
 * started the same way (a bundler's module worker may import chunks, which a classic
 * worker cannot load). `importScripts()` with no URL does nothing in a classic worker
 * and throws in a module worker, in every browser.
 */
export function workerType(scope: WorkerScope): 'classic' | 'module' {
  if (typeof scope.importScripts !== 'function') return 'module';
  try {
    scope.importScripts();
    return 'classic';
  } catch {
    return 'module';
  }
}

/** Whether this worker may share memory with the workers it starts (the page is cross-origin isolated). */
export function canShareMemory(scope: WorkerScope): boolean {
  return scope.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
}
