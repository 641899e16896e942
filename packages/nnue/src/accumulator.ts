/**
 * The accumulator stack: one per search thread, one pair of Int16Array accumulators
 * (white's perspective, then black's) per ply, updated from the pieces each move put
 * and removed (the dirty pieces doMove records in its StateInfo row) and never
 * recomputed on a move: the features have no king buckets, so even a king move is an
 * update.
 *
 * Updates are lazy, as in Stockfish's AccumulatorStack: push() after doMove only marks
 * the new ply as not computed; evaluate() walks back through the state rows to the
 * last computed ply and replays the moves from there. Many nodes (TT cutoffs, moves
 * refuted before their static evaluation) never pay for an update.
 *
 * Two backends compute the same bits: WebAssembly SIMD (simd.wat) where the runtime
 * has it, the accumulators beside the weights in one linear memory (a shared net's
 * memory, which every stack of every thread computes in, or else the stack's own memory
 * with a copy of the weights: see simd.ts), else the plain TypeScript kernels
 * (update.ts, forwardWords) over the net's own arrays, shared by every stack (and thread).
 */
import type { Position, StateInfo } from '@tempo-chess/position';
import { FEATURE_BASE, outputBucket } from './features';
import { forward, forwardWords, scale } from './forward';
import type { NetWeights } from './net';
import { SimdMemory, simdAvailable } from './simd';
import { addRow, addSub, addSub2, add2Sub2 } from './update';

/** Constructor options. */
export interface AccumulatorStackOptions {
  /**
   * true: the WebAssembly SIMD kernels (throws where they are not available); false:
   * the plain TypeScript ones; absent: SIMD where available.
   */
  simd?: boolean;
}

const NONE = 64; // NO_SQUARE: a dirty entry's from or to off the board

/** One search thread's accumulators, a pair per ply, kept beside the position's doMove and undoMove. */
export class AccumulatorStack {
  // `declare` for the fields the constructor sets: no field definition with
  // `undefined` first, so V8 tracks each as its typed array (docs/DESIGN.md).
  /** The weights: read in place by the plain path and by SIMD on a shared net, else copied into the stack's memory (set them before making stacks). */
  declare readonly net: NetWeights;
  /** Ply k's accumulators at slot[k] (white's perspective) and slot[k] + H (black's). */
  declare private acc: Int16Array;
  /** acc as words (two int16 lanes each), for the kernels (see update.ts). */
  declare private acc32: Int32Array;
  /** net.ftWeights, outWeights and ftBias as words: views of the net's arrays, not copies. */
  declare private readonly w32: Int32Array;
  declare private readonly out32: Int32Array;
  declare private readonly bias32: Int32Array;
  /** Offset of ply k's accumulator pair in acc; a null move's ply shares its parent's. */
  declare private slot: Int32Array;
  /** 1 when ply k's accumulators are up to date. */
  declare private computed: Uint8Array;
  /** The SIMD backend: its memory (acc is a view of it) and exports, or null for the plain path. */
  declare private readonly mem: SimdMemory | null;
  /** The refresh's row list in mem (the SIMD path), int32 byte offsets. */
  declare private list: Int32Array;
  /** The current ply (0: the position refresh() was given). */
  private top = 0;
  /** The position's state-row ply at refresh(): push/pop must keep top = pos.ply - rootPly. */
  private rootPly = -1;

  /** A stack for `net`, room for `capacity` plies to start with (it grows as needed). */
  constructor(net: NetWeights, capacity = 256, options: AccumulatorStackOptions = {}) {
    this.net = net;
    const simd = options.simd ?? simdAvailable();
    this.mem = simd ? new SimdMemory(net, capacity * 4 * net.hidden) : null;
    this.acc =
      this.mem !== null ? this.mem.accView(capacity * 2 * net.hidden) : new Int16Array(capacity * 2 * net.hidden);
    this.acc32 = new Int32Array(this.acc.buffer, this.acc.byteOffset, this.acc.length >> 1);
    this.list = this.mem !== null ? this.mem.listView() : new Int32Array(0);
    this.w32 = words(net.ftWeights);
    this.out32 = words(net.outWeights);
    this.bias32 = words(net.ftBias);
    this.slot = new Int32Array(capacity);
    this.computed = new Uint8Array(capacity);
  }

  /** Whether this stack runs the WebAssembly SIMD kernels. */
  get simd(): boolean {
    return this.mem !== null;
  }

