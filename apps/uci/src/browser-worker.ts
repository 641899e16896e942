/**
 * dist/tempo-worker.js: Tempo as a Web Worker script, one self-contained file (no
 * import at run time), loadable as a classic worker (`new Worker(url)`) or a module
 * worker (`new Worker(url, { type: 'module' })`). UCI lines in and out through
 * postMessage; the same script also runs the nested search and helper workers it
 * starts (see @tempo-chess/uci's browser/worker.ts).
 */
import { startWorkerEngine, type WorkerScope } from '@tempo-chess/uci/browser';

startWorkerEngine(globalThis as unknown as WorkerScope); // a worker's global scope is `self`
