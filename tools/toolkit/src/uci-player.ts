/**
 * A UCI engine as a game player, driven by a tester that trusts nothing: every wait
 * has a time-out, think time is measured on this side, and whatever goes wrong (the
 * process does not start, exits, closes its output, stops answering) becomes an
 * EngineFailure with a kind and a one-line reason, never a hang or an unhandled error.
 * A player that failed is dead: the caller starts a new one for the next game.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Why an engine lost a game by its own fault. */
export type FailureKind = 'illegal move' | 'time forfeit' | 'crash' | 'disconnect' | 'stall';

/** An engine's fault: the game is lost and the engine must be restarted. */
export class EngineFailure extends Error {
  override name = 'EngineFailure';
  constructor(
    readonly kind: FailureKind,
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
  }
}

/** What starts an engine and how it is set up. */
export interface EngineSpec {
  name: string;
  /** A shell command (may carry arguments). */
  cmd: string;
  /** UCI options sent with setoption after the handshake. */
  options: Record<string, string>;
}

/** How long the tester waits for what; all in milliseconds. */
export interface DriverTimeouts {
  /** `uci` to `uciok`. */
  handshakeMs: number;
  /** `isready` to `readyok`. */
  readyMs: number;
  /** After the clock runs out (plus margin) and `stop` is sent, how long a late `bestmove` may take before the engine counts as stalled. */
  stopGraceMs: number;
}

export const DEFAULT_TIMEOUTS: DriverTimeouts = { handshakeMs: 10_000, readyMs: 5_000, stopGraceMs: 1_000 };

/** One `info` line's search report, as far as it was given. */
export interface SearchInfo {
  /** Centipawns from the mover's side; mates as ±(100000 - plies). */
  score?: number;
  /** The score as printed (`+0.35`, `-M3`), for PGN comments. */
  scoreText?: string;
  depth?: number;
  nodes?: number;
}

/** An answer to `go`. */
export interface BestMove {
  move: string;
  info: SearchInfo;
  /** Think time measured by the tester, from sending `go` to reading `bestmove`. */
  elapsedMs: number;
}

/** A running engine in UCI mode; one request at a time. */
export class UciPlayer {
  private readonly lines: string[] = [];
  /** When each of `lines` arrived (performance.now), so think time ends when the answer came, not when it was read. */
  private readonly arrivals: number[] = [];
  /** Arrival time of the last line readUntilOrNull accepted. */
  private acceptedAt = 0;
  private waiter: (() => void) | undefined;
  private failure: EngineFailure | undefined;
  private stderrTail = '';
  private chess960: boolean | undefined;
  /** `id name` as the engine gave it. */
  idName = '';
  /** Option names the engine declared (for checking what we set). */
  readonly declared = new Set<string>();

