/**
 * The search: iterative deepening with aspiration windows over a principal
 * variation search (alphaBeta) and a quiescence search (qsearch), after Stockfish's
 * search.cpp, with Ethereal's and Berserk's simpler forms where they read better.
 *
 * Nothing allocates per node: per-ply values live in the search stack (stack.ts,
 * slot ply + STACK_OFFSET), move lists are slices of one
 * Int32Array, the TT answers through fields, and the pickers are made once.
 */
import {
  B_BISHOP,
  B_KNIGHT,
  B_PAWN,
  B_QUEEN,
  B_ROOK,
  BISHOP,
  KNIGHT,
  PAWN,
  QUEEN,
  ROOK,
  W_BISHOP,
  W_KNIGHT,
  W_PAWN,
  W_QUEEN,
  W_ROOK,
} from '@tempo-chess/bitboard';
import {
  EN_PASSANT,
  FROM_TO_MASK,
  isRepetitionDraw,
  MOVE_TYPE_MASK,
  moveType,
  NORMAL,
  PROMOTION,
  SQUARE_MASK,
  TO_SHIFT,
  type Position,
} from '@tempo-chess/position';
import { generateEvasions, MAX_MOVES, see, SEE_VALUE } from '@tempo-chess/movegen';
import { givesCheckFast } from './checks';
import { evaluate, EvalContext, type EvalParams } from '@tempo-chess/eval';
import type { AccumulatorStack, NetWeights } from '@tempo-chess/nnue';
import {
  BOUND_EXACT,
  BOUND_LOWER,
  BOUND_NONE,
  CHECK_INTERVAL,
  BOUND_UPPER,
  CONT_ROW_SHIFT,
  DEPTH_NONE,
  DEPTH_QS,
  EXTENSION_PLY_FACTOR,
  LIST_SIZE,
  LMR_GRAIN,
  LMR_SHIFT,
  LMR_TABLE_SIZE,
  MAIN_HISTORY_WEIGHT,
  MAX_PLY,
  NMP_MIN_DEPTH,
  PRIOR_BONUS_DEPTH,
  PROBCUT_REDUCTION,
  SIDE_SHIFT,
  SQUARE_BITS,
  TRIED_SIZE,
  TT_CUTOFF_RULE50,
  TT_DEPTH_MARGIN,
  VALUE_DRAW,
  VALUE_INFINITE,
  VALUE_MATE,
  VALUE_MATE_IN_MAX_PLY,
  VALUE_MATED_IN_MAX_PLY,
  VALUE_NONE,
} from './constants';
import { Heuristics } from './history';
import { isTactical, MovePicker } from './movepick';
import { SearchParams } from './params';
import { scoreFromTT, scoreToTT, type TranspositionTable } from './tt';
import { TimeBounds, type SearchLimits } from './time';
import { RootDriver } from './root';
import { SIGNAL_PONDERHIT, SIGNAL_STOP } from './signals';
import { SearchStack, STACK_OFFSET } from './stack';
import { bonus, corrected, pieceTo, updateCorrection, updatePrior, updateQuiet, updateStats } from './stats';

/** Options of a Searcher beside the SEARCH_PARAMS. */
export interface SearchOptions {
  /** Lines to search and report (UCI MultiPV). */
  multiPV: number;
  /** Milliseconds kept back per move for the GUI and the pipe (UCI Move Overhead). */
  moveOverhead: number;
  /** Evaluation weights (default: the evaluation's defaults). */
  evalParams?: EvalParams;
  /**
   * A network to evaluate with (wrapped by the evaluation's endgame rules), shared with
   * other threads and never copied; null or absent: the hand-crafted evaluation.
   */
  net?: NetWeights | null;
  /**
   * Lazy SMP: 0 for the main thread; a helper (1, 2, ...) skips some iterations
   * (Stockfish's old skip pattern) so the threads spread over depths.
   */
  threadIndex?: number;
}

/** One line of search output (UCI `info`). */
export interface SearchInfo {
  /** The iteration's depth, in plies (0 when the root has no legal move). */
  depth: number;
  /** The deepest ply this line's search reached, at least `depth`. */
  seldepth: number;
  /** 1-based line number. */
  multipv: number;
  /** Internal score (centipawns, or VALUE_MATE - plies for mates). */
  score: number;
  /** The UCI form of `score`: `cp` centipawns or `mate` in moves. */
  scoreKind: 'cp' | 'mate';
  /** Centipawns, or mate in moves (negative when mated). */
  scoreValue: number;
  /** `exact`, or `lower`/`upper` for a fail high/low of the aspiration window. */
  bound: 'exact' | 'lower' | 'upper';
  /** Nodes searched so far by every thread of this search. */
  nodes: number;
  /** Nodes a second since the search began. */
  nps: number;
  /** Table entries written in this search, per mille of a sample. */
  hashfull: number;
  /** Milliseconds since the search began. */
  timeMs: number;
  /** The principal variation: 16-bit moves from the root. */
  pv: number[];
}

/** What a search returns. bestMove is 0 when the root has no legal move. */
export interface SearchResult {
  /** The move to play (16-bit move), 0 when there is none. */
  bestMove: number;
  /** The expected reply (from the PV, else the TT), 0 when unknown. */
  ponderMove: number;
  /** The best move's score: centipawns, or VALUE_MATE - plies for mates (uciScore converts it). */
  score: number;
  /** The last completed iteration, in plies (at least 1 with a legal move; 0 without). */
  depth: number;
  /** Nodes searched by every thread of this search. */
  nodes: number;
  /** The principal variation from the root, starting with bestMove. */
  pv: number[];
}

/** Callbacks during a search (called synchronously from inside it). */
export interface SearchHooks {
  /** Receives each line of output: after every iteration, and on a fail high or low after 3 s. */
  onInfo?(info: SearchInfo): void;
  /** Receives the root move being searched (`number` is 1-based) at `depth`, once 3 s have passed. */
  onCurrMove?(move: number, number: number, depth: number): void;
}

/** singular()'s answer when the node fails high without the TT move. */
const MULTI_CUT = 100;

/** Piece values for futility (centipawns, by piece type). */
const FUT_VALUE = SEE_VALUE;

