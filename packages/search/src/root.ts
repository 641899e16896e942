/**
 * The root of a search: the root move list (searchmoves applied), iterative
 * deepening with aspiration windows, MultiPV, the time checks between iterations,
 * `info` lines, and waiting for stop in infinite and ponder searches. The nodes
 * below the root are the Searcher's alphaBeta.
 */
import { NO_PIECE, PAWN } from '@tempo-chess/bitboard';
import {
  EN_PASSANT,
  moveFrom,
  moveFromTo,
  moveTo,
  moveType,
  Position,
  PROMOTION,
  START_FEN,
} from '@tempo-chess/position';
import { generateLegal, givesCheck, legal, MAX_MOVES, pseudoLegal, SEE_VALUE } from '@tempo-chess/movegen';
import type { EvalContext } from '@tempo-chess/eval';
import {
  BOUND_EXACT,
  BOUND_LOWER,
  BOUND_UPPER,
  CHECK_INTERVAL,
  CONT_ROW_SHIFT,
  LMR_SHIFT,
  LMR_TABLE_SIZE,
  MAX_DEPTH,
  MVV_LVA_WEIGHT,
  SIDE_SHIFT,
  SQUARE_BITS,
  MAX_PLY,
  VALUE_INFINITE,
  VALUE_MATE,
  VALUE_MATE_IN_MAX_PLY,
  VALUE_NONE,
} from './constants';
import { isTactical } from './movepick';
import type { SearchHooks, SearchInfo, SearchResult, Searcher } from './search';
import { SIGNAL_PONDERHIT, SIGNAL_STOP } from './signals';
import { STACK_OFFSET } from './stack';
import { GO_ON, IterationRule, NO_SCORE, type IterationReport, type SearchLimits } from './time';

const PV_STRIDE = MAX_PLY + 1;
/** Lazy SMP: helper thread i skips the depths where ((depth + phase) / size) is odd. */
const SKIP_SIZE = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
const NO_AVG = -VALUE_INFINITE - 1;

/** `info` on fail high/low, per MultiPV line and `currmove` only after this long (ms), as GUIs expect. */
const INFO_DELAY_MS = 3000;
/** The soft bound with a single legal move (ms): enough for a score and a ponder move. */
const SINGLE_MOVE_MS = 50;
/** Root LMR: from this depth and after this many moves, one ply less than the table's reduction. */
const ROOT_LMR_DEPTH = 3;
const ROOT_LMR_MOVES = 3;
/** A root move's average score weighs the new score twice against the average (Stockfish's). */
const AVG_NEW_WEIGHT = 2;
/** Initial root order: the TT move, then captures and promotions (MVV-LVA), then quiets (history). */
const ROOT_KEY_TT = 1e9;
const ROOT_KEY_TACTICAL = 1e7;
/** A promotion without capture ranks with the captures of a piece more. */
const ROOT_KEY_PROMOTION = 1e6;

/** Infinite and ponder searches wait for a signal in slices of this many ms. */
const WAIT_SLICE_MS = 5;

/**
 * Converts an internal score (centipawns, or VALUE_MATE - plies for mates) to UCI
 * terms: centipawns, or mate in moves (negative when mated).
 */
export function uciScore(v: number): {
  /** `cp` for centipawns, `mate` for a mate in `value` moves. */
  kind: 'cp' | 'mate';
  /** Centipawns, or moves to mate: positive when the side to move mates, negative when it is mated. */
  value: number;
} {
  if (v >= VALUE_MATE_IN_MAX_PLY) return { kind: 'mate', value: (VALUE_MATE - v + 1) >> 1 };
  if (v <= -VALUE_MATE_IN_MAX_PLY) return { kind: 'mate', value: -((VALUE_MATE + v) >> 1) };
  return { kind: 'cp', value: v };
}

