/**
 * The engine worker thread: @tempo-chess/uci's engine worker on this thread's port. A
 * search runs synchronously here; the main thread stops it through the shared signal
 * array, and its output travels back as messages. It warms the JIT until the main
 * thread's `readyBy` before it reports itself ready, so a search sent right after the
 * first `readyok` runs compiled code.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadEngine, type FromWorker, type WorkerData } from '@tempo-chess/uci';
import { nodePlatform } from './node-platform';

export async function startWorker(): Promise<void> {
  const port = parentPort!;
  const { signals, readyBy } = workerData as WorkerData;
  const { startEngineWorker } = await loadEngine();
  const warmFirstMs = readyBy === undefined ? 0 : readyBy - (performance.timeOrigin + performance.now());
  // Messages that arrive while the engine loads and warms up wait in the port until the listener is attached.
  port.on(
    'message',
    startEngineWorker((msg: FromWorker) => port.postMessage(msg), signals, nodePlatform, Math.max(0, warmFirstMs)),
  );
}