  private constructor(
    readonly spec: EngineSpec,
    private readonly proc: ChildProcessWithoutNullStreams,
    readonly timeouts: DriverTimeouts,
  ) {
    createInterface({ input: proc.stdout }).on('line', (line) => {
      this.lines.push(line.trim());
      this.arrivals.push(performance.now());
      this.wake();
    });
    proc.stdout.on('end', () => {
      // A closed output with the process still alive is a disconnect; an exit
      // right behind it is a crash (or a quit), which the exit handler records.
      setTimeout(() => this.fail('disconnect', 'closed its output'), 200).unref();
    });
    proc.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-300);
    });
    proc.on('error', (err) => this.fail('crash', err.message));
    proc.on('exit', (code, signal) => this.fail('crash', `exited with ${signal ?? `code ${code}`}`));
    proc.stdin.on('error', () => undefined);
  }

  /**
   * Starts the engine: `uci` ... `uciok`, the options, `isready` ... `readyok`.
   * Rejects with an EngineFailure (kind crash or stall) naming the engine.
   */
  static async start(spec: EngineSpec, timeouts: DriverTimeouts = DEFAULT_TIMEOUTS): Promise<UciPlayer> {
    // No shell in between: a kill reaches the engine itself, and its closed output is seen.
    const [file, ...args] = splitCommand(spec.cmd);
    const proc = spawn(file ?? '', args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const player = new UciPlayer(spec, proc, timeouts);
    try {
      player.send('uci');
      const lines = await player.readUntil((l) => l === 'uciok', timeouts.handshakeMs, 'uciok');
      for (const line of lines) {
        const id = /^id\s+name\s+(.*)$/.exec(line);
        if (id) player.idName = id[1];
        const opt = /^option\s+name\s+(.*?)\s+type\s/.exec(line);
        if (opt) player.declared.add(opt[1]);
      }
      for (const [name, value] of Object.entries(spec.options)) player.send(`setoption name ${name} value ${value}`);
      await player.ready();
      return player;
    } catch (e) {
      player.kill();
      throw e;
    }
  }

  /** True once the engine has failed (exited, closed its output, or timed out). */
  get dead(): boolean {
    return this.failure !== undefined;
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = undefined;
    w?.();
  }

  private fail(kind: FailureKind, reason: string): void {
    if (this.failure) return;
    const detail = this.stderrTail.trim().split('\n').pop();
    this.failure = new EngineFailure(kind, `${this.spec.name} ${reason}${detail ? ` (${detail})` : ''}`);
    this.wake();
  }

  private send(line: string): void {
    if (!this.failure) this.proc.stdin.write(line + '\n');
  }

  /** Reads lines until `done` accepts one; on time-out resolves to null (the caller decides). */
  private async readUntilOrNull(done: (line: string) => boolean, timeoutMs: number): Promise<string[] | null> {
    const out: string[] = [];
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      while (this.lines.length > 0) {
        const line = this.lines.shift() as string;
        const at = this.arrivals.shift() as number;
        out.push(line);
        if (done(line)) {
          this.acceptedAt = at;
          return out;
        }
      }
      if (this.failure) throw this.failure;
      const left = deadline - performance.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  private async readUntil(done: (line: string) => boolean, timeoutMs: number, what: string): Promise<string[]> {
    const lines = await this.readUntilOrNull(done, timeoutMs);
    if (lines) return lines;
    this.fail('stall', `sent no ${what} within ${timeoutMs} ms`);
    this.kill();
    throw this.failure as EngineFailure;
  }

  /** `isready`, and `readyok` within the time-out (else a stall). */
  async ready(): Promise<void> {
    this.send('isready');
    await this.readUntil((l) => l === 'readyok', this.timeouts.readyMs, 'readyok');
  }

  /**
   * Sends `setoption name N value V` for each entry, then `isready` (a stall without
   * `readyok`): how a tester that keeps its engines running between games changes
   * their settings (an SPSA tuner gives each game pair other parameter values).
   */
  async setOptions(options: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(options)) this.send(`setoption name ${name} value ${value}`);
    await this.ready();
  }

  /** Prepares a new game: UCI_Chess960 when it changes, `ucinewgame`, `isready`. */
  async newGame(chess960: boolean): Promise<void> {
    if (this.chess960 !== chess960 && (chess960 || this.chess960 !== undefined)) {
      this.send(`setoption name UCI_Chess960 value ${chess960}`);
    }
    this.chess960 = chess960;
    this.send('ucinewgame');
    await this.ready();
  }

  /**
   * `position fen F moves ...`, `isready` (a stall without `readyok`), then `go <goArgs>`
   * with the clock started as it is sent; resolves to the engine's move and
   * its last search report. `limitMs` is the time the engine may use (its clock plus
   * the margin; Infinity for none). A `bestmove` later than that is a time forfeit; no
   * `bestmove` at all within `stopGraceMs` after `stop` is a stall.
   */
  async go(fen: string, moves: readonly string[], goArgs: string, limitMs: number): Promise<BestMove> {
    // Whatever the engine wrote before this request (a stray bestmove included) is not its answer.
    this.lines.length = 0;
    this.arrivals.length = 0;
    this.send(`position fen ${fen}${moves.length > 0 ? ' moves ' + moves.join(' ') : ''}`);
    // As fastchess does: the engine has read the position and is awake before its clock
    // starts, so neither its parsing nor a scheduler's wake-up under load counts as thinking.
    await this.ready();
    this.send(`go ${goArgs}`);
    const start = performance.now();
    const isBest = (l: string) => l.startsWith('bestmove');
    let lines = await this.readUntilOrNull(isBest, limitMs);
    if (!lines) {
      this.send('stop');
      lines = await this.readUntilOrNull(isBest, this.timeouts.stopGraceMs);
      if (!lines) {
        this.fail('stall', `sent no bestmove within ${Math.round(limitMs + this.timeouts.stopGraceMs)} ms`);
        this.kill();
        throw this.failure as EngineFailure;
      }
    }
    const elapsedMs = this.acceptedAt - start;
    const info: SearchInfo = {};
    for (const line of lines) if (line.startsWith('info')) parseInfo(line, info);
    const move = (lines[lines.length - 1].split(/\s+/)[1] ?? '').trim();
    if (elapsedMs > limitMs) {
      this.fail('time forfeit', `took ${Math.round(elapsedMs)} ms of ${Math.round(limitMs)} ms`);
      throw this.failure as EngineFailure;
    }
    return { move, info, elapsedMs };
  }

  /** Marks the engine failed by the tester's judgement (e.g. an illegal move), so it is restarted. */
  condemn(kind: FailureKind, reason: string): EngineFailure {
    this.fail(kind, reason);
    this.kill();
    return this.failure as EngineFailure;
  }

  /** Kills the process at once. */
  kill(): void {
    if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill('SIGKILL');
  }

  /** Asks the engine to quit and kills it if it has not gone within a second. */
  async quit(): Promise<void> {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => this.proc.once('exit', () => resolve()));
    this.send('quit');
    const timer = setTimeout(() => this.kill(), 1000);
    await gone;
    clearTimeout(timer);
  }
}

