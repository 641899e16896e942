/**
 * The main thread: stdin line by line into @tempo-chess/uci's loop, its answers to stdout, and
 * the engine worker (the script at `engine`: dist/tempo-engine.js), started at once so
 * that it loads its tables while the GUI is still exchanging `uci`/`uciok`.
 */
import { Worker } from 'node:worker_threads';
import { SIGNALS, UciLoop, type FromWorker, type ToWorker, type WorkerData } from '@tempo-chess/uci';

/**
 * The process's age (ms) until which the engine worker warms the JIT before its first
 * `readyok`: a search sent right after it then runs compiled code. A GUI gets that
 * `readyok` at most about this long after starting the process (later only when
 * loading the engine itself takes longer, on a busy machine, and then without a
 * warm-up first); the rest of the warm-up runs after it, between commands.
 */
const READY_BY_MS = 300;
/**
 * The worker starts once the first input has been answered (a GUI sends `uci` at once,
 * and starting a worker holds the main thread for milliseconds), when the loop first
 * posts to it, or after this long (ms) without input, whichever comes first.
 */
const SPAWN_WAIT_MS = 50;
/**
 * A worker that stops before it was ever ready is started again once; when that one
 * fails as well, the cause lies in how the engine was started (a broken install, flags
 * a worker cannot take), not in a search, and the process says so and exits 1.
 */
const FAILED_STARTS_TO_GIVE_UP = 2;

export function startMainThread(engine: URL): void {
  const signals = new Int32Array(new SharedArrayBuffer(4 * Math.max(SIGNALS.length, 2)));
  let worker: Worker | undefined;
  let exiting = false;
  /** Workers in a row that stopped before they were ready. */
  let failedStarts = 0;

  const write = (text: string) => {
    process.stdout.write(text + '\n');
  };
  const exit = () => {
    exiting = true;
    process.stdout.write('', () => process.exit(0));
  };
  const loop = new UciLoop(
    {
      write,
      post: (msg: ToWorker) => (worker ?? spawn()).postMessage(msg),
      exit,
      now: () => performance.now(),
      setTimer: (ms, fn) => {
        const t = setTimeout(fn, ms);
        return () => clearTimeout(t);
      },
    },
    signals,
  );

  const spawn = (): Worker => {
    clearTimeout(spawnTimer);
    const data: WorkerData = { signals, readyBy: performance.timeOrigin + READY_BY_MS };
    const w = new Worker(engine, { workerData: data });
    worker = w;
    let ready = false;
    w.on('message', (msg: FromWorker) => {
      if (msg.type === 'done') ready = true;
      loop.fromWorker(msg);
    });
    let failure = '';
    w.on('error', (err) => {
      failure = err instanceof Error ? err.message : String(err);
    });
    w.on('exit', (code) => {
      if (exiting) return;
      const reason = failure || `exit code ${code}`;
      failedStarts = ready ? 0 : failedStarts + 1;
      if (failedStarts >= FAILED_STARTS_TO_GIVE_UP) {
        process.stderr.write(`tempo: the engine worker cannot start (${reason})\n`);
        write(`info string error: the engine worker cannot start (${reason}); exiting`);
        exiting = true;
        process.stdout.write('', () => process.exit(1));
        return;
      }
      loop.workerLost(reason);
      respawn();
    });
    return w;
  };
  const respawn = () => {
    spawn();
    loop.workerStarted();
  };
  const spawnTimer = setTimeout(() => worker ?? spawn(), SPAWN_WAIT_MS);

  let buffered = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    buffered += chunk;
    let nl: number;
    while ((nl = buffered.search(/[\r\n]/)) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      loop.line(line);
    }
    // The first input is answered (stdout to a pipe is written at once): now the worker.
    if (worker === undefined) spawn();
  });
  process.stdin.on('end', () => {
    if (buffered) loop.line(buffered);
    buffered = '';
    loop.end();
  });
  process.stdout.on('error', () => process.exit(0)); // the GUI went away
}