  /**
   * Whether the SIMD kernels read the net's own weights in its shared WebAssembly
   * memory (a net from shareNet where wasm threads exist), not a copy of them.
   */
  get sharesWeights(): boolean {
    return this.mem !== null && this.mem.sharesWeights;
  }

  /** Plies of room before the next grow. */
  get capacity(): number {
    return this.slot.length;
  }

  /** The current ply, counted from the position of the last refresh(). */
  get ply(): number {
    return this.top;
  }

  /** Computes ply 0's accumulators from scratch for `pos`, dropping every ply above it: call it at the search root. */
  refresh(pos: Position): void {
    this.top = 0;
    this.slot[0] = 0;
    this.computed[0] = 1;
    this.rootPly = pos.ply;
    if (this.mem !== null) this.refreshSimd(pos.board, this.mem);
    else this.fromBoard(pos.board, this.acc32, 0);
  }

  /** refresh()'s accumulators by the SIMD kernel: the rows of every piece listed, then one call. */
  private refreshSimd(board: Uint8Array, mem: SimdMemory): void {
    const H = this.net.hidden,
      R = 2 * H,
      fb = FEATURE_BASE,
      list = this.list;
    let n = 0;
    for (let sq = 0; sq < 64; sq++) if (board[sq] !== 0) n++;
    for (let sq = 0, k = 0; sq < 64; sq++) {
      const piece = board[sq];
      if (piece === 0) continue;
      list[k] = mem.ft + (fb[piece] + sq) * R;
      list[n + k++] = mem.ft + (fb[16 + piece] + (sq ^ 56)) * R;
    }
    mem.x.refresh(mem.acc, R, mem.bias, mem.list, n);
    if (__DEBUG__) {
      const fresh = new Int16Array(2 * H);
      this.fromBoard(board, new Int32Array(fresh.buffer), 0);
      for (let j = 0; j < 2 * H; j++)
        if (this.acc[j] !== fresh[j])
          throw new Error(`AccumulatorStack: SIMD refresh [${j}] = ${this.acc[j]}, the plain one ${fresh[j]}`);
    }
  }

  /** After pos.doMove(m): the new ply, computed on demand from the row's dirty pieces. */
  push(): void {
    const t = ++this.top;
    if (t === this.slot.length) this.grow();
    this.slot[t] = t * 2 * this.net.hidden;
    this.computed[t] = 0;
  }

  /** After pos.doNullMove(): no piece moved, so the new ply reuses its parent's accumulators. */
  pushNull(): void {
    const t = ++this.top;
    if (t === this.slot.length) this.grow();
    this.slot[t] = this.slot[t - 1];
    this.computed[t] = this.computed[t - 1];
  }

  /** After pos.undoMove() or pos.undoNullMove(). */
  pop(): void {
    this.top--;
  }

  /**
   * The net's evaluation of `pos` in centipawns from the side to move's view; equal to
   * evaluateFeatures on the same position. Precondition: pos is refresh()'s position
   * followed by the moves pushed since (checked in debug builds, which also compare the
   * word-wise forward pass with the plain one).
   */
  evaluate(pos: Position): number {
    const t = this.top;
    if (__DEBUG__ && pos.ply !== this.rootPly + t)
      throw new Error(
        `AccumulatorStack: position at row ${pos.ply}, stack at ply ${t} from row ${this.rootPly} (push/pop out of step with doMove/undoMove, or no refresh)`,
      );
    if (this.computed[t] === 0) this.update(pos);
    if (__DEBUG__ && this.computed[t] === 0) throw new Error('AccumulatorStack: evaluate before refresh');
    const net = this.net,
      H = net.hidden,
      o = this.slot[t] >> 1,
      h = H >> 1,
      side = pos.side;
    const bucket = outputBucket(pos.pieceCount[0] + pos.pieceCount[8], net.buckets);
    const mem = this.mem;
    let v: number;
    if (mem !== null) {
      const us = mem.acc + 4 * o + 2 * side * H,
        them = mem.acc + 4 * o + 2 * (side ^ 1) * H;
      const sum = mem.narrow
        ? mem.x.forwardNarrow(us, them, mem.outL + 4 * bucket * H, 2 * H)
        : mem.x.forward(us, them, mem.outL + 4 * bucket * H, mem.outH + 4 * bucket * H, 2 * H);
      v = scale(sum, net.outBias[bucket]);
    } else
      v = forwardWords(this.acc32, this.out32, o + side * h, o + (side ^ 1) * h, bucket * H, h, net.outBias[bucket]);
    if (__DEBUG__) {
      const ref = forward(net, this.acc, 2 * o + side * H, 2 * o + (side ^ 1) * H, bucket);
      if (!Object.is(v, ref))
        throw new Error(
          `AccumulatorStack: ${mem !== null ? 'the SIMD forward pass' : 'forwardWords'} ${v}, the plain forward pass ${ref}`,
        );
    }
    return v;
  }

