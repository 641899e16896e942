import { describe, expect, test, vi } from 'vitest';
import { SIGNAL_STOP, TranspositionTable, createSignals } from '@tempo-chess/search';
import { paramsToJson, presetParams } from '@tempo-chess/eval';
import { randomNet, shareNet } from '@tempo-chess/nnue';
import { startEngineWorker } from './engine-worker';
import { Engine } from './engine';
import { WARMUP, WARMUP_SLICE_NODES, WarmUp, runBench, warmUp } from './bench';
import type { FromWorker, ToWorker } from './messages';
import type { EnginePlatform, HelperThread } from './platform';
import { HelperPool, createHelper, type HelperInit, type ToHelper } from './helpers';

/** The engine worker in this thread: every message it posts, and the printed lines. */
function worker(platform: EnginePlatform = {}) {
  const posted: FromWorker[] = [];
  const handle = startEngineWorker((m) => posted.push(m), createSignals(), platform);
  const send = (msg: ToWorker) => handle(msg);
  const lines = () =>
    posted.flatMap((m) => (m.type === 'out' ? m.text.split('\n') : m.type === 'bestmove' ? [m.text] : []));
  return { posted, send, lines };
}

/** A platform whose helper threads only record what the pool sends them. */
function fakeHelpers() {
  const inits: HelperInit[] = [];
  const inbox: ToHelper[][] = [];
  let terminated = 0;
  const platform: EnginePlatform = {
    startHelper: (init): HelperThread => {
      inits.push(init);
      const box: ToHelper[] = [];
      inbox.push(box);
      return {
        postMessage: (msg) => {
          box.push(msg);
          // A job is done at once: the pool's finish() must see the count, not wait five seconds.
          if (msg.type === 'job') Atomics.add(init.ctl, 0, 1);
        },
        terminate: () => void terminated++,
      };
    },
  };
  return { platform, inits, inbox, terminated: () => terminated };
}

describe('startEngineWorker', () => {
  test('reports done once built, then answers position and go with a legal bestmove', () => {
    const w = worker();
    expect(w.posted).toEqual([{ type: 'done', count: 0 }]);
    w.send({ type: 'position', cmd: { fen: null, moves: ['e2e4', 'e7e5'] } });
    w.send({ type: 'go', limits: { depth: 2 } });
    const types = w.posted.map((m) => m.type);
    expect(types[1]).toBe('done');
    expect(w.posted[2]).toEqual({
      type: 'searching',
      side: 0,
      fallback: expect.stringMatching(/^[a-h][1-8][a-h][1-8]$/),
    });
    expect(types.at(-2)).toBe('bestmove');
    expect(w.posted.at(-1)).toEqual({ type: 'done', count: 2 });
    expect(w.lines().filter((l) => l.startsWith('info depth 2 '))).not.toHaveLength(0);
    expect(w.lines().at(-1)).toMatch(/^bestmove [a-h][1-8][a-h][1-8]/);
  });

  test('the warm-up, whole or cut short after one slice, leaves the first search as a fresh engine finds it', () => {
    const nodesAfter = (prepare: (e: Engine) => void) => {
      const lines: string[] = [];
      const e = new Engine(createSignals(), (t) => lines.push(t));
      prepare(e);
      e.position({ fen: null, moves: ['e2e4', 'c7c5'] });
      e.go({ depth: 7 });
      return Number(/ nodes (\d+) /.exec(lines.filter((l) => / nodes /.test(l)).at(-1)!)![1]);
    };
    const fresh = nodesAfter(() => {});
    expect(nodesAfter((e) => warmUp(e))).toBe(fresh);
    expect(
      nodesAfter((e) => {
        const w = new WarmUp(e);
        expect(w.step()).toBe(true);
        w.finish();
        expect(w.step()).toBe(false);
      }),
    ).toBe(fresh);
  });

  test('warmFirstMs: the warm-up runs before done within it (all of it, given time), the rest after; the first search as fresh', () => {
    const slices = WARMUP.reduce((n, [, nodes]) => n + Math.ceil(nodes / WARMUP_SLICE_NODES), 0);
    const spy = vi.spyOn(Engine.prototype, 'searchQuietly');
    try {
      const before = (warmFirstMs: number) => {
        spy.mockClear();
        let atDone = -1;
        const lines: string[] = [];
        const handle = startEngineWorker(
          (m) => {
            if (m.type === 'done' && atDone < 0) atDone = spy.mock.calls.length;
            if (m.type === 'out') lines.push(m.text);
          },
          createSignals(),
          {},
          warmFirstMs,
        );
        handle({ type: 'position', cmd: { fen: null, moves: ['e2e4', 'c7c5'] } });
        handle({ type: 'go', limits: { depth: 7 } });
        const nodes = Number(/ nodes (\d+) /.exec(lines.filter((l) => / nodes /.test(l)).at(-1)!)![1]);
        return { atDone, nodes };
      };
      const cold = before(0);
      const warm = before(60_000);
      expect(cold.atDone).toBe(0);
      expect(warm.atDone).toBe(slices);
      expect(warm.nodes).toBe(cold.nodes);
    } finally {
      spy.mockRestore();
    }
  });

  test('ping is answered in order, d prints the position', () => {
    const w = worker();
    w.send({ type: 'position', cmd: { fen: '8/8/8/8/8/8/8/K1k5 w - - 0 1', moves: ['a1a2'] } });
    w.send({ type: 'd' });
    w.send({ type: 'ping', id: 7 });
    expect(w.lines()).toContain('Fen: 8/8/8/8/8/8/K7/2k5 b - - 1 1');
    expect(w.posted.filter((m) => m.type !== 'out').map((m) => m.type)).toEqual([
      'done',
      'done',
      'done',
      'pong',
      'done',
    ]);
  });
});

