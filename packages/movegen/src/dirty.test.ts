import { describe, expect, test } from 'vitest';
import { BLACK, NO_SQUARE, PAWN, QUEEN, KING, KNIGHT, ROOK, WHITE, makePiece } from '@tempo-chess/bitboard';
import { generateLegal, parseUciMove } from './index';
import {
  CASTLING,
  NORMAL,
  Position,
  START_FEN,
  makeSpecial,
  moveTo,
  moveType,
  type StateInfo,
} from '@tempo-chess/position';

/** The dirty entries of a row as [piece, from, to] triples. */
function dirty(st: StateInfo): number[][] {
  const all = [
    [st.dirtyPiece0, st.dirtyFrom0, st.dirtyTo0],
    [st.dirtyPiece1, st.dirtyFrom1, st.dirtyTo1],
    [st.dirtyPiece2, st.dirtyFrom2, st.dirtyTo2],
  ];
  return all.slice(0, st.dirtyNum);
}

/** Plays a move given as UCI text (king-takes-rook for Chess960 castling) and returns the new row's entries. */
function playUci(pos: Position, uci: string): number[][] {
  const m = parseUciMove(pos, uci);
  if (m === 0) throw new Error(`${uci} is not legal in ${pos.toFen()}`);
  pos.doMove(m);
  return dirty(pos.st);
}

/** Plays a castling move by its encoding (king from, rook square), after checking it is legal. */
function castle(pos: Position, kingFrom: number, rookSq: number): number[][] {
  const m = makeSpecial(kingFrom, rookSq, CASTLING),
    list = new Int32Array(256);
  expect(Array.from(list.subarray(0, generateLegal(pos, list, 0)))).toContain(m);
  pos.doMove(m);
  return dirty(pos.st);
}

/**
 * Replays a row's entries on a copy of the board before the move (every removal,
 * then every arrival, each checked against what is there) and compares the result
 * with the board after it: what the accumulators rely on.
 */
function replayMatches(before: Uint8Array, pos: Position): void {
  const st = pos.st,
    board = before.slice(),
    e = dirty(st);
  expect(e.length).toBeGreaterThanOrEqual(1);
  expect(e.length).toBeLessThanOrEqual(3);
  for (const [piece, from] of e)
    if (from !== NO_SQUARE) {
      if (board[from] !== piece)
        throw new Error(`${pos.toFen()}: entry lifts ${piece} from ${from}, which holds ${board[from]}`);
      board[from] = 0;
    }
  for (const [piece, , to] of e)
    if (to !== NO_SQUARE) {
      if (board[to] !== 0) throw new Error(`${pos.toFen()}: entry puts ${piece} on ${to}, which holds ${board[to]}`);
      board[to] = piece;
    }
  for (let sq = 0; sq < 64; sq++)
    if (board[sq] !== pos.board[sq]) throw new Error(`${pos.toFen()}: replay differs on square ${sq}`);
}

const W = (t: number) => makePiece(WHITE, t),
  B = (t: number) => makePiece(BLACK, t);
const N = NO_SQUARE;