/** Fifty moves without a capture or a pawn move, in plies. */
const FIFTY_MOVE_PLIES = 100;
/** Upper bound of the Move Overhead option (ms). */
const MAX_MOVE_OVERHEAD = 10000;

/**
 * One search thread: its histories, stacks, evaluation context and limits. The TT
 * and the signals may be shared with other threads.
 */
export class Searcher {
  /** This thread's SEARCH_PARAMS values; setOption edits them. */
  readonly params = new SearchParams();
  /**
   * The move-ordering histories, killers, counter moves and correction histories.
   * @internal
   */
  readonly h = new Heuristics();
  /**
   * The evaluation's context: its weights, incremental tables and pawn hash. Positions
   * to search are built with `evalContext.psq`.
   */
  readonly evalContext: EvalContext;
  /** The net's accumulator stack (evalContext.nnue), null with the hand-crafted evaluation. */
  readonly nnue: AccumulatorStack | null;
  /** Lines searched and reported (UCI MultiPV), 1 or more. */
  multiPV = 1;
  /** Milliseconds kept back per move for the GUI and the pipe (UCI Move Overhead), 0-10000. */
  moveOverhead = 20;
  /** Lazy SMP: 0 for the main thread, 1, 2, ... for a helper. */
  threadIndex = 0;

  // ---- The position being searched (a placeholder until the first search).
  /**
   * The position being searched (a placeholder until the first search).
   * @internal
   */
  pos: Position;

  /**
   * The per-ply values of the line being searched (stack.ts).
   * @internal
   */
  readonly ss = new SearchStack();

  // ---- Principal variations: row p holds the line from ply p (pvLen[p] is its end).
  /**
   * The triangular PV table: row p holds the line from ply p.
   * @internal
   */
  readonly pv = new Int32Array((MAX_PLY + 2) * (MAX_PLY + 2));
  /**
   * The end of each row of `pv`.
   * @internal
   */
  readonly pvLen = new Int32Array(MAX_PLY + 2);

  // ---- Move lists and pickers: two slots a ply (the node, its singular verification).
  /**
   * The move lists of every picker slot.
   * @internal
   */
  readonly moves = new Int32Array(2 * (MAX_PLY + 4) * LIST_SIZE);
  /**
   * The pickers' ordering scores, beside `moves`.
   * @internal
   */
  readonly moveScores = new Int32Array(2 * (MAX_PLY + 4) * LIST_SIZE);
  /**
   * The staged move pickers, slot 2 x ply (+ 1 for the singular verification).
   * @internal
   */
  readonly pickers: MovePicker[] = [];
  /**
   * The quiet moves tried at each slot, for the history maluses.
   * @internal
   */
  readonly quietsTried = new Int32Array(2 * (MAX_PLY + 4) * TRIED_SIZE);
  /**
   * The captures tried at each slot, for the capture-history maluses.
   * @internal
   */
  readonly capturesTried = new Int32Array(2 * (MAX_PLY + 4) * TRIED_SIZE);
  /**
   * A move list for one-off generation outside the pickers.
   * @internal
   */
  readonly scratch = new Int32Array(LIST_SIZE);

  /**
   * Late move reductions in 1/1024 plies by min(depth, 63) * 64 + min(moveCount, 63).
   * @internal
   */
  readonly lmr = new Int32Array(LMR_TABLE_SIZE * LMR_TABLE_SIZE);

  // ---- Limits and counters.
  /** Nodes this thread has searched in the current (or last) search. */
  nodes = 0;
  /**
   * The node limit of the search, 0 for none.
   * @internal
   */
  nodeLimit = 0;
  /**
   * The node count at which checkLimits runs next.
   * @internal
   */
  nextCheck = 0;
  /**
   * True once a limit or a signal has ended the search.
   * @internal
   */
  stopped = false;
  /**
   * The deepest ply reached in the current root move's search.
   * @internal
   */
  seldepth = 0;
  /**
   * The iteration being searched, in plies.
   * @internal
   */
  rootDepth = 0;
  /**
   * Null move is off below this ply (the verification search sets it).
   * @internal
   */
  nmpMinPly = 0;
  /**
   * performance.now() when the search began, in ms.
   * @internal
   */
  startTime = 0;
  /**
   * True while a `ponder` search waits for ponderhit.
   * @internal
   */
  pondering = false;
  /**
   * True when the soft bound passed while pondering: ponderhit then stops the search.
   * @internal
   */
  stopOnPonderhit = false;
  /**
   * The soft and hard time bounds of the current search.
   * @internal
   */
  readonly time = new TimeBounds();
  /**
   * The root: iterative deepening, aspiration, MultiPV and the root moves (root.ts).
   * @internal
   */
  readonly root: RootDriver;
  /**
   * Lazy SMP: every thread's node count of the current search, thread i in slot 8i
   * (a cache line each), or null with one thread. Each thread publishes its own every
   * CHECK_INTERVAL nodes; `info` and a node limit count them all, as UCI engines do.
   */
  nodeCounts: BigInt64Array | null = null;

  /**
   * @param tt - The transposition table, possibly shared with other threads.
   * @param signals - The stop and ponderhit flags (createSignals), possibly shared.
   * @param options - MultiPV, Move Overhead, evaluation and thread settings.
   */
  constructor(
    /** The transposition table, possibly shared with other threads. */
    readonly tt: TranspositionTable,
    /** The signals the search polls: SIGNAL_STOP and SIGNAL_PONDERHIT. */
    readonly signals: Int32Array,
    options: Partial<SearchOptions> = {},
  ) {
    this.evalContext = new EvalContext(options.evalParams, undefined, options.net ?? null);
    this.nnue = this.evalContext.nnue;
    if (options.multiPV !== undefined) this.multiPV = Math.max(1, options.multiPV | 0);
    if (options.moveOverhead !== undefined) this.moveOverhead = Math.max(0, options.moveOverhead | 0);
    if (options.threadIndex !== undefined) this.threadIndex = Math.max(0, options.threadIndex | 0);
    this.pos = placeholderPosition(this.evalContext);
    for (let s = 0; s < 2 * (MAX_PLY + 4); s++)
      this.pickers.push(new MovePicker(this.pos, this.moves, this.moveScores, this.h, s, this.params));
    this.root = new RootDriver(this);
    this.initReductions();
  }