export class RootDriver {
  /** Root moves and, per move (by index into `moves`), their search results. */
  readonly moves = new Int32Array(MAX_MOVES);
  count = 0;
  /** The moves' current order (indices into `moves`): best first after each iteration. */
  readonly order = new Int32Array(MAX_MOVES);
  readonly score = new Int32Array(MAX_MOVES);
  readonly prevScore = new Int32Array(MAX_MOVES);
  readonly avgScore = new Int32Array(MAX_MOVES);
  readonly bound = new Int32Array(MAX_MOVES);
  readonly seldepth = new Int32Array(MAX_MOVES);
  readonly updated = new Int32Array(MAX_MOVES);
  readonly nodesOf = new Float64Array(MAX_MOVES);
  readonly pv = new Int32Array(MAX_MOVES * PV_STRIDE);
  readonly pvLen = new Int32Array(MAX_MOVES);
  pvIdx = 0;
  multiPV = 1;
  /**
   * How many of the searched lines `info` reports (0: all of them). Skill levels
   * search a few lines to choose among while the GUI sees the MultiPV it asked for.
   */
  reportLines = 0;
  /**
   * A node limit holds only once this depth is complete (0: from the first node).
   * Skill levels set 1: a budget too small for depth 1 of their lines would leave
   * nothing to choose from.
   */
  nodeLimitAfter = 0;
  completedDepth = 0;
  /** The lines of the last completed iteration, best first: moves and scores (see completedLines). */
  private readonly doneMoves = new Int32Array(MAX_MOVES);
  private readonly doneScores = new Int32Array(MAX_MOVES);
  private doneCount = 0;
  hooks: SearchHooks = {};
  /** Time management after each iteration (searches on the clock). */
  readonly rule = new IterationRule();
  /** How many times a new move took the lead at the root in the current iteration (first line). */
  bestMoveChanges = 0;
  private readonly iteration: IterationReport = {
    bestMove: 0,
    score: 0,
    depth: 0,
    changes: 0,
    share: 0,
    elapsed: 0,
    iterationMs: 0,
  };
  /** The last search's score, side to move and game ply: the trend of the next search of that side. */
  private lastScore = NO_SCORE;
  private lastSide = -1;
  private lastPly = -1;

  constructor(readonly s: Searcher) {}

  /** The start position with the evaluation's incremental table. */
  static startPosition(ctx: EvalContext): Position {
    return Position.fromFen(START_FEN, { psq: ctx.psq });
  }

  private elapsed(): number {
    return performance.now() - this.s.startTime;
  }

  /** Forgets the last search's score (a new game). */
  forgetLastScore(): void {
    this.lastScore = NO_SCORE;
    this.lastSide = this.lastPly = -1;
  }

  /** Runs a whole search (see Searcher.search). */
  run(pos: Position, limits: SearchLimits, hooks: SearchHooks): SearchResult {
    const s = this.s,
      P = s.params;
    if (pos.psq !== s.evalContext.psq)
      throw new Error(
        "search: build the position with the searcher's table, Position.fromFen(fen, { psq: searcher.evalContext.psq })",
      );
    this.hooks = hooks;
    s.startTime = performance.now();
    s.prepare(pos);
    s.tt.newSearch();
    s.pondering = limits.ponder === true;
    s.stopOnPonderhit = false;
    const ply = pos.gamePly();
    s.time.set(limits, pos.side, s.moveOverhead, P, ply);
    // The side's previous search in this game is two plies back.
    this.rule.begin(this.lastSide === pos.side && this.lastPly + 2 === ply ? this.lastScore : NO_SCORE);
    const nodeLimit = limits.nodes !== undefined && limits.nodes > 0 ? Math.floor(limits.nodes) : 0;
    s.nodeLimit = this.nodeLimitAfter > 0 ? 0 : nodeLimit;
    s.nextCheck = s.nodeLimit > 0 ? Math.min(CHECK_INTERVAL, s.nodeLimit) : CHECK_INTERVAL;
    s.rootDepth = 0;
    this.completedDepth = 0;
    this.doneCount = 0;
    this.setupRootMoves(limits.searchMoves);
    if (this.count === 0) {
      const score = pos.inCheck() ? -VALUE_MATE : 0;
      this.emit({ depth: 0, seldepth: 0, multipv: 1, score, bound: 'exact', pv: [] });
      this.waitForStop(limits);
      return { bestMove: 0, ponderMove: 0, score, depth: 0, nodes: 0, pv: [] };
    }
    if (this.count === 1 && s.time.managed) s.time.soft = Math.min(s.time.soft, SINGLE_MOVE_MS);
    this.multiPV = Math.min(s.multiPV, this.count);
    const maxDepth =
      limits.depth !== undefined && limits.depth > 0 ? Math.min(Math.floor(limits.depth), MAX_DEPTH) : MAX_DEPTH;
    let iterationStart = 0;

    for (let depth = 1; depth <= maxDepth && !s.stopped; depth++) {
      if (s.threadIndex > 0 && depth > 1) {
        const i = (s.threadIndex - 1) % 20;
        if (((depth + SKIP_PHASE[i]) / SKIP_SIZE[i]) & 1) continue;
      }
      s.rootDepth = depth;
      this.bestMoveChanges = 0;
      if (s.time.managed) iterationStart = this.elapsed();
      for (let i = 0; i < this.count; i++) {
        this.prevScore[i] = this.score[i];
        this.updated[i] = 0;
      }
      for (this.pvIdx = 0; this.pvIdx < this.multiPV && !s.stopped; this.pvIdx++) {
        this.aspiration(depth);
        this.sort(0, this.pvIdx + 1);
        if (s.stopped || this.pvIdx + 1 === this.multiPV || this.elapsed() > INFO_DELAY_MS) this.report(depth);
      }
      if (s.stopped) break;
      this.completedDepth = depth;
      for (let i = 0; i < this.multiPV; i++) {
        this.doneMoves[i] = this.moves[this.order[i]];
        this.doneScores[i] = this.score[this.order[i]];
      }
      this.doneCount = this.multiPV;
      if (depth === this.nodeLimitAfter && nodeLimit > 0) {
        if (s.totalNodes() >= nodeLimit) break;
        s.nodeLimit = nodeLimit;
        s.nextCheck = Math.min(s.nextCheck, nodeLimit);
      }

      const best = this.order[0],
        sc = this.score[best];
      if (limits.mate !== undefined && limits.mate > 0 && sc >= VALUE_MATE - (2 * limits.mate - 1)) break;
      if (s.time.managed) {
        // Step on or stop: the soft bound scaled by stability, changes, trend and node share (IterationRule).
        const it = this.iteration,
          now = this.elapsed();
        it.bestMove = this.moves[best];
        it.score = sc;
        it.depth = depth;
        it.changes = this.bestMoveChanges;
        it.share = this.nodesOf[best] / Math.max(1, s.nodes);
        it.elapsed = now;
        it.iterationMs = now - iterationStart;
        if (this.rule.stop(it, s.time.soft, s.time.hard, P) !== GO_ON) {
          if (s.pondering) s.stopOnPonderhit = true;
          else break;
        }
      }
    }
    this.waitForStop(limits);

    const best = this.order[0],
      row = best * PV_STRIDE;
    const pv = Array.from(this.pv.subarray(row, row + this.pvLen[best]));
    let ponderMove = pv.length > 1 ? pv[1] : 0;
    if (ponderMove === 0) ponderMove = this.ponderFromTT(this.moves[best]);
    let score = this.updated[best] !== 0 || this.completedDepth === 0 ? this.score[best] : this.prevScore[best];
    if (score === -VALUE_INFINITE) score = 0; // stopped before the first move of depth 1 had a score
    if (this.completedDepth > 0) {
      this.lastScore = score;
      this.lastSide = pos.side;
      this.lastPly = ply;
    }
    return {
      bestMove: this.moves[best],
      ponderMove,
      score,
      depth: Math.max(1, this.completedDepth),
      nodes: s.totalNodes(),
      pv: pv.length > 0 ? pv : [this.moves[best]],
    };
  }

