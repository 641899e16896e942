/**
 * The engine behind the UCI loop, as the worker runs it: the current position (kept
 * as a FEN and a move list), the options, the transposition table and the searcher.
 * Every method reports through `out`; a problem gets one `info string error: ...`
 * line. A `position` the engine cannot read in full keeps the moves before the first
 * bad one; one whose FEN it cannot read leaves no position at all, and `go` answers
 * `bestmove 0000` until a valid one arrives: never a move for a position the GUI did
 * not send.
 */
import { Position, START_FEN, moveToUci, type Move } from '@tempo-chess/position';
import { legal as isLegal, legalMoves, parseUciMove, pseudoLegal } from '@tempo-chess/movegen';
import { EvalContext, formatEvalTrace, isPresetName } from '@tempo-chess/eval';
import { Searcher, TranspositionTable, type SearchLimits, type SearchResult } from '@tempo-chess/search';
import { HelperPool, type ToHelper } from './helpers';
import { Strength } from './strength';
import type { EnginePlatform } from './platform';
import { DEFAULT_HASH_MB, DEFAULT_MOVE_OVERHEAD, SEARCH_PARAM_FACTS, type OptionValue } from './options';
import type { GoLimits, PositionCommand } from './protocol';
import type { BenchSettings } from './bench';
import { formatBoard, formatInfo } from './format';
import { EvalChoice } from './eval-choice';
import { materialOf } from './wdl';

/**
 * How many moves of `line` can be played in turn from `pos` (left as it was). A GUI
 * or tester replays every `pv`; a line whose tail is stale (the search prints one on
 * a fail low at the root) is cut before its first illegal move.
 */
function legalPrefix(pos: Position, line: ArrayLike<Move>): number {
  let n = 0;
  while (n < line.length && line[n] !== 0 && pseudoLegal(pos, line[n]) && isLegal(pos, line[n])) pos.doMove(line[n++]);
  for (let i = 0; i < n; i++) pos.undoMove();
  return n;
}

const NO_POSITION = 'no position: the last position command was refused; send a valid one';

/** How long `setoption Threads` waits for its helpers to load and warm up (where it may wait at all). */
const HELPER_LOAD_MS = 10_000;

/** After this long a search also reports the root move it is on (`currmove`), as Stockfish does. */
const CURRMOVE_AFTER_MS = 3000;

/** Where the engine writes its output: one call per answer, lines joined by `\n`. */
export type Out = (text: string) => void;

/**
 * The engine behind the engine worker: the position, the options, the search and the
 * `d`, `eval`, `perft` and `bench` commands, each answered through its Out. The engine
 * worker (startEngineWorker) drives one from the loop's messages.
 */
export class Engine {
  /** EvalFile, Use NNUE, EvalPreset, EvalParams. */
  private readonly evalChoice: EvalChoice;
  /** The `eval` command's context (the searcher keeps its own, with its own pawn hash). */
  private ctx: EvalContext;
  /** The transposition table (Hash MB), shared with the Lazy SMP helpers. */
  readonly tt: TranspositionTable;
  private searcher: Searcher;
  private chess960 = false;
  private multiPV = 1;
  private moveOverhead = DEFAULT_MOVE_OVERHEAD;
  /** UCI_ShowWDL: every score followed by win/draw/loss per mille. */
  private showWdl = false;
  /** Search tunables set by `setoption`, re-applied when the searcher is rebuilt. */
  private readonly searchValues = new Map<string, number>();
  /** The position: a FEN and the moves played from it; fen null after a position that did not read. */
  private fen: string | null = START_FEN;
  private moves: string[] = [];
  /** Lazy SMP helpers (Threads - 1 of them), or null with one thread. */
  private helpers: HelperPool | null = null;
  /** Levels: Skill Level, UCI_LimitStrength, UCI_Elo, Skill Seed. */
  readonly strength = new Strength();

