/**
 * Lazy SMP for `Threads` > 1: helper threads search the same position over the same
 * transposition table (a SharedArrayBuffer) while the engine worker runs the search
 * that reports and decides; what they find reaches it only through the table. A
 * helper searches `infinite` until the engine worker raises the helpers' own stop
 * flag after its search; each helper then adds one to a shared counter, and the
 * engine worker waits for all of them before the next search, so no helper ever
 * runs into the next position. With one thread none of this exists, and a search is
 * as deterministic as the search itself.
 *
 * Every thread publishes its node count in a shared slot (`nodeCounts`), so the
 * engine worker's `info` lines, its node limit and its bestmove-time totals count
 * the nodes of all threads, as Stockfish does. A helper warms its JIT before it
 * reports itself loaded (the same short searches the engine worker runs at start-up,
 * on a table of its own): a helper whose first search ran unoptimised code searched
 * at a fraction of the main thread's speed.
 *
 * Threads are started by the platform (EnginePlatform.startHelper): this file holds
 * the pool (the engine worker's side) and createHelper (the helper's side), and
 * neither knows whether the threads are Node workers or browser Web Workers.
 */
import { Searcher, TranspositionTable, createSignals, SIGNAL_STOP } from '@tempo-chess/search';
import { Position } from '@tempo-chess/position';
import { parseUciMove } from '@tempo-chess/movegen';
import { isPresetName, paramsFromJson, presetParams, type EvalParams } from '@tempo-chess/eval';
import type { NetWeights } from '@tempo-chess/nnue';
import type { HelperThread } from './platform';
import { WARMUP, WARMUP_MS } from './bench';

/** What a helper needs to search like the engine worker. */
export interface HelperJob {
  /** The FEN the GUI's `position` started from. */
  fen: string;
  /** The moves played from `fen`, in UCI notation. */
  moves: string[];
  /** Whether the FEN and moves are read as Chess960 (UCI_Chess960). */
  chess960: boolean;
  /** The root moves to search (`go searchmoves`, UCI notation); absent: all of them. */
  searchMoves?: string[];
  /** The table's generation in this search, so every thread ages entries alike. */
  generation: number;
}

/** Messages from the engine worker to a helper, after its start. */
export type ToHelper =
  | {
      /** Search this position `infinite` until the helpers' stop flag rises. */
      type: 'job';
      /** The position and root moves of the engine worker's search. */
      job: HelperJob;
    }
  | {
      /** Use a new table (after `setoption Hash`). */
      type: 'tt';
      /** The new table's shared memory. */
      buffer: SharedArrayBuffer;
    }
  | {
      /** The evaluation: the net, or the hand-crafted evaluation's weights. */
      type: 'eval';
      /** The hand-crafted evaluation's preset name (EvalPreset), used when `json` is null. */
      preset: string;
      /** The text of a JSON parameter file (EvalParams), or null for the preset. */
      json: string | null;
      /**
       * The net, null for the hand-crafted evaluation; in shared memory (shareNet's),
       * so every helper reads the engine worker's copy.
       */
      net: NetWeights | null;
    }
  | {
      /** A search tunable set by `setoption`. */
      type: 'option';
      /** The tunable's name (a SEARCH_PARAMS entry). */
      name: string;
      /** Its value. */
      value: number;
    }
  | {
      /** Forget the histories (ucinewgame, Clear Hash). */
      type: 'clear';
    };

/** What a helper thread is started with (all of it structured-cloneable; the buffers are shared). */
export interface HelperInit {
  /** 0 for the first helper (its searcher's threadIndex is index + 1). */
  index: number;
  /** The shared transposition table's memory. */
  ttBuffer: SharedArrayBuffer;
  /** The helpers' own stop flag (not the GUI's: the engine worker raises it after its bestmove). */
  signals: Int32Array;
  /** `[0]`: helpers that finished the current job; `[1 + i]`: 1 once helper i is loaded and warm. */
  ctl: Int32Array;
  /** Every thread's node count of the current search (Searcher.nodeCounts): slot 8 x threadIndex. */
  nodeCounts: BigInt64Array;
  /** The net in use at the start (shared memory), so the warm-up compiles the code the searches run; null: none. */
  net: NetWeights | null;
}

/** The engine worker's side: the pool of helper threads. */
export class HelperPool {
  private readonly threads: HelperThread[] = [];
  readonly signals = createSignals();
  private readonly ctl: Int32Array;
  /** The node counts of the engine worker's searcher (slot 0) and of every helper: give it to that searcher. */
  readonly nodeCounts: BigInt64Array;
  private jobs = 0;

  /** Starts `count` helpers through `start` with the `net` in use, each first given the `replay` messages (evaluation, options). */
  constructor(
    count: number,
    ttBuffer: SharedArrayBuffer,
    net: NetWeights | null,
    replay: readonly ToHelper[],
    start: (init: HelperInit) => HelperThread,
  ) {
    this.ctl = new Int32Array(new SharedArrayBuffer(4 * (count + 1)));
    this.nodeCounts = new BigInt64Array(new SharedArrayBuffer(8 * 8 * (count + 1)));
    for (let i = 0; i < count; i++) {
      const t = start({ index: i, ttBuffer, signals: this.signals, ctl: this.ctl, nodeCounts: this.nodeCounts, net });
      for (const m of replay) t.postMessage(m);
      this.threads.push(t);
    }
  }

