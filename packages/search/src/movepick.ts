/**
 * The staged move picker, as in Stockfish's movepick.cpp. Moves come out in this
 * order: the TT move (checked with pseudoLegal + legal before anything is
 * generated), good captures (SEE against a threshold that scales with MVV and
 * capture history), the two killers, the counter move, quiets by history (butterfly
 * plus one- and two-ply continuation history), and bad captures last. Evasions,
 * quiescence and ProbCut have their own short stage lists. Every generated move is
 * legal (movegen's generators are), so the search never tests legality itself.
 *
 * One picker object per search slot (two per ply: the node and its singular
 * verification search), each owning its slice of the shared move and score arrays.
 */
import {
  BISHOP,
  BISHOP_TABLE,
  KNIGHT,
  KNIGHT_ATTACKS,
  NO_PIECE,
  PAWN,
  PAWN_ATTACKS,
  QUEEN,
  ROOK,
  ROOK_TABLE,
  bishopIndex,
  rookIndex,
} from '@tempo-chess/bitboard';
import {
  B_ALL,
  CASTLING,
  EN_PASSANT,
  FROM_TO_MASK,
  MOVE_TYPE_MASK,
  moveTo,
  moveType,
  PROMOTION,
  PROMOTION_MASK,
  PROMOTION_SHIFT,
  promotionType,
  SQUARE_MASK,
  TO_SHIFT,
  W_ALL,
  WB,
  WN,
  WQ,
  WR,
  type Position,
} from '@tempo-chess/position';
import {
  generateCaptures,
  generateEvasions,
  generateQuietChecks,
  generateQuiets,
  pseudoLegal,
  see,
  SEE_VALUE,
} from '@tempo-chess/movegen';
import { givesCheckFast, legalQuick as legal } from './checks';
import {
  CAPTURE_HISTORY_SHIFT,
  CAPTURE_PIECE_SHIFT,
  CAPTURE_TO_SHIFT,
  CONT1_WEIGHT,
  EVASION_CAPTURE_SCORE,
  EVASION_QUEEN_PROMOTION_SCORE,
  LIST_SIZE,
  MVV_LVA_WEIGHT,
  MVV_WEIGHT,
  SIDE_SHIFT,
  SQUARE_BITS,
  STAGE_BAD_CAPTURE,
  STAGE_CAPTURE_INIT,
  STAGE_COUNTER,
  STAGE_DONE,
  STAGE_EVASION,
  STAGE_EVASION_INIT,
  STAGE_EVASION_TT,
  STAGE_GOOD_CAPTURE,
  STAGE_KILLER1,
  STAGE_KILLER2,
  STAGE_PROBCUT,
  STAGE_PROBCUT_INIT,
  STAGE_PROBCUT_TT,
  STAGE_QS_CAPTURE,
  STAGE_QS_INIT,
  STAGE_QS_TT,
  STAGE_QUIET,
  STAGE_QUIET_INIT,
  STAGE_TT,
  UNDERPROMOTION_LIMIT,
  UNDERPROMOTION_SCORE,
} from './constants';
import type { Heuristics } from './history';
import { SearchParams } from './params';

/** Whether m captures (en passant included) in pos. Promotions without capture are not captures. */
export function isCapture(pos: Position, m: number): boolean {
  const type = m & MOVE_TYPE_MASK;
  return type === EN_PASSANT || (type !== CASTLING && pos.board[(m >>> TO_SHIFT) & SQUARE_MASK] !== NO_PIECE);
}

/** A capture or a promotion: the moves the capture stages yield. */
export function isTactical(pos: Position, m: number): boolean {
  return (m & MOVE_TYPE_MASK) === PROMOTION || isCapture(pos, m);
}

/** MovePicker.seeFloor when nothing is known (below every threshold the search tests). */
export const SEE_UNKNOWN = -(1 << 30);

