/**
 * The UCI loop (Node's main thread, or a browser worker of its own). It never loads
 * the engine: it parses each line, refuses a bad command at once (a `go` and a
 * `position` are passed on with what could be read, so each is still answered), and
 * hands the rest to the engine worker in order. While a search runs it answers
 * `isready` itself and stops the search through the shared signal array, so both
 * take microseconds whatever the worker is doing.
 */
import type { FromWorker, ToWorker } from './messages';
import {
  SEARCH_PARAM_FACTS,
  TUNING_BUILD,
  checkOption,
  optionLine,
  optionsOf,
  spsaInputs,
  tuningOnly,
  type OptionValue,
} from './options';
import { parseGo, parsePosition, parseSetoption, tokenize, type GoLimits, type PositionCommand } from './protocol';

/** Indices of the stop and ponderhit flags in the shared signal array, from the build (tsup.config.ts). */
declare const __SEARCH_SIGNALS__: {
  /** Index of the stop flag. */
  stop: number;
  /** Index of the ponderhit flag. */
  ponderhit: number;
  /** The array's length, in int32 elements. */
  length: number;
};
/**
 * The layout of the signal array the loop and the search share: the index of the stop
 * flag, of the ponderhit flag, and the array's length in int32s. The search's own
 * (SIGNAL_STOP, SIGNAL_PONDERHIT), written in by the build; stop 0, ponderhit 1 from source.
 */
export const SIGNALS =
  typeof __SEARCH_SIGNALS__ !== 'undefined' ? __SEARCH_SIGNALS__ : { stop: 0, ponderhit: 1, length: 2 };

/** The engine's version, the npm package's (apps/uci/package.json), from the build; unknown when run from source. */
declare const __TEMPO_VERSION__: string;
/** The name `uci` answers with (`id name`): `Tempo` and the version when the build knows it. */
export const ENGINE_NAME = typeof __TEMPO_VERSION__ !== 'undefined' ? `Tempo ${__TEMPO_VERSION__}` : 'Tempo';
/** The author `uci` answers with (`id author`). */
export const ENGINE_AUTHOR = 'the Tempo developers';

/** What the loop needs from its surroundings; main.ts wires it to stdout, a Worker and the clock. */
export interface UciIo {
  /** Prints an answer as it is: one call per answer, a multi-line one joined by `\n`. */
  write(text: string): void;
  /** Sends a message to the engine worker, in order. */
  post(msg: ToWorker): void;
  /** Called once, when `quit` or the end of input has been handled and every answer printed. */
  exit(): void;
  /** Milliseconds, monotonic. */
  now(): number;
  /** Calls `fn` after `ms`; returns a function that cancels it. */
  setTimer(ms: number, fn: () => void): () => void;
}

/**
 * The last resort against a loss on time: when a search on the clock has not
 * answered after 60% of the side's time (see emergencyShare), or this many
 * milliseconds before it runs out if that comes first (a worker thread starved on a
 * busy machine, a garbage collection, an iteration that overshot), the main thread
 * answers with the best move reported so far and stops the search.
 */
export const EMERGENCY_MARGIN_MS = 20;

/** Queued after deferred lines when the input ends while they wait. */
const END_OF_INPUT = '\u0000end';

/** Commands that go to the worker in order with nothing to check first. */
const PLAIN: ReadonlySet<string> = new Set(['ucinewgame', 'd', 'eval']);

/**
 * The UCI loop: feed it input lines with line() and the engine worker's messages with
 * fromWorker(); it answers through UciIo.write and drives the worker through
 * UciIo.post, and raises the stop and ponderhit flags in the shared signal array.
 */