  get size(): number {
    return this.threads.length;
  }

  /** How many helpers have loaded and warmed up. */
  get loaded(): number {
    let n = 0;
    for (let i = 0; i < this.threads.length; i++) if (Atomics.load(this.ctl, 1 + i) === 1) n++;
    return n;
  }

  /**
   * Blocks until every helper has loaded and warmed up, or `ms` have passed; returns
   * how many have. Only for a platform whose threads start while their creator blocks
   * (EnginePlatform.helpersStartWhileBlocked).
   */
  waitLoaded(ms: number): number {
    const deadline = performance.now() + ms;
    for (let i = 0; i < this.threads.length; i++) {
      for (;;) {
        const left = deadline - performance.now();
        if (Atomics.load(this.ctl, 1 + i) === 1 || left <= 0) break;
        Atomics.wait(this.ctl, 1 + i, 0, Math.min(left, 50));
      }
    }
    return this.loaded;
  }

  send(msg: ToHelper): void {
    for (const t of this.threads) t.postMessage(msg);
  }

  /**
   * Starts the loaded helpers on the job (they search until finish()). A helper still
   * loading sits this search out, so no job ever waits in a queue for a later stop.
   */
  start(job: HelperJob): void {
    Atomics.store(this.signals, SIGNAL_STOP, 0);
    Atomics.store(this.ctl, 0, 0);
    for (let i = 0; i < this.nodeCounts.length; i++) Atomics.store(this.nodeCounts, i, 0n);
    this.jobs = 0;
    for (let i = 0; i < this.threads.length; i++) {
      if (Atomics.load(this.ctl, 1 + i) !== 1) continue;
      this.threads[i].postMessage({ type: 'job', job });
      this.jobs++;
    }
  }

  /**
   * Stops the helpers and waits until each has left its search (at most five seconds:
   * a helper that died must not hang the engine). Atomics.wait: the engine worker is
   * a worker thread on every platform, never a page's main thread.
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
    for (const t of this.threads) t.terminate();
    this.threads.length = 0;
  }
}

/**
 * A helper thread's side: call it once the thread has loaded, and hand every message
 * the pool posts to the function it returns, in order. It marks the helper loaded in
 * `init.ctl`, so the pool gives it jobs from the next search on.
 */
export function createHelper(init: HelperInit): (msg: ToHelper) => void {
  let tt = new TranspositionTable(1, init.ttBuffer);
  let evalParams: EvalParams = presetParams('default');
  let net = init.net;
  const values = new Map<string, number>();
  const make = () => {
    const s = new Searcher(tt, init.signals, {
      multiPV: 1,
      moveOverhead: 0,
      evalParams,
      net,
      threadIndex: init.index + 1,
    });
    for (const [name, value] of values) s.setOption(name, value);
    s.nodeCounts = init.nodeCounts;
    return s;
  };
  warmUpHelper(init.index + 1, net);
  let searcher: Searcher | null = make();
  Atomics.store(init.ctl, 1 + init.index, 1); // loaded: the pool may hand this helper jobs
  Atomics.notify(init.ctl, 1 + init.index);
  return (msg: ToHelper) => {
    switch (msg.type) {
      case 'tt':
        tt = new TranspositionTable(1, msg.buffer);
        searcher = make();
        return;
      case 'eval':
        net = msg.net;
        try {
          evalParams =
            msg.json !== null
              ? paramsFromJson(msg.json)
              : presetParams(isPresetName(msg.preset) ? msg.preset : 'default');
        } catch {
          evalParams = presetParams('default'); // the engine worker has parsed the same text and reported any problem
        }
        searcher = make(); // now, not at the first job, which would pay for the tables
        return;
      case 'option':
        values.set(msg.name, msg.value);
        searcher?.setOption(msg.name, msg.value);
        return;
      case 'clear':
        searcher?.clear();
        return;
      case 'job':
        return runJob(msg.job);
    }
  };

  function runJob(job: HelperJob): void {
    try {
      searcher ??= make();
      const pos = Position.fromFen(job.fen, { psq: searcher.evalContext.psq, chess960: job.chess960 || undefined });
      for (const m of job.moves) pos.doMove(parseUciMove(pos, m));
      const searchMoves = job.searchMoves?.map((m) => parseUciMove(pos, m)).filter((m) => m !== 0);
      tt.generation = job.generation;
      searcher.search(pos, {
        infinite: true,
        searchMoves: searchMoves && searchMoves.length > 0 ? searchMoves : undefined,
      });
    } catch {
      // A helper only helps: whatever went wrong, the engine worker's search decides.
    } finally {
      Atomics.add(init.ctl, 0, 1);
      Atomics.notify(init.ctl, 0);
    }
  }
}

/**
 * The engine worker's start-up warm-up, run by a helper before its first job: the
 * JIT's compiled code is per thread, shared by the searchers the thread makes. A
 * table, signals and searcher of its own, so nothing reaches the shared table.
 */
function warmUpHelper(threadIndex: number, net: NetWeights | null): void {
  const s = new Searcher(new TranspositionTable(1), createSignals(), { multiPV: 1, moveOverhead: 0, net, threadIndex });
  for (const [fen, nodes] of WARMUP)
    s.search(Position.fromFen(fen, { psq: s.evalContext.psq }), { nodes, movetime: WARMUP_MS });
}