  /** Brings the top ply up to date: back through the rows to the last computed ply, then forward move by move. */
  private update(pos: Position): void {
    const computed = this.computed,
      slot = this.slot;
    let i = this.top,
      st = pos.st;
    while (computed[i] === 0) {
      i--;
      st = st.prev;
    }
    const from = i;
    while (i < this.top) {
      i++;
      st = st.next;
      if (slot[i] !== slot[i - 1]) this.apply(st, slot[i - 1], slot[i]);
      computed[i] = 1;
    }
    if (__DEBUG__) this.verify(pos, from);
  }

  /** acc[dst..] = acc[src..] changed by row st's dirty pieces, both perspectives (offsets in int16 units). */
  private apply(st: StateInfo, src: number, dst: number): void {
    const H = this.net.hidden,
      acc = this.acc32,
      w = this.w32,
      fb = FEATURE_BASE;
    const n = st.dirtyNum;
    const mem = this.mem;
    if (n === 0) {
      if (mem !== null) mem.x.copy(mem.acc + 2 * src, mem.acc + 2 * dst, 4 * H);
      else this.acc.copyWithin(dst, src, src + 2 * H);
      return;
    }
    // Entry 0 always moves or lifts a piece from a square; the others add at most one
    // removal (a capture) and one arrival (castling's rook, a promotion's new piece).
    const p0 = st.dirtyPiece0,
      f0 = st.dirtyFrom0,
      t0 = st.dirtyTo0;
    let addPiece = p0,
      addSq = t0,
      sub2Piece = 0,
      sub2Sq = NONE,
      add2Piece = 0,
      add2Sq = NONE;
    if (n > 1) {
      const p1 = st.dirtyPiece1,
        f1 = st.dirtyFrom1,
        t1 = st.dirtyTo1;
      if (t0 === NONE) {
        // A promotion: the pawn leaves, the new piece (the last entry) arrives, entry 1 may be a capture.
        if (n === 3) {
          sub2Piece = p1;
          sub2Sq = f1;
          addPiece = st.dirtyPiece2;
          addSq = st.dirtyTo2;
        } else {
          addPiece = p1;
          addSq = t1;
        }
      } else {
        sub2Piece = p1;
        sub2Sq = f1;
        if (t1 !== NONE) {
          add2Piece = p1;
          add2Sq = t1;
        }
      }
    }
    if (mem !== null) {
      // Byte addresses: a feature's row starts at feature * 2H bytes into the weights.
      const R = 2 * H,
        ft = mem.ft,
        s = mem.acc + 2 * src,
        d = mem.acc + 2 * dst;
      const a0 = ft + (fb[addPiece] + addSq) * R,
        a1 = ft + (fb[16 + addPiece] + (addSq ^ 56)) * R;
      const r0 = ft + (fb[p0] + f0) * R,
        r1 = ft + (fb[16 + p0] + (f0 ^ 56)) * R;
      if (sub2Sq === NONE) mem.x.addSub(s, d, R, a0, r0, a1, r1);
      else {
        const t0 = ft + (fb[sub2Piece] + sub2Sq) * R,
          t1 = ft + (fb[16 + sub2Piece] + (sub2Sq ^ 56)) * R;
        if (add2Sq === NONE) mem.x.addSub2(s, d, R, a0, r0, t0, a1, r1, t1);
        else
          mem.x.add2Sub2(
            s,
            d,
            R,
            a0,
            ft + (fb[add2Piece] + add2Sq) * R,
            r0,
            t0,
            a1,
            ft + (fb[16 + add2Piece] + (add2Sq ^ 56)) * R,
            r1,
            t1,
          );
      }
      return;
    }
    // Word offsets: a feature's row starts at feature * H int16s, H / 2 words.
    const h = H >> 1;
    for (let p = 0, flip = 0; p < 2; p++, flip = 56) {
      const s = (src >> 1) + p * h,
        d = (dst >> 1) + p * h;
      const a = (fb[(p << 4) + addPiece] + (addSq ^ flip)) * h;
      const r = (fb[(p << 4) + p0] + (f0 ^ flip)) * h;
      if (sub2Sq === NONE) addSub(acc, w, s, d, h, a, r);
      else {
        const r2 = (fb[(p << 4) + sub2Piece] + (sub2Sq ^ flip)) * h;
        if (add2Sq === NONE) addSub2(acc, w, s, d, h, a, r, r2);
        else add2Sub2(acc, w, s, d, h, a, (fb[(p << 4) + add2Piece] + (add2Sq ^ flip)) * h, r, r2);
      }
    }
  }

