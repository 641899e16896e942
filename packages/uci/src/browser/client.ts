/**
 * The typed client a page uses to drive a UCI engine running in a Web Worker: lines go
 * in and come out as strings through postMessage (exactly the Node engine's stdin and
 * stdout lines), and this turns them into promises. Browser types only: it runs in a
 * page or in another worker, never needs Node.
 *
 * Searches are a queue: `bestMove` and `analyse` run one at a time in call order,
 * because a UCI engine has one position and one search; a second `bestMove` while one
 * is pending waits for the first `bestmove` line and then starts (it is not rejected).
 */
import { parseInfo, parseOption, type EngineOption, type InfoLine } from './info';

/** What a search may be limited by (milliseconds for times), as in UCI's `go`. */
export interface SearchLimits {
  /** Search this long, in ms. */
  movetime?: number;
  /** Search to this depth, in plies. */
  depth?: number;
  /** Search about this many nodes. */
  nodes?: number;
  /** White's time left on the clock, in ms. */
  wtime?: number;
  /** Black's time left on the clock, in ms. */
  btime?: number;
  /** White's increment per move, in ms. */
  winc?: number;
  /** Black's increment per move, in ms. */
  binc?: number;
  /** Moves to the next time control; absent: the clock covers the rest of the game. */
  movestogo?: number;
}

/** A finished search: the move, the move it expects in reply, and its info lines. */
export interface BestMove {
  /** UCI notation; `0000` (or `(none)`) when the position has no legal move. */
  bestmove: string;
  /** The reply the engine expects, in UCI notation, when it names one. */
  ponder?: string;
  /** Every `info` line of this search, parsed, in the order received. */
  info: InfoLine[];
}

/** Settings of an `analyse` call. */
export interface AnalysisOptions {
  /** Lines to search (MultiPV), 1 by default. */
  multiPV?: number;
  /** Moves played from the FEN, in UCI notation. */
  moves?: string[];
  /** Called for each `info` line of this analysis as it arrives. */
  onInfo?: (info: InfoLine) => void;
}

/** A running (or queued) `go infinite`. */
export interface Analysis {
  /** Ends the analysis: sends `stop` if it runs, drops it if still queued (then null). */
  stop(): Promise<BestMove | null>;
  /** Settles when the analysis ends, with what `stop()` returns. */
  readonly done: Promise<BestMove | null>;
}

/** The engine as a page sees it. */
export interface Engine {
  /** Posts one UCI line as it is (no newline inside). */
  send(line: string): void;
  /** Every output line, before the client acts on it; returns the unsubscribe function. */
  onLine(listener: (line: string) => void): () => void;
  /** `uci`/`uciok` once per worker, then `isready`/`readyok`. */
  ready(): Promise<void>;
  /** The options the engine listed in its `uci` answer (after `ready()`), by name. */
  readonly options: ReadonlyMap<string, EngineOption>;
  /** Sends `setoption` (value omitted for a button); takes effect before the next search. */
  setOption(name: string, value?: string | number | boolean): void;
  /** Searches `fen` (then `moves`) under `limits`; queued behind a pending search. */
  bestMove(fen: string, limits: SearchLimits, moves?: string[]): Promise<BestMove>;
  /** `go infinite` with `multiPV` lines, queued like bestMove; throws at once on a bad FEN or move. */
  analyse(fen: string, options?: AnalysisOptions): Analysis;
  /** Sends `stop` when a search runs: its promise then settles with the move so far. */
  stop(): void;
  /** Ends the worker; whatever is pending rejects and every later call rejects. */
  terminate(): void;
  /** A fresh worker (after a crash, or to abandon a search): pending work rejects. */
  restart(): void;
  /** The error that ended the current worker, or null while it is alive. */
  readonly failure: Error | null;
}

/** How the worker is made: a script URL, or a function (for bundlers' `new Worker(new URL(...))`). */
export type WorkerSource = string | URL | (() => Worker);

/** Settings of createEngine. */
export interface CreateEngineOptions {
  /** Worker type when `source` is a URL; `classic` by default. */
  type?: 'classic' | 'module';
}

interface Job {
  start: () => void;
  info: InfoLine[];
  onInfo?: (info: InfoLine) => void;
  resolve: (result: BestMove | null) => void;
  reject: (error: Error) => void;
}

