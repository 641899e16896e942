/**
 * The nested roles of the browser worker: the search worker (the package's engine
 * worker, fed by the loop worker's ToWorker messages) and the Lazy SMP helpers it
 * starts. Both load the engine through `loadEngine()` at once and queue what arrives
 * meanwhile, so no message is lost or reordered.
 */
import { loadEngine, type EnginePlatform, type HelperInit, type ToHelper, type ToWorker } from '../index';
import { HELPER_ROLE, workerType, type WorkerScope } from './worker';

/** The search worker's first message, from the loop worker. */
export interface SearchInit {
  /** The loop's stop/ponderhit flags: shared when `shared`, else a copy nobody raises. */
  signals: Int32Array;
  /** Memory can be shared with more workers: helpers may start (Threads > 1). */
  shared: boolean;
}

/**
 * Runs handlers of messages in arrival order once `ready` has given the handler; the
 * first message is the role's init (handed to `ready`), the rest are queued until then.
 */
function queueUntilLoaded<I, M>(scope: WorkerScope, ready: (init: I) => Promise<(msg: M) => void>): void {
  let handle: ((msg: M) => void) | null = null;
  let started = false;
  const queued: M[] = [];
  scope.addEventListener('message', (e) => {
    if (handle) return handle(e.data as M);
    if (started) return void queued.push(e.data as M);
    started = true;
    ready(e.data as I).then(
      (h) => {
        for (const m of queued.splice(0)) h(m);
        handle = h;
      },
      (err: unknown) => {
        // A load failure is the worker's crash: the loop worker hears it as an error event.
        setTimeout(() => {
          throw err;
        });
      },
    );
  });
}

/** The search worker: the engine on the loop's messages. */
export function startSearchRole(scope: WorkerScope): void {
  const engine = loadEngine(); // start loading before the first message arrives
  queueUntilLoaded<SearchInit, ToWorker>(scope, async (init) => {
    const { startEngineWorker } = await engine;
    return startEngineWorker((msg) => scope.postMessage(msg), init.signals, browserPlatform(scope, init.shared));
  });
}

/** A Lazy SMP helper: its first message is its HelperInit. */
export function startHelperRole(scope: WorkerScope): void {
  const engine = loadEngine();
  queueUntilLoaded<HelperInit, ToHelper>(scope, async (init) => (await engine).createHelper(init));
}

/**
 * A file by a synchronous XMLHttpRequest, `path` a URL relative to the worker script:
 * a worker may block (the engine reads options one at a time, in order), and in a
 * worker, unlike a page, a synchronous request may ask for an ArrayBuffer.
 */
function getSync(scope: WorkerScope, path: string, binary: boolean): XMLHttpRequest {
  const url = new URL(path, scope.location.href).href;
  const xhr = new XMLHttpRequest();
  try {
    xhr.open('GET', url, false);
    if (binary) xhr.responseType = 'arraybuffer';
    xhr.send();
  } catch (e) {
    throw new Error(`could not fetch ${url} (${(e as Error).message})`);
  }
  if (xhr.status < 200 || xhr.status >= 300) throw new Error(`could not fetch ${url} (HTTP ${xhr.status})`);
  return xhr;
}

/**
 * What the engine gets from the browser: helpers as nested workers of this same script
 * (only where memory is shared), and EvalFile (a net) and EvalParams (a JSON parameter
 * file) read by getSync. No CPU clock: bench prints no `Nodes/CPU second`.
 */
export function browserPlatform(scope: WorkerScope, shared: boolean): EnginePlatform {
  const platform: EnginePlatform = {
    readTextFile: (path) => getSync(scope, path, false).responseText,
    readBinaryFile: (path) => new Uint8Array(getSync(scope, path, true).response as ArrayBuffer),
  };
  if (shared) {
    const type = workerType(scope);
    platform.startHelper = (init) => {
      const w = new Worker(scope.location.href, { name: `${HELPER_ROLE}:${init.index}`, type });
      w.postMessage(init);
      return { postMessage: (msg) => w.postMessage(msg), terminate: () => w.terminate() };
    };
  }
  return platform;
}
