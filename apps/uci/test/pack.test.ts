/**
 * The npm package as a user gets it: `pnpm pack` of apps/uci, installed offline into a
 * fresh npm project in a temporary folder (it has no dependencies), then used from
 * there as the `tempo` command (`npx tempo`, UCI on stdin/stdout), through its
 * `exports` from Node (`tempo-chess`, `tempo-chess/worker`), and in Chromium: a tiny page served
 * from the project imports the client from 'tempo-chess' (an import map to the file Node
 * resolved) and starts the installed worker script, with and without cross-origin
 * isolation, and asks bestMove for a FEN. Skipped with a message where Chromium is
 * missing, except under CI=true (the command part needs no browser and always runs).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chess.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumOrSkip, launchChromium } from './browser';
import { installTarballs, packWithPnpm } from './packing';
// @ts-expect-error: a plain JavaScript module without declarations
import { serveStatic } from '../scripts/static-server.mjs';

const APP = fileURLToPath(new URL('..', import.meta.url));
const built = ['tempo.js', 'tempo-engine.js', 'tempo-worker.js', 'client.js', 'client.d.ts'].every((f) =>
  existsSync(join(APP, 'dist', f)),
);
if (!built && process.env.CI === 'true')
  throw new Error('apps/uci/dist is not built: run the build before the package test');
if (!built) console.warn('apps/uci package test skipped: dist is not built (npx -y pnpm@10.34.8 build)');
const browser = chromiumOrSkip('apps/uci package test in Chromium');
const VERSION = (JSON.parse(readFileSync(join(APP, 'package.json'), 'utf8')) as { version: string }).version;
const FEN = 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';

const legal = (fen: string, move: string) => new Chess(fen).moves({ verbose: true }).some((m) => m.lan === move);

describe.skipIf(!built)('the packed npm package', () => {
  let dir = '';
  let pkg: Record<string, unknown>;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tempo-pack-'));
    packWithPnpm(APP, dir);
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
    expect(tarball).toBe(`tempo-chess-${VERSION}.tgz`);
    installTarballs(dir, [tarball]);
    pkg = JSON.parse(readFileSync(join(dir, 'node_modules/tempo-chess/package.json'), 'utf8'));
  }, 300_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('installed with nothing else: no dependencies, the files, the licence', () => {
    expect(pkg.dependencies ?? {}).toEqual({});
    // The packed manifest keeps nothing of the monorepo's (pnpm's beforePacking hook, .pnpmfile.cjs).
    expect(pkg.devDependencies).toBeUndefined();
    expect(pkg.scripts).toBeUndefined();
    expect(pkg.private).toBeUndefined();
    expect(pkg.license).toBe('GPL-3.0-or-later');
    expect(readdirSync(join(dir, 'node_modules')).filter((f) => !f.startsWith('.'))).toEqual(['tempo-chess']);
    expect(readdirSync(join(dir, 'node_modules/tempo-chess')).sort()).toEqual([
      'LICENSE',
      'README.md',
      'dist',
      'package.json',
    ]);
    expect(readdirSync(join(dir, 'node_modules/tempo-chess/dist')).sort()).toEqual([
      'client.d.ts',
      'client.js',
      'tempo-engine.js',
      'tempo-worker.js',
      'tempo.js',
    ]);
    expect(readFileSync(join(dir, 'node_modules/tempo-chess/dist/client.d.ts'), 'utf8')).toMatch(
      /declare function createEngine\(source: WorkerSource/,
    );
    // The worker script imports nothing at run time (one IIFE).
    expect(readFileSync(join(dir, 'node_modules/tempo-chess/dist/tempo-worker.js'), 'utf8')).not.toMatch(
      /^\s*(import|export)\b/m,
    );
  });

  test('npx tempo: UCI on stdin/stdout, a legal bestmove', async () => {
    const child = spawn('npx', ['--no', 'tempo'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stdin.write(`uci\nisready\nposition fen ${FEN}\ngo depth 5\n`);
    await expect.poll(() => /^bestmove /m.test(out), { timeout: 60_000 }).toBe(true);
    child.stdin.write('quit\n');
    const code = await new Promise<number | null>((ok) => child.on('exit', ok));
    expect(code).toBe(0);
    expect(out).toMatch(/^uciok$/m);
    expect(out).toMatch(/^readyok$/m);
    expect(out).toMatch(/^info depth 5 /m);
    expect(legal(FEN, /^bestmove (\S+)/m.exec(out)![1])).toBe(true);
  });

  test('exports from Node: the client from "tempo-chess" and "tempo-chess/client", the worker script from "tempo-chess/worker"', () => {
    const script = `
      const m = await import('tempo-chess');
      const c = await import('tempo-chess/client');
      console.log(JSON.stringify({ keys: Object.keys(m).sort(), same: m.createEngine === c.createEngine,
        worker: import.meta.resolve('tempo-chess/worker'), client: import.meta.resolve('tempo-chess'), version: (await import('tempo-chess/package.json', { with: { type: 'json' } })).default.version }));`;
    const r = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' }),
    );
    expect(r.keys).toEqual(['createEngine', 'parseInfo', 'parseOption']);
    expect(r.same).toBe(true);
    expect(fileURLToPath(r.worker)).toBe(join(dir, 'node_modules/tempo-chess/dist/tempo-worker.js'));
    expect(fileURLToPath(r.client)).toBe(join(dir, 'node_modules/tempo-chess/dist/client.js'));
    expect(r.version).toBe(VERSION);
  });

  test.skipIf(!browser)(
    'in Chromium: the client from "tempo-chess" drives the installed worker to a legal bestMove, isolated and not',
    async () => {
      const resolve = (spec: string) =>
        fileURLToPath(
          execFileSync(process.execPath, ['--input-type=module', '-e', `console.log(import.meta.resolve('${spec}'))`], {
            cwd: dir,
            encoding: 'utf8',
          }).trim(),
        );
      const clientPath = '/' + relative(dir, resolve('tempo-chess'));
      const workerPath = '/' + relative(dir, resolve('tempo-chess/worker'));
      writeFileSync(
        join(dir, 'index.html'),
        `<!doctype html><html><head><meta charset="utf-8"><script type="importmap">${JSON.stringify({ imports: { 'tempo-chess': clientPath } })}</script></head><body>
<script type="module">
import { createEngine } from 'tempo-chess';
window.bestMove = async (fen, type) => {
  const engine = createEngine(${JSON.stringify(workerPath)}, { type });
  try {
    await engine.ready();
    const r = await engine.bestMove(fen, { depth: 6 });
    return { bestmove: r.bestmove, infos: r.info.length, mode: [...engine.options.keys()].includes('Ponder') };
  } finally {
    engine.terminate();
  }
};
window.loaded = true;
</script></body></html>`,
      );
      const { context, close } = await launchChromium();
      try {
        for (const isolation of [true, false]) {
          const server = (await serveStatic({ roots: { '/': dir }, isolation })) as {
            url: string;
            close: () => Promise<void>;
          };
          const page = await context.newPage();
          const errors: string[] = [];
          page.on('pageerror', (e) => errors.push(e.message));
          await page.goto(server.url);
          await page.waitForFunction(() => (globalThis as unknown as { loaded?: boolean }).loaded === true);
          for (const type of ['classic', 'module'] as const) {
            const r = (await page.evaluate(
              ([fen, t]) =>
                (
                  globalThis as unknown as {
                    bestMove(f: string, t: string): Promise<{ bestmove: string; infos: number; mode: boolean }>;
                  }
                ).bestMove(fen, t),
              [FEN, type] as const,
            )) as {
              bestmove: string;
              infos: number;
              mode: boolean;
            };
            expect(legal(FEN, r.bestmove)).toBe(true);
            expect(r.infos).toBeGreaterThanOrEqual(6);
            expect(r.mode).toBe(isolation); // Ponder is offered only with shared memory
          }
          expect(errors).toEqual([]);
          await page.close();
          await server.close();
        }
      } finally {
        await close();
      }
    },
  );
});