export class UciLoop {
  /** A `go` was sent and its `bestmove` not yet printed. */
  private searching = false;
  /** The worker is running a search whose bestmove has not come back (it may have been answered already). */
  private workerBusy = false;
  /** The current search: when the clock started, its limits, the side to move, a legal move, the best so far. */
  private goAt = 0;
  private goLimits: GoLimits = {};
  private side = -1;
  private fallback = '';
  private bestSoFar = '';
  private cancelTimer: (() => void) | null = null;
  /** The emergency time has come but no move is known yet: answer with the first one that arrives. */
  private emergencyDue = false;
  /** Side to move of the last `position` sent, from its FEN and the parity of its moves (no engine needed). */
  private sideToMove = 0;
  /** Keep the bestmove until `stop` (go infinite) or `stop`/`ponderhit` (go ponder), as the spec asks. */
  private holdInfinite = false;
  private holdPonder = false;
  private held: string | null = null;
  private stopRequested = false;
  /** Lines that arrived after `stop` while the search was still winding down: run after its bestmove. */
  private deferred: string[] = [];
  /** When each deferred line arrived: a deferred `go`'s clock started then, not when it runs. */
  private deferredAt: number[] = [];
  /** The arrival time of the line being replayed from the deferred queue, or -1. */
  private replayAt = -1;
  private nextPing = 1;
  /** Messages posted to the worker, and how many it has handled (-1 until it is loaded and warm). */
  private sent = 0;
  private handled = -1;
  private quitPing = 0;
  private quitting = false;
  /** For a restarted worker: the options set so far and the last position sent. */
  readonly optionLog = new Map<string, OptionValue>();
  /** undefined until the first `position`; null after one that could not be read. */
  lastPosition: PositionCommand | null | undefined = undefined;

  /** `tuning`: whether the loop speaks for the tuning build (options.ts), this build's by default. */
  constructor(
    private readonly io: UciIo,
    private readonly signals: Int32Array,
    private readonly tuning = TUNING_BUILD,
  ) {}

  /** One line of input. */
  line(raw: string): void {
    if (this.quitting) return;
    if (raw === END_OF_INPUT) return this.finish(false);
    const tokens = tokenize(raw);
    if (tokens.length === 0) return;
    const cmd = tokens[0];
    switch (cmd) {
      case 'uci':
        return this.uci();
      case 'isready':
        // At once while searching (as the spec asks) and when the worker has nothing
        // queued (a tester's isready after each bestmove costs its clock nothing);
        // otherwise after the worker has handled every earlier command.
        if (this.searching || this.workerBusy || this.handled === this.sent) this.io.write('readyok');
        else this.post({ type: 'ping', id: this.nextPing++ });
        return;
      case 'stop':
        return this.stop();
      case 'ponderhit':
        return this.ponderhit();
      case 'quit':
        return this.finish(true);
    }
    if (this.deferred.length > 0) {
      this.defer(raw);
      return;
    }
    this.dispatch(cmd, tokens.slice(1), raw);
  }

  /**
   * End of input: exit once every command read has been answered. A search with a
   * limit runs to its end (`echo "go depth 12" | tempo` prints its bestmove); an
   * infinite or ponder search, which nothing can end any more, is stopped.
   */
  end(): void {
    if (this.quitting) return;
    if (this.deferred.length > 0) this.defer(END_OF_INPUT);
    else this.finish(false);
  }

  /** A message from the worker. */
  fromWorker(msg: FromWorker): void {
    switch (msg.type) {
      case 'out':
        if (this.workerBusy && msg.text.startsWith('info ')) {
          // After an emergency answer the GUI has moved on: the old search's lines would read as the next one's.
          if (!this.searching) return;
          const pv = / multipv 1 .* pv (\S+)/.exec(msg.text);
          if (pv) this.bestSoFar = pv[1];
          this.io.write(msg.text);
          if (this.emergencyDue && this.bestSoFar) this.emergency();
          return;
        }
        return this.io.write(msg.text);
      case 'searching':
        this.fallback = msg.fallback;
        if (this.emergencyDue) return this.emergency();
        if (msg.side !== this.side) {
          this.side = msg.side; // the worker's word (the last position may have been refused)
          this.armTimer();
        }
        return;
      case 'bestmove':
        this.workerBusy = false;
        if (!this.searching)
          this.drain(); // answered already, by the emergency timer
        else if (!this.stopRequested && (this.holdInfinite || this.holdPonder)) this.held = msg.text;
        else this.emitBest(msg.text);
        return;
      case 'pong':
        if (msg.id === this.quitPing) this.io.exit();
        else this.io.write('readyok');
        return;
      case 'done':
        this.handled = msg.count;
        return;
    }
  }

  /** The worker died: report, answer a pending `go` so the GUI is not left waiting. */
  workerLost(reason: string): void {
    this.io.write(`info string error: the engine worker stopped (${reason}); restarting it`);
    this.workerBusy = false;
    if (this.searching) this.emitBest(`bestmove ${this.bestSoFar || this.fallback || '0000'}`);
  }

  /** A new worker was started: bring it to the state the GUI believes in (options, position). */
  workerStarted(): void {
    this.sent = 0;
    this.handled = -1;
    for (const [name, value] of this.optionLog) this.post({ type: 'setoption', name, value });
    if (this.lastPosition !== undefined) this.post({ type: 'position', cmd: this.lastPosition });
  }