  /**
   * Sets MultiPV, Move Overhead or any SEARCH_PARAMS entry (names case-insensitive).
   * Returns false for an unknown name.
   */
  setOption(name: string, value: number): boolean {
    const n = name.toLowerCase();
    if (n === 'multipv') {
      this.multiPV = Math.max(1, Math.min(MAX_MOVES, value | 0));
      return true;
    }
    if (n === 'move overhead' || n === 'moveoverhead') {
      this.moveOverhead = Math.max(0, Math.min(MAX_MOVE_OVERHEAD, value | 0));
      return true;
    }
    const ok = this.params.set(name, value);
    if (ok && (n === 'lmrbase' || n === 'lmrdiv')) this.initReductions();
    return ok;
  }

  /** Forgets histories, killers, counter moves, corrections, the last score (ucinewgame). The TT is the caller's. */
  clear(): void {
    this.h.clear();
    this.evalContext.clear();
    this.root.forgetLastScore();
  }

  /**
   * Searches `pos` within `limits` and returns the best move. Synchronous: it polls
   * the signals every 64 nodes; `infinite` and `ponder` searches return only after
   * stop (or ponderhit and their time). The position is left as it was.
   */
  search(pos: Position, limits: SearchLimits, hooks: SearchHooks = {}): SearchResult {
    return this.root.run(pos, limits, hooks);
  }

  /**
   * Binds the position to this thread's pickers and resets the per-search counters.
   * @internal
   */
  prepare(pos: Position): void {
    this.pos = pos;
    const pk = this.pickers;
    for (let i = 0; i < pk.length; i++) pk[i].pos = pos;
    pos.rootPly = pos.ply;
    if (this.nnue !== null) this.nnue.refresh(pos);
    this.nodes = 0;
    this.stopped = false;
    this.seldepth = 0;
    this.nmpMinPly = 0;
    this.ss.reset();
    this.h.killers.fill(0);
    for (let i = 0; i < pk.length; i++) {
      pk[i].useCont = this.params.ContHist;
      pk[i].useThreats = this.params.Threats;
    }
  }

  /**
   * pos.doMove(m) with the net's accumulators kept in step (a new ply, computed when
   * first evaluated). Every move the search plays on its position goes through here
   * and unplay(), so the stack's ply is always the position's.
   * @internal
   */
  play(m: number): void {
    this.pos.doMove(m);
    if (this.params.Prefetch !== 0) this.tt.prefetch(this.pos.st.keyLo);
    const a = this.nnue;
    if (a !== null) a.push();
  }

  /** play(m) for a child that will not probe the table (no prefetch: its load would be wasted). */
  private playNoProbe(m: number): void {
    this.pos.doMove(m);
    const a = this.nnue;
    if (a !== null) a.push();
  }

  /**
   * Takes back the last play() on the position and the net's accumulators.
   * @internal
   */
  unplay(): void {
    this.pos.undoMove();
    const a = this.nnue;
    if (a !== null) a.pop();
  }

  private playNull(): void {
    this.pos.doNullMove();
    const a = this.nnue;
    if (a !== null) a.pushNull();
  }

  private unplayNull(): void {
    this.pos.undoNullMove();
    const a = this.nnue;
    if (a !== null) a.pop();
  }

  private initReductions(): void {
    const P = this.params,
      t = this.lmr;
    for (let d = 0; d < LMR_TABLE_SIZE; d++)
      for (let m = 0; m < LMR_TABLE_SIZE; m++)
        t[d * LMR_TABLE_SIZE + m] =
          d === 0 || m === 0
            ? 0
            : Math.round(LMR_GRAIN * (P.LmrBase / 100 + (Math.log(d) * Math.log(m)) / (P.LmrDiv / 100)));
  }

  /** This search's nodes in every thread (the others' as last published, at most CHECK_INTERVAL behind). */
  totalNodes(): number {
    const c = this.nodeCounts,
      own = this.threadIndex << 3;
    if (c === null) return this.nodes;
    let n = this.nodes;
    for (let i = 0; i < c.length; i += 8) if (i !== own) n += Number(Atomics.load(c, i));
    return n;
  }

  /** Called every CHECK_INTERVAL nodes (and at the node limit): the node limit, the signals, the clock. */
  checkLimits(): void {
    this.nextCheck = this.nodes + CHECK_INTERVAL;
    if (this.nodeCounts !== null) Atomics.store(this.nodeCounts, this.threadIndex << 3, BigInt(this.nodes));
    if (this.nodeLimit > 0) {
      if (this.totalNodes() >= this.nodeLimit) {
        this.stopped = true;
        return;
      }
      if (this.nextCheck > this.nodeLimit) this.nextCheck = this.nodeLimit;
    }
    if (Atomics.load(this.signals, SIGNAL_STOP) !== 0) {
      this.stopped = true;
      return;
    }
    if (this.pondering) {
      if (Atomics.load(this.signals, SIGNAL_PONDERHIT) === 0) return;
      this.pondering = false;
      if (this.stopOnPonderhit) {
        this.stopped = true;
        return;
      }
    }
    // The hard bound holds from the first node: a stop inside depth 1 plays the first
    // root move in order (the TT move, else the best capture or quiet by history).
    if (this.time.hard !== Infinity && performance.now() - this.startTime >= this.time.hard) this.stopped = true;
  }

  /** The draw rules a search node applies (checkmate outranks the fifty-move rule). */
  private isDrawn(inCheck: boolean): boolean {
    const pos = this.pos,
      pc = pos.pieceCount;
    if (pos.st.rule50 >= FIFTY_MOVE_PLIES) return !inCheck || generateEvasions(pos, this.scratch, 0) > 0;
    if (
      (pc[W_PAWN] | pc[B_PAWN] | pc[W_ROOK] | pc[B_ROOK] | pc[W_QUEEN] | pc[B_QUEEN]) === 0 &&
      pc[W_KNIGHT] + pc[W_BISHOP] + pc[B_KNIGHT] + pc[B_BISHOP] <= 1
    )
      return true;
    return isRepetitionDraw(pos);
  }

