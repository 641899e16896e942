/**
 * The engine worker: owns the Engine and handles the main thread's messages in order.
 * A search runs synchronously here; the main thread stops it through the shared
 * signal array, and its output travels back as messages, which the main thread
 * receives while this thread is still busy.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Engine } from './engine';
import { runBench, runPerft, warmUp } from './bench';
import type { FromWorker, ToWorker, WorkerData } from './messages';

export function startWorker(): void {
  const port = parentPort!;
  const { signals } = workerData as WorkerData;
  const post = (msg: FromWorker) => port.postMessage(msg);
  const out = (text: string) => post({ type: 'out', text });
  const engine = new Engine(signals, out);
  warmUp(engine);
  let handled = 0;
  post({ type: 'done', count: handled });

  port.on('message', (msg: ToWorker) => {
    try {
      handle(engine, msg, post, out);
    } catch (e) {
      out(`info string error: ${msg.type}: ${(e as Error).message}`);
      if (msg.type === 'go') {
        let text = 'bestmove 0000';
        try {
          text = engine.fallbackBestmove();
        } catch {
          // keep 0000
        }
        post({ type: 'bestmove', text });
      }
    }
    post({ type: 'done', count: ++handled });
  });
}

function handle(engine: Engine, msg: ToWorker, post: (msg: FromWorker) => void, out: (text: string) => void): void {
  switch (msg.type) {
    case 'position':
      return engine.position(msg.cmd);
    case 'setoption':
      return engine.setOption(msg.name, msg.value);
    case 'ucinewgame':
      return engine.newGame();
    case 'go':
      try {
        post({ type: 'bestmove', text: engine.go(msg.limits, (side, fallback) => post({ type: 'searching', side, fallback })) });
      } finally {
        engine.settle(); // helpers leave the search after the GUI has its move
      }
      return;
    case 'ping':
      return post({ type: 'pong', id: msg.id });
    case 'd':
      return engine.display();
    case 'eval':
      return engine.evalTrace();
    case 'perft':
      runPerft(engine.current(), msg.depth, out);
      return;
    case 'bench':
      runBench(engine.settings(), out, msg.depth);
      return;
  }
}
