/**
 * Chromium (Debian's, driven by playwright-core) for the browser tests of the engine
 * package: a static server on 127.0.0.1 (scripts/static-server.mjs, with or without
 * cross-origin isolation) and a page whose `T` object starts a worker engine, posts
 * lines to it and waits for its lines, timing inside the page (no round trip to Node
 * in a latency figure). The same launch flags and skip rule as apps/web's tests.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);

/** Throws under CI=true when Chromium is missing; elsewhere warns once and returns false (the tests skip). */
export function chromiumOrSkip(what: string): boolean {
  if (!haveChromium && process.env.CI === 'true')
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: the browser tests cannot run under CI=true (apt-get install chromium)`,
    );
  if (!haveChromium)
    console.warn(`${what} skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  return haveChromium;
}

export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A persistent-context Chromium in a temporary profile; close() removes the profile. */
export async function launchChromium(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const { chromium } = await import('playwright-core');
  const userDir = mkdtempSync(join(tmpdir(), 'tempo-uci-chromium-'));
  const context = await chromium.launchPersistentContext(userDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: LAUNCH_ARGS,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDir, { recursive: true, force: true });
    },
  };
}

/** The page's script: `T.start(url, type)`, `T.send(line)`, `T.wait(regex, from, ms)`, `T.timed(line, regex, ms)`. */
export const HARNESS = `
window.T = {
  w: null, lines: [], errors: [],
  start(url, type) {
    this.w = type ? new Worker(url, { type, name: 'tempo-test' }) : new Worker(url);
    this.w.onmessage = (e) => this.lines.push(typeof e.data === 'string' ? e.data : 'NOT A STRING: ' + JSON.stringify(e.data));
    this.w.onerror = (e) => this.errors.push(e.message || 'worker error');
  },
  send(line) { this.w.postMessage(line); },
  wait(src, from, ms) {
    const re = new RegExp(src), t0 = performance.now();
    return new Promise((resolve, reject) => {
      const check = () => {
        for (let i = from; i < this.lines.length; i++) if (re.test(this.lines[i])) return resolve({ index: i, line: this.lines[i], ms: performance.now() - t0 });
        if (this.errors.length) return reject(new Error('worker error: ' + this.errors.join('; ')));
        if (performance.now() - t0 > ms) return reject(new Error('no line /' + src + '/ within ' + ms + ' ms; last lines: ' + this.lines.slice(-4).join(' | ')));
        setTimeout(check, 1);
      };
      check();
    });
  },
  timed(line, src, ms) { const from = this.lines.length; this.send(line); return this.wait(src, from, ms); },
};
`;

/** A folder with index.html running HARNESS (and `extra` script), for a static server's root. */
export function harnessDir(extra = '', head = ''): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'tempo-uci-page-'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><meta charset="utf-8">${head}<title>tempo test</title></head><body><script>${HARNESS}</script>${extra}</body></html>`,
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Waited {
  index: number;
  line: string;
  ms: number;
}

/**
 * A page error as a plain Error: Playwright's carries the page's stack, whose
 * http://127.0.0.1:port/ frames vitest would try to read as files.
 */
function plain<T>(p: Promise<T>): Promise<T> {
  return p.catch((e: unknown) => {
    throw new Error(String((e as Error).message ?? e).split('\n    at ')[0]);
  });
}

/** The page's T object from Node. */
export class WorkerEngine {
  constructor(readonly page: Page) {}
  start(url: string, type?: 'classic' | 'module'): Promise<void> {
    return plain(
      this.page.evaluate(
        ([u, t]) => (globalThis as unknown as { T: { start(u: string, t?: string): void } }).T.start(u!, t),
        [url, type] as const,
      ),
    );
  }
  send(...lines: string[]): Promise<void> {
    return plain(
      this.page.evaluate((ls) => {
        for (const l of ls) (globalThis as unknown as { T: { send(l: string): void } }).T.send(l);
      }, lines),
    );
  }
  lines(): Promise<string[]> {
    return plain(this.page.evaluate(() => (globalThis as unknown as { T: { lines: string[] } }).T.lines.slice()));
  }
  count(): Promise<number> {
    return plain(this.page.evaluate(() => (globalThis as unknown as { T: { lines: string[] } }).T.lines.length));
  }
  /** The first line from index `from` on that matches `pattern`, waiting up to `ms`. */
  wait(pattern: RegExp, from = 0, ms = 30_000): Promise<Waited> {
    return plain(
      this.page.evaluate(
        ([src, f, t]) =>
          (globalThis as unknown as { T: { wait(s: string, f: number, t: number): Promise<Waited> } }).T.wait(
            src,
            f,
            t,
          ),
        [pattern.source, from, ms] as const,
      ),
    );
  }
  /** Sends `line` and times (in the page) the first later line matching `pattern`. */
  timed(line: string, pattern: RegExp, ms = 30_000): Promise<Waited> {
    return plain(
      this.page.evaluate(
        ([l, src, t]) =>
          (globalThis as unknown as { T: { timed(l: string, s: string, t: number): Promise<Waited> } }).T.timed(
            l,
            src,
            t,
          ),
        [line, pattern.source, ms] as const,
      ),
    );
  }
  /** Sends the lines and returns every line from then up to the first matching `until`. */
  async exchange(lines: string[], until: RegExp, ms = 30_000): Promise<string[]> {
    const from = await this.count();
    await this.send(...lines);
    const end = await this.wait(until, from, ms);
    return (await this.lines()).slice(from, end.index + 1);
  }
}
