/**
 * The evaluation's per-thread state: the weights packed for the hot path, the
 * pawn hash, the attack-map scratch and the trace buffers. The search owns one
 * per thread; evaluate allocates nothing per call.
 */
import { makeScore, type PsqTable } from '@tempo-chess/position';
import { AccumulatorStack, type NetWeights } from '@tempo-chess/nnue';
import { N_PARAMS } from './layout';
import { DEFAULT_PARAMS, type EvalParams } from './params';
import { DEFAULT_PSQ, makeEvalPsq } from './psq-table';

/** Words per pawn-hash entry (see pawns.ts for the layout). */
export const PAWN_ENTRY_WORDS = 16;
/** Default pawn-hash entries: 2^13 (512 KB). */
export const DEFAULT_PAWN_HASH_ENTRIES = 8192;

/** Scalar results a traced evaluation records beside the coefficients (indices into EvalContext.tx). */
export const TX_DRAWN = 0,
  TX_KPK = 1,
  TX_KS_ACTIVE_W = 2,
  TX_KS_ACTIVE_B = 3,
  TX_SF_W = 4,
  TX_SF_B = 5,
  TX_KXK = 6;
export const TX_WORDS = 8;

/** The psq table of each weights object already seen, so contexts of one table share it (a position fits all of them). */
const PSQ_OF = new WeakMap<EvalParams, PsqTable>();

/** One search thread's evaluation state: the weights, their psq table, a pawn hash and scratch space. */
export class EvalContext {
  /** The weights this context evaluates with. */
  readonly params: EvalParams;
  /**
   * The Position table of these weights: build positions with it (`Position.fromFen(fen,
   * { psq: ctx.psq })`). Contexts made from the same weights object share one table.
   */
  readonly psq: PsqTable;
  /** Packed weights, `makeScore(mg[i], eg[i])`, for the hot path. */
  readonly w: Int32Array;
  /** Pawn hash: PAWN_ENTRY_WORDS words per entry; with 0 entries one scratch entry, computed every call. */
  readonly pawnHash: Int32Array;
  /** Entry index mask (entries - 1), or -1 when the hash is off. */
  readonly pawnMask: number;
  /** Attack maps of the current evaluation: colour c, kind k at 16c + 2k (lo, hi); kinds in evaluate.ts. */
  readonly att = new Int32Array(32);
  /** Scratch shared by the piece functions (pieces.ts, PV_* words). */
  readonly pv = new Int32Array(16);
  /** King attack of colour c: packed attack units at 2c, attacker count at 2c + 1. */
  readonly ks = new Int32Array(4);
  /** Tracing: when set, evaluate records the coefficients below instead of only summing. */
  tracing = false;
  /** Per-index counts of white's and black's features of the traced evaluation. */
  readonly tw = new Int32Array(N_PARAMS);
  /** Black's feature counts by parameter index (`tw` holds white's). */
  readonly tb = new Int32Array(N_PARAMS);
  /** Scalar results of the traced evaluation (TX_* indices). */
  readonly tx = new Int32Array(TX_WORDS);
  /**
   * The network this context evaluates with, or null for the hand-crafted evaluation.
   * The weights are the caller's (shared between threads, never copied).
   */
  readonly net: NetWeights | null;
  /**
   * The net's accumulator stack, null without a net. Whoever plays moves on the
   * evaluated position keeps it in step: refresh(pos) at the root, push() after
   * doMove, pushNull() after doNullMove, pop() after either undo (the search does).
   */
  readonly nnue: AccumulatorStack | null;

  /**
   * @param params the weights (default DEFAULT_PARAMS)
   * @param pawnHashEntries pawn-hash size, rounded down to a power of two; 0 turns the hash off
   * @param net a network to evaluate with instead of the weights (which still give the
   *   position's incremental table and the `eval` command's hand-crafted table)
   */
  constructor(
    params: EvalParams = DEFAULT_PARAMS,
    pawnHashEntries: number = DEFAULT_PAWN_HASH_ENTRIES,
    net: NetWeights | null = null,
  ) {
    this.params = params;
    this.net = net;
    this.nnue = net !== null ? new AccumulatorStack(net) : null;
    let psq = params === DEFAULT_PARAMS ? DEFAULT_PSQ : PSQ_OF.get(params);
    if (psq === undefined) PSQ_OF.set(params, (psq = makeEvalPsq(params)));
    this.psq = psq;
    const w = new Int32Array(N_PARAMS);
    for (let i = 0; i < N_PARAMS; i++) w[i] = makeScore(params.mg[i], params.eg[i]);
    this.w = w;
    let n = 0;
    if (pawnHashEntries >= 1) {
      n = 1;
      while (n * 2 <= pawnHashEntries && n < 1 << 20) n *= 2;
    }
    this.pawnMask = n - 1;
    this.pawnHash = new Int32Array(PAWN_ENTRY_WORDS * Math.max(n, 1));
    this.clear();
  }

  /** Empties the pawn hash (a new game, or a test that wants it cold). */
  clear(): void {
    // An entry counts only with its "used" word set (a position without pawns has pawn key 0).
    this.pawnHash.fill(0);
  }
}