  /** Whether the side to move has a piece other than pawns and king (null move is unsafe without). */
  private hasNonPawn(): boolean {
    const pc = this.pos.pieceCount,
      o = this.pos.side << 3;
    return pc[o + KNIGHT] + pc[o + BISHOP] + pc[o + ROOK] + pc[o + QUEEN] > 0;
  }

  /** Copies the child's line behind m into row ply. */
  private updatePv(ply: number, m: number): void {
    const pv = this.pv,
      W = MAX_PLY + 2,
      row = ply * W,
      child = (ply + 1) * W,
      end = this.pvLen[ply + 1];
    pv[row + ply] = m;
    let i = ply + 1;
    for (; i < end; i++) pv[row + i] = pv[child + i];
    this.pvLen[ply] = end > ply + 1 ? end : ply + 1;
  }

  /**
   * Steps 5 to 7 of alphaBeta at a non-PV node not in check: razoring, reverse futility
   * and null move. Returns the node's score when one of them ends it, else VALUE_NONE.
   */
  private shallowPrune(
    alpha: number,
    beta: number,
    depth: number,
    ev: number,
    staticEval: number,
    improving: boolean,
    cutNode: boolean,
    ply: number,
  ): number {
    const P = this.params;
    // Step 5. Razoring: far below alpha, only captures can save the node.
    if (P.Razoring !== 0 && depth <= P.RazorDepth && ev + P.RazorBase + P.RazorMult * depth * depth < alpha) {
      const v = this.qsearch(alpha - 1, alpha, ply, false);
      if (v < alpha && v > VALUE_MATED_IN_MAX_PLY) return v;
    }

    // Step 6. Reverse futility pruning: far enough above beta, trust the eval.
    if (
      P.Futility !== 0 &&
      depth < P.RfpDepth &&
      ev < VALUE_MATE_IN_MAX_PLY &&
      beta > VALUE_MATED_IN_MAX_PLY &&
      ev - P.RfpMargin * (depth - (improving ? 1 : 0)) >= beta
    )
      return ev;

    // Step 7. Null move pruning, verified at high depth.
    if (
      P.NullMove !== 0 &&
      ev >= beta &&
      staticEval >= beta - P.NmpMargin * depth + P.NmpBaseMargin &&
      depth >= NMP_MIN_DEPTH &&
      this.ss.move[ply + STACK_OFFSET - 1] !== 0 &&
      ply >= this.nmpMinPly &&
      beta > VALUE_MATED_IN_MAX_PLY &&
      this.hasNonPawn()
    )
      return this.nullMove(beta, depth, ev, cutNode, ply);
    return VALUE_NONE;
  }

  /** Step 7 of alphaBeta: the null-move search and its verification; VALUE_NONE when it does not cut. */
  private nullMove(beta: number, depth: number, ev: number, cutNode: boolean, ply: number): number {
    const P = this.params,
      sp = ply + STACK_OFFSET,
      ss = this.ss;
    let dr = ((ev - beta) / P.NmpEvalDiv) | 0;
    if (dr > P.NmpEvalMax) dr = P.NmpEvalMax;
    const R = P.NmpBase + ((depth / P.NmpDepthDiv) | 0) + dr;
    ss.move[sp] = 0;
    ss.cont[sp] = 0;
    this.playNull();
    const v = 0 - this.alphaBeta(0 - beta, 1 - beta, depth - R, !cutNode, ply + 1);
    this.unplayNull();
    if (this.stopped) return 0;
    if (v < beta || v >= VALUE_MATE_IN_MAX_PLY) return VALUE_NONE;
    if (this.nmpMinPly !== 0 || depth < P.NmpVerifyDepth) return v;
    // Verification at high depth: a null-move-free search of this node, reduced, with
    // null move allowed again only in the last quarter of its depth (Stockfish's).
    this.nmpMinPly = ply + (((3 * (depth - R)) / 4) | 0);
    const w = this.alphaBeta(beta - 1, beta, depth - R, false, ply);
    this.nmpMinPly = 0;
    return w >= beta ? v : VALUE_NONE;
  }

  /**
   * Step 9 of alphaBeta: captures that beat beta + ProbCutMargin in qsearch and then in a
   * reduced search, unless the TT entry already says they will not; VALUE_NONE when none.
   */
  private probCut(
    beta: number,
    depth: number,
    improving: boolean,
    staticEval: number,
    rawEval: number,
    ttMove: number,
    ttScore: number,
    ttDepth: number,
    ttPv: boolean,
    cutNode: boolean,
    ply: number,
    picker: MovePicker,
  ): number {
    const P = this.params,
      pos = this.pos,
      sp = ply + STACK_OFFSET,
      ss = this.ss,
      st = pos.st;
    const pcBeta = beta + P.ProbCutMargin - (improving ? P.ProbCutImproving : 0);
    if (ttScore !== VALUE_NONE && ttDepth >= depth - TT_DEPTH_MARGIN && ttScore < pcBeta) return VALUE_NONE;
    picker.initProbCut(ttMove, pcBeta - staticEval);
    for (let m = picker.next(); m !== 0; m = picker.next()) {
      ss.move[sp] = m;
      ss.cont[sp] = pieceTo(pos.board, m) << CONT_ROW_SHIFT;
      this.play(m);
      let v = 0 - this.qsearch(0 - pcBeta, 1 - pcBeta, ply + 1, false);
      if (v >= pcBeta) v = 0 - this.alphaBeta(0 - pcBeta, 1 - pcBeta, depth - PROBCUT_REDUCTION, !cutNode, ply + 1);
      this.unplay();
      if (this.stopped) return 0;
      if (v >= pcBeta) {
        const storeDepth = depth - PROBCUT_REDUCTION + 1; // one more than searched, as Stockfish's
        this.tt.store(st.keyLo, st.keyHi, scoreToTT(v, ply), rawEval, storeDepth, BOUND_LOWER, m, ttPv ? 1 : 0);
        return v - (pcBeta - beta);
      }
    }
    return VALUE_NONE;
  }

  /** Whether the static eval at stack slot sp beats the one two plies back (else four, else false). */
  private improvingAt(sp: number, staticEval: number): boolean {
    const se = this.ss.staticEval,
      e2 = se[sp - 2];
    if (e2 !== VALUE_NONE) return staticEval > e2;
    const e4 = se[sp - 4];
    return e4 !== VALUE_NONE && staticEval > e4;
  }

