/// <reference lib="dom" />
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { FromWorker, ToWorker } from '../messages';
import { startWorkerEngine, type WorkerScope } from './worker';
import { MODE_ISOLATED, MODE_NOT_ISOLATED, STOP_GUARD_MS } from './worker-loop';

/** Stands in for the nested search worker: records what the loop posts, emits what the test says. */
class FakeWorker {
  static all: FakeWorker[] = [];
  received: unknown[] = [];
  terminated = false;
  onmessage: ((e: { data: FromWorker }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor(
    readonly url: string,
    readonly options: { name: string; type: string },
  ) {
    FakeWorker.all.push(this);
  }
  postMessage(msg: unknown): void {
    this.received.push(msg);
  }
  terminate(): void {
    this.terminated = true;
  }
  emit(...msgs: FromWorker[]): void {
    for (const m of msgs) this.onmessage!({ data: m });
  }
  /** The ToWorker messages after the init, by type (and option name). */
  types(): string[] {
    return (this.received.slice(1) as ToWorker[]).map((m) => (m.type === 'setoption' ? `setoption ${m.name}` : m.type));
  }
}

function start(isolated: boolean, classic = true) {
  const out: string[] = [];
  let listener: (e: MessageEvent) => void = () => {};
  let closed = false;
  const scope: WorkerScope = {
    postMessage: (m) => out.push(m as string),
    addEventListener: (_t, l) => (listener = l),
    close: () => (closed = true),
    location: { href: 'http://127.0.0.1/tempo-worker.js' },
    name: 'page-named',
    crossOriginIsolated: isolated,
    importScripts: classic
      ? () => {}
      : () => {
          throw new TypeError('Module scripts do not support importScripts()');
        },
  };
  startWorkerEngine(scope);
  const send = (...lines: string[]) => lines.forEach((l) => listener({ data: l } as MessageEvent));
  return { out, send, closed: () => closed };
}

describe('the loop worker (fake search workers)', () => {
  const saved = (globalThis as { Worker?: unknown }).Worker;
  beforeEach(() => {
    FakeWorker.all = [];
    (globalThis as { Worker?: unknown }).Worker = FakeWorker;
  });
  afterEach(() => {
    (globalThis as { Worker?: unknown }).Worker = saved;
  });

  test('starts the search worker from its own URL and type, named for its role; uci says the mode before uciok', () => {
    const e = start(false, false);
    expect(FakeWorker.all).toHaveLength(1);
    const w = FakeWorker.all[0];
    expect(w.url).toBe('http://127.0.0.1/tempo-worker.js');
    expect(w.options).toEqual({ name: 'tempo:search', type: 'module' });
    expect((w.received[0] as { shared: boolean }).shared).toBe(false);
    e.send('uci');
    expect(e.out.at(-1)).toBe('uciok');
    expect(e.out.at(-2)).toBe(MODE_NOT_ISOLATED);
    expect(e.out.some((l) => l.startsWith('option name Ponder '))).toBe(false);
    expect(e.out.some((l) => l.startsWith('option name Hash '))).toBe(true);
    expect(e.out.every((l) => !l.includes('\n'))).toBe(true); // one line a message
  });

  test('where memory is shared (a SharedArrayBuffer exists): Ponder offered, stop does not replace the worker', () => {
    if (typeof SharedArrayBuffer !== 'function') return;
    const e = start(true);
    e.send('uci');
    expect(e.out.at(-2)).toBe(MODE_ISOLATED);
    expect(e.out.some((l) => l.startsWith('option name Ponder '))).toBe(true);
    const w = FakeWorker.all[0];
    expect((w.received[0] as { signals: Int32Array }).signals.buffer).toBeInstanceOf(SharedArrayBuffer);
    e.send('go infinite');
    w.emit({ type: 'searching', side: 0, fallback: 'a2a3' });
    e.send('stop');
    expect(w.terminated).toBe(false);
    expect(FakeWorker.all).toHaveLength(1);
    expect(e.out.some((l) => l.startsWith('bestmove'))).toBe(false); // the search answers itself
  });

  test('without shared memory, stop answers at once with the last multipv 1 line (not a fail low) and replays into a fresh worker', () => {
    const e = start(false);
    const w = FakeWorker.all[0];
    w.emit({ type: 'done', count: 0 });
    e.send(
      'setoption name Threads value 2',
      'setoption name MultiPV value 2',
      'position startpos moves e2e4',
      'go infinite',
    );
    w.emit(
      { type: 'out', text: 'info string error: setoption: Threads 2: no shared memory; searching with one thread' },
      { type: 'searching', side: 1, fallback: 'a7a6' },
      {
        type: 'out',
        text: 'info depth 5 seldepth 7 multipv 1 score cp 20 nodes 900 nps 1 hashfull 0 time 9 pv e7e5 g1f3 b8c6',
      },
      {
        type: 'out',
        text: 'info depth 5 seldepth 7 multipv 2 score cp 10 nodes 900 nps 1 hashfull 0 time 9 pv c7c5 g1f3',
      },
      {
        type: 'out',
        text: 'info depth 6 seldepth 8 multipv 1 score cp -40 upperbound nodes 2000 nps 1 hashfull 0 time 20 pv d7d5',
      },
    );
    e.send('d'); // queued behind the search in the old worker
    e.send('stop');
    expect(e.out.at(-1)).toBe('bestmove e7e5 ponder g1f3');
    expect(w.terminated).toBe(true);
    const fresh = FakeWorker.all[1];
    expect(fresh.types()).toEqual(['setoption Threads', 'setoption MultiPV', 'position', 'd']);
    expect((fresh.received[0] as { signals: Int32Array }).signals.every((x) => x === 0)).toBe(true);
    // The fresh worker's answers to the replayed option and position are not printed again; the d's are.
    const before = e.out.length;
    fresh.emit(
      { type: 'done', count: 0 },
      { type: 'out', text: 'info string error: setoption: Threads 2: no shared memory; searching with one thread' },
      { type: 'done', count: 1 },
      { type: 'done', count: 2 },
      { type: 'done', count: 3 },
      { type: 'out', text: ' +---+' },
      { type: 'done', count: 4 },
    );
    expect(e.out.slice(before)).toEqual([' +---+']);
    // Every command is handled: isready is answered at once, without a ping.
    e.send('isready');
    expect(e.out.at(-1)).toBe('readyok');
    expect(fresh.types().at(-1)).toBe('d');
  });

  test('without shared memory, a stop before the worker named a legal move waits for it; quit ends everything', () => {
    const e = start(false);
    const w = FakeWorker.all[0];
    e.send('position startpos', 'go infinite', 'stop');
    expect(e.out.some((l) => l.startsWith('bestmove'))).toBe(false);
    expect(w.terminated).toBe(false);
    w.emit({ type: 'searching', side: 0, fallback: 'a2a3' });
    expect(e.out.at(-1)).toBe('bestmove a2a3');
    expect(w.terminated).toBe(true);
    const fresh = FakeWorker.all[1];
    e.send('go depth 3', 'quit');
    fresh.emit({ type: 'searching', side: 0, fallback: 'a2a3' });
    expect(e.out.at(-1)).toBe('bestmove a2a3');
    const last = FakeWorker.all[2];
    const ping = (last.received as ToWorker[]).find((m) => m.type === 'ping') as { id: number };
    last.emit({ type: 'pong', id: ping.id });
    expect(e.closed()).toBe(true);
    expect(last.terminated).toBe(true);
  });

  test('without shared memory, ponderhit restarts a go ponder as a normal search with its limits', () => {
    const e = start(false);
    const w = FakeWorker.all[0];
    e.send('position startpos', 'go ponder wtime 1000 btime 1000');
    w.emit({ type: 'searching', side: 0, fallback: 'a2a3' });
    e.send('ponderhit');
    expect(w.terminated).toBe(true);
    const fresh = FakeWorker.all[1];
    const go = (fresh.received as ToWorker[]).find((m) => m.type === 'go') as Extract<ToWorker, { type: 'go' }>;
    expect(go.limits).toEqual({ wtime: 1000, btime: 1000 });
    fresh.emit({ type: 'searching', side: 0, fallback: 'a2a3' }, { type: 'bestmove', text: 'bestmove e2e4' });
    expect(e.out.at(-1)).toBe('bestmove e2e4');
  });

  test('with shared memory, a search that has not answered 50 ms after stop is answered by the loop; its late lines are dropped', () => {
    if (typeof SharedArrayBuffer !== 'function') return;
    vi.useFakeTimers();
    try {
      const e = start(true);
      const w = FakeWorker.all[0];
      w.emit({ type: 'done', count: 0 }); // loaded and warm
      e.send('position startpos', 'go infinite');
      w.emit(
        { type: 'searching', side: 0, fallback: 'a2a3' },
        {
          type: 'out',
          text: 'info depth 9 seldepth 12 multipv 1 score cp 30 nodes 9000 nps 1 hashfull 1 time 90 pv d2d4 g8f6',
        },
      );
      e.send('stop');
      expect(e.out.at(-1)).toMatch(/^info depth 9 /);
      vi.advanceTimersByTime(STOP_GUARD_MS - 1);
      expect(e.out.some((l) => l.startsWith('bestmove'))).toBe(false);
      vi.advanceTimersByTime(1);
      expect(e.out.at(-1)).toBe('bestmove d2d4 ponder g8f6');
      expect(w.terminated).toBe(false);
      e.send('go depth 3');
      w.emit(
        {
          type: 'out',
          text: 'info depth 10 seldepth 12 multipv 1 score cp 30 nodes 9900 nps 1 hashfull 1 time 99 pv d2d4 g8f6',
        },
        { type: 'bestmove', text: 'bestmove d2d4 ponder g8f6' },
        { type: 'done', count: 2 },
        { type: 'searching', side: 0, fallback: 'a2a3' },
        { type: 'out', text: 'info depth 3 seldepth 3 multipv 1 score cp 20 nodes 90 nps 1 hashfull 0 time 1 pv e2e4' },
        { type: 'bestmove', text: 'bestmove e2e4' },
      );
      expect(e.out.slice(-3)).toEqual([
        'bestmove d2d4 ponder g8f6',
        'info depth 3 seldepth 3 multipv 1 score cp 20 nodes 90 nps 1 hashfull 0 time 1 pv e2e4',
        'bestmove e2e4',
      ]);
      // A search that answers in time is not answered twice.
      e.send('go infinite');
      w.emit({ type: 'searching', side: 0, fallback: 'a2a3' });
      e.send('stop');
      w.emit({ type: 'bestmove', text: 'bestmove h2h3' });
      vi.advanceTimersByTime(STOP_GUARD_MS);
      expect(e.out.filter((l) => l.startsWith('bestmove')).slice(-2)).toEqual(['bestmove e2e4', 'bestmove h2h3']);
    } finally {
      vi.useRealTimers();
    }
  });
});