  /**
   * `signals`: the stop and ponderhit flags the UCI loop raises (shared memory when
   * the loop runs in another thread); `out`: where every line goes; `platform`: file
   * reading and helper threads (see platform.ts), absent in a bare engine.
   */
  constructor(
    private readonly signals: Int32Array,
    private readonly out: Out,
    private readonly platform: EnginePlatform = {},
    hashMb = DEFAULT_HASH_MB,
  ) {
    this.tt = new TranspositionTable(hashMb);
    this.evalChoice = new EvalChoice(platform);
    this.ctx = new EvalContext(this.evalChoice.params, undefined, this.evalChoice.activeNet);
    this.searcher = this.makeSearcher();
  }

  /**
   * `position ...`, or null for one the loop could not read (it has said why). The
   * moves are played up to the first illegal or unreadable one, which is named; a
   * FEN that does not read leaves no position.
   */
  position(cmd: PositionCommand | null): void {
    if (cmd === null) return this.clearPosition();
    this.load(cmd.fen ?? START_FEN, cmd.moves, cmd.unreadable, 'position');
  }

  /** Reads `fen` and plays `moves` until one is illegal; `context` starts the messages. */
  private load(fen: string, moves: readonly string[], unreadable: string | undefined, context: string): void {
    const parsed = Position.parse(fen, { psq: this.searcher.evalContext.psq, chess960: this.chess960 || undefined });
    if (!parsed.ok) {
      this.clearPosition();
      return this.error(`${context}: ${parsed.error}; no position until a valid one arrives`);
    }
    const pos = parsed.value;
    let played = 0;
    while (played < moves.length) {
      const m = parseUciMove(pos, moves[played]);
      if (m === 0) break;
      pos.doMove(m);
      played++;
    }
    this.fen = fen;
    this.moves = moves.slice(0, played);
    const where = played === 0 ? 'in the given position' : `after ${moves.slice(0, played).join(' ')}`;
    const rest = `the moves before it stand${played + 1 < moves.length || unreadable !== undefined ? ', the rest are ignored' : ''}`;
    if (played < moves.length)
      this.error(`${context}: illegal move "${moves[played]}" (move ${played + 1} of the list, ${where}); ${rest}`);
    else if (unreadable !== undefined)
      this.error(
        `${context}: "${unreadable}" (move ${played + 1} of the list, ${where}) is not a move in UCI notation (like e2e4 or e7e8q); ${rest}`,
      );
  }

  private clearPosition(): void {
    this.fen = null;
    this.moves = [];
  }

  /** The current position, built afresh (search leaves it as it found it, but a fresh one costs microseconds). */
  current(): Position {
    if (this.fen === null) throw new Error(NO_POSITION);
    const p = this.build(this.fen, this.moves);
    if (typeof p === 'string') throw new Error(`internal: the current position no longer parses: ${p}`);
    return p;
  }

  private build(fen: string, moves: readonly string[]): Position | string {
    const parsed = Position.parse(fen, { psq: this.searcher.evalContext.psq, chess960: this.chess960 || undefined });
    if (!parsed.ok) return parsed.error;
    const pos = parsed.value;
    for (let i = 0; i < moves.length; i++) {
      const m = parseUciMove(pos, moves[i]);
      if (m === 0) return `illegal move "${moves[i]}"`;
      pos.doMove(m);
    }
    return pos;
  }

