/**
 * The worker engine (dist/tempo-worker.js) alone in Chromium, served from disk on
 * 127.0.0.1 with and without cross-origin isolation, started as a classic and as a
 * module worker: the UCI exchanges of the Node engine's tests, compared with the Node
 * build of the same tree (dist/tempo.js) where the two must agree line for line (the
 * option list, a one-thread fixed-depth search, the answers to a bad position), `stop`
 * and `isready` answered during `go infinite` in both modes, Threads 2 only where isolated, and
 * `bench` with the Node engine's node count (computed now, not a constant).
 * Skipped with a message where Chromium is missing, except under CI=true.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { paramsToJson, presetParams } from '@tempo-chess/eval';
import { encodeNet, randomNet } from '@tempo-chess/nnue';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chess.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { WorkerEngine, chromiumOrSkip, harnessDir, launchChromium } from './browser';
import { ENGINE, EngineProcess } from './engine-process';
// @ts-expect-error: a plain JavaScript module without declarations
import { serveStatic } from '../scripts/static-server.mjs';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const built = existsSync(`${DIST}tempo-worker.js`) && existsSync(ENGINE);
if (!built && process.env.CI === 'true')
  throw new Error('apps/uci/dist is not built: run the build before the browser tests');
const run = chromiumOrSkip('apps/uci worker browser tests') && built;

const FEN = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
/** What a clock decides is left out: times, speeds, and the `currmove` lines a search prints once it has run 3 s (a loaded machine gets there at depth 7). */
const STRIP = (lines: string[]) =>
  lines.filter((l) => !/ currmove /.test(l)).map((l) => l.replace(/ nps \d+| time \d+| hashfull \d+/g, ''));

type Served = { url: string; close: () => Promise<void> };