  /** Both perspectives' accumulators of the pieces on `board` (a mailbox), from scratch, into acc[at..at + H) (words). */
  private fromBoard(board: Uint8Array, acc: Int32Array, at: number): void {
    const net = this.net,
      h = net.hidden >> 1,
      w = this.w32,
      fb = FEATURE_BASE;
    const bias = this.bias32;
    for (let j = 0; j < h; j++) acc[at + j] = acc[at + h + j] = bias[j];
    for (let sq = 0; sq < 64; sq++) {
      const piece = board[sq];
      if (piece === 0) continue;
      addRow(acc, w, at, h, (fb[piece] + sq) * h);
      addRow(acc, w, at + h, h, (fb[16 + piece] + (sq ^ 56)) * h);
    }
  }

  private grow(): void {
    const n = this.slot.length * 2,
      H = this.net.hidden,
      mem = this.mem;
    const slot = new Int32Array(n),
      computed = new Uint8Array(n);
    let acc: Int16Array;
    if (mem !== null) {
      // The memory grows in place (the stack's own) or the accumulators move to a larger region (a shared one): new views.
      mem.reserve(n * 4 * H);
      acc = mem.accView(n * 2 * H);
      this.list = mem.listView();
    } else {
      acc = new Int16Array(n * 2 * H);
      acc.set(this.acc);
    }
    slot.set(this.slot);
    computed.set(this.computed);
    this.acc = acc;
    this.acc32 = new Int32Array(acc.buffer, acc.byteOffset, acc.length >> 1);
    this.slot = slot;
    this.computed = computed;
  }

  /**
   * Debug builds: every accumulator update() computed (plies from + 1 .. top) against
   * one from scratch. Each ply's board is rebuilt from the current one by taking the
   * rows' dirty pieces back, which checks them too.
   */
  private verify(pos: Position, from: number): void {
    const H = this.net.hidden,
      mb = pos.board.slice(),
      fresh = new Int16Array(2 * H);
    let st = pos.st;
    for (let k = this.top; k > from; k--, st = st.prev) {
      this.fromBoard(mb, new Int32Array(fresh.buffer), 0);
      const o = this.slot[k];
      for (let j = 0; j < 2 * H; j++)
        if (this.acc[o + j] !== fresh[j])
          throw new Error(
            `AccumulatorStack: ply ${k} (row ${st.ply}) ${j < H ? 'white' : 'black'} accumulator [${j % H}] = ${this.acc[o + j]}, from scratch ${fresh[j]}`,
          );
      unplay(st, mb);
    }
  }
}

/**
 * An Int32Array view of an int16 array (two lanes a word). The net's arrays start
 * word-aligned when createNet, decodeNet or shareNet made them; any other is copied.
 */
function words(a: Int16Array): Int32Array {
  if (a.byteOffset % 4 === 0 && a.length % 2 === 0) return new Int32Array(a.buffer, a.byteOffset, a.length >> 1);
  return new Int32Array(Int16Array.from(a).buffer);
}

/** Takes row st's dirty pieces back on mailbox mb (every arrival lifted, then every departure put back). */
function unplay(st: StateInfo, mb: Uint8Array): void {
  const e = [
    [st.dirtyPiece0, st.dirtyFrom0, st.dirtyTo0],
    [st.dirtyPiece1, st.dirtyFrom1, st.dirtyTo1],
    [st.dirtyPiece2, st.dirtyFrom2, st.dirtyTo2],
  ].slice(0, st.dirtyNum);
  for (const [, , to] of e) if (to !== NONE) mb[to] = 0;
  for (const [piece, from] of e) if (from !== NONE) mb[from] = piece;
}
