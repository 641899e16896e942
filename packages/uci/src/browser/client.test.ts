/// <reference lib="dom" />
import { describe, expect, test, vi } from 'vitest';
import { createEngine } from './client';

/**
 * A stand-in for the engine's Web Worker: takes UCI lines through postMessage and
 * answers asynchronously (a macrotask later, as a real worker would), like an engine:
 * `uci` -> options + uciok, `isready` -> readyok, `go` -> info lines then bestmove
 * (`go infinite` waits for `stop`). The bestmove of each search is scripted.
 */
class FakeWorker {
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: { message: string; preventDefault(): void }) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  received: string[] = [];
  terminated = false;
  infinite = false;
  /** bestmove text per search, taken in order; `e2e4` when empty. */
  answers: string[] = [];

  postMessage(line: string): void {
    if (this.terminated) throw new Error('posted to a terminated worker');
    this.received.push(line);
    if (line === 'uci')
      this.later(
        'id name Fake',
        'option name Hash type spin default 16 min 1 max 1024',
        'option name UCI_Elo type spin default 1500 min 1000 max 3000',
        'uciok',
      );
    else if (line === 'isready') this.later('readyok');
    else if (line === 'go infinite') {
      this.infinite = true;
      this.later(
        'info depth 1 multipv 1 score cp 20 nodes 30 nps 3000 time 10 pv e2e4',
        'info depth 1 multipv 2 score cp 10 nodes 60 nps 3000 time 20 pv d2d4',
      );
    } else if (line.startsWith('go'))
      this.later('info depth 1 score cp 15 nodes 20 pv e2e4 e7e5', `bestmove ${this.answers.shift() ?? 'e2e4'}`);
    else if (line === 'stop' && this.infinite) {
      this.infinite = false;
      this.later(`bestmove ${this.answers.shift() ?? 'e2e4'} ponder e7e5`);
    }
  }
  terminate(): void {
    this.terminated = true;
  }
  later(...lines: string[]): void {
    setTimeout(() => {
      if (!this.terminated) for (const data of lines) this.onmessage?.({ data });
    }, 1);
  }
  crash(message: string): void {
    this.onerror?.({ message, preventDefault() {} });
  }
}