const LIMIT_KEYS: (keyof SearchLimits)[] = [
  'wtime',
  'btime',
  'winc',
  'binc',
  'movestogo',
  'depth',
  'nodes',
  'movetime',
];
const UCI_MOVE = /^([a-h][1-8][a-h][1-8][qrbn]?|0000)$/;

/** Starts the worker and returns its client (the worker starts at once; call ready()). */
export function createEngine(source: WorkerSource, options: CreateEngineOptions = {}): Engine {
  return new WorkerEngine(source, options);
}

class WorkerEngine implements Engine {
  private worker: Worker | null = null;
  private listeners = new Set<(line: string) => void>();
  private handshake: Promise<void> | null = null;
  private uciWaiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  private readyWaiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  private queue: Job[] = [];
  private running: Job | null = null;
  private multiPV = 1;
  private closed: Error | null = null;
  private readonly engineOptions = new Map<string, EngineOption>();
  failure: Error | null = null;

  constructor(
    private readonly source: WorkerSource,
    private readonly createOptions: CreateEngineOptions,
  ) {
    this.spawn();
  }

  get options(): ReadonlyMap<string, EngineOption> {
    return this.engineOptions;
  }

  send(line: string): void {
    if (/[\r\n]/.test(line)) throw new Error(`A UCI line cannot contain a newline: ${JSON.stringify(line)}`);
    const error = this.deadError();
    if (error) throw error;
    this.worker!.postMessage(line);
  }

