/**
 * The page in a real browser (Debian's Chromium driven by playwright-core), at desktop
 * size and at a phone's (390 x 844, touch). Most tests run against a scripted engine
 * worker (test/scripted-engine.js, served in place of the built engine worker), so they
 * check the page itself and never wait on a real search's timing; one smoke test runs
 * the real engine. Screenshots go to $TEMPO_DATA/screenshots (or ~/.tempo/screenshots),
 * outside the work tree. Every wait is on a condition, never a fixed sleep.
 * Skipped with a message where Chromium is missing, except under CI=true.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { parseUci } from 'chessops/util';
import type { NormalMove } from 'chessops/types';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Worker as PwWorker } from 'playwright-core';

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
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SHOTS = join(process.env.TEMPO_DATA ?? join(homedir(), '.tempo'), 'screenshots');
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** Morphy's Opera game, as the scripted engine knows it. */
const OPERA = (
  'e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 b1c3 c7c6 c1g5 b7b5 ' +
  'c3b5 c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 b5d7 f6d7 b3b8 d7b8 d1d8'
).split(' ');
const OPERA_PGN =
  '1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 ' +
  '10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0';
/** The scripted engine's score after k plies, White's view (its contract, restated here). */
const whiteCp = (k: number) => Math.round(20 + 50 * k * Math.sin(k / 3));
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** The position after `moves` from `fen`, worked out here with chessops, apart from the page. */
function fenAfter(moves: string[], fen = START): string {
  const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  for (const m of moves) {
    const move = parseUci(m) as NormalMove;
    if (!pos.isLegal(move)) throw new Error(`${m} is not legal in ${makeFen(pos.toSetup())}`);
    pos.play(move);
  }
  return makeFen(pos.toSetup());
}
/** Whether every move of `pv` is legal in turn from `fen`. */
function legalFrom(fen: string, pv: string[]): boolean {
  try {
    fenAfter(pv, fen);
    return true;
  } catch {
    return false;
  }
}

interface Served {
  url: string;
  close: () => Promise<void>;
}