  /**
   * `go`: searches the current position and returns the `bestmove` line; `started`
   * hears of the search first. `notes` are the loop's messages about the `go` line
   * (tokens it dropped): they and the engine's own (illegal searchmoves, no clock for
   * the side to move) go out as one `info string` line before the search.
   */
  go(
    limits: GoLimits,
    started: (side: number, fallback: string) => void = () => {},
    notes: readonly string[] = [],
  ): string {
    if (this.fen === null) {
      this.error(`go: ${[...notes, NO_POSITION].join('; ')}`);
      return 'bestmove 0000';
    }
    const pos = this.current();
    const legal = legalMoves(pos);
    started(pos.side, legal.length > 0 ? moveToUci(pos, legal[0]) : '0000');
    const search = this.searchLimits(pos, limits, [...notes]);
    if (legal.length === 0) {
      // Mated (a loss) or stalemate (a draw, whatever the material).
      const wdl = this.showWdl ? (pos.inCheck() ? ' wdl 0 0 1000' : ' wdl 0 1000 0') : '';
      this.out(`info depth 0 score ${pos.inCheck() ? 'mate 0' : 'cp 0'}${wdl}`);
      return 'bestmove 0000';
    }
    const fen = this.fen;
    const start = performance.now();
    // A limited strength: the level's node budget within the GUI's limits, a few
    // lines searched to choose among (the GUI sees the MultiPV it asked for), one thread.
    const skill = this.strength.plan();
    const helpers = skill === null ? this.helpers : null;
    if (skill !== null && this.helpers !== null)
      this.out(
        `info string Threads ${this.helpers.size + 1}: a limited strength (level ${+skill.level.toFixed(2)}) searches with one thread`,
      );
    if (skill !== null) {
      search.nodes = search.nodes !== undefined ? Math.min(search.nodes, skill.nodes) : skill.nodes;
      this.searcher.setOption('MultiPV', Math.max(this.multiPV, skill.multiPV));
      this.searcher.root.reportLines = this.multiPV;
      this.searcher.root.nodeLimitAfter = 1;
    }
    this.searcher.nodeCounts = helpers !== null ? helpers.nodeCounts : null;
    helpers?.start({
      fen,
      moves: this.moves,
      chess960: this.chess960,
      searchMoves: search.searchMoves?.map((m) => moveToUci(pos, m)),
      generation: this.tt.generation,
    });
    // A second copy of the root, to replay each reported line on: the one being searched is the searcher's.
    const replay = this.current();
    const material = this.showWdl ? materialOf(pos.board) : null;
    let result: SearchResult;
    try {
      result = this.searcher.search(pos, search, {
        onInfo: (info) => this.out(formatInfo(info, pos, legalPrefix(replay, info.pv), material)),
        onCurrMove: (move, number, depth) => {
          if (performance.now() - start >= CURRMOVE_AFTER_MS)
            this.out(`info depth ${depth} currmove ${moveToUci(pos, move)} currmovenumber ${number}`);
        },
      });
    } finally {
      this.searcher.setOption('MultiPV', this.multiPV);
      this.searcher.root.reportLines = 0;
      this.searcher.root.nodeLimitAfter = 0;
    }
    let best =
      skill === null
        ? result.bestMove
        : this.strength.choose(pos, skill, this.searcher.root.completedLines(), result.bestMove);
    if (best === 0 || !legal.includes(best)) {
      // Never leave the GUI without a legal move, even if the search could not finish one iteration.
      if (best !== 0) this.error(`search returned an illegal move ${moveToUci(pos, best)}; playing a legal one`);
      best = search.searchMoves?.[0] ?? legal[0];
    }
    let line = `bestmove ${moveToUci(pos, best)}`;
    if (result.ponderMove && best === result.bestMove && legalPrefix(replay, [best, result.ponderMove]) === 2)
      line += ` ponder ${moveToUci(pos, result.ponderMove)}`;
    return line;
  }