export class MovePicker {
  stage = STAGE_DONE;
  ttMove = 0;
  killer1 = 0;
  killer2 = 0;
  counterMove = 0;
  /** Continuation-history row offsets of the moves one and two plies back. */
  cont1 = 0;
  cont2 = 0;
  /** The ProbCut SEE threshold. */
  threshold = 0;
  /**
   * Set by the search once late move pruning decides no quiet is worth trying unless
   * it gives check: from then on the picker yields quiet checks only, and a quiet
   * stage not begun yet generates only the quiet checks (unscored, unsorted).
   */
  skipQuiets = false;
  /** The quiet stage's moves are the quiet checks only (generated after skipQuiets was set). */
  private checksOnly = false;
  /**
   * A SEE threshold the last move returned is known to reach (the good-capture stage
   * tested it), else SEE_UNKNOWN: the search skips its own SEE test of that move when
   * this threshold is at least its own (SEE >= t implies SEE >= any lower t).
   */
  seeFloor = SEE_UNKNOWN;
  /** Slice bounds: base of the slice, next move, end of the current stage's moves, end of the bad captures. */
  readonly base: number;
  cur = 0;
  end = 0;
  endBad = 0;
  useCont = 1;
  /** 1: quiets are scored with the threat terms (see scoreQuiets). */
  useThreats = 0;
  /** Quiets scored below this stay unsorted (set from the depth by initMain). */
  sortLimit = 0;

  constructor(
    public pos: Position,
    readonly moves: Int32Array,
    readonly scores: Int32Array,
    readonly h: Heuristics,
    slot: number,
    /** The ordering numbers (QuietSortMult, CaptureSeeDiv, Threat*): the searcher's own. */
    readonly params: SearchParams = new SearchParams(),
  ) {
    this.base = slot * LIST_SIZE;
  }

  /** A node of the main search. */
  initMain(
    ttMove: number,
    killer1: number,
    killer2: number,
    counterMove: number,
    cont1: number,
    cont2: number,
    inCheck: boolean,
    depth: number,
  ): void {
    this.sortLimit = 0 - this.params.QuietSortMult * depth;
    this.ttMove = ttMove;
    this.killer1 = killer1;
    this.killer2 = killer2;
    this.counterMove = counterMove;
    this.cont1 = cont1;
    this.cont2 = cont2;
    this.skipQuiets = false;
    this.cur = this.end = this.endBad = this.base;
    const pos = this.pos;
    const ttOk = ttMove !== 0 && pseudoLegal(pos, ttMove) && legal(pos, ttMove);
    if (!ttOk) this.ttMove = 0;
    if (inCheck) this.stage = ttOk ? STAGE_EVASION_TT : STAGE_EVASION_INIT;
    else this.stage = ttOk ? STAGE_TT : STAGE_CAPTURE_INIT;
  }

  /** A quiescence node: evasions in check, else captures and queen promotions. */
  initQs(ttMove: number, cont1: number, cont2: number, inCheck: boolean): void {
    this.ttMove = 0;
    this.killer1 = this.killer2 = this.counterMove = 0;
    this.cont1 = cont1;
    this.cont2 = cont2;
    this.skipQuiets = false;
    this.cur = this.end = this.endBad = this.base;
    const pos = this.pos;
    if (inCheck) {
      if (ttMove !== 0 && pseudoLegal(pos, ttMove) && legal(pos, ttMove)) this.ttMove = ttMove;
      this.stage = this.ttMove !== 0 ? STAGE_EVASION_TT : STAGE_EVASION_INIT;
      return;
    }
    if (ttMove !== 0 && isQsMove(pos, ttMove) && pseudoLegal(pos, ttMove) && legal(pos, ttMove)) this.ttMove = ttMove;
    this.stage = this.ttMove !== 0 ? STAGE_QS_TT : STAGE_QS_INIT;
  }

  /** ProbCut: captures whose SEE reaches `threshold`. */
  initProbCut(ttMove: number, threshold: number): void {
    this.ttMove = 0;
    this.threshold = threshold;
    this.skipQuiets = false;
    this.cur = this.end = this.endBad = this.base;
    const pos = this.pos;
    if (
      ttMove !== 0 &&
      isCapture(pos, ttMove) &&
      pseudoLegal(pos, ttMove) &&
      legal(pos, ttMove) &&
      see(pos, ttMove, threshold)
    )
      this.ttMove = ttMove;
    this.stage = this.ttMove !== 0 ? STAGE_PROBCUT_TT : STAGE_PROBCUT_INIT;
  }