  /**
   * Step 11 of alphaBeta: late move pruning, SEE pruning of captures and checks, and
   * history, futility and SEE pruning of quiets. Returns VALUE_NONE when move m is to be
   * searched, else the node's best value after skipping it (futility may raise it).
   */
  private pruneMove(
    m: number,
    capture: boolean,
    gives: boolean,
    history: number,
    r1024: number,
    depth: number,
    moveCount: number,
    lmpLimit: number,
    alpha: number,
    staticEval: number,
    bestValue: number,
    inCheck: boolean,
    picker: MovePicker,
  ): number {
    const P = this.params,
      pos = this.pos;
    // Late move pruning: from here on the picker yields no quiet but checks (the quiets not
    // generated yet come unscored), this move is still tried when it is a quiet check, and
    // evasions (not staged) are pruned here. Unlike Stockfish's moveCountPruning, quiet
    // checks stay: dropping them loses a mate in 2 that the search otherwise finds in 306 nodes.
    if (P.Futility !== 0 && moveCount >= lmpLimit) {
      picker.skipQuiets = true;
      if (!capture && !gives) return bestValue;
    }
    let lmrDepth = depth - 1 - (r1024 >> LMR_SHIFT);
    if (capture || gives) {
      const t = 0 - P.SeeCaptureMult * depth;
      return P.SEEPruning !== 0 && picker.seeFloor < t && !see(pos, m, t) ? bestValue : VALUE_NONE;
    }
    if (P.HistPruning !== 0 && lmrDepth < P.HistPruneDepth && history < -P.HistPruneMult * depth) return bestValue;
    lmrDepth += (history / P.LmrHistDiv) | 0;
    if (lmrDepth < 0) lmrDepth = 0;
    if (P.Futility !== 0 && !inCheck && lmrDepth < P.FutDepth) {
      const fv = staticEval + P.FutBase + P.FutMult * lmrDepth;
      if (fv <= alpha) return bestValue < fv && fv < VALUE_MATE_IN_MAX_PLY ? fv : bestValue;
    }
    if (P.SEEPruning !== 0 && !see(pos, m, 0 - P.SeeQuietMult * lmrDepth * lmrDepth)) return bestValue;
    return VALUE_NONE;
  }

  /** The singular search's bound for a TT score at `depth`. */
  private singularBeta(ttScore: number, depth: number): number {
    return ttScore - ((this.params.SingularMult * depth) >> 4);
  }

  /**
   * Step 12 of alphaBeta: the extension of move m: singular (with double, negative and
   * multi-cut) for the TT move, else the check extension. Returns MULTI_CUT when the node
   * fails high without the TT move (the caller returns singularBeta).
   */
  private extension(
    m: number,
    gives: boolean,
    isTTMove: boolean,
    beta: number,
    depth: number,
    ttScore: number,
    ttBound: number,
    ttDepth: number,
    cutNode: boolean,
    pvNode: boolean,
    ply: number,
    picker: MovePicker,
  ): number {
    const P = this.params,
      inReach = ply < EXTENSION_PLY_FACTOR * this.rootDepth;
    if (
      P.Singular !== 0 &&
      isTTMove &&
      depth >= P.SingularDepth &&
      inReach &&
      ttScore !== VALUE_NONE &&
      ttScore < VALUE_MATE_IN_MAX_PLY &&
      ttScore > VALUE_MATED_IN_MAX_PLY &&
      (ttBound & BOUND_LOWER) !== 0 &&
      ttDepth >= depth - TT_DEPTH_MARGIN
    )
      return this.singular(m, this.singularBeta(ttScore, depth), beta, ttScore, depth, cutNode, pvNode, ply);
    return P.CheckExt !== 0 && gives && inReach && (picker.seeFloor >= 0 || see(this.pos, m, 0)) ? 1 : 0;
  }

  /**
   * The singular test of the TT move m (search the node without it below sBeta). Returns
   * the extension (2, 1, 0 or -1), or MULTI_CUT when even without m the node beats beta.
   */
  private singular(
    m: number,
    sBeta: number,
    beta: number,
    ttScore: number,
    depth: number,
    cutNode: boolean,
    pvNode: boolean,
    ply: number,
  ): number {
    const P = this.params,
      sp = ply + STACK_OFFSET,
      ss = this.ss;
    ss.excluded[sp] = m;
    const v = this.alphaBeta(sBeta - 1, sBeta, (depth - 1) >> 1, cutNode, ply);
    ss.excluded[sp] = 0;
    if (v < sBeta) return !pvNode && v < sBeta - P.DoubleExtMargin && ss.doubleExt[sp - 1] < P.DoubleExtMax ? 2 : 1;
    if (sBeta >= beta) return MULTI_CUT;
    return ttScore >= beta || cutNode ? -1 : 0;
  }

  /**
   * Step 14 of alphaBeta: the late move reduction of a move, in 1/1024 plies, from the
   * table's r1024 adjusted by the node and the move.
   */
  private reduction(
    r1024: number,
    history: number,
    capture: boolean,
    gives: boolean,
    ttCapture: boolean,
    improving: boolean,
    ttPv: boolean,
    cutNode: boolean,
  ): number {
    const P = this.params;
    let r = r1024;
    if (!improving) r += P.LmrNotImproving;
    if (ttPv) r -= P.LmrTtPv;
    if (cutNode) r += P.LmrCutNode;
    if (ttCapture && !capture) r += P.LmrTtCapture;
    if (gives) r -= P.LmrCheck;
    if (!capture) r -= ((history * LMR_GRAIN) / P.LmrHistDiv) | 0;
    return r;
  }