  /**
   * The search's limits for `pos`: searchmoves made moves (an illegal one is dropped;
   * none left means every move), and a clock given for the other side only (a GUI
   * that wants a timed move) read as the smallest search rather than an endless one.
   * Prints the notes, the caller's and these, as one line.
   */
  private searchLimits(pos: Position, limits: GoLimits, notes: string[]): SearchLimits {
    const search: SearchLimits = { ...limits, searchMoves: undefined };
    if (limits.searchMoves) {
      const picked: Move[] = [];
      const illegal: string[] = [];
      for (const text of limits.searchMoves) {
        const m = parseUciMove(pos, text);
        if (m === 0) illegal.push(`"${text}"`);
        else if (!picked.includes(m)) picked.push(m);
      }
      if (illegal.length > 0)
        notes.push(
          `searchmoves: ${illegal.join(' ')} ${illegal.length === 1 ? 'is not a legal move' : 'are not legal moves'} here${picked.length === 0 ? ', searching every move' : ''}`,
        );
      if (picked.length > 0) search.searchMoves = picked;
    }
    const ours = pos.side === 0 ? limits.wtime : limits.btime;
    const theirs = pos.side === 0 ? limits.btime : limits.wtime;
    const bounded =
      limits.infinite ||
      limits.depth !== undefined ||
      limits.nodes !== undefined ||
      limits.movetime !== undefined ||
      limits.mate !== undefined;
    if (ours === undefined && theirs !== undefined && !bounded) {
      notes.push(`no ${pos.side === 0 ? 'wtime' : 'btime'} for the side to move; searching to depth 1`);
      search.depth = 1;
    }
    if (notes.length > 0) this.error(`go: ${notes.join('; ')}`);
    return search;
  }

  /** `setoption`: the main thread has checked the name and the value's type and range. */
  setOption(name: string, value: OptionValue): void {
    switch (name) {
      case 'Hash':
        try {
          this.tt.resize(value as number);
          this.helpers?.send({ type: 'tt', buffer: this.tt.buffer as SharedArrayBuffer });
        } catch (e) {
          this.error(
            `setoption: Hash ${value} MB could not be allocated (${(e as Error).message}); the table keeps its size`,
          );
        }
        return;
      case 'Clear Hash':
        return this.clearTables();
      case 'Threads':
        return this.setThreads(value as number);
      case 'Ponder':
        return; // pondering needs nothing set up in advance
      case 'UCI_ShowWDL':
        this.showWdl = value as boolean;
        return;
      case 'MultiPV':
        this.multiPV = value as number;
        this.searcher.setOption('MultiPV', this.multiPV);
        return;
      case 'Move Overhead':
        this.moveOverhead = value as number;
        this.searcher.setOption('Move Overhead', this.moveOverhead);
        return;
      case 'UCI_Chess960': {
        this.chess960 = value as boolean;
        // The move list was checked in the other mode (e1g1 means something else in
        // Chess960): play it again, keeping what still reads.
        if (this.fen !== null)
          this.load(this.fen, this.moves, undefined, `setoption: UCI_Chess960 ${value}: the current position`);
        return;
      }
      case 'EvalFile':
        return this.evalChanged(this.evalChoice.setNet(String(value)));
      case 'Use NNUE':
        this.evalChoice.useNnue = value as boolean;
        return this.evalChanged(null);
      case 'EvalPreset':
        return this.evalChanged(this.evalChoice.setParams(String(value), this.evalChoice.paramFile));
      case 'EvalParams': {
        const v = String(value).trim();
        return v === '' || v === '<empty>' || isPresetName(v)
          ? this.evalChanged(this.evalChoice.setParams(v === '' || v === '<empty>' ? 'default' : v, ''))
          : this.evalChanged(this.evalChoice.setParams(this.evalChoice.preset, v));
      }
      default:
        if (this.strength.set(name, value as number | boolean)) return;
        if (SEARCH_PARAM_FACTS.some((p) => p.name === name)) {
          this.searchValues.set(name, value as number);
          this.searcher.setOption(name, value as number);
          this.helpers?.send({ type: 'option', name, value: value as number });
          return;
        }
        return this.error(`setoption: unknown option "${name}"`);
    }
  }

  /** `ucinewgame`: empty tables and the next game's draws for the levels. */
  newGame(): void {
    this.clearTables();
    this.strength.nextGame();
  }

  /** `Clear Hash` (and each new game): empty the table and every history, so a game starts as a fresh engine would. */
  private clearTables(): void {
    this.tt.clear();
    this.searcher.clear();
    this.helpers?.send({ type: 'clear' });
  }