  /** The next move, or 0 when none is left. */
  // eslint-disable-next-line max-lines-per-function -- one switch over the stages in order, as Stockfish's next_move
  next(): number {
    const pos = this.pos,
      moves = this.moves,
      scores = this.scores,
      seeDiv = this.params.CaptureSeeDiv;
    this.seeFloor = SEE_UNKNOWN;
    for (;;) {
      switch (this.stage) {
        case STAGE_TT:
        case STAGE_EVASION_TT:
        case STAGE_QS_TT:
        case STAGE_PROBCUT_TT:
          this.stage++;
          return this.ttMove;

        case STAGE_CAPTURE_INIT:
          this.cur = this.endBad = this.base;
          this.end = generateCaptures(pos, moves, this.base);
          this.scoreCaptures();
          this.stage = STAGE_GOOD_CAPTURE;
          break;

        case STAGE_GOOD_CAPTURE:
          while (this.cur < this.end) {
            const i = this.pickBest(this.cur, this.end);
            const m = moves[i],
              s = scores[i];
            this.cur++;
            if (m === this.ttMove) continue;
            // Underpromotions and captures that lose material wait until after the quiets.
            const threshold = 0 - ((s / seeDiv) | 0);
            if (s < UNDERPROMOTION_LIMIT || !see(pos, m, threshold)) {
              moves[this.endBad++] = m;
              continue;
            }
            this.seeFloor = threshold;
            return m;
          }
          this.stage = STAGE_KILLER1;
          break;

        // Once skipQuiets is set, a killer or counter is tried only if it gives check; one
        // that is not tried is a quiet without check, which the quiet stage skips anyway.
        case STAGE_KILLER1:
          this.stage = STAGE_KILLER2;
          if (this.validQuiet(this.killer1) && (!this.skipQuiets || givesCheckFast(pos, this.killer1)))
            return this.killer1;
          break;

        case STAGE_KILLER2:
          this.stage = STAGE_COUNTER;
          if (
            this.killer2 !== this.killer1 &&
            this.validQuiet(this.killer2) &&
            (!this.skipQuiets || givesCheckFast(pos, this.killer2))
          )
            return this.killer2;
          break;

        case STAGE_COUNTER: {
          this.stage = STAGE_QUIET_INIT;
          const c = this.counterMove;
          if (
            c !== this.killer1 &&
            c !== this.killer2 &&
            this.validQuiet(c) &&
            (!this.skipQuiets || givesCheckFast(pos, c))
          )
            return c;
          // A counter that was not played must not be skipped among the quiets.
          if (c === this.killer1 || c === this.killer2 || !this.validQuiet(c)) this.counterMove = 0;
          break;
        }

        case STAGE_QUIET_INIT:
          this.cur = this.end;
          // Late move pruning already gave up on quiets: only the checks are generated
          // (the same moves in the same order as the quiets filtered below).
          this.checksOnly = this.skipQuiets;
          if (this.skipQuiets) {
            this.end = generateQuietChecks(pos, moves, this.cur);
          } else {
            this.end = generateQuiets(pos, moves, this.cur);
            this.scoreQuiets(this.cur, this.end, this.useThreats !== 0 && this.threatMasks());
            partialSort(moves, scores, this.cur, this.end, this.sortLimit);
          }
          this.stage = STAGE_QUIET;
          break;

        case STAGE_QUIET:
          while (this.cur < this.end) {
            const m = moves[this.cur++];
            if (m === this.ttMove || m === this.killer1 || m === this.killer2 || m === this.counterMove) continue;
            if (this.skipQuiets && !this.checksOnly && !givesCheckFast(pos, m)) continue;
            return m;
          }
          this.cur = this.base;
          this.end = this.endBad;
          this.stage = STAGE_BAD_CAPTURE;
          break;

        case STAGE_BAD_CAPTURE:
          if (this.cur < this.end) return moves[this.cur++];
          this.stage = STAGE_DONE;
          return 0;

        case STAGE_EVASION_INIT:
          this.cur = this.base;
          this.end = generateEvasions(pos, moves, this.base);
          this.scoreEvasions();
          this.stage = STAGE_EVASION;
          break;

        case STAGE_EVASION:
          while (this.cur < this.end) {
            const i = this.pickBest(this.cur, this.end);
            const m = moves[i];
            this.cur++;
            if (m !== this.ttMove) return m;
          }
          this.stage = STAGE_DONE;
          return 0;

        case STAGE_QS_INIT:
          this.cur = this.base;
          this.end = generateCaptures(pos, moves, this.base);
          this.scoreCaptures();
          this.stage = STAGE_QS_CAPTURE;
          break;

        case STAGE_QS_CAPTURE:
          while (this.cur < this.end) {
            const i = this.pickBest(this.cur, this.end);
            const m = moves[i],
              s = scores[i];
            this.cur++;
            if (m === this.ttMove || s < UNDERPROMOTION_LIMIT) continue;
            return m;
          }
          this.stage = STAGE_DONE;
          return 0;

        case STAGE_PROBCUT_INIT:
          this.cur = this.base;
          this.end = generateCaptures(pos, moves, this.base);
          this.scoreCaptures();
          this.stage = STAGE_PROBCUT;
          break;

        case STAGE_PROBCUT:
          while (this.cur < this.end) {
            const i = this.pickBest(this.cur, this.end);
            const m = moves[i],
              s = scores[i];
            this.cur++;
            if (m === this.ttMove || s < UNDERPROMOTION_LIMIT) continue;
            if (see(pos, m, this.threshold)) return m;
          }
          this.stage = STAGE_DONE;
          return 0;

        default:
          return 0;
      }
    }
  }