  onLine(listener: (line: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  ready(): Promise<void> {
    const error = this.deadError();
    if (error) return Promise.reject(error);
    if (!this.handshake) {
      this.handshake = new Promise<void>((resolve, reject) => this.uciWaiters.push({ resolve, reject }));
      this.send('uci');
    }
    return this.handshake.then(
      () =>
        new Promise<void>((resolve, reject) => {
          const e = this.deadError();
          if (e) return reject(e);
          this.readyWaiters.push({ resolve, reject });
          this.send('isready');
        }),
    );
  }

  setOption(name: string, value?: string | number | boolean): void {
    this.send(value === undefined ? `setoption name ${name}` : `setoption name ${name} value ${value}`);
    if (name.toLowerCase() === 'multipv') this.multiPV = Number(value);
  }

  bestMove(fen: string, limits: SearchLimits, moves: string[] = []): Promise<BestMove> {
    return new Promise<BestMove | null>((resolve, reject) => {
      const go = goLine(limits);
      const position = positionLine(fen, moves);
      this.enqueue({ start: () => this.search(position, go, 1), info: [], resolve, reject });
    }) as Promise<BestMove>;
  }

  analyse(fen: string, options: AnalysisOptions = {}): Analysis {
    const lines = Math.max(1, Math.floor(options.multiPV ?? 1));
    const position = positionLine(fen, options.moves ?? []);
    let job!: Job;
    const done = new Promise<BestMove | null>((resolve, reject) => {
      job = {
        start: () => this.search(position, 'go infinite', lines),
        info: [],
        onInfo: options.onInfo,
        resolve,
        reject,
      };
    });
    done.catch(() => undefined); // a caller that only awaits stop() must not see an unhandled rejection
    this.enqueue(job);
    return {
      done,
      stop: () => {
        const queued = this.queue.indexOf(job);
        if (queued >= 0) {
          this.queue.splice(queued, 1);
          job.resolve(null);
        } else if (this.running === job && !this.deadError()) {
          this.send('stop');
        }
        return done;
      },
    };
  }

  stop(): void {
    if (this.running && !this.deadError()) this.send('stop');
  }

  terminate(): void {
    if (this.closed) return;
    this.closed = new Error('Tempo engine terminated');
    this.kill(this.closed);
  }

  restart(): void {
    if (this.closed) throw this.closed;
    this.kill(new Error('Tempo engine restarted'));
    this.spawn();
  }

  private deadError(): Error | null {
    return this.closed ?? this.failure;
  }

  private spawn(): void {
    this.failure = null;
    this.handshake = null;
    this.multiPV = 1;
    this.engineOptions.clear();
    const worker =
      typeof this.source === 'function'
        ? this.source()
        : new Worker(this.source, { type: this.createOptions.type ?? 'classic' });
    worker.onmessage = (e: MessageEvent) => {
      if (this.worker === worker) this.receive(e.data);
    };
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault?.(); // reported through the rejected promises, not as an uncaught error
      if (this.worker === worker) this.crash(e.message || 'the worker script failed to load or threw an error');
    };
    worker.onmessageerror = () => {
      if (this.worker === worker) this.crash('a message from the worker could not be read');
    };
    this.worker = worker;
  }

  private crash(message: string): void {
    const error = new Error(`Tempo worker crashed: ${message}`);
    this.failure = error;
    this.kill(error); // failure stays set until restart()
  }

  /** Ends the worker and rejects everything pending with `error`. */
  private kill(error: Error): void {
    const worker = this.worker;
    this.worker = null;
    worker?.terminate();
    const waiters = [...this.uciWaiters, ...this.readyWaiters];
    const jobs = this.running ? [this.running, ...this.queue] : [...this.queue];
    this.uciWaiters = [];
    this.readyWaiters = [];
    this.queue = [];
    this.running = null;
    for (const w of waiters) w.reject(error);
    for (const j of jobs) j.reject(error);
  }

  private enqueue(job: Job): void {
    const error = this.deadError();
    if (error) return job.reject(error);
    this.queue.push(job);
    if (!this.running) this.next();
  }

  private next(): void {
    const job = this.queue.shift();
    this.running = job ?? null;
    if (!job) return;
    try {
      job.start();
    } catch (e) {
      this.running = null;
      job.reject(e as Error);
      this.next();
    }
  }

  private search(position: string, go: string, multiPV: number): void {
    if (!this.handshake) {
      this.handshake = new Promise<void>((resolve, reject) => this.uciWaiters.push({ resolve, reject }));
      this.handshake.catch(() => undefined);
      this.send('uci');
    }
    if (this.multiPV !== multiPV) this.setOption('MultiPV', multiPV);
    this.send(position);
    this.send(go);
  }

  private receive(data: unknown): void {
    const text = typeof data === 'string' ? data : String(data);
    for (const line of text.split(/\r?\n/)) {
      if (line === '') continue;
      for (const listener of [...this.listeners]) listener(line);
      this.handle(line.trim());
    }
  }

  private handle(line: string): void {
    if (line === 'uciok') {
      for (const w of this.uciWaiters.splice(0)) w.resolve();
    } else if (line === 'readyok') {
      this.readyWaiters.shift()?.resolve();
    } else if (line.startsWith('option ')) {
      const opt = parseOption(line);
      if (opt) this.engineOptions.set(opt.name, opt);
    } else if (line.startsWith('info ') && this.running) {
      const info = parseInfo(line)!;
      this.running.info.push(info);
      this.running.onInfo?.(info);
    } else if (line.startsWith('bestmove') && this.running) {
      const t = line.split(/\s+/);
      const job = this.running;
      const result: BestMove = { bestmove: t[1] ?? '0000', info: job.info };
      if (t[2] === 'ponder' && t[3]) result.ponder = t[3];
      this.running = null;
      job.resolve(result);
      this.next();
    }
  }
}

/** `position fen ... moves ...`, refusing text that would break the line. */
function positionLine(fen: string, moves: string[]): string {
  if (/[\r\n]/.test(fen) || fen.trim() === '') throw new Error(`Invalid FEN for the engine: ${JSON.stringify(fen)}`);
  for (const m of moves) if (!UCI_MOVE.test(m)) throw new Error(`Invalid UCI move: ${JSON.stringify(m)}`);
  const base = fen === 'startpos' ? 'position startpos' : `position fen ${fen.trim()}`;
  return moves.length ? `${base} moves ${moves.join(' ')}` : base;
}

/** `go` with the given limits in a fixed order; at least one is required (no silent infinite search). */
function goLine(limits: SearchLimits): string {
  const parts = ['go'];
  for (const key of LIMIT_KEYS) {
    const v = limits[key];
    if (v === undefined) continue;
    if (!Number.isFinite(v) || v < 0) throw new Error(`Invalid search limit ${key}: ${v}`);
    parts.push(key, String(Math.round(v)));
  }
  if (parts.length === 1)
    throw new Error(
      'bestMove needs a limit (movetime, depth, nodes or clock times); use analyse() for an infinite search',
    );
  return parts.join(' ');
}
