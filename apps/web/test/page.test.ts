/**
 * The page in a real browser (Debian's Chromium driven by playwright-core), against a
 * scripted engine worker (test/scripted-engine.js, served in place of the built engine
 * worker), so these tests check the page itself: clicks become moves, the engine's
 * reply is shown, an illegal engine move is refused, promotion asks for a piece,
 * analysis lines deepen and stop, Threads appears only when cross-origin isolated,
 * and the console stays clean. The page is built into a temporary folder first.
 * Skipped with a message where Chromium is missing, except under CI=true.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page, Worker as PwWorker } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI === 'true')
  throw new Error(
    `Chromium is missing at ${CHROMIUM}: the browser tests cannot run under CI=true (apt-get install chromium)`,
  );
if (!haveChromium)
  console.warn(
    `apps/web browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`,
  );

const WEB = fileURLToPath(new URL('..', import.meta.url));
const SCRIPTED = readFileSync(fileURLToPath(new URL('./scripted-engine.js', import.meta.url)), 'utf8');

interface Served {
  url: string;
  close: () => Promise<void>;
}

describe.skipIf(!haveChromium)('the page in Chromium', () => {
  let outDir = '';
  let userDir = '';
  let context: BrowserContext;
  const servers: Served[] = [];

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'tempo-web-test-'));
    const { build } = await import('vite');
    await build({
      root: WEB,
      configFile: join(WEB, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
    const { chromium } = await import('playwright-core');
    userDir = mkdtempSync(join(tmpdir(), 'tempo-web-chromium-'));
    context = await chromium.launchPersistentContext(userDir, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1280, height: 800 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await context?.close();
    for (const s of servers) await s.close();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(userDir, { recursive: true, force: true });
  });

  /** Opens the built page on a fresh server, the engine worker replaced by the scripted one. */
  async function open(isolation: boolean): Promise<{ page: Page; worker: Promise<PwWorker>; problems: string[] }> {
    // @ts-expect-error: a plain JavaScript module without declarations
    const { startServer } = (await import('../scripts/serve.mjs')) as { startServer: (o: object) => Promise<Served> };
    const server = await startServer({ dir: outDir, port: 0, isolation });
    servers.push(server);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    const headers: Record<string, string> = isolation
      ? { 'Cross-Origin-Resource-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' }
      : {};
    await page.route('**/assets/engine-worker-*.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: SCRIPTED, headers }),
    );
    const worker = page.waitForEvent('worker');
    await page.goto(server.url);
    return { page, worker, problems };
  }

  async function click(page: Page, square: string): Promise<void> {
    const box = (await page.locator('#board cg-board').boundingBox())!;
    const black = await page.locator('#board').evaluate((el) => el.classList.contains('orientation-black'));
    const f = square.charCodeAt(0) - 97;
    const r = Number(square[1]) - 1;
    const x = black ? 7 - f : f;
    const y = black ? r : 7 - r;
    await page.mouse.click(box.x + ((x + 0.5) * box.width) / 8, box.y + ((y + 0.5) * box.height) / 8);
  }

  /** expect.poll with room for a loaded machine (the default gives up after one second). */
  const poll = <T>(f: () => Promise<T> | T) => expect.poll(f, { timeout: 15_000 });
  const moves = (page: Page) =>
    page
      .locator('#moves .san')
      .allTextContents()
      .then((t) => t.filter(Boolean));

  test('isolated: a move by two clicks, the reply shown, an illegal reply refused, promotion, analysis deepens and stops', async () => {
    const { page, worker, problems } = await open(true);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await poll(() => page.locator('#threads-row').isVisible()).toBe(true);

    await click(page, 'e2');
    await click(page, 'e4');
    await poll(() => moves(page)).toEqual(['e4', 'e5']);
    expect(await page.locator('#status').textContent()).toBe('Your move');
    const w = await worker;
    const received = (await w.evaluate('self.received')) as string[];
    expect(received).toContain('position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4');
    expect(received.find((l) => l.startsWith('go '))).toMatch(/^go wtime \d+ btime \d+ winc 3000 binc 3000$/);
    expect(received).toContain('setoption name Threads value 1');

    await click(page, 'g1');
    await click(page, 'f3');
    await poll(() => page.locator('#status').textContent()).toContain('Tempo answered a1a8, which was not played');
    expect(await moves(page)).toEqual(['e4', 'e5', 'Nf3']);

    await page.click('#takeback');
    expect(await moves(page)).toEqual(['e4', 'e5']);
    await page.click('#tab-analyse');
    await poll(() => page.locator('#analysis-lines .line').count()).toBe(3);
    const depth = async () => Number((await page.locator('#analysis-lines .depth').first().textContent())!.slice(1));
    const first = await depth();
    await poll(depth).toBeGreaterThan(first);
    expect(await page.locator('#analysis-lines .pv').first().textContent()).toBe('2. Nf3 Nc6 3. Bb5 a6');
    expect(await page.locator('#analysis-stats').textContent()).toContain('500 kn/s');
    await page.click('#analyse-toggle');
    await poll(async () => ((await w.evaluate('self.received')) as string[]).includes('stop')).toBe(true);
    const stopped = await depth();
    await page.waitForTimeout(200);
    expect(await depth()).toBe(stopped);

    await page.click('#tab-play');
    await page.locator('#load summary').click();
    await page.fill('#load-text', '8/P6k/8/8/8/8/8/K7 w - - 0 1');
    await page.click('#load-button');
    await click(page, 'a7');
    await click(page, 'a8');
    await poll(() => page.locator('.promotion-choice').count()).toBe(4);
    await page.click('.promotion-choice[data-role="knight"]');
    await poll(() => moves(page)).toEqual(['a8=N']);

    await page.screenshot({ path: join(tmpdir(), 'tempo-web-page.png') });
    expect(problems).toEqual([]);
  });

  test('a worker that dies is reported with a restart button, and the restarted engine plays', async () => {
    const { page, problems } = await open(false);
    await page.unroute('**/assets/engine-worker-*.js');
    // the first worker load fails at start; the restart gets the scripted engine
    let loads = 0;
    await page.route('**/assets/engine-worker-*.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: loads++ === 0 ? "throw new Error('no engine here');" : SCRIPTED,
      }),
    );
    await page.reload();
    await poll(() => page.locator('#engine-error').isVisible()).toBe(true);
    expect(await page.locator('#engine-error-text').textContent()).toMatch(/^Tempo worker crashed: .*no engine here/);
    await page.click('#restart-engine');
    await poll(() => page.locator('#engine-error').isVisible()).toBe(false);
    await click(page, 'e2');
    await click(page, 'e4');
    await poll(() => moves(page)).toEqual(['e4', 'e5']);
    expect(problems).toEqual([]);
  });

  test('a game played to the end: the mate is shown, the board is locked, the PGN has the result', async () => {
    const { page, problems } = await open(false);
    await click(page, 'f2');
    await click(page, 'f3');
    await poll(() => moves(page)).toEqual(['f3', 'e5']);
    await click(page, 'g2');
    await click(page, 'g4');
    await poll(() => page.locator('#status').textContent()).toBe('Checkmate: Black wins');
    expect(await moves(page)).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
    expect(await page.locator('#resign').isDisabled()).toBe(true);
    await click(page, 'a2');
    await click(page, 'a3');
    expect(await moves(page)).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
    await page.evaluate(() =>
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      }),
    );
    await page.click('#copy-pgn');
    await poll(() => page.locator('#load-text').inputValue()).toContain(
      '1. f3 e5 2. g4 Qh4# { Checkmate: Black wins } 0-1',
    );
    expect(problems).toEqual([]);
  });

  test('a flag falls at 1+0 when the person lets the clock run out', async () => {
    const { page, problems } = await open(false);
    await page.clock.install();
    await page.reload();
    await page.selectOption('#time-control', '1+0');
    await page.click('#new-game');
    expect(await page.locator('#clock-bottom .time').textContent()).toBe('1:00');
    await click(page, 'e2');
    await click(page, 'e4');
    await poll(() => moves(page)).toEqual(['e4', 'e5']);
    await page.clock.runFor(61_000);
    await poll(() => page.locator('#status').textContent()).toBe("White's time is up: Black wins");
    expect(await page.locator('#clock-bottom .time').textContent()).toBe('0:00.0');
    expect(await page.locator('#moves .result').textContent()).toContain('0-1');
    expect(problems).toEqual([]);
  });

  test('not isolated: no Threads selector, no Threads option sent, the game still plays', async () => {
    const { page, worker, problems } = await open(false);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    await click(page, 'e2');
    await click(page, 'e4');
    await poll(() => moves(page)).toEqual(['e4', 'e5']);
    expect(await page.locator('#threads-row').isVisible()).toBe(false);
    const received = (await (await worker).evaluate('self.received')) as string[];
    expect(received.some((l) => l.includes('Threads'))).toBe(false);
    expect(problems).toEqual([]);
  });
});