function fakeEngine() {
  const workers: FakeWorker[] = [];
  const engine = createEngine(() => {
    const w = new FakeWorker();
    workers.push(w);
    return w as unknown as Worker;
  });
  return { engine, workers, last: () => workers[workers.length - 1]! };
}

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe('createEngine', () => {
  test('ready() does the uci and isready handshakes once and reads the options', async () => {
    const { engine, last } = fakeEngine();
    await engine.ready();
    await engine.ready();
    expect(last().received).toEqual(['uci', 'isready', 'isready']);
    expect(engine.options.get('UCI_Elo')).toEqual({
      name: 'UCI_Elo',
      type: 'spin',
      default: '1500',
      min: 1000,
      max: 3000,
      vars: [],
    });
  });

  test('bestMove sends position and go with the limits and returns the move and its info lines', async () => {
    const { engine, last } = fakeEngine();
    last().answers.push('g1f3');
    const r = await engine.bestMove(START, { wtime: 1000, btime: 2000.4, winc: 10, binc: 10 }, ['e2e4', 'e7e5']);
    expect(r.bestmove).toBe('g1f3');
    expect(r.ponder).toBeUndefined();
    expect(r.info).toEqual([{ depth: 1, multipv: 1, score: { cp: 15 }, nodes: 20, pv: ['e2e4', 'e7e5'] }]);
    expect(last().received).toEqual([
      'uci',
      `position fen ${START} moves e2e4 e7e5`,
      'go wtime 1000 btime 2000 winc 10 binc 10',
    ]);
  });

  test('a second bestMove waits for the first bestmove and they resolve in call order', async () => {
    const { engine, last } = fakeEngine();
    last().answers.push('a2a3', 'b2b3');
    const order: string[] = [];
    const a = engine.bestMove(START, { depth: 3 }).then((r) => order.push(r.bestmove));
    const b = engine.bestMove('startpos', { movetime: 50 }, ['e2e4']).then((r) => order.push(r.bestmove));
    expect(last().received).toEqual(['uci', `position fen ${START}`, 'go depth 3']); // b not sent yet
    await Promise.all([a, b]);
    expect(order).toEqual(['a2a3', 'b2b3']);
    expect(last().received.slice(3)).toEqual(['position startpos moves e2e4', 'go movetime 50']);
  });

  test('analyse sets MultiPV, streams info, and stop() returns the bestmove; the next bestMove restores MultiPV 1', async () => {
    const { engine, last } = fakeEngine();
    const seen: number[] = [];
    const a = engine.analyse(START, { multiPV: 3, onInfo: (i) => seen.push(i.multipv) });
    // The fake's answers come a timer each apart (uci, then go): waited for, not for a fixed while.
    await vi.waitFor(() => expect(seen).toEqual([1, 2]), { timeout: 30_000 });
    const result = await a.stop();
    expect(result?.bestmove).toBe('e2e4');
    expect(result?.ponder).toBe('e7e5');
    await engine.bestMove(START, { nodes: 100 });
    const w = last().received;
    expect(w).toEqual([
      'uci',
      'setoption name MultiPV value 3',
      `position fen ${START}`,
      'go infinite',
      'stop',
      'setoption name MultiPV value 1',
      `position fen ${START}`,
      'go nodes 100',
    ]);
  });

  test('stopping an analysis that is still queued drops it: it never reaches the engine', async () => {
    const { engine, last } = fakeEngine();
    const first = engine.bestMove(START, { depth: 1 });
    const a = engine.analyse(START, { multiPV: 2 });
    expect(await a.stop()).toBeNull();
    await first;
    expect(last().received.some((l) => l.includes('infinite') || l.includes('MultiPV'))).toBe(false);
  });

  test('a crash rejects the running and the queued searches with a clear error; restart() gives a working engine', async () => {
    const { engine, workers, last } = fakeEngine();
    const a = engine.bestMove(START, { depth: 5 });
    const b = engine.bestMove(START, { depth: 6 });
    const ready = engine.ready();
    last().crash('out of memory');
    await expect(a).rejects.toThrow('Tempo worker crashed: out of memory');
    await expect(b).rejects.toThrow('Tempo worker crashed: out of memory');
    await expect(ready).rejects.toThrow('Tempo worker crashed: out of memory');
    expect(workers[0]!.terminated).toBe(true);
    expect(engine.failure?.message).toBe('Tempo worker crashed: out of memory');
    await expect(engine.bestMove(START, { depth: 1 })).rejects.toThrow('Tempo worker crashed');
    expect(() => engine.send('isready')).toThrow('Tempo worker crashed');

    engine.restart();
    expect(workers).toHaveLength(2);
    expect(engine.failure).toBeNull();
    await engine.ready();
    expect((await engine.bestMove(START, { depth: 1 })).bestmove).toBe('e2e4');
    expect(workers[1]!.received[0]).toBe('uci'); // the fresh worker gets its own handshake
  });

  test('an unreadable message and a load failure without a message are crashes too', async () => {
    const { engine, last } = fakeEngine();
    const a = engine.bestMove(START, { depth: 5 });
    last().onmessageerror!();
    await expect(a).rejects.toThrow('Tempo worker crashed: a message from the worker could not be read');
    engine.restart();
    const b = engine.bestMove(START, { depth: 5 });
    last().crash('');
    await expect(b).rejects.toThrow('Tempo worker crashed: the worker script failed to load or threw an error');
  });

  test('restart() abandons a running search; lines from the old worker are ignored', async () => {
    const { engine, workers } = fakeEngine();
    const a = engine.analyse(START, {});
    engine.restart();
    await expect(a.done).rejects.toThrow('Tempo engine restarted');
    workers[1]!.answers.push('d2d4');
    const b = engine.bestMove(START, { depth: 2 });
    workers[0]!.onmessage!({ data: 'bestmove h2h4' }); // stale: must not finish the new search
    expect((await b).bestmove).toBe('d2d4');
  });

  test('terminate() rejects what is pending and every later call', async () => {
    const { engine, last } = fakeEngine();
    const a = engine.bestMove(START, { depth: 5 });
    engine.terminate();
    expect(last().terminated).toBe(true);
    await expect(a).rejects.toThrow('Tempo engine terminated');
    await expect(engine.ready()).rejects.toThrow('Tempo engine terminated');
    expect(() => engine.restart()).toThrow('Tempo engine terminated');
  });

  test('bad input is refused before it reaches the engine', async () => {
    const { engine, last } = fakeEngine();
    await expect(engine.bestMove(START, {})).rejects.toThrow('bestMove needs a limit');
    await expect(engine.bestMove(START, { depth: 2 }, ['e2e4\nquit'])).rejects.toThrow('Invalid UCI move');
    await expect(engine.bestMove(START, { movetime: -1 })).rejects.toThrow('Invalid search limit movetime: -1');
    expect(() => engine.send('isready\nquit')).toThrow('cannot contain a newline');
    expect(() => engine.analyse('', {})).toThrow('Invalid FEN');
    expect(last().received).toEqual([]);
  });

  test('onLine sees every line, a message holding several lines is split, and unsubscribing stops it', async () => {
    const { engine, last } = fakeEngine();
    const lines: string[] = [];
    const off = engine.onLine((l) => lines.push(l));
    last().onmessage!({ data: 'info string one\ninfo string two\n' });
    off();
    last().onmessage!({ data: 'info string three' });
    expect(lines).toEqual(['info string one', 'info string two']);
  });

  test('setOption formats values and buttons', () => {
    const { engine, last } = fakeEngine();
    engine.setOption('UCI_LimitStrength', true);
    engine.setOption('Skill Level', 5);
    engine.setOption('Clear Hash');
    expect(last().received).toEqual([
      'setoption name UCI_LimitStrength value true',
      'setoption name Skill Level value 5',
      'setoption name Clear Hash',
    ]);
  });
});