  /**
   * Step 17 of alphaBeta after a node with moves: the histories, killers and counter move
   * of the best move, or the prior countermove bonus when every move failed low.
   */
  private updateNodeStats(
    bestMove: number,
    depth: number,
    pvNode: boolean,
    cutNode: boolean,
    ply: number,
    slot: number,
    quietCount: number,
    captureCount: number,
  ): void {
    const sp = ply + STACK_OFFSET,
      prevMove = this.ss.move[sp - 1];
    if (bestMove !== 0) updateStats(this, bestMove, depth, ply, slot, quietCount, captureCount);
    else if (
      this.params.PriorBonus !== 0 &&
      prevMove !== 0 &&
      this.pos.st.captured === 0 &&
      moveType(prevMove) === NORMAL
    ) {
      // Every reply failed low: the opponent's quiet move here was good; reward it
      // (Stockfish's prior countermove bonus).
      const k = 1 + (depth > PRIOR_BONUS_DEPTH ? 1 : 0) + (pvNode || cutNode ? 1 : 0);
      updatePrior(this, prevMove, this.ss.cont[sp - 1] >> CONT_ROW_SHIFT, sp, (k * bonus(this, depth)) >> 1);
    }
  }

  /** Step 18 of alphaBeta (not in a singular search): the correction histories and the TT entry. */
  private storeNode(
    bestValue: number,
    bestMove: number,
    beta: number,
    depth: number,
    ply: number,
    staticEval: number,
    rawEval: number,
    inCheck: boolean,
    pvNode: boolean,
    ttPv: boolean,
  ): void {
    const st = this.pos.st;
    const bound = bestValue >= beta ? BOUND_LOWER : pvNode && bestMove !== 0 ? BOUND_EXACT : BOUND_UPPER;
    if (
      this.params.CorrHist !== 0 &&
      !inCheck &&
      (bestMove === 0 || !isTactical(this.pos, bestMove)) &&
      !(bound === BOUND_LOWER && bestValue <= staticEval) &&
      !(bound === BOUND_UPPER && bestValue >= staticEval)
    )
      updateCorrection(this, bestValue - staticEval, depth);
    this.tt.store(st.keyLo, st.keyHi, scoreToTT(bestValue, ply), rawEval, depth, bound, bestMove, ttPv ? 1 : 0);
  }