/** Splits a command line into words as a POSIX shell would for plain words and quotes (no expansions). */
export function splitCommand(cmd: string): string[] {
  const words: string[] = [];
  let word = '',
    inWord = false,
    quote: string | null = null;
  for (let i = 0; i < cmd.length; i++) {
    const c = cmd[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < cmd.length && '"\\$`'.includes(cmd[i + 1])) word += cmd[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < cmd.length) {
      word += cmd[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** Reads depth, nodes and score from one `info` line into `info` (later lines overwrite). */
export function parseInfo(line: string, info: SearchInfo): void {
  const t = line.split(/\s+/);
  if (t.includes('currmove') && !t.includes('score')) return;
  for (let i = 1; i < t.length; i++) {
    if (t[i] === 'pv') break;
    if (t[i] === 'depth' && /^\d+$/.test(t[i + 1] ?? '')) info.depth = Number(t[i + 1]);
    else if (t[i] === 'nodes' && /^\d+$/.test(t[i + 1] ?? '')) info.nodes = Number(t[i + 1]);
    else if (t[i] === 'score' && /^-?\d+$/.test(t[i + 2] ?? '')) {
      const v = Number(t[i + 2]);
      if (t[i + 1] === 'cp') {
        info.score = v;
        info.scoreText = `${v >= 0 ? '+' : '-'}${(Math.abs(v) / 100).toFixed(2)}`;
      } else if (t[i + 1] === 'mate') {
        info.score = v > 0 ? 100000 - (2 * v - 1) : -100000 - 2 * v;
        info.scoreText = `${v > 0 ? '+' : '-'}M${Math.abs(v)}`;
      }
    }
  }
}
