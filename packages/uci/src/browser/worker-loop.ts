/**
 * The loop role of the browser worker: the package's UciLoop on the page's messages,
 * the search in a nested worker of the same script.
 *
 * Cross-origin isolated (shared memory): as in Node. The signal array and the table
 * are SharedArrayBuffers, `stop` and `ponderhit` are Atomics stores the search polls,
 * Threads > 1 starts helpers. A search that has not answered 50 ms after `stop` (its
 * thread not scheduled on a busy machine) is answered by the loop as below, and its
 * own late answer dropped.
 *
 * Not isolated: the search cannot see a flag raised by another thread, so `stop` (and
 * `quit`) during a search end the search worker: the loop answers with the best move
 * of the last `info ... multipv 1` line (not a fail-low's), or a legal move when no
 * line came yet, and starts a fresh worker with the options and the position of that
 * search, then whatever was sent to the old worker after the `go`. Its answers to the
 * replayed options and position are not printed again (they were printed once). Ponder
 * is not offered; a `go ponder` still works, its `ponderhit` restarting the search as
 * a normal one from the same position and limits. Threads > 1 is refused with one line.
 */
import { SIGNALS, UciLoop, type FromWorker, type ToWorker } from '../index';
import type { GoLimits } from '../protocol';
import { SEARCH_ROLE, canShareMemory, workerType, type WorkerScope } from './worker';
import type { SearchInit } from './worker-search';

/** The one line a `uci` answer carries about the mode, just before `uciok`. */
export const MODE_ISOLATED =
  'info string Tempo web worker: cross-origin isolated, shared memory: stop and ponderhit reach the running search, Threads up to 64 (helper workers)';
/** The mode line where the page is not cross-origin isolated (one thread, no shared memory). */
export const MODE_NOT_ISOLATED =
  'info string Tempo web worker: not cross-origin isolated, no shared memory: one thread; stop ends the search worker and answers with the best move so far; Ponder not offered';

/** With shared memory: how long the loop waits after `stop` for the search's own bestmove. */
export const STOP_GUARD_MS = 50;

/** A `multipv 1` info line with a pv that is not a fail low: its first two moves. */
const BEST_LINE = /^info .*\bmultipv 1 (?!.*\bupperbound\b).*\bpv (\S+)(?: (\S+))?/;

/** The search that runs: what a fresh worker needs to take over from the old one. */
interface Running {
  go: Extract<ToWorker, { type: 'go' }>;
  /** How many messages the loop had posted, the go included. */
  index: number;
  options: ToWorker[];
  position: ToWorker | null;
  /** Posted after the go (queued behind the search in the worker). */
  after: ToWorker[];
}

export function startLoopRole(scope: WorkerScope): void {
  const host = new LoopHost(scope);
  scope.addEventListener('message', (e) => host.line(typeof e.data === 'string' ? e.data : String(e.data)));
}

class LoopHost {
  private readonly shared: boolean;
  private readonly type: 'classic' | 'module';
  private readonly signals: Int32Array;
  private readonly loop: UciLoop;
  private worker!: Worker;
  /** Messages the loop posted (its own count of sent messages). */
  private posted = 0;
  private running: Running | null = null;
  private best = '';
  private ponder = '';
  private fallback = '';
  /** `stop` came before the worker said which moves are legal: end the search when it does. */
  private abortWhenStarted = false;
  /** Replayed messages whose output is not printed again, and the offset of the worker's counts. */
  private replayed = 0;
  private offset = 0;
  private lastDone = -1;
  private exited = false;
  /** Searches the loop answered for the worker: their late bestmove (and info lines before it) are dropped. */
  private answered = 0;