describe('the position and go a GUI sent, and nothing else', () => {
  const errors = (w: ReturnType<typeof worker>) => w.lines().filter((l) => l.startsWith('info string'));
  const fen = (w: ReturnType<typeof worker>) => {
    w.send({ type: 'd' });
    return w
      .lines()
      .filter((l) => l.startsWith('Fen: '))
      .at(-1);
  };

  test('an illegal move: the moves before it stand, it is named in one line, the rest is ignored', () => {
    const w = worker();
    w.send({ type: 'position', cmd: { fen: null, moves: ['e2e4', 'e7e5', 'e1e3', 'g1f3'] } });
    expect(errors(w)).toEqual([
      'info string error: position: illegal move "e1e3" (move 3 of the list, after e2e4 e7e5); the moves before it stand, the rest are ignored',
    ]);
    expect(fen(w)).toBe('Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
    w.send({ type: 'go', limits: { depth: 1 } });
    expect(w.posted.find((m) => m.type === 'searching')).toMatchObject({ side: 0 }); // white, as after e7e5
  });

  test('an illegal first move leaves the position the FEN gave', () => {
    const w = worker();
    w.send({ type: 'position', cmd: { fen: '8/8/8/8/8/8/8/K1k5 w - - 0 1', moves: ['a1b1'] } });
    expect(errors(w)).toEqual([
      'info string error: position: illegal move "a1b1" (move 1 of the list, in the given position); the moves before it stand',
    ]);
    expect(fen(w)).toBe('Fen: 8/8/8/8/8/8/8/K1k5 w - - 0 1');
  });

  test('a move the loop could not read is named by the engine after the moves before it', () => {
    const w = worker();
    w.send({ type: 'position', cmd: { fen: null, moves: ['d2d4'], unreadable: 'd7d5x' } });
    expect(errors(w)).toEqual([
      'info string error: position: "d7d5x" (move 2 of the list, after d2d4) is not a move in UCI notation (like e2e4 or e7e8q); the moves before it stand, the rest are ignored',
    ]);
    expect(fen(w)).toBe('Fen: rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1');
  });

  test('a bad FEN leaves no position: go answers bestmove 0000 with one line, until a valid position', () => {
    const w = worker();
    w.send({ type: 'position', cmd: { fen: null, moves: ['e2e4'] } });
    w.send({ type: 'position', cmd: { fen: '8/8/8/8 w - - 0 1', moves: [] } });
    expect(errors(w)).toEqual([
      'info string error: position: Invalid FEN: field 1 (piece placement): "8/8/8/8" has 4 ranks, expected 8; no position until a valid one arrives',
    ]);
    const from = w.posted.length;
    w.send({ type: 'go', limits: { depth: 3 } });
    expect(w.posted.slice(from)).toEqual([
      {
        type: 'out',
        text: 'info string error: go: no position: the last position command was refused; send a valid one',
      },
      { type: 'bestmove', text: 'bestmove 0000' },
      { type: 'done', count: 3 },
    ]);
    w.send({ type: 'd' });
    expect(w.lines().at(-1)).toBe(
      'info string error: d: no position: the last position command was refused; send a valid one',
    );
    w.send({ type: 'position', cmd: { fen: null, moves: [] } });
    w.send({ type: 'go', limits: { depth: 1 } });
    expect(w.lines().at(-1)).toMatch(/^bestmove [a-h][1-8][a-h][1-8]$/);
  });

  test('a position the loop could not read at all (null) is no position', () => {
    const w = worker();
    w.send({ type: 'position', cmd: null });
    expect(errors(w)).toEqual([]); // the loop has said why
    w.send({ type: 'go', limits: {}, notes: ['unknown parameter "x"'] });
    expect(w.lines().slice(-2)).toEqual([
      'info string error: go: unknown parameter "x"; no position: the last position command was refused; send a valid one',
      'bestmove 0000',
    ]);
  });

  test("the loop's notes and illegal searchmoves make one line; none legal means every move", () => {
    const w = worker();
    w.send({ type: 'go', limits: { depth: 1, searchMoves: ['e2e5', 'a7a6'] }, notes: ['unknown parameter "frob"'] });
    expect(errors(w)).toEqual([
      'info string error: go: unknown parameter "frob"; searchmoves: "e2e5" "a7a6" are not legal moves here, searching every move',
    ]);
    expect(w.lines().at(-1)).toMatch(/^bestmove /);
  });

  test('a clock for the other side only is the smallest search, not an endless one', () => {
    const w = worker();
    w.send({ type: 'position', cmd: { fen: null, moves: ['e2e4'] } });
    w.send({ type: 'go', limits: { wtime: 1000, winc: 10 } });
    expect(errors(w)).toEqual(['info string error: go: no btime for the side to move; searching to depth 1']);
    expect(
      w
        .lines()
        .filter((l) => l.startsWith('info depth '))
        .map((l) => l.split(' ')[2]),
    ).toEqual(['1']);
    expect(w.lines().at(-1)).toMatch(/^bestmove /);
  });

  test('UCI_Chess960 reads the moves again: e1g1 is no castling there, so the moves before it stand', () => {
    const w = worker();
    w.send({ type: 'position', cmd: { fen: null, moves: ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'e1g1'] } });
    expect(errors(w)).toEqual([]);
    w.send({ type: 'setoption', name: 'UCI_Chess960', value: true });
    expect(errors(w)).toEqual([
      'info string error: setoption: UCI_Chess960 true: the current position: illegal move "e1g1" (move 7 of the list, after e2e4 e7e5 g1f3 b8c6 f1c4 g8f6); the moves before it stand',
    ]);
    expect(fen(w)).toBe('Fen: r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w HAha - 4 4');
  });
});