  /**
   * The principal variation search of a node at `ply` (>= 1) to `depth`: returns a
   * score within or at the bounds of (alpha, beta). `cutNode` marks nodes expected
   * to fail high.
   */
  // The steps share the node's state (TT entry, evals, window, move counts) as locals, as in Stockfish's
  // search(); the steps that need only their arguments are the methods above.
  // eslint-disable-next-line max-lines-per-function -- the steps share the node's locals, as Stockfish's search()
  alphaBeta(alpha: number, beta: number, depth: number, cutNode: boolean, ply: number): number {
    const pvNode = beta - alpha > 1;
    // Step 1. Quiescence at the horizon.
    if (depth <= 0) return this.qsearch(alpha, beta, ply, pvNode);
    const pos = this.pos,
      P = this.params,
      tt = this.tt,
      st = pos.st,
      sp = ply + STACK_OFFSET,
      ss = this.ss;
    if (this.stopped) return 0;
    if (++this.nodes >= this.nextCheck) this.checkLimits();
    const inCheck = (st.checkersLo | st.checkersHi) !== 0;
    if (pvNode) {
      this.pvLen[ply] = ply;
      if (ply + 1 > this.seldepth) this.seldepth = ply + 1;
    }

    // Step 2. Aborted search, draws, the ply limit, mate distance pruning.
    if (this.stopped) return 0;
    if (this.isDrawn(inCheck)) return VALUE_DRAW;
    if (ply >= MAX_PLY - 4) return inCheck ? VALUE_DRAW : corrected(this, evaluate(pos, this.evalContext));
    if (P.MateDistance !== 0) {
      if (alpha < -VALUE_MATE + ply) alpha = -VALUE_MATE + ply;
      if (beta > VALUE_MATE - ply - 1) beta = VALUE_MATE - ply - 1;
      if (alpha >= beta) return alpha;
    }

    // Step 3. Transposition table lookup (none in a singular verification search).
    const excluded = ss.excluded[sp];
    const ttHit = excluded === 0 && tt.probe(st.keyLo, st.keyHi);
    const ttMove = ttHit ? tt.hitMove : 0;
    const ttScore = ttHit ? scoreFromTT(tt.hitScore, ply) : VALUE_NONE;
    const ttDepth = ttHit ? tt.hitDepth : DEPTH_NONE;
    const ttBound = ttHit ? tt.hitBound : BOUND_NONE;
    const ttEval = ttHit ? tt.hitEval : VALUE_NONE;
    const ttPv = pvNode || (ttHit && tt.hitPv !== 0);
    if (
      !pvNode &&
      ttHit &&
      P.TTCutoffs !== 0 &&
      ttDepth >= depth &&
      ttScore !== VALUE_NONE &&
      (ttBound & (ttScore >= beta ? BOUND_LOWER : BOUND_UPPER)) !== 0 &&
      st.rule50 < TT_CUTOFF_RULE50
    ) {
      // A quiet TT move that fails high earns its history bonus as if it had been searched.
      if (ttMove !== 0 && ttScore >= beta && !isTactical(pos, ttMove))
        updateQuiet(this, ttMove, pieceTo(pos.board, ttMove), sp, bonus(this, depth));
      return ttScore;
    }

    // Step 4. Static evaluation, corrected; the TT score refines it when its bound allows.
    let rawEval = VALUE_NONE,
      staticEval = VALUE_NONE,
      ev = VALUE_NONE;
    if (inCheck) ss.staticEval[sp] = VALUE_NONE;
    else if (excluded !== 0) staticEval = ev = ss.staticEval[sp];
    else {
      rawEval = ttEval !== VALUE_NONE ? ttEval : evaluate(pos, this.evalContext);
      if (!ttHit) tt.store(st.keyLo, st.keyHi, VALUE_NONE, rawEval, DEPTH_NONE, BOUND_NONE, 0, ttPv ? 1 : 0);
      staticEval = ev = ss.staticEval[sp] = corrected(this, rawEval);
      if (ttScore !== VALUE_NONE && (ttBound & (ttScore > ev ? BOUND_LOWER : BOUND_UPPER)) !== 0) ev = ttScore;
    }
    const improving = !inCheck && P.Improving !== 0 && this.improvingAt(sp, staticEval);
    ss.doubleExt[sp] = ss.doubleExt[sp - 1];

    // Steps 5 to 7. Razoring, reverse futility, null move.
    if (!pvNode && !inCheck && excluded === 0) {
      const v = this.shallowPrune(alpha, beta, depth, ev, staticEval, improving, cutNode, ply);
      if (v !== VALUE_NONE) return v;
    }

    // Step 8. Internal iterative reduction: without a TT move this node is likely new and costly.
    if (P.IIR !== 0 && depth >= P.IirDepth && ttMove === 0 && (pvNode || cutNode)) depth--;

    const slot = 2 * ply + (excluded !== 0 ? 1 : 0);
    const picker = this.pickers[slot];

    // Step 9. ProbCut: a good capture that beats beta by a margin in a reduced search.
    if (P.ProbCut !== 0 && !pvNode && !inCheck && excluded === 0 && depth >= P.ProbCutDepth) {
      if (beta > VALUE_MATED_IN_MAX_PLY && beta < VALUE_MATE_IN_MAX_PLY) {
        const v = this.probCut(
          beta,
          depth,
          improving,
          staticEval,
          rawEval,
          ttMove,
          ttScore,
          ttDepth,
          ttPv,
          cutNode,
          ply,
          picker,
        );
        if (v !== VALUE_NONE) return v;
      }
    }

    // Step 10. The moves loop.
    const board = pos.board,
      h = this.h,
      counter = ss.move[sp - 1] !== 0 ? h.counter[ss.cont[sp - 1] >> CONT_ROW_SHIFT] : 0;
    const c1 = ss.cont[sp - 1],
      c2 = ss.cont[sp - 2];
    picker.initMain(ttMove, h.killers[2 * ply], h.killers[2 * ply + 1], counter, c1, c2, inCheck, depth);
    const ttMoveOk = picker.ttMove;
    const ttCapture = ttMoveOk !== 0 && isTactical(pos, ttMoveOk);
    const lmpLimit = improving || P.Improving === 0 ? P.LmpBase + depth * depth : ((P.LmpBase + depth * depth) / 2) | 0;
    const mh = h.main,
      ch = h.cont,
      side12 = pos.side << SIDE_SHIFT,
      triedBase = slot * TRIED_SIZE,
      depthRow = (depth < LMR_TABLE_SIZE - 1 ? depth : LMR_TABLE_SIZE - 1) * LMR_TABLE_SIZE;
    let bestValue = -VALUE_INFINITE,
      bestMove = 0,
      moveCount = 0,
      quietCount = 0,
      captureCount = 0;
    const nonPawn = this.hasNonPawn();

    for (let m = picker.next(); m !== 0; m = picker.next()) {
      if (m === excluded) continue;
      moveCount++;
      const pc = (board[m & SQUARE_MASK] << SQUARE_BITS) | ((m >>> TO_SHIFT) & SQUARE_MASK);
      const capture = isTactical(pos, m);
      const gives = givesCheckFast(pos, m);
      let history = 0;
      if (!capture) {
        history = MAIN_HISTORY_WEIGHT * mh[side12 | (m & FROM_TO_MASK)];
        if (P.ContHist !== 0) history += ch[c1 + pc] + ch[c2 + pc];
      }
      const r1024 = this.lmr[depthRow + (moveCount < LMR_TABLE_SIZE - 1 ? moveCount : LMR_TABLE_SIZE - 1)];

      // Step 11. Pruning at shallow depth.
      if (bestValue > VALUE_MATED_IN_MAX_PLY && nonPawn) {
        const pruned = this.pruneMove(
          m,
          capture,
          gives,
          history,
          r1024,
          depth,
          moveCount,
          lmpLimit,
          alpha,
          staticEval,
          bestValue,
          inCheck,
          picker,
        );
        if (pruned !== VALUE_NONE) {
          bestValue = pruned;
          continue;
        }
      }

      // Step 12. Extensions: singular (with double, negative and multi-cut), check.
      const extension = this.extension(
        m,
        gives,
        m === ttMoveOk && excluded === 0,
        beta,
        depth,
        ttScore,
        ttBound,
        ttDepth,
        cutNode,
        pvNode,
        ply,
        picker,
      );
      if (this.stopped) return 0;
      if (extension === MULTI_CUT) return this.singularBeta(ttScore, depth);
      ss.doubleExt[sp] = ss.doubleExt[sp - 1] + (extension >= 2 ? 1 : 0);
      const newDepth = depth - 1 + extension;

      // Step 13. Make the move.
      ss.move[sp] = m;
      ss.cont[sp] = pc << CONT_ROW_SHIFT;
      this.play(m);

      // Step 14. Late move reductions, then the full-depth and PV searches.
      let v = -VALUE_INFINITE;
      if (P.LMR !== 0 && depth >= 2 && moveCount > 1 + (pvNode ? 1 : 0) && (!capture || !ttPv)) {
        const r = this.reduction(r1024, history, capture, gives, ttCapture, improving, ttPv, cutNode);
        let d = newDepth - (r >> LMR_SHIFT);
        if (d > newDepth) d = newDepth;
        if (d < 1) d = 1;
        v = 0 - this.alphaBeta(-1 - alpha, 0 - alpha, d, true, ply + 1);
        if (v > alpha && d < newDepth) v = 0 - this.alphaBeta(-1 - alpha, 0 - alpha, newDepth, !cutNode, ply + 1);
      } else if (!pvNode || moveCount > 1) v = 0 - this.alphaBeta(-1 - alpha, 0 - alpha, newDepth, !cutNode, ply + 1);
      if (pvNode && (moveCount === 1 || v > alpha)) {
        // The child's line starts empty: when alpha has risen to beta - 1 the child
        // searches a null window, is no PV node and leaves its row untouched, and the
        // row would still hold an earlier sibling's line (fastchess: 'Illegal PV move').
        this.pvLen[ply + 1] = ply + 1;
        v = 0 - this.alphaBeta(0 - beta, 0 - alpha, newDepth, false, ply + 1);
      }
      this.unplay();

      // Step 15. Out of time: the value is garbage.
      if (this.stopped) return 0;

      // Step 16. New best move; the others are remembered for their history maluses.
      if (v > bestValue) {
        bestValue = v;
        if (v > alpha) {
          bestMove = m;
          if (pvNode) this.updatePv(ply, m);
          if (v >= beta) break;
          alpha = v;
        }
      }
      if (m !== bestMove) {
        if (capture) {
          if (captureCount < TRIED_SIZE) this.capturesTried[triedBase + captureCount++] = m;
        } else if (quietCount < TRIED_SIZE) this.quietsTried[triedBase + quietCount++] = m;
      }
    }

    // Step 17. Mate and stalemate; history updates.
    if (moveCount === 0) bestValue = excluded !== 0 ? alpha : inCheck ? -VALUE_MATE + ply : VALUE_DRAW;
    else if (excluded === 0 || bestMove !== 0)
      this.updateNodeStats(bestMove, depth, pvNode, cutNode, ply, slot, quietCount, captureCount);

    // Step 18. Correction history and the TT.
    if (excluded === 0)
      this.storeNode(bestValue, bestMove, beta, depth, ply, staticEval, rawEval, inCheck, pvNode, ttPv);
    return bestValue;
  }