  constructor(private readonly scope: WorkerScope) {
    this.shared = canShareMemory(scope);
    this.type = workerType(scope);
    const bytes = 4 * Math.max(SIGNALS.length, 2);
    this.signals = new Int32Array(this.shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
    this.loop = new UciLoop(
      {
        write: (text) => this.write(text),
        post: (msg) => this.post(msg),
        exit: () => this.exit(),
        now: () => performance.now(),
        setTimer: (ms, fn) => {
          const t = setTimeout(fn, ms);
          return () => clearTimeout(t);
        },
      },
      this.signals,
    );
    this.spawn();
  }

  line(text: string): void {
    if (this.exited) return;
    const cmd = text.trim().split(/\s+/)[0];
    if (this.shared && this.running && cmd === 'stop') {
      const run = this.running;
      this.loop.line(text);
      setTimeout(() => this.guard(run), STOP_GUARD_MS);
      return;
    }
    if (!this.shared && this.running) {
      if (cmd === 'stop' || cmd === 'quit') {
        this.loop.line('stop');
        this.abort();
        if (cmd === 'quit') this.loop.line(text);
        return;
      }
      if (cmd === 'ponderhit' && this.running.go.limits.ponder) {
        this.loop.line(text);
        return this.restart(true);
      }
    }
    this.loop.line(text);
  }

  private post(msg: ToWorker): void {
    this.posted++;
    if (msg.type === 'go') {
      const options: ToWorker[] = [];
      for (const [name, value] of this.loop.optionLog) options.push({ type: 'setoption', name, value });
      const p = this.loop.lastPosition;
      this.running = {
        go: msg,
        index: this.posted,
        options,
        position: p === undefined ? null : { type: 'position', cmd: p },
        after: [],
      };
      this.best = this.ponder = this.fallback = '';
      this.abortWhenStarted = false;
    } else this.running?.after.push(msg);
    this.worker.postMessage(msg);
  }

  /** Each line its own message, as a worker engine's page expects (Node prints them one a line). */
  private write(text: string): void {
    if (text.startsWith('id name ') && text.endsWith('\nuciok')) text = this.uciAnswer(text);
    for (const line of text.split('\n')) this.scope.postMessage(line);
  }

  /** The `uci` answer with the mode line before `uciok`, and without Ponder where it cannot work. */
  private uciAnswer(text: string): string {
    const lines = text.split('\n').filter((l) => this.shared || !l.startsWith('option name Ponder '));
    lines.splice(lines.length - 1, 0, this.shared ? MODE_ISOLATED : MODE_NOT_ISOLATED);
    return lines.join('\n');
  }

  private spawn(): void {
    const w = new Worker(this.scope.location.href, { name: SEARCH_ROLE, type: this.type });
    w.onmessage = (e: MessageEvent<FromWorker>) => {
      if (w === this.worker) this.fromWorker(e.data);
    };
    w.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      if (w !== this.worker || this.exited) return;
      this.loop.workerLost(e.message || 'the search worker failed');
      this.running = null;
      this.spawn();
      this.replayed = this.offset = 0;
      this.posted = 0;
      this.loop.workerStarted();
    };
    // Unshared, the worker gets a zeroed copy: the loop's own may hold the stop it raised for the old worker.
    const init: SearchInit = {
      signals: this.shared ? this.signals : new Int32Array(this.signals.length),
      shared: this.shared,
    };
    w.postMessage(init);
    this.worker = w;
    this.lastDone = -1;
  }

  private fromWorker(msg: FromWorker): void {
    if (this.answered > 0) {
      if (msg.type === 'bestmove') return void this.answered--;
      if (msg.type === 'out' && msg.text.startsWith('info ')) return;
    }
    switch (msg.type) {
      case 'done':
        this.lastDone = msg.count;
        if (msg.count >= this.replayed) this.loop.fromWorker({ type: 'done', count: msg.count + this.offset });
        return;
      case 'out':
        if (this.lastDone < this.replayed) return; // the answer to a replayed option or position, printed once already
        if (this.running) {
          const m = BEST_LINE.exec(msg.text);
          if (m) {
            this.best = m[1];
            this.ponder = m[2] ?? '';
          }
        }
        break;
      case 'searching':
        this.fallback = msg.fallback;
        if (this.abortWhenStarted) {
          this.loop.fromWorker(msg);
          return this.abort();
        }
        break;
      case 'bestmove':
        this.running = null;
        break;
    }
    this.loop.fromWorker(msg);
  }

  /** `stop` with shared memory: if `run` has still not answered, answer for it with its best move so far. */
  private guard(run: Running): void {
    if (this.running !== run || !this.fallback || this.exited) return;
    this.running = null;
    this.answered++;
    this.loop.fromWorker({ type: 'bestmove', text: this.bestSoFar() });
  }

  private bestSoFar(): string {
    return `bestmove ${this.best || this.fallback}${this.best && this.ponder ? ` ponder ${this.ponder}` : ''}`;
  }

  /** Ends the running search at once (no shared memory): its best move so far, then a fresh worker. */
  private abort(): void {
    if (!this.running) return;
    if (!this.fallback) {
      this.abortWhenStarted = true; // the worker has not started it yet: it names a legal move first
      return;
    }
    this.abortWhenStarted = false;
    const text = this.bestSoFar();
    this.restart(false);
    this.loop.fromWorker({ type: 'bestmove', text });
  }

  /**
   * A fresh search worker in the running search's place: the options and position of
   * that search (their output dropped), the `go` again when `again` (ponderhit), then
   * what the loop posted after the go. Its message counts are shifted to the loop's.
   */
  private restart(again: boolean): void {
    const run = this.running!;
    this.worker.terminate();
    this.spawn();
    const replay = run.position ? [...run.options, run.position] : run.options;
    for (const m of replay) this.worker.postMessage(m);
    this.replayed = replay.length;
    if (again) {
      const limits: GoLimits = { ...run.go.limits };
      delete limits.ponder;
      this.worker.postMessage({ type: 'go', limits }); // its notes were printed the first time
      this.best = this.ponder = this.fallback = '';
    }
    this.offset = run.index - replay.length - (again ? 1 : 0);
    for (const m of run.after) this.worker.postMessage(m);
    if (!again) this.running = null;
  }

  private exit(): void {
    this.exited = true;
    this.worker.terminate();
    this.scope.close();
  }
}