describe('Engine and its platform', () => {
  test('EvalParams with a path is read through the platform; without readTextFile it is refused in one line', () => {
    const pesto = paramsToJson(presetParams('pesto-only'));
    const read: string[] = [];
    const out: string[] = [];
    const e = new Engine(createSignals(), (t) => out.push(t), { readTextFile: (p) => (read.push(p), pesto) });
    e.setOption('Use NNUE', false); // the hand-crafted evaluation's weights decide
    e.evalTrace();
    const full = out.at(-1)!.split('\n').at(-1);
    e.setOption('EvalParams', '/weights/pesto.json');
    expect(read).toEqual(['/weights/pesto.json']);
    e.evalTrace();
    expect(out.at(-1)!.split('\n').at(-1)).not.toBe(full);

    const bare: string[] = [];
    const b = new Engine(createSignals(), (t) => bare.push(t));
    b.setOption('EvalParams', '/weights/pesto.json');
    expect(bare).toEqual([
      'info string error: setoption: eval parameter file "/weights/pesto.json": this platform cannot read files; the evaluation is unchanged',
    ]);
  });

  test('Threads 3 starts two helpers through the platform, the net (shared) and the weights (as text) replayed to each', () => {
    const h = fakeHelpers();
    const json = paramsToJson(presetParams('pesto-only'));
    const e = new Engine(createSignals(), () => {}, { ...h.platform, readTextFile: () => json });
    e.setOption('EvalParams', 'w.json');
    e.setOption('Use NNUE', true);
    e.setOption('Threads', 3);
    expect(h.inits.map((i) => i.index)).toEqual([0, 1]);
    expect(h.inits[0].ttBuffer).toBe(e.tt.buffer);
    expect(h.inits[0].ttBuffer).toBeInstanceOf(SharedArrayBuffer);
    const net = e.settings().net!;
    expect(net.ftWeights.buffer).toBeInstanceOf(SharedArrayBuffer); // one copy of the weights for every thread
    expect(h.inits[0].net).toBe(net);
    expect(h.inbox[1]).toEqual([{ type: 'eval', preset: 'default', json, net }]);
    expect((h.inbox[1][0] as { net: unknown }).net).toBe(net);
    e.setOption('EvalPreset', 'handset'); // the file still overrides the preset
    expect(h.inbox[0].at(-1)).toEqual({ type: 'eval', preset: 'handset', json, net });
    e.setOption('Use NNUE', false);
    expect(h.inbox[0].at(-1)).toEqual({ type: 'eval', preset: 'handset', json, net: null });
    e.setOption('Threads', 3); // unchanged: no new threads
    expect(h.inits).toHaveLength(2);
    e.setOption('Threads', 1);
    expect(h.terminated()).toBe(2);
  });

  test('a search starts only the helpers that have loaded, with the position as FEN and moves', () => {
    const h = fakeHelpers();
    const e = new Engine(createSignals(), () => {}, h.platform);
    e.setOption('Threads', 3);
    Atomics.store(h.inits[1].ctl, 1 + 1, 1); // helper 1 has loaded, helper 0 has not
    e.position({ fen: null, moves: ['d2d4'] });
    expect(e.go({ depth: 1 })).toMatch(/^bestmove /);
    e.settle();
    const jobs = (i: number) => h.inbox[i].filter((m) => m.type === 'job');
    expect(jobs(0)).toEqual([]);
    expect(jobs(1)).toEqual([
      {
        type: 'job',
        job: {
          fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
          moves: ['d2d4'],
          chess960: false,
          searchMoves: undefined,
          generation: expect.any(Number),
        },
      },
    ]);
  });

  test("info, bestmove-time totals and go nodes count every thread's nodes (Stockfish's rule), from zero each search", () => {
    const lines: string[] = [];
    let publish = 1_000_000n;
    const platform: EnginePlatform = {
      startHelper: (init): HelperThread => {
        Atomics.store(init.ctl, 1 + init.index, 1);
        return {
          postMessage: (msg) => {
            if (msg.type !== 'job') return;
            // The helper's search as the engine worker sees it: a count in its slot, and done when stopped.
            if (publish > 0n) Atomics.store(init.nodeCounts, 8 * (init.index + 1), publish);
            Atomics.add(init.ctl, 0, 1);
          },
          terminate: () => {},
        };
      },
    };
    const e = new Engine(createSignals(), (t) => lines.push(...t.split('\n')), platform);
    e.setOption('Threads', 2);
    const nodes = () => lines.filter((l) => l.startsWith('info depth')).map((l) => Number(/ nodes (\d+)/.exec(l)![1]));
    e.go({ nodes: 1_000_500 });
    e.settle();
    // The helper's million counted from the first line on; the limit is met after ~500 of the main thread's own.
    expect(Math.min(...nodes())).toBeGreaterThan(1_000_000);
    expect(Math.max(...nodes())).toBeGreaterThanOrEqual(1_000_500);
    expect(Math.max(...nodes())).toBeLessThanOrEqual(1_000_500 + 64);
    lines.length = 0;
    publish = 0n; // this time the helper reports nothing: last search's count must not linger
    e.go({ depth: 3 });
    e.settle();
    expect(Math.max(...nodes())).toBeLessThan(100_000);
  });

  test('where helpers load while it blocks, setoption Threads waits for them; waitLoaded gives up at its deadline', () => {
    const loadAtOnce: EnginePlatform = {
      helpersStartWhileBlocked: true,
      startHelper: (init): HelperThread => {
        Atomics.store(init.ctl, 1 + init.index, 1);
        return { postMessage: () => {}, terminate: () => {} };
      },
    };
    const out: string[] = [];
    new Engine(createSignals(), (t) => out.push(t), loadAtOnce).setOption('Threads', 3);
    expect(out).toEqual([]);
    const never = new HelperPool(2, new TranspositionTable(1).buffer as SharedArrayBuffer, null, [], () => ({
      postMessage: () => {},
      terminate: () => {},
    }));
    const t0 = performance.now();
    expect(never.waitLoaded(40)).toBe(0);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(39);
  });

  test('Threads above 1 without a way to start threads is refused in one line', () => {
    const out: string[] = [];
    const e = new Engine(createSignals(), (t) => out.push(t));
    e.setOption('Threads', 2);
    expect(out).toEqual([
      expect.stringMatching(/^info string error: setoption: Threads 2: .*searching with one thread$/),
    ]);
  });
});

