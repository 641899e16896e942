/**
 * Drives the built engine (apps/uci/dist/tempo.js) as a GUI would: one child
 * process, lines in, lines out, waits with timeouts. Shared by the tests and the
 * measuring scripts.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ENGINE = fileURLToPath(new URL('../dist/tempo.js', import.meta.url));

export function engineBuilt(): boolean {
  return existsSync(ENGINE);
}

export class EngineProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** Every line printed so far. */
  readonly lines: string[] = [];
  private buffered = '';
  private waiters: Array<{ from: number; test: (line: string) => boolean; resolve: (line: string) => void }> = [];
  private exited: Promise<number | null>;
  stderr = '';

  constructor(args: string[] = [], script = ENGINE) {
    this.child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.onData(chunk));
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  private onData(chunk: string): void {
    this.buffered += chunk;
    let nl: number;
    while ((nl = this.buffered.indexOf('\n')) >= 0) {
      const line = this.buffered.slice(0, nl).replace(/\r$/, '');
      this.buffered = this.buffered.slice(nl + 1);
      this.lines.push(line);
      const index = this.lines.length - 1;
      this.waiters = this.waiters.filter((w) => {
        if (index >= w.from && w.test(line)) {
          w.resolve(line);
          return false;
        }
        return true;
      });
    }
  }

  send(line: string): void {
    this.child.stdin.write(line + '\n');
  }

  /** The next line (printed after this call, or from line index `from`) that passes `test`. */
  waitFor(test: RegExp | ((line: string) => boolean), timeoutMs = 30_000, from = this.lines.length): Promise<string> {
    const fn = typeof test === 'function' ? test : (l: string) => test.test(l);
    for (let i = from; i < this.lines.length; i++) if (fn(this.lines[i])) return Promise.resolve(this.lines[i]);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `timeout after ${timeoutMs} ms waiting for ${test}; last lines:\n${this.lines.slice(-8).join('\n')}\nstderr: ${this.stderr}`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({
        from,
        test: fn,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
    });
  }

  /** Sends `line` and returns the lines printed up to and including the first that passes `until`. */
  async request(line: string, until: RegExp, timeoutMs = 30_000): Promise<string[]> {
    const from = this.lines.length;
    this.send(line);
    await this.waitFor(until, timeoutMs, from);
    const out = this.lines.slice(from);
    const end = out.findIndex((l) => until.test(l));
    return out.slice(0, end + 1);
  }

  /** `isready` and its `readyok`: every earlier command has been handled. */
  async sync(timeoutMs = 30_000): Promise<void> {
    await this.request('isready', /^readyok$/, timeoutMs);
  }

  async quit(): Promise<number | null> {
    if (this.child.exitCode === null) this.send('quit');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }

  exit(): Promise<number | null> {
    return this.exited;
  }
}