  /**
   * Quiescence search: captures and queen promotions (all evasions in check) until
   * the position is quiet, with stand-pat, TT cutoffs (QsTT), futility and SEE pruning.
   */
  qsearch(alpha: number, beta: number, ply: number, pvNode: boolean): number {
    const pos = this.pos,
      P = this.params,
      tt = this.tt,
      st = pos.st,
      sp = ply + STACK_OFFSET,
      ss = this.ss;
    if (this.stopped) return 0;
    if (++this.nodes >= this.nextCheck) this.checkLimits();
    if (pvNode) {
      this.pvLen[ply] = ply;
      if (ply + 1 > this.seldepth) this.seldepth = ply + 1;
    }
    if (this.stopped) return 0;
    const inCheck = (st.checkersLo | st.checkersHi) !== 0;
    if (this.isDrawn(inCheck)) return VALUE_DRAW;
    if (ply >= MAX_PLY - 4) return inCheck ? VALUE_DRAW : corrected(this, evaluate(pos, this.evalContext));

    const keyLo = st.keyLo,
      keyHi = st.keyHi,
      useTT = P.QsTT !== 0;
    const ttHit = useTT && tt.probe(keyLo, keyHi);
    const ttMove = ttHit ? tt.hitMove : 0;
    const ttScore = ttHit ? scoreFromTT(tt.hitScore, ply) : VALUE_NONE;
    const ttBound = ttHit ? tt.hitBound : BOUND_NONE;
    const ttEval = ttHit ? tt.hitEval : VALUE_NONE;
    if (
      !pvNode &&
      P.TTCutoffs !== 0 &&
      ttScore !== VALUE_NONE &&
      (ttBound & (ttScore >= beta ? BOUND_LOWER : BOUND_UPPER)) !== 0
    )
      return ttScore;

    let bestValue = -VALUE_INFINITE,
      futilityBase = -VALUE_INFINITE,
      rawEval = VALUE_NONE;
    if (!inCheck) {
      rawEval = ttEval !== VALUE_NONE ? ttEval : evaluate(pos, this.evalContext);
      const staticEval = corrected(this, rawEval);
      bestValue = staticEval;
      if (ttScore !== VALUE_NONE && (ttBound & (ttScore > bestValue ? BOUND_LOWER : BOUND_UPPER)) !== 0)
        bestValue = ttScore;
      if (bestValue >= beta) {
        if (useTT && !ttHit) tt.store(keyLo, keyHi, scoreToTT(bestValue, ply), rawEval, DEPTH_QS, BOUND_LOWER, 0, 0);
        return bestValue;
      }
      if (bestValue > alpha) alpha = bestValue;
      futilityBase = staticEval + P.QsFutMargin;
    }

    const picker = this.pickers[2 * ply + (ss.excluded[sp] !== 0 ? 1 : 0)];
    picker.initQs(ttMove, ss.cont[sp - 1], ss.cont[sp - 2], inCheck);
    const board = pos.board;
    let bestMove = 0;
    for (let m = picker.next(); m !== 0; m = picker.next()) {
      const to = (m >>> TO_SHIFT) & SQUARE_MASK;
      if (bestValue > VALUE_MATED_IN_MAX_PLY && P.QsFutility !== 0) {
        let seeOk = false;
        // Futility prunes only where futilityBase <= alpha (fv >= futilityBase, the
        // values being non-negative), so only there does a check matter.
        const type = m & MOVE_TYPE_MASK;
        if (!inCheck && type !== PROMOTION && futilityBase <= alpha && !givesCheckFast(pos, m)) {
          const fv = futilityBase + FUT_VALUE[type === EN_PASSANT ? PAWN : board[to] & 7];
          if (fv <= alpha) {
            if (fv > bestValue) bestValue = fv;
            continue;
          }
          if (!see(pos, m, 1)) {
            if (futilityBase > bestValue) bestValue = futilityBase;
            continue;
          }
          seeOk = P.QsSeeMargin <= 1; // SEE >= 1 answers the test below
        }
        if (!seeOk && !see(pos, m, P.QsSeeMargin)) continue;
      }
      ss.move[sp] = m;
      ss.cont[sp] = ((board[m & SQUARE_MASK] << SQUARE_BITS) | to) << CONT_ROW_SHIFT;
      if (useTT) this.play(m);
      else this.playNoProbe(m);
      const v = 0 - this.qsearch(0 - beta, 0 - alpha, ply + 1, pvNode);
      this.unplay();
      if (this.stopped) return 0;
      if (v > bestValue) {
        bestValue = v;
        if (v > alpha) {
          bestMove = m;
          if (pvNode) this.updatePv(ply, m);
          if (v >= beta) break;
          alpha = v;
        }
      }
    }
    if (inCheck && bestValue === -VALUE_INFINITE) return -VALUE_MATE + ply;
    if (useTT)
      tt.store(
        keyLo,
        keyHi,
        scoreToTT(bestValue, ply),
        rawEval,
        DEPTH_QS,
        bestValue >= beta ? BOUND_LOWER : BOUND_UPPER,
        bestMove,
        0,
      );
    return bestValue;
  }
}

/** A position to hold before the first search (the pickers need one). */
function placeholderPosition(ctx: EvalContext): Position {
  return RootDriver.startPosition(ctx);
}