  /**
   * The MultiPV lines of the last search's last completed iteration, best first: each
   * root move and its score (internal units); empty when no iteration completed.
   */
  completedLines(): { move: number; score: number }[] {
    const lines: { move: number; score: number }[] = [];
    for (let i = 0; i < this.doneCount; i++) lines.push({ move: this.doneMoves[i], score: this.doneScores[i] });
    return lines;
  }

  /** One root line (pvIdx) at `depth` inside a window that widens on each fail. */
  private aspiration(depth: number): void {
    const s = this.s,
      P = s.params;
    let delta = P.AspDelta,
      alpha = -VALUE_INFINITE,
      beta = VALUE_INFINITE;
    const avg = this.avgScore[this.order[this.pvIdx]];
    if (P.Aspiration !== 0 && depth >= P.AspDepth && avg !== NO_AVG) {
      alpha = Math.max(avg - delta, -VALUE_INFINITE);
      beta = Math.min(avg + delta, VALUE_INFINITE);
    }
    let failHigh = 0;
    for (;;) {
      s.seldepth = 0;
      const v = this.searchRoot(alpha, beta, Math.max(1, depth - failHigh));
      this.sort(this.pvIdx, this.count);
      if (s.stopped) return;
      if ((v <= alpha || v >= beta) && this.multiPV === 1 && this.elapsed() > INFO_DELAY_MS) this.report(depth);
      if (v <= alpha) {
        beta = (alpha + beta) >> 1;
        alpha = Math.max(v - delta, -VALUE_INFINITE);
        failHigh = 0;
      } else if (v >= beta) {
        beta = Math.min(v + delta, VALUE_INFINITE);
        failHigh++;
      } else return;
      delta += delta >> 1;
    }
  }