describe('createHelper', () => {
  test('marks the helper loaded, and counts a finished job even when it fails', () => {
    const init: HelperInit = {
      index: 1,
      ttBuffer: new TranspositionTable(1).buffer as SharedArrayBuffer,
      signals: createSignals(),
      ctl: new Int32Array(new SharedArrayBuffer(4 * 3)),
      nodeCounts: new BigInt64Array(new SharedArrayBuffer(8 * 8 * 3)),
      net: null,
    };
    const handle = createHelper(init);
    expect(Array.from(init.ctl)).toEqual([0, 0, 1]);
    Atomics.store(init.signals, SIGNAL_STOP, 1); // the pool's stop, raised before the search: it ends at once
    handle({
      type: 'job',
      job: { fen: '8/8/8/8/8/8/8/K1k5 w - - 0 1', moves: ['a1a2'], chess960: false, generation: 0 },
    });
    expect(Atomics.load(init.ctl, 0)).toBe(1);
    handle({ type: 'job', job: { fen: 'not a fen', moves: [], chess960: false, generation: 0 } });
    expect(Atomics.load(init.ctl, 0)).toBe(2);
  });

  test('publishes its node count in its own slot; its warm-up counts nowhere', () => {
    const init: HelperInit = {
      index: 0,
      ttBuffer: new TranspositionTable(1).buffer as SharedArrayBuffer,
      signals: createSignals(),
      ctl: new Int32Array(new SharedArrayBuffer(4 * 2)),
      nodeCounts: new BigInt64Array(new SharedArrayBuffer(8 * 8 * 2)),
      net: shareNet(randomNet(32, 2, 5)), // warms up and searches with the net
    };
    const handle = createHelper(init); // warms up on a table of its own first
    expect(Array.from(init.nodeCounts)).toEqual(Array(16).fill(0n)); // the warm-up counted nowhere
    Atomics.store(init.signals, SIGNAL_STOP, 1); // ends the job at its first check, after the count is published
    handle({
      type: 'job',
      job: {
        fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
        moves: [],
        chess960: false,
        generation: 0,
      },
    });
    expect(Number(init.nodeCounts[8])).toBeGreaterThan(0);
    expect(init.nodeCounts[0]).toBe(0n);
  });
});

describe('runBench', () => {
  test('the CPU line needs the platform clock; the node count does not', () => {
    const e = new Engine(createSignals(), () => {});
    const plain: string[] = [];
    const withCpu: string[] = [];
    const a = runBench(e.settings(), (t) => plain.push(...t.split('\n')), 1);
    const b = runBench(
      e.settings(),
      (t) => withCpu.push(...t.split('\n')),
      1,
      () => 0,
    );
    expect(a.nodes).toBe(b.nodes);
    expect(plain.at(-1)).toMatch(/^Nodes\/second: \d+$/);
    expect(withCpu.at(-1)).toMatch(/^Nodes\/CPU second: \d+$/);
    expect(plain).toContain(`Nodes searched: ${a.nodes}`);
  });
});
