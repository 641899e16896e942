import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import ts from 'typescript';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { generateLegal } from '@tempo-chess/movegen';
import { Position } from '@tempo-chess/position';
import { AccumulatorStack, evaluateFeatures, randomNet, shareNet, type NetWeights } from './index';
import { boardFeatures } from './test-support';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const PAGE = 65536;

const reference = (net: NetWeights, pos: Position) => {
  const [white, black] = boardFeatures(pos);
  return evaluateFeatures(net, white, black, pos.side);
};

/** The shared net's memory: its size in pages as this thread sees it, and the regions ever made (the table's [0]). */
function pages(net: NetWeights): number {
  return net.wasm!.memory.buffer.byteLength / PAGE;
}
function regionsMade(net: NetWeights): number {
  return Atomics.load(new Int32Array(net.wasm!.memory.buffer, 0, 1), 0);
}

/** xorshift32 integers in [0, n). */
function picker(seed: number): (n: number) => number {
  let s = seed;
  return (n) => ((s ^= s << 13), (s ^= s >>> 17), (s ^= s << 5), (s >>> 0) % n);
}

describe('a shared net: the weights once in a shared WebAssembly memory', () => {
  test("two stacks compute in the net's memory (one page each, no copy) and agree with a copy, the plain kernels and the reference", () => {
    const net = randomNet(64, 4, 31),
      shared = shareNet(net);
    expect(shared.wasm).toBeDefined();
    expect(shared.ftWeights.buffer).toBeInstanceOf(SharedArrayBuffer);
    const before = pages(shared);
    expect(before).toBe(Math.ceil((1024 + 64 + 2 * (768 * 64 + 64 + 2 * 4 * 128)) / PAGE)); // table, outBias, weights, split output weights
    const a = new AccumulatorStack(shared, 8),
      b = new AccumulatorStack(shared, 8);
    expect(pages(shared) - before).toBe(2); // a region of one page each (8 plies x 256 bytes and the row list)
    expect(regionsMade(shared)).toBe(2);
    const copy = new AccumulatorStack(net, 8),
      plain = new AccumulatorStack(shared, 8, { simd: false });
    expect([a.sharesWeights, b.sharesWeights, copy.sharesWeights, plain.sharesWeights]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([a.simd, b.simd, copy.simd]).toEqual([true, true, true]);

    // One random game of 120 plies from Kiwipete, a evaluating at every ply, b every third (it replays several moves), both past their 8 plies.
    const pos = Position.fromFen(KIWIPETE),
      list = new Int32Array(256),
      pick = picker(9),
      stacks = [a, b, copy, plain];
    for (const s of stacks) s.refresh(pos);
    let evaluated = 0;
    for (let k = 0; k < 120; k++) {
      const n = generateLegal(pos, list, 0);
      if (n === 0) break;
      pos.doMove(list[pick(n)]);
      for (const s of stacks) s.push();
      const want = reference(net, pos);
      expect(a.evaluate(pos)).toBe(want);
      expect(copy.evaluate(pos)).toBe(want);
      expect(plain.evaluate(pos)).toBe(want);
      if (k % 3 === 2) (expect(b.evaluate(pos)).toBe(want), evaluated++);
    }
    expect(evaluated).toBeGreaterThan(20);
    expect(a.ply).toBeGreaterThan(40);
  });

  test("the stacks read the net's own arrays: a weight changed in shared.ftWeights changes the next refresh (a copy would not see it)", () => {
    const net = randomNet(32, 2, 5),
      shared = shareNet(net),
      pos = Position.fromFen(KIWIPETE);
    const s = new AccumulatorStack(shared, 4),
      copy = new AccumulatorStack(net, 4);
    s.refresh(pos);
    const before = s.evaluate(pos);
    expect(before).toBe(reference(net, pos));
    // Raise every weight of the white king's feature (on e1) in both perspectives' rows, in the shared net and in net.
    const [white, black] = boardFeatures(pos),
      king = [white[white.length - 1], black[black.length - 1]];
    for (const w of [shared.ftWeights, net.ftWeights])
      for (const f of king) for (let j = 0; j < 32; j++) w[f * 32 + j] += 60;
    s.refresh(pos);
    expect(s.evaluate(pos)).toBe(reference(net, pos));
    expect(s.evaluate(pos)).not.toBe(before);
    // The copy still has the old weights: the debug build's check of its refresh against the plain kernels (over net's arrays) catches it.
    expect(() => copy.refresh(pos)).toThrow(/AccumulatorStack: SIMD refresh \[\d+\] = -?\d+, the plain one -?\d+/);
  });

  test('a stack that outgrows its region moves to a larger one; the region it left is taken by the next stack', () => {
    const net = randomNet(256, 1, 7),
      shared = shareNet(net),
      start = pages(shared);
    const s = new AccumulatorStack(shared, 8); // 8 plies x 1 KB: a one-page region
    expect(pages(shared)).toBe(start + 1);
    const pos = Position.fromFen(KIWIPETE),
      list = new Int32Array(256),
      pick = picker(4);
    s.refresh(pos);
    for (let k = 0; k < 80; k++) {
      const n = generateLegal(pos, list, 0);
      if (n === 0) break;
      pos.doMove(list[pick(n)]);
      s.push();
      expect(s.evaluate(pos)).toBe(reference(net, pos));
    }
    expect(s.ply).toBe(80);
    expect(s.capacity).toBe(128);
    // 8 to 32 plies fit the first page (256 + 32 x 1 KB); 64 plies need two pages, 128 three.
    expect(regionsMade(shared)).toBe(3);
    expect(pages(shared)).toBe(start + 1 + 2 + 3);
    // The two regions it left are free again; a new one-page stack takes the first, making nothing.
    const t = new AccumulatorStack(shared, 8);
    expect(regionsMade(shared)).toBe(3);
    expect(pages(shared)).toBe(start + 6);
    while (s.ply > 0) (pos.undoMove(), s.pop());
    t.refresh(pos);
    expect(t.evaluate(pos)).toBe(s.evaluate(pos));
  });

  test('where a shared WebAssembly memory cannot be made, shareNet shares a SharedArrayBuffer and SIMD stacks copy the weights', async () => {
    // Node's types have no WebAssembly namespace (simd.ts declares what it uses): the global, loosely typed.
    type Api = {
      validate: unknown;
      Module: unknown;
      Instance: unknown;
      Memory: new (d: { shared?: boolean }) => object;
    };
    const real = (globalThis as unknown as { WebAssembly: Api }).WebAssembly;
    const Memory = function (d: { shared?: boolean }) {
      if (d.shared) throw new TypeError('shared memory is not available'); // as in a runtime without wasm threads
      return new real.Memory(d);
    };
    vi.stubGlobal('WebAssembly', { validate: real.validate, Module: real.Module, Instance: real.Instance, Memory });
    vi.resetModules();
    try {
      const nnue = await import('./index');
      const net = randomNet(32, 3, 2),
        shared = nnue.shareNet(net);
      expect(shared.wasm).toBeUndefined();
      expect(shared.ftWeights.buffer).toBeInstanceOf(SharedArrayBuffer);
      const s = new nnue.AccumulatorStack(shared, 4);
      expect([s.simd, s.sharesWeights]).toEqual([true, false]);
      const pos = Position.fromFen(KIWIPETE);
      s.refresh(pos);
      expect(s.evaluate(pos)).toBe(reference(net, pos));
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});

/**
 * Worker threads cannot load TypeScript, so the package's sources (none imports
 * another package at run time) are transpiled, types stripped, into a temporary
 * folder that the worker requires.
 */
const dir = mkdtempSync(join(tmpdir(), 'tempo-nnue-'));
for (const f of ['accumulator', 'base64', 'constants', 'features', 'forward', 'net', 'simd', 'simd-bytes', 'update']) {
  const src = readFileSync(new URL(`./${f}.ts`, import.meta.url), 'utf8');
  const out = ts.transpileModule(src, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  writeFileSync(join(dir, `${f}.js`), out.outputText);
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The worker: a stack on the net it was posted, refreshed and evaluated on each board (refresh and evaluate read only these fields). */
const WORKER = `
globalThis.__DEBUG__ = true; // as in the tests' own thread (vitest defines it)
const { parentPort } = require('node:worker_threads');
parentPort.once('message', ({ dir, net, boards }) => {
  const { AccumulatorStack } = require(dir + '/accumulator.js');
  const stack = new AccumulatorStack(net, 4);
  const values = boards.map((b) => {
    const pos = { board: b.board, side: b.side, pieceCount: b.pieceCount, ply: 0 };
    stack.refresh(pos);
    return stack.evaluate(pos);
  });
  parentPort.postMessage({ values, simd: stack.simd, sharesWeights: stack.sharesWeights });
});
`;

/**
 * Three workers at once, each making six stacks (capacity 2) and pushing every other
 * one to 70 plies, so it moves through regions of 1, 2 and 3 pages and frees the
 * first two, which stacks of any thread may take next. They keep every stack alive,
 * wait for each other, then report the regions they hold (a private field, read
 * from JavaScript) and evaluate one position on each.
 */
const RACER = `
globalThis.__DEBUG__ = true;
const { parentPort } = require('node:worker_threads');
parentPort.once('message', ({ dir, net, board, barrier, workers }) => {
  const { AccumulatorStack } = require(dir + '/accumulator.js');
  const stacks = [];
  for (let i = 0; i < 6; i++) {
    const s = new AccumulatorStack(net, 2);
    if (i % 2 === 0) for (let k = 0; k < 70; k++) s.push();
    stacks.push(s);
  }
  const ctl = new Int32Array(barrier);
  Atomics.add(ctl, 0, 1);
  while (Atomics.load(ctl, 0) < workers) Atomics.wait(ctl, 0, Atomics.load(ctl, 0), 10);
  const pos = { board: board.board, side: board.side, pieceCount: board.pieceCount, ply: 0 };
  const values = stacks.map((s) => (s.refresh(pos), s.evaluate(pos)));
  parentPort.postMessage({ regions: stacks.map((s) => [s.mem.region.page, s.mem.region.pages]), values, shared: stacks.every((s) => s.sharesWeights) });
});
`;

describe('a shared net posted to a worker thread', () => {
  test('three workers taking, outgrowing and retaking regions at once: the regions held are disjoint, past the weights, and every stack evaluates right', async () => {
    const net = randomNet(256, 1, 19),
      shared = shareNet(net),
      weightPages = pages(shared);
    const pos = Position.fromFen(KIWIPETE),
      board = { board: pos.board.slice(), side: pos.side, pieceCount: Int32Array.from(pos.pieceCount) };
    const want = reference(net, pos),
      barrier = new SharedArrayBuffer(4),
      workers = 3;
    const runs = Array.from({ length: workers }, () => {
      const w = new Worker(RACER, { eval: true });
      const reply = new Promise<{ regions: [number, number][]; values: number[]; shared: boolean }>(
        (resolve, reject) => {
          w.once('message', resolve);
          w.once('error', reject);
        },
      );
      w.postMessage({ dir, net: shared, board, barrier, workers });
      return reply.finally(() => w.terminate());
    });
    const all = await Promise.all(runs);
    const held = all.flatMap((r) => r.regions).sort((a, b) => a[0] - b[0]);
    expect(held).toHaveLength(18);
    expect(held.filter(([, n]) => n === 3)).toHaveLength(9); // the stacks pushed to 70 plies (128 x 1 KB and the list)
    for (let i = 0; i < held.length; i++) {
      expect(held[i][0]).toBeGreaterThanOrEqual(weightPages);
      if (i > 0) expect(held[i][0]).toBeGreaterThanOrEqual(held[i - 1][0] + held[i - 1][1]);
    }
    for (const r of all) expect([r.shared, ...r.values]).toEqual([true, ...Array(6).fill(want)]);
    expect(regionsMade(shared)).toBeLessThan(36); // of the 36 regions taken (9 stacks x 3, 9 x 1), some were taken again
  });

  test("the worker's stack computes in the same memory (a region of its own) and gives the evaluations of the main thread's stack and of the reference", async () => {
    const net = randomNet(128, 4, 13),
      shared = shareNet(net);
    const main = new AccumulatorStack(shared, 4);
    const pos = Position.fromFen(KIWIPETE),
      list = new Int32Array(256),
      pick = picker(17);
    const boards: { board: Uint8Array; side: number; pieceCount: Int32Array }[] = [],
      want: number[] = [];
    for (let k = 0; k < 60; k++) {
      const n = generateLegal(pos, list, 0);
      if (n === 0) break;
      pos.doMove(list[pick(n)]);
      boards.push({ board: pos.board.slice(), side: pos.side, pieceCount: Int32Array.from(pos.pieceCount) });
      want.push(reference(net, pos));
      const p = Position.fromFen(pos.toFen());
      main.refresh(p);
      expect(main.evaluate(p)).toBe(want[k]);
    }
    expect(regionsMade(shared)).toBe(1);
    const worker = new Worker(WORKER, { eval: true });
    try {
      const reply = new Promise<{ values: number[]; simd: boolean; sharesWeights: boolean }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      worker.postMessage({ dir, net: shared, boards });
      const r = await reply;
      expect([r.simd, r.sharesWeights]).toEqual([true, true]);
      expect(r.values).toEqual(want);
      expect(regionsMade(shared)).toBe(2); // the worker's region, made in the one memory (the weights were not copied)
    } finally {
      await worker.terminate();
    }
  });
});
