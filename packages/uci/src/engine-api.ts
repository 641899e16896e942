/**
 * The engine side of @tempo-chess/uci: everything that loads the engine's tables. Reached
 * only through `loadEngine()` (index.ts), a dynamic import, so that a thread which runs
 * only the loop (Node's main thread, a browser page's loop worker) never builds them.
 */
export { startEngineWorker } from './engine-worker';
export { Engine } from './engine';
export { HelperPool, createHelper } from './helpers';
export { runBench, runPerft, warmUp, BENCH_HASH_MB } from './bench';
export { BENCH_POSITIONS, BENCH_DEPTH } from './bench-positions';
export { formatInfo, formatBoard, movesText } from './format';