  /** Threads: the engine worker's search and Threads - 1 Lazy SMP helpers over the shared table. */
  private setThreads(n: number): void {
    if ((this.helpers?.size ?? 0) === n - 1) return;
    this.helpers?.terminate();
    this.helpers = null;
    if (n <= 1) return;
    if (
      !this.platform.startHelper ||
      typeof SharedArrayBuffer !== 'function' ||
      !(this.tt.buffer instanceof SharedArrayBuffer)
    )
      return this.error(
        `setoption: Threads ${n}: helper threads need shared memory and worker threads, which this platform lacks; searching with one thread`,
      );
    const replay: ToHelper[] = [this.evalChoice.helperMessage()];
    for (const [name, value] of this.searchValues) replay.push({ type: 'option', name, value });
    this.helpers = new HelperPool(n - 1, this.tt.buffer, this.evalChoice.activeNet, replay, (init) =>
      this.platform.startHelper!(init),
    );
    // Where helpers load while this thread blocks (Node), wait for them: the GUI's
    // isready after this setoption then means every thread takes part in the next search.
    if (this.platform.helpersStartWhileBlocked) {
      const loaded = this.helpers.waitLoaded(HELPER_LOAD_MS);
      if (loaded < n - 1)
        this.error(
          `setoption: Threads ${n}: ${n - 1 - loaded} of ${n - 1} helper threads not loaded after ${HELPER_LOAD_MS / 1000} s; they join the searches once loaded`,
        );
    }
  }

  /** After a search (its bestmove sent): stops the Lazy SMP helpers and waits until they have left it. */
  settle(): void {
    this.helpers?.finish();
  }

  /** A search with no output (the warm-up). */
  searchQuietly(pos: Position, nodes: number, movetime: number): number {
    return this.searcher.search(pos, { nodes, movetime }).nodes;
  }

  /** A legal move of the current position, or 0000: the answer when a search failed. */
  fallbackBestmove(): string {
    if (this.fen === null) return 'bestmove 0000';
    const pos = this.current();
    const legal = legalMoves(pos);
    return `bestmove ${legal.length > 0 ? moveToUci(pos, legal[0]) : '0000'}`;
  }

  /** `d`: the board, FEN, key and checkers. */
  display(): void {
    this.out(formatBoard(this.current()));
  }

  /** `eval`: the evaluation's trace of the current position. */
  evalTrace(): void {
    this.out(formatEvalTrace(this.current(), this.ctx));
  }

  /**
   * After a setoption of the evaluation: `refused` (the reason) is printed and nothing
   * changes; else a new `eval` context and searcher, and the helpers told.
   */
  private evalChanged(refused: string | null): void {
    if (refused !== null) return this.error(refused);
    this.helpers?.send(this.evalChoice.helperMessage());
    this.ctx = new EvalContext(this.evalChoice.params, undefined, this.evalChoice.activeNet);
    this.searcher = this.makeSearcher();
  }

  private makeSearcher(): Searcher {
    const s = new Searcher(this.tt, this.signals, {
      multiPV: this.multiPV,
      moveOverhead: this.moveOverhead,
      evalParams: this.evalChoice.params,
      net: this.evalChoice.activeNet,
    });
    for (const [name, value] of this.searchValues) s.setOption(name, value);
    return s;
  }

  /** The searcher's settings, for `bench` to copy into its own. */
  settings(): BenchSettings {
    return { evalParams: this.evalChoice.params, net: this.evalChoice.activeNet, searchValues: this.searchValues };
  }

  /** A position for this engine's searcher (its incremental table) in the current mode (Chess960 or not). */
  parse(fen: string): Position {
    return Position.fromFen(fen, { psq: this.searcher.evalContext.psq, chess960: this.chess960 || undefined });
  }

  private error(message: string): void {
    this.out(`info string error: ${message}`);
  }
}