  /** Whether a killer or counter move is a legal quiet here (not the TT move). */
  private validQuiet(m: number): boolean {
    if (m === 0 || m === this.ttMove) return false;
    const pos = this.pos;
    const type = moveType(m);
    if (type === PROMOTION || type === EN_PASSANT) return false;
    if (type !== CASTLING && pos.board[moveTo(m)] !== NO_PIECE) return false;
    return pseudoLegal(pos, m) && legal(pos, m);
  }

  /** MVV plus capture history; queen promotions high, underpromotions far below everything. */
  private scoreCaptures(): void {
    const pos = this.pos,
      board = pos.board,
      moves = this.moves,
      scores = this.scores,
      ch = this.h.capture,
      sv = SEE_VALUE;
    for (let i = this.cur; i < this.end; i++) {
      const m = moves[i],
        to = (m >>> TO_SHIFT) & SQUARE_MASK,
        type = m & MOVE_TYPE_MASK;
      const piece = board[m & SQUARE_MASK];
      const captured = type === EN_PASSANT ? PAWN : board[to] & 7;
      const hist = ch[(piece << CAPTURE_PIECE_SHIFT) | (to << CAPTURE_TO_SHIFT) | captured];
      let s = MVV_WEIGHT * sv[captured] + (hist >> CAPTURE_HISTORY_SHIFT);
      if (type === PROMOTION) {
        if (((m >>> PROMOTION_SHIFT) & PROMOTION_MASK) + KNIGHT !== QUEEN) s = UNDERPROMOTION_SCORE;
        else s += MVV_WEIGHT * (sv[QUEEN] - sv[PAWN]);
      }
      scores[i] = s;
    }
  }