describe.skipIf(!run)('the worker engine in Chromium', () => {
  let context: BrowserContext;
  let closeBrowser: () => Promise<void>;
  let page: { dir: string; remove: () => void };
  const servers: Record<'isolated' | 'plain', Served> = {} as never;
  let node: EngineProcess;
  let nodeUci: string[];

  beforeAll(async () => {
    ({ context, close: closeBrowser } = await launchChromium());
    page = harnessDir();
    for (const mode of ['isolated', 'plain'] as const)
      servers[mode] = (await serveStatic({
        roots: { '/': page.dir, '/dist/': DIST },
        isolation: mode === 'isolated',
      })) as Served;
    node = new EngineProcess();
    nodeUci = await node.request('uci', /^uciok$/);
  });

  afterAll(async () => {
    await node?.quit();
    await closeBrowser?.();
    for (const s of Object.values(servers)) await s.close();
    page?.remove();
  });

  /** Sends the lines to the Node engine; its lines from then up to the first matching `until`. */
  async function nodeExchange(lines: string[], until: RegExp): Promise<string[]> {
    const from = node.lines.length;
    for (const l of lines) node.send(l);
    await node.waitFor(until, 60_000, from);
    const out = node.lines.slice(from);
    return out.slice(0, out.findIndex((l) => until.test(l)) + 1);
  }

  async function open(mode: 'isolated' | 'plain', type?: 'classic' | 'module'): Promise<WorkerEngine> {
    const p = await context.newPage();
    await p.goto(servers[mode].url);
    expect(
      await p.evaluate(() => (globalThis as unknown as { crossOriginIsolated: boolean }).crossOriginIsolated),
    ).toBe(mode === 'isolated');
    const e = new WorkerEngine(p);
    await e.start(`${servers[mode].url}dist/tempo-worker.js`, type);
    return e;
  }

  const legal = (fen: string, move: string) => new Chess(fen).moves({ verbose: true }).some((m) => m.lan === move);

  describe.each([
    ['isolated', 'classic'],
    ['isolated', 'module'],
    ['plain', 'classic'],
    ['plain', 'module'],
  ] as const)('%s page, %s worker', (mode, type) => {
    test('uci, isready, a fixed-depth search and a bad position answer as the Node engine does', async () => {
      const e = await open(mode, type);
      const uci = await e.exchange(['uci'], /^uciok$/);
      const modeLine =
        mode === 'isolated'
          ? /^info string Tempo web worker: cross-origin isolated/
          : /^info string Tempo web worker: not cross-origin isolated/;
      expect(uci.filter((l) => l.startsWith('info string'))).toHaveLength(1);
      expect(uci[uci.length - 2]).toMatch(modeLine);
      // The same answer as Node's, but for the mode line (and Ponder, not offered without shared memory).
      expect(uci.filter((l) => !modeLine.test(l))).toEqual(
        nodeUci.filter((l) => mode === 'isolated' || !l.startsWith('option name Ponder ')),
      );
      expect(await e.exchange(['isready'], /^readyok$/)).toEqual(['readyok']);

      const go = [`position fen ${FEN} moves f1b5`, 'go depth 7'];
      const worker = await e.exchange(go, /^bestmove/);
      await nodeExchange(['ucinewgame', 'isready'], /^readyok$/); // a cleared table, as the fresh worker has
      // One thread from a cleared table: the same lines, node for node (times and nps aside).
      expect(STRIP(worker)).toEqual(STRIP(await nodeExchange(go, /^bestmove/)));
      const after = new Chess(FEN);
      after.move({ from: 'f1', to: 'b5' });
      expect(legal(after.fen(), worker[worker.length - 1].split(' ')[1])).toBe(true);

      const bad = ['position fen rnbqkbnr/pppppppp/8/8 w KQkq - 0 1', 'go depth 3'];
      const w2 = await e.exchange(bad, /^bestmove/);
      expect(w2).toEqual(await nodeExchange(bad, /^bestmove/));
      expect(w2[w2.length - 1]).toBe('bestmove 0000');
      expect(w2.some((l) => l.startsWith('info string error: position'))).toBe(true);
      await e.page.close();
    });

    test('go infinite: isready and stop answered while it searches, then it searches again', async () => {
      const e = await open(mode, type);
      await e.exchange(['uci'], /^uciok$/);
      await e.exchange(['isready'], /^readyok$/);
      const stops: number[] = [];
      for (let round = 0; round < 3; round++) {
        await e.send(`position fen ${FEN}`, 'go infinite');
        await e.page.waitForTimeout(700);
        // An infinite search never ends by itself: an answer at all is one given while it
        // searches. The bounds are ten times the design's (the loop answers a stop the
        // search has not answered within 50 ms), so a loaded machine does not trip them.
        const ready = await e.timed('isready', /^readyok$/, 30_000);
        expect(ready.ms).toBeLessThan(1000);
        const stop = await e.timed('stop', /^bestmove/, 30_000);
        stops.push(stop.ms);
        expect(legal(FEN, stop.line.split(' ')[1])).toBe(true);
        expect(await e.exchange(['isready'], /^readyok$/, 30_000)).toEqual(['readyok']);
      }
      stops.sort((a, b) => a - b);
      console.log(`${mode} ${type}: stop -> bestmove ${stops.map((s) => s.toFixed(1)).join(', ')} ms`);
      expect(stops[1]).toBeLessThan(1000); // the median of three
      const again = await e.exchange([`position fen ${FEN}`, 'go depth 5'], /^bestmove/);
      expect(again.some((l) => / depth 5 .* pv /.test(l))).toBe(true);
      await e.page.close();
    });
  });

  test('Threads 2: helpers where isolated; refused with one line, once, where not (not repeated after a stop)', async () => {
    const iso = await open('isolated');
    await iso.exchange(['uci'], /^uciok$/);
    const isoLines = await iso.exchange(['setoption name Threads value 2', 'isready'], /^readyok$/);
    expect(isoLines.filter((l) => l.startsWith('info string'))).toEqual([]);
    const isoGo = await iso.exchange([`position fen ${FEN}`, 'go depth 8'], /^bestmove/);
    expect(legal(FEN, isoGo[isoGo.length - 1].split(' ')[1])).toBe(true);
    await iso.page.close();

    const plain = await open('plain');
    await plain.exchange(['uci'], /^uciok$/);
    const from = await plain.count();
    const refused = await plain.exchange(['setoption name Threads value 2', 'isready'], /^readyok$/);
    expect(refused.filter((l) => l.startsWith('info string'))).toEqual([
      expect.stringMatching(/^info string error: setoption: Threads 2: .*searching with one thread$/),
    ]);
    await plain.send(`position fen ${FEN}`, 'go infinite');
    await plain.page.waitForTimeout(300);
    await plain.timed('stop', /^bestmove/);
    const after = await plain.exchange([`position fen ${FEN} moves e1g1`, 'go depth 4'], /^bestmove/);
    expect(after.some((l) => / depth 4 /.test(l))).toBe(true);
    expect((await plain.lines()).slice(from).filter((l) => l.includes('Threads'))).toHaveLength(1);
    await plain.page.close();
  });

  test('without shared memory, go ponder then ponderhit gives a bestmove on the clock', async () => {
    const e = await open('plain');
    await e.exchange(['uci', 'isready'], /^readyok$/);
    await e.send(`position fen ${FEN} moves f1c4`, 'go ponder wtime 4000 btime 4000');
    await e.page.waitForTimeout(500);
    expect((await e.lines()).some((l) => l.startsWith('bestmove'))).toBe(false);
    const hit = await e.timed('ponderhit', /^bestmove/, 10_000);
    const after = new Chess(FEN);
    after.move({ from: 'f1', to: 'c4' });
    expect(legal(after.fen(), hit.line.split(' ')[1])).toBe(true);
    expect(hit.ms).toBeLessThan(4000);
    await e.page.close();
  });

  test("EvalPreset and EvalParams are the tuning build's: the page's worker answers each with one line, eval unchanged", async () => {
    writeFileSync(join(page.dir, 'pesto.json'), paramsToJson(presetParams('pesto-only')));
    const e = await open('plain');
    await e.exchange(['uci', `position fen ${FEN}`, 'setoption name Use NNUE value false'], /^uciok$/);
    const final = async () => (await e.exchange(['eval'], /^Final evaluation/)).at(-1);
    const full = await final();
    const lines = await e.exchange(
      ['setoption name EvalPreset value pesto-only', 'setoption name EvalParams value ../pesto.json', 'isready'],
      /^readyok$/,
    );
    expect(lines.filter((l) => l.startsWith('info string'))).toEqual([
      'info string setoption: EvalPreset is an option of the tuning build only (make TUNE=1); ignored',
      'info string setoption: EvalParams is an option of the tuning build only (make TUNE=1); ignored',
    ]);
    expect(await final()).toBe(full);
    await e.page.close();
  });

  test('EvalFile: a net file by URL (synchronous XHR for an ArrayBuffer); a corrupt or missing one refused with one line, the net kept', async () => {
    const good = encodeNet(randomNet(32, 2, 11));
    const corrupt = good.slice();
    corrupt[5000] ^= 4;
    writeFileSync(join(page.dir, 'good.nnue'), good);
    writeFileSync(join(page.dir, 'corrupt.nnue'), corrupt);
    const e = await open('plain');
    await e.exchange(['uci', `position fen ${FEN}`, 'setoption name Use NNUE value true'], /^uciok$/);
    const evalText = async () => (await e.exchange(['eval'], /^Final evaluation/)).join('\n');
    expect(await evalText()).toMatch(/NNUE: 256 hidden neurons a side/);
    await e.send('setoption name EvalFile value ../good.nnue');
    const loaded = await evalText();
    expect(loaded).toMatch(/NNUE: 32 hidden neurons a side, 2 output buckets/);
    for (const [file, message] of [
      [
        '/corrupt.nnue',
        /: net file: weights hash 0x[0-9a-f]{8} does not match the header's 0x[0-9a-f]{8} \(corrupt\); keeping the net \.\.\/good\.nnue$/,
      ],
      [
        '/nothing.nnue',
        /: could not fetch http:\/\/127\.0\.0\.1:\d+\/nothing\.nnue \(HTTP 404\); keeping the net \.\.\/good\.nnue$/,
      ],
    ] as const) {
      const out = await e.exchange([`setoption name EvalFile value ${file}`, 'isready'], /^readyok$/);
      const errors = out.filter((l) => l.startsWith('info string'));
      expect(errors, file).toHaveLength(1);
      expect(errors[0], file).toMatch(
        new RegExp(`^info string error: setoption: EvalFile "${file.replace('.', '\\.')}"`),
      );
      expect(errors[0], file).toMatch(message);
      expect(await evalText(), file).toBe(loaded);
    }
    await e.page.close();
  });

  test("bench in the worker: the Node build's node count", async () => {
    const nodeBench = new EngineProcess(['bench']);
    const nodeLine = await nodeBench.waitFor(/^Nodes searched: \d+$/, 300_000, 0);
    await nodeBench.exit();
    const e = await open('isolated');
    const lines = await e.exchange(['bench'], /^Nodes\/second: \d+$/, 600_000);
    expect(lines).toContain(nodeLine);
    console.log(`bench: worker ${lines.find((l) => l.startsWith('Nodes searched'))}, Node ${nodeLine}`);
    await e.page.close();
  });
});