  /** The root node: PVS over the root moves from pvIdx on, in their current order. */
  private searchRoot(alpha: number, beta: number, depth: number): number {
    const s = this.s,
      pos = s.pos,
      P = s.params,
      board = pos.board,
      hooks = this.hooks;
    if (++s.nodes >= s.nextCheck) s.checkLimits();
    s.pvLen[0] = 0;
    const alpha0 = alpha;
    let best = -VALUE_INFINITE,
      bestMove = 0;
    for (let i = this.pvIdx; i < this.count; i++) {
      const ri = this.order[i],
        m = this.moves[ri],
        mc = i - this.pvIdx + 1;
      if (hooks.onCurrMove !== undefined && this.elapsed() > INFO_DELAY_MS) hooks.onCurrMove(m, i + 1, depth);
      const gives = givesCheck(pos, m),
        tactical = isTactical(pos, m);
      const newDepth = depth - 1 + (P.CheckExt !== 0 && gives ? 1 : 0);
      s.ss.move[STACK_OFFSET] = m;
      s.ss.cont[STACK_OFFSET] = ((board[moveFrom(m)] << SQUARE_BITS) | moveTo(m)) << CONT_ROW_SHIFT;
      s.pvLen[1] = 1;
      const before = s.nodes;
      s.play(m);
      let v: number;
      if (mc === 1) v = 0 - s.alphaBeta(0 - beta, 0 - alpha, newDepth, false, 1);
      else {
        let r = 0;
        if (P.LMR !== 0 && depth >= ROOT_LMR_DEPTH && mc > ROOT_LMR_MOVES && !tactical && !gives) {
          const row = Math.min(depth, LMR_TABLE_SIZE - 1) * LMR_TABLE_SIZE;
          r = Math.max(0, (s.lmr[row + Math.min(mc, LMR_TABLE_SIZE - 1)] >> LMR_SHIFT) - 1);
        }
        v = 0 - s.alphaBeta(-1 - alpha, 0 - alpha, newDepth - r, true, 1);
        if (v > alpha && r > 0) v = 0 - s.alphaBeta(-1 - alpha, 0 - alpha, newDepth, true, 1);
        if (v > alpha) v = 0 - s.alphaBeta(0 - beta, 0 - alpha, newDepth, false, 1);
      }
      s.unplay();
      this.nodesOf[ri] += s.nodes - before;
      if (s.stopped) break;
      if (mc === 1 || v > alpha) {
        this.score[ri] = v;
        this.bound[ri] = v >= beta ? BOUND_LOWER : v <= alpha ? BOUND_UPPER : BOUND_EXACT;
        this.seldepth[ri] = s.seldepth;
        const avg = this.avgScore[ri];
        this.avgScore[ri] = avg === NO_AVG ? v : ((AVG_NEW_WEIGHT * v + avg) / (AVG_NEW_WEIGHT + 1)) | 0;
        this.updated[ri] = 1;
        const row = ri * PV_STRIDE,
          W = MAX_PLY + 2,
          end = s.pvLen[1];
        this.pv[row] = m;
        let n = 1;
        for (let k = 1; k < end && n < PV_STRIDE; k++) this.pv[row + n++] = s.pv[W + k];
        this.pvLen[ri] = n;
      } else this.score[ri] = -VALUE_INFINITE;
      if (v > best) {
        best = v;
        if (v > alpha) {
          bestMove = m;
          if (mc > 1 && this.pvIdx === 0) this.bestMoveChanges++;
          if (v >= beta) break;
          alpha = v;
        }
      }
    }
    // The root's entry: move ordering for the next search from here, and for helper threads.
    if (!s.stopped && this.pvIdx === 0) {
      const bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
      s.tt.store(pos.st.keyLo, pos.st.keyHi, best, VALUE_NONE, depth, bound, bestMove, 1);
    }
    return best;
  }