  /**
   * Butterfly history plus the one- and two-ply continuation histories, and with
   * `threats` the threat terms (threatMasks must have just filled THREATS).
   *
   * The threat terms of quiet ordering (after Stockfish's movepick): with the squares
   * the opponent's pawns attack, then those its pawns, knights and bishops attack, then
   * those with its rooks too, a piece of ours attacked by a lesser piece (a queen by a
   * rook or less, a rook by a minor or pawn, a knight or bishop by a pawn) earns a bonus
   * for moving to a square no such piece attacks, and a piece not so attacked pays a
   * malus for moving to one that is. The magnitudes (SEARCH_PARAMS' Threat*) are on the
   * history scale (the quiet scores reach about +-65,000).
   */
  private scoreQuiets(from: number, to: number, threats: boolean): void {
    const pos = this.pos,
      board = pos.board,
      moves = this.moves,
      scores = this.scores;
    const mh = this.h.main,
      ch = this.h.cont,
      side = pos.side << SIDE_SHIFT;
    const c1 = this.cont1,
      c2 = this.cont2,
      useCont = this.useCont;
    const P = this.params,
      queenBonus = P.ThreatQueen,
      rookBonus = P.ThreatRook,
      minorBonus = P.ThreatMinor,
      queenByMinor = P.ThreatQueenByMinor;
    const Z = THREATS,
      pLo = Z[0],
      pHi = Z[1],
      mLo = Z[2],
      mHi = Z[3],
      rLo = Z[4],
      rHi = Z[5],
      tLo = Z[6],
      tHi = Z[7];
    for (let i = from; i < to; i++) {
      const m = moves[i],
        f = m & SQUARE_MASK,
        piece = board[f];
      let s = mh[side | (m & FROM_TO_MASK)];
      if (useCont !== 0) {
        const pc = (piece << SQUARE_BITS) | ((m >>> TO_SHIFT) & SQUARE_MASK);
        s += CONT1_WEIGHT * ch[c1 + pc] + ch[c2 + pc];
      }
      const pt = piece & 7;
      if (threats && pt !== PAWN && pt <= QUEEN) {
        const t = (m >>> TO_SHIFT) & SQUARE_MASK;
        const fb = f < 32 ? 1 << f : 0,
          fh = f < 32 ? 0 : 1 << (f - 32);
        const tb = t < 32 ? 1 << t : 0,
          th = t < 32 ? 0 : 1 << (t - 32);
        const byPawn = ((tb & pLo) | (th & pHi)) !== 0,
          byMinor = ((tb & mLo) | (th & mHi)) !== 0,
          byRook = ((tb & rLo) | (th & rHi)) !== 0;
        if (((fb & tLo) | (fh & tHi)) !== 0) {
          s +=
            pt === QUEEN
              ? byRook
                ? 0
                : queenBonus
              : pt === ROOK
                ? byMinor
                  ? 0
                  : rookBonus
                : byPawn
                  ? 0
                  : minorBonus;
        } else {
          s -=
            pt === QUEEN
              ? (byRook ? queenBonus : 0) + (byMinor ? queenByMinor : 0)
              : pt === ROOK
                ? byMinor
                  ? rookBonus
                  : 0
                : byPawn
                  ? minorBonus
                  : 0;
        }
      }
      scores[i] = s;
    }
  }

  /**
   * The threat terms' squares into THREATS: attacked by the opponent's pawns (0, 1),
   * by its pawns or minors (2, 3), by those or its rooks (4, 5), and our pieces
   * attacked by a lesser piece (6, 7). False when every mask is empty (no term applies).
   */
  private threatMasks(): boolean {
    const bb = this.pos.bb,
      them = this.pos.side ^ 1,
      u = this.pos.side << 4;
    const occLo = bb[W_ALL] | bb[B_ALL],
      occHi = bb[W_ALL + 1] | bb[B_ALL + 1];
    attacksBy(bb, them, PAWN, occLo, occHi);
    const pLo = ATT[0],
      pHi = ATT[1];
    attacksBy(bb, them, KNIGHT, occLo, occHi);
    let mLo = pLo | ATT[0],
      mHi = pHi | ATT[1];
    attacksBy(bb, them, BISHOP, occLo, occHi);
    mLo |= ATT[0];
    mHi |= ATT[1];
    attacksBy(bb, them, ROOK, occLo, occHi);
    const rLo = mLo | ATT[0],
      rHi = mHi | ATT[1];
    // Our pieces attacked by a lesser one.
    const tLo = (bb[u + WQ] & rLo) | (bb[u + WR] & mLo) | ((bb[u + WN] | bb[u + WB]) & pLo);
    const tHi = (bb[u + WQ + 1] & rHi) | (bb[u + WR + 1] & mHi) | ((bb[u + WN + 1] | bb[u + WB + 1]) & pHi);
    const Z = THREATS;
    Z[0] = pLo;
    Z[1] = pHi;
    Z[2] = mLo;
    Z[3] = mHi;
    Z[4] = rLo;
    Z[5] = rHi;
    Z[6] = tLo;
    Z[7] = tHi;
    return (tLo | tHi | rLo | rHi) !== 0;
  }

