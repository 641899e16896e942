/**
 * The state stack: one row per ply, one typed array per column (the seeds'
 * StateInfo chain as columns). Row `ply` holds the values of the current position;
 * doMove copies the carried columns to the next row and updates them there, so
 * undo is a step back. The stack grows by doubling when a game runs long.
 */
export class StateStack {
  capacity: number;
  keyLo!: Int32Array;
  keyHi!: Int32Array;
  pawnKeyLo!: Int32Array;
  pawnKeyHi!: Int32Array;
  materialKeyLo!: Int32Array;
  materialKeyHi!: Int32Array;
  castling!: Uint8Array;
  /** NO_SQUARE (64) when no en passant capture is legal. */
  epSquare!: Uint8Array;
  rule50!: Int32Array;
  pliesFromNull!: Int32Array;
  /** Piece captured by the move into this row. */
  captured!: Uint8Array;
  /** Move that led to this row (0 at the root and after a null move). */
  move!: Uint16Array;
  checkersLo!: Int32Array;
  checkersHi!: Int32Array;
  psqMg!: Int32Array;
  psqEg!: Int32Array;
  phase!: Int32Array;
  nonPawnW!: Int32Array;
  nonPawnB!: Int32Array;

  constructor(capacity: number) {
    this.capacity = 0;
    this.resize(capacity);
  }

  /** Doubles the capacity, keeping every row. */
  grow(): void {
    this.resize(this.capacity * 2);
  }

  private resize(n: number): void {
    const old = this.capacity;
    const re = <T extends Int32Array | Int32Array | Uint8Array | Uint16Array>(a: T | undefined, make: (n: number) => T): T => {
      const b = make(n);
      if (a !== undefined && old > 0) b.set(a.subarray(0, Math.min(old, n)) as never);
      return b;
    };
    const i32 = (k: number) => new Int32Array(k);
    const u32 = (k: number) => new Int32Array(k);
    const u8 = (k: number) => new Uint8Array(k);
    this.keyLo = re(this.keyLo, i32);
    this.keyHi = re(this.keyHi, i32);
    this.pawnKeyLo = re(this.pawnKeyLo, i32);
    this.pawnKeyHi = re(this.pawnKeyHi, i32);
    this.materialKeyLo = re(this.materialKeyLo, i32);
    this.materialKeyHi = re(this.materialKeyHi, i32);
    this.castling = re(this.castling, u8);
    this.epSquare = re(this.epSquare, u8);
    this.rule50 = re(this.rule50, i32);
    this.pliesFromNull = re(this.pliesFromNull, i32);
    this.captured = re(this.captured, u8);
    this.move = re(this.move, (k) => new Uint16Array(k));
    this.checkersLo = re(this.checkersLo, u32);
    this.checkersHi = re(this.checkersHi, u32);
    this.psqMg = re(this.psqMg, i32);
    this.psqEg = re(this.psqEg, i32);
    this.phase = re(this.phase, i32);
    this.nonPawnW = re(this.nonPawnW, i32);
    this.nonPawnB = re(this.nonPawnB, i32);
    this.capacity = n;
  }

  /** Copies the columns that carry over a move (keys, rights, scores) from row a to row b. */
  copyCarried(a: number, b: number): void {
    this.keyLo[b] = this.keyLo[a];
    this.keyHi[b] = this.keyHi[a];
    this.pawnKeyLo[b] = this.pawnKeyLo[a];
    this.pawnKeyHi[b] = this.pawnKeyHi[a];
    this.materialKeyLo[b] = this.materialKeyLo[a];
    this.materialKeyHi[b] = this.materialKeyHi[a];
    this.castling[b] = this.castling[a];
    this.psqMg[b] = this.psqMg[a];
    this.psqEg[b] = this.psqEg[a];
    this.phase[b] = this.phase[a];
    this.nonPawnW[b] = this.nonPawnW[a];
    this.nonPawnB[b] = this.nonPawnB[a];
  }
}