  private post(msg: ToWorker): void {
    this.sent++;
    this.io.post(msg);
  }

  private uci(): void {
    const lines = [`id name ${ENGINE_NAME}`, `id author ${ENGINE_AUTHOR}`];
    for (const o of optionsOf(this.tuning)) lines.push(optionLine(o));
    lines.push('uciok');
    this.io.write(lines.join('\n'));
  }

  private dispatch(cmd: string, args: string[], raw: string): void {
    if (PLAIN.has(cmd)) return this.post({ type: cmd as 'ucinewgame' | 'd' | 'eval' });
    switch (cmd) {
      case 'position': {
        // Sent on even when it did not read: the engine then has no position, and
        // answers `go` with bestmove 0000 rather than a move for the previous one.
        const { cmd: p, error } = parsePosition(args);
        if (error !== null) this.error(error);
        this.lastPosition = p;
        if (p !== null)
          this.sideToMove = (p.fen !== null && p.fen.split(/\s+/)[1] === 'b' ? 1 : 0) ^ (p.moves.length & 1);
        return this.post({ type: 'position', cmd: p });
      }
      case 'setoption': {
        const s = parseSetoption(args);
        if (!s.ok) return this.error(s.error);
        const only = tuningOnly(s.value.name, this.tuning);
        if (only !== null) return this.io.write(only);
        const c = checkOption(s.value.name, s.value.value, this.tuning);
        if (!c.ok) return this.error(c.error);
        if (c.value.def.type !== 'button') this.optionLog.set(c.value.def.name, c.value.value);
        return this.post({ type: 'setoption', name: c.value.def.name, value: c.value.value });
      }
      case 'go':
        return this.go(args, raw);
      case 'perft':
      case 'bench': {
        const n = args.length > 0 ? Number(args[0]) : undefined;
        if (n !== undefined && !(Number.isInteger(n) && n >= 1 && n <= (cmd === 'perft' ? 20 : 64)))
          return this.error(
            `${cmd}: the depth must be an integer from 1 to ${cmd === 'perft' ? 20 : 64}, got "${args[0]}"`,
          );
        if (cmd === 'perft')
          return n === undefined
            ? this.error('perft: needs a depth, as in "perft 5"')
            : this.post({ type: 'perft', depth: n });
        return this.post({ type: 'bench', depth: n });
      }
      case 'spsa-inputs':
        return this.tuning
          ? this.io.write(spsaInputs().join('\n'))
          : this.error('spsa-inputs: only the tuning build has tunables (make TUNE=1)');
      case 'debug':
      case 'register':
        return; // accepted and ignored, as the spec allows
      case 'help':
        return this.io.write(HELP);
      default:
        return this.error(`unknown command "${raw.trim()}" (type help for the list)`);
    }
  }

  private go(args: string[], raw: string): void {
    const { limits, errors } = parseGo(args);
    if (limits.perft !== undefined) {
      if (errors.length > 0) this.error(`go: ${errors.join('; ')}`);
      return this.post({ type: 'perft', depth: limits.perft });
    }
    if (this.searching || this.workerBusy) {
      // Every go gets its bestmove: this one runs after the current search's (a stopped
      // one is still winding down; a running one, which the GUI should have stopped, ends
      // by its limits or at `stop`). Its line is read again then, and any errors reported.
      if (this.searching && !this.stopRequested)
        this.error('go: a search is already running; this go starts after its bestmove (send stop to end it)');
      this.defer(raw);
      return;
    }
    Atomics.store(this.signals, SIGNALS.stop, 0);
    Atomics.store(this.signals, SIGNALS.ponderhit, 0);
    this.searching = this.workerBusy = true;
    this.stopRequested = false;
    this.holdInfinite = limits.infinite === true;
    this.holdPonder = limits.ponder === true;
    this.held = null;
    this.goAt = this.replayAt >= 0 ? this.replayAt : this.io.now();
    this.goLimits = limits;
    // The clock runs from now, whether or not the worker thread gets to run: arm the
    // emergency answer here, with the side read from the position command.
    this.side = this.sideToMove;
    this.fallback = this.bestSoFar = '';
    this.emergencyDue = false;
    this.post(errors.length > 0 ? { type: 'go', limits, notes: errors } : { type: 'go', limits });
    this.armTimer();
  }