describe.skipIf(!haveChromium)('the page in Chromium', () => {
  let outDir = '';
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const servers: Served[] = [];

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'tempo-web-test-'));
    mkdirSync(SHOTS, { recursive: true });
    const { build } = await import('vite');
    await build({
      root: WEB,
      configFile: join(WEB, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
    const { chromium } = await import('playwright-core');
    // launch() starts Chromium with a fresh temporary --user-data-dir of its own (it refuses one
    // given in args), and lets each test open its own context at desktop or phone size
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
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
    contexts.length = 0;
  }, 120_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    for (const s of servers) await s.close();
    rmSync(outDir, { recursive: true, force: true });
  });

  interface Opened {
    page: Page;
    worker: Promise<PwWorker>;
    problems: string[];
    received: () => Promise<string[]>;
  }

  /** Opens the built page on a fresh server (a fresh origin, so fresh storage), the engine scripted unless `real`. */
  async function open(isolation: boolean, options: BrowserContextOptions & { real?: boolean } = {}): Promise<Opened> {
    // @ts-expect-error: a plain JavaScript module without declarations
    const { startServer } = (await import('../scripts/serve.mjs')) as { startServer: (o: object) => Promise<Served> };
    const server = await startServer({ dir: outDir, port: 0, isolation });
    servers.push(server);
    const { real, ...contextOptions } = options;
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, ...contextOptions });
    contexts.push(context);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    const headers: Record<string, string> = isolation
      ? { 'Cross-Origin-Resource-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' }
      : {};
    if (!real)
      await page.route('**/assets/engine-worker-*.js', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: SCRIPTED, headers }),
      );
    let latest: Promise<PwWorker> = page.waitForEvent('worker');
    page.on('worker', (w) => (latest = Promise.resolve(w)));
    await page.goto(server.url);
    return {
      page,
      get worker() {
        return latest;
      },
      problems,
      received: async () => (await (await latest).evaluate('self.received')) as string[],
    };
  }

  /** The centre of `square` on the board, in page coordinates. */
  async function squareAt(page: Page, square: string): Promise<{ x: number; y: number }> {
    await page.locator('#board').scrollIntoViewIfNeeded(); // a click elsewhere may have scrolled it away
    // chessground learns of a scroll from its scroll event, dispatched before the next frame's callbacks
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const box = (await page.locator('#board cg-board').boundingBox())!;
    const black = await page.locator('#board').evaluate((el) => el.classList.contains('orientation-black'));
    const f = square.charCodeAt(0) - 97;
    const r = Number(square[1]) - 1;
    const x = black ? 7 - f : f;
    const y = black ? r : 7 - r;
    return { x: box.x + ((x + 0.5) * box.width) / 8, y: box.y + ((y + 0.5) * box.height) / 8 };
  }
  async function click(page: Page, square: string): Promise<void> {
    const { x, y } = await squareAt(page, square);
    await page.mouse.click(x, y);
  }
  async function tap(page: Page, square: string): Promise<void> {
    const { x, y } = await squareAt(page, square);
    await page.touchscreen.tap(x, y);
  }
  /**
   * A move by two clicks (or taps). chessground hands a move to the page on a timer, so
   * this waits until the board shows another position, unless the move is not expected
   * to change it (a promotion waiting for its piece, a move the page must refuse).
   */
  async function move(page: Page, uci: string, how: 'click' | 'tap' = 'click', changes = true): Promise<void> {
    const act = how === 'tap' ? tap : click;
    const before = await boardFen(page);
    await act(page, uci.slice(0, 2));
    await act(page, uci.slice(2, 4));
    if (changes) await poll(() => boardFen(page)).not.toBe(before);
  }

  /** expect.poll with room for a loaded machine (the default gives up after one second). */
  const poll = <T>(f: () => Promise<T> | T, timeout = 20_000) => expect.poll(f, { timeout });
  const moves = (page: Page) =>
    page
      .locator('#moves button.san')
      .allTextContents()
      .then((t) => t.filter(Boolean));
  const boardFen = (page: Page) => page.locator('#board').getAttribute('data-fen');
  const status = (page: Page) => page.locator('#status').textContent();
  const shot = async (page: Page, name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SHOTS, `web-${name}.png`) });
  };

  async function loadText(page: Page, text: string): Promise<void> {
    if (!(await page.locator('#load').evaluate((d) => (d as HTMLDetailsElement).open)))
      await page.locator('#load summary').click();
    await page.fill('#load-text', text);
    await page.click('#load-button');
  }

  /** The lines on screen: the FEN they are for, the board's FEN, and each pv in UCI. */
  const shownLines = (page: Page) =>
    page.evaluate(() => ({
      board: document.getElementById('board')!.dataset.fen ?? '',
      fen: document.getElementById('analysis-lines')!.dataset.fen ?? '',
      pvs: [...document.querySelectorAll<HTMLElement>('#analysis-lines .line')].map((l) => l.dataset.pv ?? ''),
    }));

  test('isolated: moves by clicks, an illegal reply refused, promotion inside the board, analysis starts and stops', async () => {
    const { page, problems, received } = await open(true);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await poll(() => page.locator('#threads').isEnabled()).toBe(true);

    await move(page, 'e2e4');
    await poll(() => moves(page)).toEqual(['e4', 'e5']);
    expect(await status(page)).toBe('Your move');
    expect(await received()).toContain(`position fen ${START} moves e2e4`);
    expect((await received()).find((l) => l.startsWith('go '))).toMatch(/^go wtime \d+ btime \d+ winc 3000 binc 3000$/);
    expect(await received()).toContain('setoption name Threads value 1');

    await move(page, 'b1c3');
    await poll(() => status(page)).toContain('Tempo answered a1a8, which was not played');
    expect(await moves(page)).toEqual(['e4', 'e5', 'Nc3']);

    await page.click('#takeback');
    expect(await moves(page)).toEqual(['e4', 'e5']);
    await page.click('#tab-analyse');
    // analysis waits for the person: the button says what it will do
    expect(await page.locator('#analyse-toggle').textContent()).toBe('Start analysis');
    expect(await page.locator('#analysis-lines .line').count()).toBe(0);
    await page.click('#analyse-toggle');
    expect(await page.locator('#analyse-toggle').textContent()).toBe('Stop analysis');
    await poll(() => page.locator('#analysis-lines .line').count()).toBe(3);
    const depth = async () => Number((await page.locator('#analysis-lines .depth').first().textContent())!.slice(1));
    const first = await depth();
    await poll(depth).toBeGreaterThan(first);
    expect(await page.locator('#analysis-lines .pv').first().textContent()).toBe('2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3');
    expect(await page.locator('#analysis-stats').textContent()).toContain('500 kn/s');
    await page.click('#analyse-toggle');
    expect(await page.locator('#analyse-toggle').textContent()).toBe('Start analysis');
    await poll(async () => (await received()).includes('stop')).toBe(true);
    const stopped = await depth();
    // the worker has acknowledged the stop with its bestmove: nothing can deepen the lines now
    await poll(async () => (await received()).filter((l) => l === 'stop').length).toBeGreaterThan(0);
    expect(await depth()).toBe(stopped);

    await page.click('#tab-play');
    await loadText(page, '8/P6k/8/8/8/8/8/K7 w - - 0 1');
    await move(page, 'a7a8', 'click', false);
    await poll(() => page.locator('.promotion-choice').count()).toBe(4);
    const board = (await page.locator('#board').boundingBox())!;
    for (const b of [
      await page.locator('.promotion').boundingBox(),
      ...(await Promise.all((await page.locator('.promotion-choice').all()).map((c) => c.boundingBox()))),
    ]) {
      expect(b!.x).toBeGreaterThanOrEqual(board.x - 0.5);
      expect(b!.y).toBeGreaterThanOrEqual(board.y - 0.5);
      expect(b!.x + b!.width).toBeLessThanOrEqual(board.x + board.width + 0.5);
      expect(b!.y + b!.height).toBeLessThanOrEqual(board.y + board.height + 0.5);
    }
    await page.click('.promotion-choice[data-role="knight"]');
    await poll(() => moves(page)).toEqual(['a8=N']);
    expect(problems).toEqual([]);
  });

  test('the move list is the history: past positions analysed with their own lines, never stale ones', async () => {
    const { page, problems } = await open(false);
    await page.click('#tab-analyse');
    await loadText(page, OPERA_PGN);
    await poll(() => moves(page).then((m) => m.length)).toBe(33);
    expect(await boardFen(page)).toBe(fenAfter(OPERA));

    // a move that was played while analysis is off leaves no lines of the position before
    await page.click('#moves button[data-ply="6"]');
    expect(await boardFen(page)).toBe(fenAfter(OPERA.slice(0, 6)));
    await page.click('#analyse-toggle');
    await poll(() => page.locator('#analysis-lines .line').count()).toBe(1);
    expect(await page.locator('#eval .eval-number').textContent()).toBe(signed(whiteCp(6)));
    await page.click('#analyse-toggle');
    await move(page, 'd4e5');
    expect(await boardFen(page)).toBe(fenAfter(OPERA.slice(0, 7)));
    expect(await page.locator('#analysis-lines .line').count()).toBe(0);
    expect(await page.locator('#eval .eval-number').textContent()).toBe('…');
    // the move was the game's own: the rest of the game stays
    expect((await moves(page)).length).toBe(33);

    // jumps through ten positions within 100 ms while analysis runs: every line drawn is legal from the board's position
    await page.click('#analyse-toggle');
    await poll(() => page.locator('#analysis-lines .line').count()).toBe(1);
    await page.locator('#moves button[data-ply="20"]').focus();
    await page.keyboard.press('Enter');
    await poll(() => boardFen(page)).toBe(fenAfter(OPERA.slice(0, 20)));
    await page.locator('body').focus();
    const seen = await page.evaluate(async () => {
      const snapshots: { board: string; fen: string; pvs: string[] }[] = [];
      const take = () =>
        snapshots.push({
          board: document.getElementById('board')!.dataset.fen ?? '',
          fen: document.getElementById('analysis-lines')!.dataset.fen ?? '',
          pvs: [...document.querySelectorAll<HTMLElement>('#analysis-lines .line')].map((l) => l.dataset.pv ?? ''),
        });
      const observer = new MutationObserver(take);
      observer.observe(document.getElementById('analysis-lines')!, {
        childList: true,
        subtree: true,
        attributes: true,
      });
      const t0 = performance.now();
      for (let i = 0; i < 10; i++) {
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
        take();
        await new Promise((r) => setTimeout(r, 0)); // a task's turn: engine lines arriving now are handled between jumps
      }
      const elapsed = performance.now() - t0;
      await new Promise<void>((resolve) => {
        const check = () =>
          document.querySelectorAll('#analysis-lines .line').length > 0 ? resolve() : requestAnimationFrame(check);
        check();
      });
      take();
      observer.disconnect();
      return { snapshots, elapsed };
    });
    console.log(`ten jumps in ${seen.elapsed.toFixed(0)} ms`);
    expect(await boardFen(page)).toBe(fenAfter(OPERA.slice(0, 10)));
    let withLines = 0;
    for (const s of seen.snapshots) {
      if (!s.pvs.length) continue;
      withLines++;
      expect(s.fen).toBe(s.board);
      for (const pv of s.pvs) expect(legalFrom(s.board, pv.split(' ')), `${pv} from ${s.board}`).toBe(true);
    }
    expect(withLines).toBeGreaterThan(0);
    const last = await shownLines(page);
    expect(last.fen).toBe(fenAfter(OPERA.slice(0, 10)));
    expect(last.pvs[0]!.split(' ')[0]).toBe(OPERA[10]);
    await shot(page, 'past-position-analysis');

    // play on from a past position: a different move replaces the rest of the game
    await move(page, 'c2c3');
    await poll(() => moves(page)).toEqual(['e4', 'e5', 'Nf3', 'd6', 'd4', 'Bg4', 'dxe5', 'Bxf3', 'Qxf3', 'dxe5', 'c3']);
    expect(await page.locator('#moves .current').textContent()).toBe('c3');
    // the position is off the scripted game: the engine has no line for it, and nothing old is shown
    expect((await shownLines(page)).pvs).toEqual([]);
    await page.keyboard.press('Home');
    expect(await boardFen(page)).toBe(START);
    await page.keyboard.press('End');
    expect(await boardFen(page)).toBe(fenAfter([...OPERA.slice(0, 10), 'c2c3']));
    expect(problems).toEqual([]);
  });

  test('Play mode with the evaluation on: a whole game to mate, its graph and PGN, a point clicked to go to its move', async () => {
    const { page, problems, received } = await open(false);
    expect(await page.locator('#eval').isVisible()).toBe(false);
    expect(await page.locator('#show-eval').isChecked()).toBe(false);
    await page.check('#show-eval');
    expect(await page.locator('#eval').isVisible()).toBe(true);
    await page.selectOption('#time-control', 'none');
    await page.click('#new-game');
    for (let i = 0; i < OPERA.length; i += 2) {
      await move(page, OPERA[i]!);
      await poll(() => moves(page).then((m) => m.length)).toBe(Math.min(i + 2, OPERA.length));
    }
    await poll(() => status(page)).toBe('Checkmate: White wins');
    expect(await page.locator('#resign').isDisabled()).toBe(true);
    await move(page, 'a2a3', 'click', false); // the board is locked after the end
    expect((await moves(page)).length).toBe(OPERA.length);
    await page.evaluate(() =>
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      }),
    );
    await page.click('#copy-pgn');
    await poll(() => page.locator('#load-text').inputValue()).toContain('17. Rd8# { Checkmate: White wins } 1-0');
    // a short search after each of the person's moves (none after the mate), the engine's score after its own
    expect((await received()).filter((l) => l === 'go nodes 20000').length).toBe(16);
    const points = page.locator('#graph .graph-point');
    expect(await points.count()).toBe(32);
    const plies = await points.evaluateAll((ps) => ps.map((p) => Number(p.getAttribute('data-ply'))));
    expect(plies).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    // the points' heights follow White's view, clamped at ten pawns: after the person's move (odd plies) the
    // short search's score of that position, after Tempo's the score of the search that chose the move
    const ys = await points.evaluateAll((ps) => ps.map((p) => Number(p.getAttribute('cy'))));
    const pawns = plies.map((k) => Math.max(-10, Math.min(10, whiteCp(k % 2 ? k : k - 1) / 100)));
    const mid = 40;
    for (let i = 0; i < ys.length; i++) expect(ys[i]!).toBeCloseTo(mid - (pawns[i]! / 10) * 36, 0);
    expect(await page.locator('#eval .eval-number').textContent()).toBe('1-0'); // the mate itself shows the result
    await page.click('#tab-analyse');
    await shot(page, 'evaluation-graph');
    await points.nth(9).click();
    expect(await boardFen(page)).toBe(fenAfter(OPERA.slice(0, 10)));
    expect(await page.locator('#moves .current').textContent()).toBe('dxe5');
    expect(await page.locator('#eval .eval-number').textContent()).toBe(signed(whiteCp(9)));
    expect(problems).toEqual([]);
  });

  test('settings say when they apply; served without isolation, Threads is disabled with the reason', async () => {
    const { page, problems, received } = await open(false);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    expect(await page.locator('#threads').isDisabled()).toBe(true);
    expect(await page.locator('#threads-hint').textContent()).toContain(
      'without the two cross-origin isolation headers',
    );
    expect(await page.locator('#time-hint').textContent()).toBe('Applies now: this game has not started.');
    await page.selectOption('#time-control', '1+0');
    expect(await page.locator('#clock-bottom .time').textContent()).toBe('1:00');
    await move(page, 'e2e4');
    await poll(() => moves(page)).toEqual(['e4', 'e5']);
    expect(await page.locator('#time-hint').textContent()).toBe('Applies to the next game (this one has started).');
    expect((await received()).some((l) => l.includes('Threads'))).toBe(false);
    await page.selectOption('#time-control', '10+5');
    expect(await page.locator('#clock-top .time').textContent()).toMatch(/^0:5\d/);
    expect(await page.locator('#color-hint').textContent()).toBe('Applies to the next game.');
    expect(await page.locator('#strength-hint').textContent()).toBe("Applies now, from Tempo's next move.");
    await page.selectOption('#strength-kind', 'skill');
    expect(await page.locator('#clock-top .name').textContent()).toBe('Tempo (Skill Level 10)');
    await page.click('#new-game');
    expect(await page.locator('#clock-bottom .time').textContent()).toBe('10:00');
    expect(problems).toEqual([]);
  });

  test('a phone: the board fills the width, moves by tapping, legible coordinates, nothing past the board', async () => {
    const { page, problems } = await open(false, PHONE);
    const board = (await page.locator('#board').boundingBox())!;
    expect(board.width).toBeGreaterThanOrEqual(360);
    expect(board.x).toBeGreaterThanOrEqual(0);
    expect(board.x + board.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const coordSize = await page
      .locator('#board coords.files coord')
      .first()
      .evaluate((c) => parseFloat(getComputedStyle(c).fontSize));
    expect(coordSize).toBeGreaterThanOrEqual(11);
    await page.check('#show-eval');
    await move(page, 'e2e4', 'tap');
    await poll(() => moves(page)).toEqual(['e4', 'e5']);
    await move(page, 'g1f3', 'tap');
    await poll(() => moves(page)).toEqual(['e4', 'e5', 'Nf3', 'd6']);
    const evalBox = (await page.locator('#eval').boundingBox())!;
    expect(evalBox.x + evalBox.width).toBeLessThanOrEqual(390);
    await shot(page, 'phone-mid-game');

    await loadText(page, '8/P6k/8/8/8/8/8/K7 w - - 0 1');
    await page.locator('#board').scrollIntoViewIfNeeded();
    await move(page, 'a7a8', 'tap', false);
    await poll(() => page.locator('.promotion-choice').count()).toBe(4);
    const b = (await page.locator('#board').boundingBox())!;
    for (const c of await page.locator('.promotion, .promotion-choice').all()) {
      const r = (await c.boundingBox())!;
      expect(r.x).toBeGreaterThanOrEqual(b.x - 0.5);
      expect(r.x + r.width).toBeLessThanOrEqual(b.x + b.width + 0.5);
      expect(r.y).toBeGreaterThanOrEqual(b.y - 0.5);
      expect(r.y + r.height).toBeLessThanOrEqual(b.y + b.height + 0.5);
    }
    const q = (await page.locator('.promotion-choice[data-role="queen"]').boundingBox())!;
    await page.touchscreen.tap(q.x + q.width / 2, q.y + q.height / 2);
    await poll(() => moves(page)).toEqual(['a8=Q']);
    expect(problems).toEqual([]);
  });

  test('Chess960: a numbered start, castling by moving the king onto the rook, a PGN that reloads exactly', async () => {
    const { page, problems, received } = await open(false);
    await page.click('#tab-analyse');
    await page.selectOption('#variant', 'chess960');
    await page.fill('#chess960-number', '961');
    await page.click('#new-game');
    expect(await status(page)).toBe(
      'A Chess960 start is a number from 0 to 959 (or empty for a random one), not "961"',
    );
    await page.fill('#chess960-number', '300');
    await page.click('#new-game');
    expect(await boardFen(page)).toBe('qbnrkrbn/pppppppp/8/8/8/8/PPPPPPPP/QBNRKRBN w KQkq - 0 1');
    await shot(page, 'chess960-start');
    for (const m of ['h2h3', 'h7h6', 'g1h2', 'g8h7']) await move(page, m);
    await move(page, 'e1f1'); // the king onto its own rook
    await poll(() => moves(page)).toEqual(['h3', 'h6', 'Bh2', 'Bh7', 'O-O']);
    expect((await boardFen(page))!.split(' ')[0]).toBe('qbnrkr1n/pppppppb/7p/8/8/7P/PPPPPPPB/QBNR1RKN');
    await page.click('#analyse-toggle');
    await poll(async () => (await received()).includes('setoption name UCI_Chess960 value true')).toBe(true);
    await page.click('#analyse-toggle');
    await page.evaluate(() =>
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('no')) } }),
    );
    await page.click('#copy-pgn');
    await poll(() => page.locator('#load-text').inputValue()).toContain('[Variant "Chess960"]');
    const pgn = await page.locator('#load-text').inputValue();
    expect(pgn).toContain('[SetUp "1"]\n[FEN "qbnrkrbn/pppppppp/8/8/8/8/PPPPPPPP/QBNRKRBN w KQkq - 0 1"]');
    const fen = await boardFen(page);
    await page.selectOption('#variant', 'standard');
    await page.click('#new-game');
    expect(await boardFen(page)).toBe(START);
    await loadText(page, pgn);
    await poll(() => boardFen(page)).toBe(fen);
    expect(await moves(page)).toEqual(['h3', 'h6', 'Bh2', 'Bh7', 'O-O']);
    // a random start is a legal Chess960 rank
    await page.selectOption('#variant', 'chess960');
    await page.fill('#chess960-number', '');
    await page.click('#new-game');
    const rank = (await boardFen(page))!.split(' ')[0]!.split('/')[7]!;
    expect([...rank].sort().join('')).toBe('BBKNNQRR');
    expect(problems).toEqual([]);
  });

  test('accessible: no serious axe finding at either size or scheme, every control reachable and a typed move played', async () => {
    const { page, problems } = await open(false);
    const axe = async () => {
      await page.addScriptTag({ content: AXE });
      const found = (await page.evaluate(async () => {
        const r = await (
          window as unknown as { axe: { run: (o: object) => Promise<{ violations: object[] }> } }
        ).axe.run({ resultTypes: ['violations'] });
        return r.violations;
      })) as { id: string; impact: string; nodes: { target: string[] }[] }[];
      return found
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    expect(await axe()).toEqual([]);

    // a move typed by its squares, then one in SAN, from the keyboard alone
    await page.focus('#move-input');
    await page.keyboard.type('e2e4');
    await page.keyboard.press('Enter');
    await poll(() => moves(page)).toEqual(['e4', 'e5']);
    await page.keyboard.type('Nf3');
    await page.keyboard.press('Enter');
    await poll(() => moves(page)).toEqual(['e4', 'e5', 'Nf3', 'd6']);
    await page.keyboard.type('Qh5');
    await page.keyboard.press('Enter');
    expect(await status(page)).toBe('"Qh5" is not a legal move here (squares like e2e4, or SAN like Nf3)');

    // Tab reaches every visible control of the page
    const controls = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('button, select, input, textarea, summary')]
        .filter((e) => e.checkVisibility({ visibilityProperty: true }) && !(e as HTMLButtonElement).disabled)
        .map((e) => e.id || e.textContent!.trim()),
    );
    await page.focus('#tab-play');
    const reached = new Set<string>();
    for (let i = 0; i < 80; i++) {
      reached.add(await page.evaluate(() => document.activeElement!.id || document.activeElement!.textContent!.trim()));
      await page.keyboard.press('Tab');
    }
    for (const c of controls) expect(reached, `Tab never reaches ${c}`).toContain(c);

    // the mode tabs, the analysis control and the move list work from the keyboard
    await page.focus('#tab-analyse');
    await page.keyboard.press('Enter');
    expect(await page.locator('#analysis-settings').isVisible()).toBe(true);
    await page.focus('#analyse-toggle');
    await page.keyboard.press('Space');
    await poll(() => page.locator('#analysis-lines .line').count()).toBeGreaterThan(0);
    await page.focus('#moves button[data-ply="2"]');
    await page.keyboard.press('Enter');
    expect(await boardFen(page)).toBe(fenAfter(OPERA.slice(0, 2)));
    expect(await axe()).toEqual([]);

    // the system's dark preference turns the page dark; light stays light
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background()).toBe('rgb(244, 242, 238)');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await background()).toBe('rgb(22, 21, 18)');
    expect(await axe()).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axe()).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('a game in progress survives a reload, in play and in analysis', async () => {
    const { page, problems } = await open(false);
    await move(page, 'e2e4');
    await poll(() => moves(page)).toEqual(['e4', 'e5']);
    await page.reload();
    await poll(() => moves(page)).toEqual(['e4', 'e5']);
    expect(await status(page)).toBe('Your move');
    await page.click('#tab-analyse');
    await page.click('#moves button[data-ply="1"]');
    await page.reload();
    await poll(() => moves(page)).toEqual(['e4', 'e5']);
    expect(await page.locator('#analysis-settings').isVisible()).toBe(true);
    expect(await boardFen(page)).toBe(fenAfter(['e2e4']));
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
    await move(page, 'e2e4');
    await poll(() => moves(page)).toEqual(['e4', 'e5']);
    expect(problems).toEqual([]);
  });

  test('a flag falls at 1+0 when the person lets the clock run out', async () => {
    const { page, problems } = await open(false);
    await page.clock.install();
    await page.reload();
    await page.selectOption('#time-control', '1+0');
    expect(await page.locator('#clock-bottom .time').textContent()).toBe('1:00');
    await move(page, 'e2e4');
    await poll(() => moves(page)).toEqual(['e4', 'e5']);
    await page.clock.runFor(61_000);
    await poll(() => status(page)).toBe("White's time is up: Black wins");
    expect(await page.locator('#clock-bottom .time').textContent()).toBe('0:00.0');
    expect(await page.locator('#moves .result').textContent()).toContain('0-1');
    expect(problems).toEqual([]);
  });

  test('the real engine, served without isolation: it answers a move and analyses with legal lines', async () => {
    const { page, problems } = await open(false, { real: true });
    await page.selectOption('#time-control', 'none');
    await page.selectOption('#movetime', '500');
    await move(page, 'e2e4');
    await poll(() => moves(page).then((m) => m.length), 90_000).toBe(2);
    await page.click('#tab-analyse');
    await page.click('#analyse-toggle');
    await poll(async () => {
      const l = await shownLines(page);
      const depth = Number(
        (await page
          .locator('#analysis-lines .depth')
          .first()
          .textContent()
          .catch(() => 'd0'))!.slice(1),
      );
      return l.pvs.length > 0 && depth >= 4 && l.fen === l.board;
    }, 90_000).toBe(true);
    const l = await shownLines(page);
    for (const pv of l.pvs) expect(legalFrom(l.board, pv.split(' ')), pv).toBe(true);
    await page.click('#analyse-toggle');
    expect(problems).toEqual([]);
  }, 200_000);
});

/** `+0.35` / `-1.20` for centipawns, as the page writes scores. */
function signed(cp: number): string {
  return `${cp > 0 ? '+' : cp < 0 ? '-' : ''}${(Math.abs(cp) / 100).toFixed(2)}`;
}