  /** Captures by MVV-LVA first, then quiets by history. */
  private scoreEvasions(): void {
    const pos = this.pos,
      board = pos.board,
      moves = this.moves,
      scores = this.scores;
    const mh = this.h.main,
      ch = this.h.cont,
      side = pos.side << SIDE_SHIFT,
      c1 = this.cont1;
    for (let i = this.cur; i < this.end; i++) {
      const m = moves[i],
        to = (m >>> TO_SHIFT) & SQUARE_MASK,
        type = m & MOVE_TYPE_MASK;
      const piece = board[m & SQUARE_MASK];
      if (type === EN_PASSANT || (type !== CASTLING && board[to] !== NO_PIECE)) {
        const captured = type === EN_PASSANT ? PAWN : board[to] & 7;
        scores[i] = EVASION_CAPTURE_SCORE + MVV_LVA_WEIGHT * SEE_VALUE[captured] - (piece & 7);
      } else if (type === PROMOTION) {
        scores[i] =
          ((m >>> PROMOTION_SHIFT) & PROMOTION_MASK) + KNIGHT === QUEEN
            ? EVASION_QUEEN_PROMOTION_SCORE
            : UNDERPROMOTION_SCORE;
      } else {
        scores[i] = mh[side | (m & FROM_TO_MASK)] + ch[c1 + ((piece << SQUARE_BITS) | to)];
      }
    }
  }

  /** Swaps the best-scored move of [from, end) to `from` and returns `from`. */
  private pickBest(from: number, end: number): number {
    const moves = this.moves,
      scores = this.scores;
    let best = from,
      bs = scores[from];
    for (let i = from + 1; i < end; i++) {
      if (scores[i] > bs) {
        bs = scores[i];
        best = i;
      }
    }
    if (best !== from) {
      const m = moves[best];
      moves[best] = moves[from];
      moves[from] = m;
      scores[best] = scores[from];
      scores[from] = bs;
    }
    return from;
  }
}

/** attacksBy's result: (lo, hi). */
const ATT = new Int32Array(2);
/** threatMasks' result (see there). */
const THREATS = new Int32Array(8);

/**
 * The squares colour c's pieces of type pt (pawn, knight, bishop or rook) attack, into ATT
 * (their bitboard is at (c << 4) + 2 * pt, position's layout).
 */
function attacksBy(bb: Int32Array, c: number, pt: number, occLo: number, occHi: number): void {
  let aLo = 0,
    aHi = 0;
  for (let lo = bb[(c << 4) + 2 * pt], hi = bb[(c << 4) + 2 * pt + 1], sq = 0; (lo | hi) !== 0;) {
    if (lo !== 0) {
      sq = 31 - Math.clz32(lo ^ (lo - 1));
      lo &= lo - 1;
    } else {
      sq = 63 - Math.clz32(hi ^ (hi - 1));
      hi &= hi - 1;
    }
    const T = pt === PAWN ? PAWN_ATTACKS : pt === KNIGHT ? KNIGHT_ATTACKS : pt === BISHOP ? BISHOP_TABLE : ROOK_TABLE;
    const i =
      pt === PAWN
        ? (c << 7) + (sq << 1)
        : pt === KNIGHT
          ? sq << 1
          : pt === BISHOP
            ? bishopIndex(sq, occLo, occHi)
            : rookIndex(sq, occLo, occHi);
    aLo |= T[i];
    aHi |= T[i + 1];
  }
  ATT[0] = aLo;
  ATT[1] = aHi;
}

/** Whether a TT move may be tried in quiescence (a capture or a queen promotion). */
function isQsMove(pos: Position, m: number): boolean {
  if (moveType(m) === PROMOTION) return promotionType(m) === QUEEN;
  return isCapture(pos, m);
}

/**
 * Stockfish's partial insertion sort: the moves scored at least `limit` come first,
 * best first; the rest follow in generation order (most are pruned unsearched).
 */
function partialSort(moves: Int32Array, scores: Int32Array, from: number, end: number, limit: number): void {
  let sorted = from;
  for (let p = from + 1; p < end; p++) {
    const s = scores[p];
    if (s < limit) continue;
    const m = moves[p];
    sorted++;
    moves[p] = moves[sorted];
    scores[p] = scores[sorted];
    let q = sorted;
    for (; q > from && scores[q - 1] < s; q--) {
      moves[q] = moves[q - 1];
      scores[q] = scores[q - 1];
    }
    moves[q] = m;
    scores[q] = s;
  }
}
