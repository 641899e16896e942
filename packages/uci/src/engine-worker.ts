/**
 * The engine worker's side of the messages: owns the Engine and handles the UCI
 * loop's messages in order. A search runs synchronously here; the loop stops it
 * through the shared signal array, and its output travels back as messages, which
 * the loop's thread receives while this one is still busy. The thread itself (a Node
 * worker, a browser Web Worker) is the app's: it posts what this returns.
 */
import { Engine, type Out } from './engine';
import { WarmUp, runBench, runPerft } from './bench';
import type { FromWorker, ToWorker } from './messages';
import type { EnginePlatform } from './platform';

/** Calls `fn` after the messages already queued have been handled (setImmediate where there is one). */
const immediate = (globalThis as { setImmediate?: (fn: () => void) => unknown }).setImmediate;
const later: (fn: () => void) => void = immediate ? (fn) => void immediate(fn) : (fn) => void setTimeout(fn, 0);

/** The messages that end the warm-up before they are handled: they search, or measure. */
const ENDS_WARMUP: ReadonlySet<ToWorker['type']> = new Set(['go', 'bench', 'perft']);

/**
 * Builds the engine, warms the JIT for up to `warmFirstMs` (ms of the clock from now;
 * 0: not at all), posts `{ type: 'done', count: 0 }` (the engine is ready: the loop
 * answers `isready` from then on) and returns the handler for every later message,
 * which the caller invokes in arrival order, one at a time (a message that arrives
 * while the engine is built must be queued by the caller until this returns). What is
 * left of the warm-up (bench.ts's WarmUp, tens of milliseconds) then runs in slices
 * between the messages, while the GUI is still setting up; the first `go`, `bench`
 * or `perft` ends it and finds the tables empty, as in a fresh engine. The part before
 * `done` is what a `go` sent right after the first `readyok` finds compiled.
 * `signals` is the array the loop raises stop and ponderhit in (UciLoop's).
 */
export function startEngineWorker(
  post: (msg: FromWorker) => void,
  signals: Int32Array,
  platform: EnginePlatform = {},
  warmFirstMs = 0,
): (msg: ToWorker) => void {
  const out = (text: string) => post({ type: 'out', text });
  const engine = new Engine(signals, out, platform);
  const warm = new WarmUp(engine);
  const until = performance.now() + warmFirstMs;
  while (performance.now() < until && warm.step());
  const step = () => {
    if (warm.step()) later(step);
  };
  later(step);
  let handled = 0;
  post({ type: 'done', count: handled });
  return (msg: ToWorker) => {
    try {
      if (ENDS_WARMUP.has(msg.type)) warm.finish();
      handle(engine, msg, post, out, platform);
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
  };
}

function handle(
  engine: Engine,
  msg: ToWorker,
  post: (msg: FromWorker) => void,
  out: Out,
  platform: EnginePlatform,
): void {
  switch (msg.type) {
    case 'position':
      return engine.position(msg.cmd);
    case 'setoption':
      return engine.setOption(msg.name, msg.value);
    case 'ucinewgame':
      return engine.newGame();
    case 'go':
      try {
        post({
          type: 'bestmove',
          text: engine.go(msg.limits, (side, fallback) => post({ type: 'searching', side, fallback }), msg.notes),
        });
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
      runBench(engine.settings(), out, msg.depth, platform.cpuTimeMs ? () => platform.cpuTimeMs!() : undefined);
      return;
  }
}