describe('dirty pieces: what each kind of move records', () => {
  test('quiet move, capture, en passant, promotion, capturing promotion, null move', () => {
    const pos = Position.fromFen(START_FEN);
    expect(pos.st.dirtyNum).toBe(0); // the root row
    expect(playUci(pos, 'e2e4')).toEqual([[W(PAWN), 12, 28]]);
    expect(playUci(pos, 'd7d5')).toEqual([[B(PAWN), 51, 35]]);
    expect(playUci(pos, 'e4d5')).toEqual([
      [W(PAWN), 28, 35],
      [B(PAWN), 35, N],
    ]);
    expect(playUci(pos, 'c7c5')).toEqual([[B(PAWN), 50, 34]]);
    expect(playUci(pos, 'd5c6')).toEqual([
      [W(PAWN), 35, 42],
      [B(PAWN), 34, N],
    ]); // en passant: the pawn leaves c5, not c6
    pos.doNullMove();
    expect(pos.st.dirtyNum).toBe(0);
    pos.undoNullMove();
    const promo = Position.fromFen('1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1');
    expect(playUci(promo, 'a7a8q')).toEqual([
      [W(PAWN), 48, N],
      [W(QUEEN), N, 56],
    ]);
    promo.undoMove();
    expect(playUci(promo, 'a7b8n')).toEqual([
      [W(PAWN), 48, N],
      [B(ROOK), 57, N],
      [W(KNIGHT), N, 57],
    ]);
  });

  test('castling: king then rook, both sides, standard and Chess960 (king or rook staying on its square)', () => {
    const std = Position.fromFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    expect(castle(std, 4, 7)).toEqual([
      [W(KING), 4, 6],
      [W(ROOK), 7, 5],
    ]);
    expect(castle(std, 60, 56)).toEqual([
      [B(KING), 60, 58],
      [B(ROOK), 56, 59],
    ]);
    std.undoMove();
    std.undoMove();
    expect(castle(std, 4, 0)).toEqual([
      [W(KING), 4, 2],
      [W(ROOK), 0, 3],
    ]);
    expect(castle(std, 60, 63)).toEqual([
      [B(KING), 60, 62],
      [B(ROOK), 63, 61],
    ]);
    // Chess960: the king already on g1 (only the rook moves), the rook already on f1
    // (only the king moves), king and rook swapping squares, the king already on c1,
    // the rook already on d1, and black's king already on g8.
    expect(castle(Position.fromFen('4k3/8/8/8/8/8/8/6KR w H - 0 1'), 6, 7)).toEqual([
      [W(KING), 6, 6],
      [W(ROOK), 7, 5],
    ]);
    expect(castle(Position.fromFen('4k3/8/8/8/8/8/8/4KR2 w F - 0 1'), 4, 5)).toEqual([
      [W(KING), 4, 6],
      [W(ROOK), 5, 5],
    ]);
    expect(castle(Position.fromFen('4k3/8/8/8/8/8/8/5KR1 w G - 0 1'), 5, 6)).toEqual([
      [W(KING), 5, 6],
      [W(ROOK), 6, 5],
    ]);
    expect(castle(Position.fromFen('4k3/8/8/8/8/8/8/R1K5 w A - 0 1'), 2, 0)).toEqual([
      [W(KING), 2, 2],
      [W(ROOK), 0, 3],
    ]);
    expect(castle(Position.fromFen('4k3/8/8/8/8/8/8/3RK3 w D - 0 1'), 4, 3)).toEqual([
      [W(KING), 4, 2],
      [W(ROOK), 3, 3],
    ]);
    expect(castle(Position.fromFen('6kr/8/8/8/8/8/8/4K3 b h - 0 1'), 62, 63)).toEqual([
      [B(KING), 62, 62],
      [B(ROOK), 63, 61],
    ]);
  });
});

describe('dirty pieces: replaying them rebuilds the board', () => {
  /** Moves played by kind (NORMAL, PROMOTION, EN_PASSANT, CASTLING), over every game below. */
  const kinds = [0, 0, 0, 0];
  /** xorshift32, deterministic so every failure reproduces. */
  function rng(seed: number): () => number {
    let s = seed | 0 || 1;
    return () => ((s ^= s << 13), (s ^= s >>> 17), (s ^= s << 5), (s >>> 0) / 4294967296);
  }

  test.each([
    [START_FEN, 1],
    ['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 2],
    ['r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', 3],
    ['bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', 4],
    ['1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1', 5],
    ['rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1', 6],
  ])('random games from %s (seed %i): every move of 2,000 plies', (fen, seed) => {
    const rand = rng(seed),
      list = new Int32Array(256);
    let pos = Position.fromFen(fen);
    for (let plies = 0; plies < 2000; plies++) {
      const n = generateLegal(pos, list, 0);
      if (n === 0 || pos.rule50 >= 100 || pos.ply > 300) {
        pos = Position.fromFen(fen);
        continue;
      }
      let m = list[Math.floor(rand() * n)];
      // Half the time prefer a special move (promotion, en passant, castling), else a
      // capture, so every kind of entry comes up.
      if (rand() < 0.5) {
        let pick = -1;
        for (let i = 0; i < n; i++)
          if (moveType(list[i]) !== NORMAL || (pick < 0 && pos.board[moveTo(list[i])] !== 0)) pick = i;
        if (pick >= 0) m = list[pick];
      }
      kinds[(m >>> 14) & 3]++;
      const before = pos.board.slice();
      pos.doMove(m);
      replayMatches(before, pos);
      if (rand() < 0.05 && !pos.inCheck()) {
        pos.doNullMove();
        expect(pos.st.dirtyNum).toBe(0);
        pos.undoNullMove();
      }
    }
  });

  test('the games played every kind of move', () => {
    // Normal, promotion, en passant, castling (11,799, 84, 11 and 58 when written).
    expect(Math.min(...kinds)).toBeGreaterThanOrEqual(10);
  });
});