  /** Arms the emergency answer of a search on the clock (not while pondering: the clock is the opponent's). */
  private armTimer(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    if (!this.searching || this.holdPonder || this.holdInfinite || this.side < 0) return;
    const time = this.side === 0 ? this.goLimits.wtime : this.goLimits.btime;
    if (time === undefined) return;
    const budget = Math.floor(Math.min(time - EMERGENCY_MARGIN_MS, time * this.emergencyShare()));
    const delay = Math.max(0, this.goAt + budget - this.io.now());
    this.cancelTimer = this.io.setTimer(delay, () => this.emergency());
  }

  /**
   * The share of the clock after which the main thread answers: above the search's
   * own hard bound (TmMaxShare of the time left, 40% by default; 90% with movestogo 1),
   * so that it acts only when the worker has stalled, and early enough that a timer
   * that wakes late on a busy machine still beats the flag.
   */
  private emergencyShare(): number {
    if (this.goLimits.movestogo === 1) return 0.95;
    const set = this.optionLog.get('TmMaxShare');
    const perMille =
      typeof set === 'number' ? set : (SEARCH_PARAM_FACTS.find((p) => p.name === 'TmMaxShare')?.value ?? 400);
    return Math.min(0.95, Math.max(0.6, perMille / 1000 + 0.2));
  }

  private emergency(): void {
    this.cancelTimer = null;
    if (!this.searching || !this.workerBusy) return;
    this.stopRequested = true;
    Atomics.store(this.signals, SIGNALS.stop, 1);
    const move = this.bestSoFar || this.fallback;
    if (!move) {
      this.emergencyDue = true; // the worker has not even started: answer with its first word
      return;
    }
    this.emergencyDue = false;
    this.emitBest(`bestmove ${move}`);
  }

  private stop(): void {
    if (!this.searching) return;
    this.stopRequested = true;
    Atomics.store(this.signals, SIGNALS.stop, 1);
    if (this.held !== null) this.emitBest(this.held);
  }

  private ponderhit(): void {
    if (!this.searching || !this.holdPonder) return;
    this.holdPonder = false;
    Atomics.store(this.signals, SIGNALS.ponderhit, 1);
    if (this.held !== null && !this.holdInfinite) return this.emitBest(this.held);
    this.goAt = this.io.now(); // our clock runs from here
    this.armTimer();
  }

  /** `quit` (stop: true) or the end of input: exit after the worker has answered everything sent. */
  private finish(stop: boolean): void {
    this.quitting = true;
    this.deferred = [];
    this.deferredAt = [];
    if (stop || this.holdInfinite || this.holdPonder) {
      Atomics.store(this.signals, SIGNALS.stop, 1);
      this.stopRequested = true;
      if (this.held !== null) this.emitBest(this.held);
    }
    this.quitPing = this.nextPing++;
    this.post({ type: 'ping', id: this.quitPing });
  }

  private emitBest(text: string): void {
    this.io.write(text);
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.searching = false;
    this.held = null;
    this.holdInfinite = this.holdPonder = false;
    this.drain();
  }

  /** Runs the lines deferred behind a stopped search once the worker is free again. */
  private drain(): void {
    if (this.searching || this.workerBusy) return;
    this.stopRequested = false;
    const queue = this.deferred,
      at = this.deferredAt;
    this.deferred = [];
    this.deferredAt = [];
    for (let i = 0; i < queue.length; i++) {
      if (this.deferred.length > 0) {
        this.deferred.push(queue[i]);
        this.deferredAt.push(at[i]);
      } else {
        this.replayAt = at[i];
        this.line(queue[i]);
        this.replayAt = -1;
      }
    }
  }

  private defer(raw: string): void {
    this.deferred.push(raw);
    this.deferredAt.push(this.replayAt >= 0 ? this.replayAt : this.io.now());
  }

  private error(message: string): void {
    this.io.write(`info string error: ${message}`);
  }
}

const HELP = [
  'Tempo speaks UCI. Commands:',
  '  uci, isready, setoption name <name> [value <value>], ucinewgame,',
  '  position startpos|fen <FEN> [moves <move>...],',
  '  go [depth N] [nodes N] [movetime MS] [mate N] [infinite] [wtime MS] [btime MS] [winc MS] [binc MS]',
  '     [movestogo N] [searchmoves <move>...] [ponder], stop, ponderhit, quit;',
  '  extras: d (board, FEN, key, checkers), eval (evaluation trace), perft N (or go perft N),',
  '  bench [depth] (node count over a fixed set of positions),',
  '  spsa-inputs (the tuning build: OpenBench SPSA inputs of the search tunables).',
].join('\n');
