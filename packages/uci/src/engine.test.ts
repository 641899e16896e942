import { describe, expect, test } from 'vitest';
import { SIGNAL_STOP, TranspositionTable, createSignals } from '@tempo/search';
import { paramsToJson, presetParams } from '@tempo/eval';
import { startEngineWorker } from './engine-worker';
import { Engine } from './engine';
import { runBench } from './bench';
import type { FromWorker, ToWorker } from './messages';
import type { EnginePlatform, HelperThread } from './platform';
import { createHelper, type HelperInit, type ToHelper } from './helpers';

/** The engine worker in this thread: every message it posts, and the printed lines. */
function worker(platform: EnginePlatform = {}) {
  const posted: FromWorker[] = [];
  const handle = startEngineWorker((m) => posted.push(m), createSignals(), platform);
  const send = (msg: ToWorker) => handle(msg);
  const lines = () => posted.flatMap((m) => (m.type === 'out' ? m.text.split('\n') : m.type === 'bestmove' ? [m.text] : []));
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
  test('reports done after the warm-up, then answers position and go with a legal bestmove', () => {
    const w = worker();
    expect(w.posted).toEqual([{ type: 'done', count: 0 }]);
    w.send({ type: 'position', cmd: { fen: null, moves: ['e2e4', 'e7e5'] } });
    w.send({ type: 'go', limits: { depth: 2 } });
    const types = w.posted.map((m) => m.type);
    expect(types[1]).toBe('done');
    expect(w.posted[2]).toEqual({ type: 'searching', side: 0, fallback: expect.stringMatching(/^[a-h][1-8][a-h][1-8]$/) });
    expect(types.at(-2)).toBe('bestmove');
    expect(w.posted.at(-1)).toEqual({ type: 'done', count: 2 });
    expect(w.lines().filter((l) => l.startsWith('info depth 2 '))).not.toHaveLength(0);
    expect(w.lines().at(-1)).toMatch(/^bestmove [a-h][1-8][a-h][1-8]/);
  });

  test('ping is answered in order, d prints the position', () => {
    const w = worker();
    w.send({ type: 'position', cmd: { fen: '8/8/8/8/8/8/8/K1k5 w - - 0 1', moves: ['a1a2'] } });
    w.send({ type: 'd' });
    w.send({ type: 'ping', id: 7 });
    expect(w.lines()).toContain('Fen: 8/8/8/8/8/8/K7/2k5 b - - 1 1');
    expect(w.posted.filter((m) => m.type !== 'out').map((m) => m.type)).toEqual(['done', 'done', 'done', 'pong', 'done']);
  });
});

describe('Engine and its platform', () => {
  test('EvalFile is read through the platform; without readTextFile it is refused in one line', () => {
    const pesto = paramsToJson(presetParams('pesto-only'));
    const read: string[] = [];
    const out: string[] = [];
    const e = new Engine(createSignals(), (t) => out.push(t), { readTextFile: (p) => (read.push(p), pesto) });
    e.evalTrace();
    const full = out.at(-1)!.split('\n').at(-1);
    e.setOption('EvalFile', '/weights/pesto.json');
    expect(read).toEqual(['/weights/pesto.json']);
    e.evalTrace();
    expect(out.at(-1)!.split('\n').at(-1)).not.toBe(full);

    const bare: string[] = [];
    const b = new Engine(createSignals(), (t) => bare.push(t));
    b.setOption('EvalFile', '/weights/pesto.json');
    expect(bare).toEqual(['info string error: setoption: eval parameter file "/weights/pesto.json": this platform cannot read files; the evaluation is unchanged']);
  });

  test('Threads 3 starts two helpers through the platform, the weights (as text) replayed to each', () => {
    const h = fakeHelpers();
    const json = paramsToJson(presetParams('pesto-only'));
    const e = new Engine(createSignals(), () => {}, { ...h.platform, readTextFile: () => json });
    e.setOption('EvalFile', 'w.json');
    e.setOption('Threads', 3);
    expect(h.inits.map((i) => i.index)).toEqual([0, 1]);
    expect(h.inits[0].ttBuffer).toBe(e.tt.buffer);
    expect(h.inits[0].ttBuffer).toBeInstanceOf(SharedArrayBuffer);
    expect(h.inbox[1]).toEqual([{ type: 'eval', preset: 'default', json }]);
    e.setOption('EvalPreset', 'handset'); // the file still overrides the preset
    expect(h.inbox[0].at(-1)).toEqual({ type: 'eval', preset: 'handset', json });
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
      { type: 'job', job: { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', moves: ['d2d4'], chess960: false, searchMoves: undefined, generation: expect.any(Number) } },
    ]);
  });

  test('Threads above 1 without a way to start threads is refused in one line', () => {
    const out: string[] = [];
    const e = new Engine(createSignals(), (t) => out.push(t));
    e.setOption('Threads', 2);
    expect(out).toEqual([expect.stringMatching(/^info string error: setoption: Threads 2: .*searching with one thread$/)]);
  });
});

describe('createHelper', () => {
  test('marks the helper loaded, and counts a finished job even when it fails', () => {
    const init: HelperInit = {
      index: 1,
      ttBuffer: new TranspositionTable(1).buffer as SharedArrayBuffer,
      signals: createSignals(),
      ctl: new Int32Array(new SharedArrayBuffer(4 * 3)),
    };
    const handle = createHelper(init);
    expect(Array.from(init.ctl)).toEqual([0, 0, 1]);
    Atomics.store(init.signals, SIGNAL_STOP, 1); // the pool's stop, raised before the search: it ends at once
    handle({ type: 'job', job: { fen: '8/8/8/8/8/8/8/K1k5 w - - 0 1', moves: ['a1a2'], chess960: false, generation: 0 } });
    expect(Atomics.load(init.ctl, 0)).toBe(1);
    handle({ type: 'job', job: { fen: 'not a fen', moves: [], chess960: false, generation: 0 } });
    expect(Atomics.load(init.ctl, 0)).toBe(2);
  });
});

describe('runBench', () => {
  test('the CPU line needs the platform clock; the node count does not', () => {
    const e = new Engine(createSignals(), () => {});
    const plain: string[] = [];
    const withCpu: string[] = [];
    const a = runBench(e.settings(), (t) => plain.push(...t.split('\n')), 1);
    const b = runBench(e.settings(), (t) => withCpu.push(...t.split('\n')), 1, () => 0);
    expect(a.nodes).toBe(b.nodes);
    expect(plain.at(-1)).toMatch(/^Nodes\/second: \d+$/);
    expect(withCpu.at(-1)).toMatch(/^Nodes\/CPU second: \d+$/);
    expect(plain).toContain(`Nodes searched: ${a.nodes}`);
  });
});