  /**
   * The legal root moves (restricted to searchMoves when that leaves any), TT move first,
   * then captures by MVV-LVA, then quiets by history.
   */
  private setupRootMoves(searchMoves: number[] | undefined): void {
    const s = this.s,
      pos = s.pos,
      list = s.scratch,
      board = pos.board;
    let n = generateLegal(pos, list, 0);
    if (searchMoves !== undefined && searchMoves.length > 0) {
      let k = 0;
      for (let i = 0; i < n; i++) if (searchMoves.includes(list[i])) list[k++] = list[i];
      if (k > 0) n = k;
    }
    const ttMove = s.tt.probe(pos.st.keyLo, pos.st.keyHi) ? s.tt.hitMove : 0;
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const m = list[i];
      this.moves[i] = m;
      this.order[i] = i;
      this.score[i] = this.prevScore[i] = -VALUE_INFINITE;
      this.avgScore[i] = NO_AVG;
      this.bound[i] = BOUND_EXACT;
      this.nodesOf[i] = 0;
      this.pv[i * PV_STRIDE] = m;
      this.pvLen[i] = 1;
      this.updated[i] = 0;
      let key: number;
      if (m === ttMove) key = ROOT_KEY_TT;
      else if (isTactical(pos, m)) {
        const captured = moveType(m) === EN_PASSANT ? PAWN : board[moveTo(m)] & 7;
        key =
          ROOT_KEY_TACTICAL +
          MVV_LVA_WEIGHT * SEE_VALUE[captured] -
          (board[moveFrom(m)] & 7) +
          (moveType(m) === PROMOTION && board[moveTo(m)] === NO_PIECE ? ROOT_KEY_PROMOTION : 0);
      } else key = s.h.main[(pos.side << SIDE_SHIFT) | moveFromTo(m)];
      keys[i] = key;
    }
    this.count = n;
    // Stable sort of the order by key, best first.
    const idx = Array.from(this.order.subarray(0, n)).sort((a, b) => keys[b] - keys[a] || a - b);
    for (let i = 0; i < n; i++) this.order[i] = idx[i];
  }

  /** Stable insertion sort of order[from, to) by score, best first. */
  private sort(from: number, to: number): void {
    const o = this.order,
      sc = this.score;
    for (let i = from + 1; i < to; i++) {
      const x = o[i],
        v = sc[x];
      let j = i - 1;
      while (j >= from && sc[o[j]] < v) {
        o[j + 1] = o[j];
        j--;
      }
      o[j + 1] = x;
    }
  }

  /** `info` for every MultiPV line: lines not yet searched at `depth` report the previous depth. */
  private report(depth: number): void {
    if (this.hooks.onInfo === undefined) return;
    const lines = this.reportLines > 0 ? Math.min(this.reportLines, this.multiPV) : this.multiPV;
    for (let i = 0; i < lines; i++) {
      const ri = this.order[i],
        upd = this.updated[ri] !== 0;
      const d = upd ? depth : depth - 1;
      if (d < 1) continue;
      const score = upd ? this.score[ri] : this.prevScore[ri];
      if (score === -VALUE_INFINITE) continue;
      const b = upd ? this.bound[ri] : BOUND_EXACT;
      const row = ri * PV_STRIDE;
      this.emit({
        depth: d,
        seldepth: Math.max(d, this.seldepth[ri]),
        multipv: i + 1,
        score,
        bound: b === BOUND_LOWER ? 'lower' : b === BOUND_UPPER ? 'upper' : 'exact',
        pv: Array.from(this.pv.subarray(row, row + this.pvLen[ri])),
      });
    }
  }

  private emit(line: {
    depth: number;
    seldepth: number;
    multipv: number;
    score: number;
    bound: SearchInfo['bound'];
    pv: number[];
  }): void {
    const onInfo = this.hooks.onInfo;
    if (onInfo === undefined) return;
    const s = this.s,
      t = this.elapsed(),
      u = uciScore(line.score),
      nodes = s.totalNodes();
    onInfo({
      ...line,
      scoreKind: u.kind,
      scoreValue: u.value,
      nodes,
      nps: Math.round((nodes * 1000) / Math.max(1, t)),
      hashfull: s.tt.hashfull(),
      timeMs: Math.round(t),
    });
  }

  /** A ponder move from the TT when the PV is one move long. */
  private ponderFromTT(best: number): number {
    const s = this.s,
      pos = s.pos;
    if (best === 0) return 0;
    pos.doMove(best);
    let m = 0;
    if (s.tt.probe(pos.st.keyLo, pos.st.keyHi)) {
      const c = s.tt.hitMove;
      if (c !== 0 && pseudoLegal(pos, c) && legal(pos, c)) m = c;
    }
    pos.undoMove();
    return m;
  }

  /** Infinite and ponder searches return only on stop (a ponder search also on ponderhit). */
  private waitForStop(limits: SearchLimits): void {
    const s = this.s,
      sig = s.signals;
    const shared = typeof SharedArrayBuffer === 'function' && sig.buffer instanceof SharedArrayBuffer;
    for (;;) {
      if (Atomics.load(sig, SIGNAL_STOP) !== 0) return;
      if (s.pondering && Atomics.load(sig, SIGNAL_PONDERHIT) !== 0) s.pondering = false;
      if (!limits.infinite && !s.pondering) return;
      if (!shared) return; // nobody else can raise a signal in a plain buffer
      try {
        Atomics.wait(sig, SIGNAL_STOP, 0, WAIT_SLICE_MS);
      } catch {
        return; // a thread that may not block (a browser's main thread)
      }
    }
  }
}
