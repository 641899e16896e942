/**
 * Lazy SMP for `Threads` > 1: helper workers search the same position over the same
 * transposition table (a SharedArrayBuffer) while the engine worker runs the search
 * that reports and decides; what they find reaches it only through the table. A
 * helper searches `infinite` until the engine worker raises the helpers' own stop
 * flag after its search; each helper then adds one to a shared counter, and the
 * engine worker waits for all of them before the next search, so no helper ever
 * runs into the next position. With one thread none of this exists, and a search is
 * as deterministic as the search itself.
 */
import { Worker } from 'node:worker_threads';
import { Searcher, TranspositionTable, createSignals, SIGNAL_STOP } from '@tempo/search';
import { Position } from '@tempo/position';
import { parseUciMove } from '@tempo/movegen';
import { isPresetName, paramsFromJson, presetParams, type EvalParams } from '@tempo/eval';
import { readFileSync } from 'node:fs';

/** What a helper needs to search like the engine worker. */
export interface HelperJob {
  fen: string;
  moves: string[];
  chess960: boolean;
  searchMoves?: string[];
  generation: number;
}

export type ToHelper =
  | { type: 'job'; job: HelperJob }
  | { type: 'tt'; buffer: SharedArrayBuffer }
  | { type: 'eval'; preset: string; file: string }
  | { type: 'option'; name: string; value: number }
  | { type: 'clear' };

export interface HelperData {
  role: 'helper';
  index: number;
  ttBuffer: SharedArrayBuffer;
  signals: Int32Array;
  /** [0]: helpers that finished the current job; [1 + i]: 1 once helper i is loaded. */
  ctl: Int32Array;
}

/** The engine worker's side: the pool of helper threads. */
export class HelperPool {
  private readonly workers: Worker[] = [];
  readonly signals = createSignals();
  private readonly ctl: Int32Array;
  private jobs = 0;

  constructor(count: number, ttBuffer: SharedArrayBuffer, replay: ToHelper[]) {
    this.ctl = new Int32Array(new SharedArrayBuffer(4 * (count + 1)));
    for (let i = 0; i < count; i++) {
      const data: HelperData = { role: 'helper', index: i, ttBuffer, signals: this.signals, ctl: this.ctl };
      const w = new Worker(new URL(import.meta.url), { workerData: data });
      w.unref();
      for (const m of replay) w.postMessage(m);
      this.workers.push(w);
    }
  }

  get size(): number {
    return this.workers.length;
  }

  send(msg: ToHelper): void {
    for (const w of this.workers) w.postMessage(msg);
  }

  /**
   * Starts the loaded helpers on the job (they search until finish()). A helper still
   * loading sits this search out, so no job ever waits in a queue for a later stop.
   */
  start(job: HelperJob): void {
    Atomics.store(this.signals, SIGNAL_STOP, 0);
    Atomics.store(this.ctl, 0, 0);
    this.jobs = 0;
    for (let i = 0; i < this.workers.length; i++) {
      if (Atomics.load(this.ctl, 1 + i) !== 1) continue;
      this.workers[i].postMessage({ type: 'job', job } satisfies ToHelper);
      this.jobs++;
    }
  }

  /**
   * Stops the helpers and waits until each has left its search (at most five seconds:
   * a helper that died must not hang the engine).
   */
  finish(): void {
    if (this.jobs === 0) return;
    Atomics.store(this.signals, SIGNAL_STOP, 1);
    const deadline = performance.now() + 5000;
    for (;;) {
      const n = Atomics.load(this.ctl, 0);
      if (n >= this.jobs || performance.now() > deadline) break;
      Atomics.wait(this.ctl, 0, n, 20);
    }
    this.jobs = 0;
  }

  terminate(): void {
    this.finish();
    for (const w of this.workers) void w.terminate();
    this.workers.length = 0;
  }
}

/** A helper thread's loop. */
export function startHelper(port: import('node:worker_threads').MessagePort, data: HelperData): void {
  let tt = new TranspositionTable(1, data.ttBuffer);
  let evalParams: EvalParams = presetParams('default');
  const values = new Map<string, number>();
  let searcher: Searcher | null = null;
  const make = () => {
    const s = new Searcher(tt, data.signals, { multiPV: 1, moveOverhead: 0, evalParams, threadIndex: data.index + 1 });
    for (const [name, value] of values) s.setOption(name, value);
    return s;
  };
  Atomics.store(data.ctl, 1 + data.index, 1); // loaded: the pool may hand this helper jobs
  port.on('message', (msg: ToHelper) => {
    switch (msg.type) {
      case 'tt':
        tt = new TranspositionTable(1, msg.buffer);
        searcher = null;
        return;
      case 'eval':
        try {
          evalParams = msg.file ? paramsFromJson(readFileSync(msg.file, 'utf8')) : presetParams(isPresetName(msg.preset) ? msg.preset : 'default');
        } catch {
          evalParams = presetParams('default'); // the engine worker has reported the problem
        }
        searcher = null;
        return;
      case 'option':
        values.set(msg.name, msg.value);
        searcher?.setOption(msg.name, msg.value);
        return;
      case 'clear':
        searcher?.clear();
        return;
      case 'job': {
        try {
          searcher ??= make();
          const { job } = msg;
          const pos = Position.fromFen(job.fen, { psq: searcher.evalContext.psq, chess960: job.chess960 || undefined });
          for (const m of job.moves) pos.doMove(parseUciMove(pos, m));
          const searchMoves = job.searchMoves?.map((m) => parseUciMove(pos, m)).filter((m) => m !== 0);
          tt.generation = job.generation;
          searcher.search(pos, { infinite: true, searchMoves: searchMoves && searchMoves.length > 0 ? searchMoves : undefined });
        } catch {
          // A helper only helps: whatever went wrong, the engine worker's search decides.
        } finally {
          Atomics.add(data.ctl, 0, 1);
          Atomics.notify(data.ctl, 0);
        }
        return;
      }
    }
  });
}
