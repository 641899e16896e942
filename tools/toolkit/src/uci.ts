/**
 * A UCI engine as a perft oracle: `go perft D` answers one `move: count` line per
 * legal move, then `Nodes searched: N` (Stockfish's format). The engine runs as a
 * child process through the shell, so the command may carry arguments.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

/** The engine's divide of one position: per-move counts and the total. */
export interface UciDivide {
  moves: Map<string, number>;
  nodes: number;
}

const DIVIDE_LINE = /^([a-h][1-8][a-h][1-8][nbrq]?):\s*(\d+)\s*$/;
const TOTAL_LINE = /^Nodes searched:\s*(\d+)/;

/** A running UCI engine; one command at a time. */
export class UciEngine {
  private readonly lines: string[] = [];
  private waiter: (() => void) | undefined;
  private exited: string | undefined;
  private stderrTail = '';
  private chess960: boolean | undefined;

  private constructor(
    private readonly command: string,
    private readonly proc: ChildProcessWithoutNullStreams,
  ) {
    createInterface({ input: proc.stdout }).on('line', (line) => {
      this.lines.push(line.trim());
      this.wake();
    });
    proc.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-300);
    });
    proc.on('error', (err) => this.fail(err.message));
    proc.on('exit', (code, signal) => this.fail(`exited with ${signal ?? `code ${code}`}`));
    proc.stdin.on('error', () => undefined);
  }

  /** Starts the engine and waits for `uciok`. Rejects with a one-line reason. */
  static async start(command: string, timeoutMs = 10_000): Promise<UciEngine> {
    // Its own process group: the shell does not always exec the command, and a kill must
    // reach the engine below it too (killGroup).
    const proc = spawn(command, { shell: true, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const engine = new UciEngine(command, proc);
    engine.send('uci');
    try {
      await engine.readUntil((line) => line === 'uciok', timeoutMs);
    } catch (err) {
      // An engine that never said `uciok` gets no `quit`: it is killed, or its open pipes
      // would keep the caller's process alive after the error has been reported.
      engine.killGroup();
      proc.stdin.destroy();
      proc.stdout.destroy();
      proc.stderr.destroy();
      throw err;
    }
    return engine;
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = undefined;
    w?.();
  }

  private fail(reason: string): void {
    if (this.exited) return;
    const detail = this.stderrTail.trim().split('\n').pop();
    this.exited = detail ? `${reason} (${detail})` : reason;
    this.wake();
  }

  /** SIGKILL to the shell and everything it started (the group spawn made). */
  private killGroup(): void {
    try {
      if (this.proc.pid !== undefined) process.kill(-this.proc.pid, 'SIGKILL');
    } catch {
      this.proc.kill('SIGKILL'); // the group is gone already, or no groups here
    }
  }

  private send(line: string): void {
    if (!this.exited) this.proc.stdin.write(line + '\n');
  }

  /** Reads lines until `done` accepts one; returns the lines before it and that line. */
  private async readUntil(done: (line: string) => boolean, timeoutMs: number): Promise<string[]> {
    const out: string[] = [];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.lines.length > 0) {
        const line = this.lines.shift() as string;
        out.push(line);
        if (done(line)) return out;
      }
      if (this.exited) throw new Error(`UCI engine "${this.command}" ${this.exited}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`UCI engine "${this.command}" did not answer within ${timeoutMs / 1000} s`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** The id of the process started (the shell's, when the shell did not replace itself with the engine). */
  get pid(): number | undefined {
    return this.proc.pid;
  }

  /** Sets UCI_Chess960 when it differs from the last value sent. */
  private async setChess960(on: boolean): Promise<void> {
    if (this.chess960 === on) return;
    this.send(`setoption name UCI_Chess960 value ${on}`);
    this.send('isready');
    await this.readUntil((line) => line === 'readyok', 10_000);
    this.chess960 = on;
  }

  /** `go perft depth` on the position reached by `moves` from `fen`. */
  async divide(
    fen: string,
    moves: readonly string[],
    depth: number,
    chess960: boolean,
    timeoutMs = 600_000,
  ): Promise<UciDivide> {
    await this.setChess960(chess960);
    this.send(`position fen ${fen}${moves.length > 0 ? ' moves ' + moves.join(' ') : ''}`);
    this.send(`go perft ${depth}`);
    const lines = await this.readUntil((line) => TOTAL_LINE.test(line), timeoutMs);
    const result: UciDivide = { moves: new Map(), nodes: Number(TOTAL_LINE.exec(lines[lines.length - 1])?.[1]) };
    for (const line of lines) {
      const m = DIVIDE_LINE.exec(line);
      if (m) result.moves.set(m[1], Number(m[2]));
    }
    return result;
  }

  /**
   * Sends one line and resolves to the first answer line that `answer` matches (for
   * engines with commands of their own, such as Lozza's `perft N`).
   */
  async ask(line: string, answer: RegExp, timeoutMs = 600_000): Promise<string> {
    const lines = await this.askLines(line, answer, timeoutMs);
    return lines[lines.length - 1];
  }

  /** As `ask`, but resolves to every line read up to and including the answer (a search's `info` lines and its `bestmove`). */
  async askLines(line: string, answer: RegExp, timeoutMs = 600_000): Promise<string[]> {
    this.send(line);
    return this.readUntil((l) => answer.test(l), timeoutMs);
  }

  /** Sends lines that need no answer, then waits for `readyok`. */
  async tell(...lines: string[]): Promise<void> {
    for (const line of lines) this.send(line);
    this.send('isready');
    await this.readUntil((l) => l === 'readyok', 10_000);
  }

  /** Asks the engine to quit, and kills it if it has not gone within a second. */
  async quit(): Promise<void> {
    if (this.exited) return;
    this.send('quit');
    const gone = new Promise<void>((resolve) => this.proc.once('exit', () => resolve()));
    const timer = setTimeout(() => this.killGroup(), 1000);
    await gone;
    clearTimeout(timer);
  }
}

/**
 * Runs a UCI engine as a whole process for one `go perft depth` from the start
 * position (spawn, perft, quit, exit), as a person timing it from the shell would.
 */
export function wholeProcessPerft(
  command: string,
  depth: number,
  timeoutMs = 600_000,
): Promise<{ nodes: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    // Its own process group: the shell does not always exec the command, and a kill must
    // reach the engine below it too (killGroup).
    const proc = spawn(command, { shell: true, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => {
      proc.kill();
      reject(new Error(`UCI engine "${command}" did not finish go perft ${depth} within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('error', (err) => reject(new Error(`UCI engine "${command}": ${err.message}`)));
    proc.on('exit', () => {
      clearTimeout(timer);
      const seconds = (performance.now() - start) / 1000;
      const m = /Nodes searched:\s*(\d+)/.exec(out);
      if (m) resolve({ nodes: Number(m[1]), seconds });
      else reject(new Error(`UCI engine "${command}" exited without a "Nodes searched" line`));
    });
    proc.stdin.on('error', () => undefined);
    proc.stdin.end(`position startpos\ngo perft ${depth}\nquit\n`);
  });
}
