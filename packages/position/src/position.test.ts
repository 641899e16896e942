import { describe, expect, test } from 'vitest';
import { BLACK, NO_SQUARE, WHITE, makePiece } from '@tempo-chess/bitboard';
import {
  CASTLING,
  FenError,
  Position,
  START_FEN,
  egScore,
  makeMove,
  makePsqTable,
  makeScore,
  makeSpecial,
  mgScore,
  posIsOk,
  MAX_ROWS,
  StateStack,
} from './index';
import * as layout from './layout';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const C960 = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';

/**
 * Plays quiet moves and double steps given as UCI text (no captures, castling or
 * promotions: those need the legal generator, so their tests live in movegen).
 */
function play(pos: Position, ...moves: string[]): void {
  const square = (s: string) => (s.charCodeAt(1) - 49) * 8 + s.charCodeAt(0) - 97;
  for (const uci of moves) {
    const from = square(uci.slice(0, 2)),
      to = square(uci.slice(2, 4));
    if (pos.board[from] === 0 || pos.board[to] !== 0) throw new Error(`${uci} is not a quiet move in ${pos.toFen()}`);
    pos.doMove(makeMove(from, to));
  }
}
const keyOf = (fen: string, chess960?: boolean) => Position.fromFen(fen, { chess960 }).key;

describe('FEN round trips', () => {
  test.each([
    START_FEN,
    KIWIPETE,
    '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
    'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
    'r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1',
    'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
    'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
    'rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2',
    'r3k2r/8/8/8/8/8/8/R3K2R b Kq - 37 140',
    '8/8/4k3/8/8/3K4/8/8 b - - 99 312',
    '4k3/8/8/8/8/8/8/4K2R w K - 1000000 1000000',
  ])('%s', (fen) => {
    const pos = Position.fromFen(fen);
    expect(pos.toFen()).toBe(fen);
    expect(pos.chess960).toBe(false);
    expect(posIsOk(pos)).toBeNull();
    expect(Position.fromFen(pos.toFen()).key).toEqual(pos.key);
  });

  test('getters read the FEN fields', () => {
    const pos = Position.fromFen('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w Kq f6 7 3');
    expect([pos.side, pos.epSquare, pos.castlingRights, pos.rule50, pos.gamePly()]).toEqual([0, 45, 1 | 8, 7, 4]);
    expect(pos.inCheck()).toBe(false);
  });

  test('missing counters default to 0 1, surrounding whitespace is ignored', () => {
    expect(Position.fromFen(`  ${START_FEN.slice(0, -4)}  `).toFen()).toBe(START_FEN);
  });

  test.each([
    [C960, 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9'],
    [
      '2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9',
      '2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w KQkq - 1 9',
    ],
    [
      'nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1',
      'nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w KQkq - 0 1',
    ],
    [
      'qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9',
      'qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w kq - 0 9',
    ],
    // Two rooks on one side: X-FEN K/Q mean the outermost one.
    ['r1k1r1r1/8/8/8/8/8/8/1R1R1K1R w HBga - 0 1', 'r1k1r1r1/8/8/8/8/8/8/1R1R1K1R w KQkq - 0 1'],
  ])('Chess960 Shredder-FEN %s round-trips; X-FEN letters give the same key', (shredder, xfen) => {
    const pos = Position.fromFen(shredder, { chess960: true });
    expect(pos.toFen()).toBe(shredder);
    expect(Position.fromFen(shredder).chess960).toBe(true); // inferred from the king or rook files
    const x = Position.fromFen(xfen, { chess960: true });
    expect(x.toFen()).toBe(shredder);
    expect(x.key).toEqual(pos.key);
    expect(x.castlingRights).toBe(pos.castlingRights);
  });

  test('a file letter picks an inner rook, which is the one that castles', () => {
    const pos = Position.fromFen('4k3/8/8/8/8/8/8/1R1R1K1R w HD - 0 1');
    expect(pos.toFen()).toBe('4k3/8/8/8/8/8/8/1R1R1K1R w HD - 0 1');
    pos.doMove(makeSpecial(5, 3, CASTLING)); // f1d1: the king takes the d1 rook
    expect(pos.toFen()).toBe('4k3/8/8/8/8/8/8/1RKR3R b - - 1 1');
  });

  test('standard chess: Shredder HAha equals KQkq, prints as KQkq', () => {
    const pos = Position.fromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1');
    expect(pos.chess960).toBe(false);
    expect(pos.key).toEqual(keyOf(START_FEN));
    expect(pos.toFen()).toBe(START_FEN);
    expect(Position.fromFen(START_FEN, { chess960: true }).toFen()).toBe(
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1',
    );
  });

  test('castling rights change the key, each right differently', () => {
    const keys = ['KQkq', 'Qkq', 'Kkq', 'KQq', 'KQk', '-'].map((c) => keyOf(`r3k2r/8/8/8/8/8/8/R3K2R w ${c} - 0 1`));
    expect(new Set(keys.map((k) => `${k.hi}:${k.lo}`)).size).toBe(keys.length);
  });
});

describe('en passant square kept only when a capture is legal', () => {
  test.each([
    [
      '1.e4 from the start: no pawn can take',
      START_FEN,
      'e2e4',
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
    ],
    [
      'next to an enemy pawn',
      START_FEN,
      'e2e4 d7d5 e4e5 f7f5',
      'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
    ],
    [
      'capture would expose the king on the rank',
      '7k/3p4/8/K3P2r/8/8/8/8 b - - 0 1',
      'd7d5',
      '7k/8/8/K2pP2r/8/8/8/8 w - - 0 2',
    ],
    [
      'capture would leave a diagonal pin',
      'k6K/3p4/8/4P3/8/8/1b6/8 b - - 0 1',
      'd7d5',
      'k6K/8/8/3pP3/8/8/1b6/8 w - - 0 2',
    ],
    [
      'black capturer pinned on the rank',
      '8/8/8/8/R3p2k/8/3P4/K7 w - - 0 1',
      'd2d4',
      '8/8/8/8/R2Pp2k/8/8/K7 b - - 0 1',
    ],
  ])('after a double step (%s)', (_, fen, moves, after) => {
    const pos = Position.fromFen(fen);
    play(pos, ...moves.split(' '));
    expect(pos.toFen()).toBe(after);
    expect(pos.key).toEqual(keyOf(after));
  });

  test.each([
    ['dropped: no pawn can capture', 'rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2', NO_SQUARE],
    ['dropped: capture exposes the king along the rank', '8/8/8/K2pP2r/8/8/8/7k w - d6 0 1', NO_SQUARE],
    ['dropped: capture leaves a diagonal pin', 'k6K/8/8/3pP3/8/8/1b6/8 w - d6 0 1', NO_SQUARE],
    ['dropped: capture does not answer a rook check', 'r6k/8/8/3pP3/8/8/8/K7 w - d6 0 1', NO_SQUARE],
    ['dropped: black, capture exposes the king along the rank', '7K/8/8/8/R2Pp2k/8/8/8 b - d3 0 1', NO_SQUARE],
    ['kept: ordinary capture', 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3', 45],
    ['kept: pinned pawn captures along its pin line', '1b5k/8/8/3pP3/8/8/7K/8 w - d6 0 1', 43],
    ['kept: capture removes the checking pawn', '7k/8/8/3pP3/4K3/8/8/8 w - d6 0 1', 43],
    ['kept: black to move', 'rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2', 19],
  ])('FEN ep square %s', (_, fen, sq) => {
    const pos = Position.fromFen(fen),
      without = fen.replace(/ [a-h][36] /, ' - ');
    expect(pos.epSquare).toBe(sq);
    expect(pos.toFen()).toBe(sq === NO_SQUARE ? without : fen);
    const same = JSON.stringify(pos.key) === JSON.stringify(keyOf(without));
    expect(same).toBe(sq === NO_SQUARE);
  });
});

describe('malformed FEN', () => {
  test.each([
    [
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1',
      /^Invalid FEN: field 1 \(piece placement\): ".*" has 7 ranks, expected 8$/,
    ],
    [
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1',
      /field 1 \(piece placement\).*'X', which is not a piece letter/,
    ],
    [
      'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      /field 1 \(piece placement\).*'9', which is not a piece letter/,
    ],
    [
      'rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      /field 1 \(piece placement\).*rank 7 has more than 8 squares/,
    ],
    [
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR1 w KQkq - 0 1',
      /field 1 \(piece placement\).*rank 1 has 9 squares, expected 8/,
    ],
    [
      'rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      /field 1 \(piece placement\).*rank 7 has 7 squares, expected 8/,
    ],
    ['4k3/8/8/8/8/8/8/3KK3 w - - 0 1', /field 1 \(piece placement\).*has 2 white kings, expected exactly 1/],
    ['8/8/8/8/8/8/8/4K3 w - - 0 1', /field 1 \(piece placement\).*has 0 black kings, expected exactly 1/],
    ['4k3/8/8/8/8/8/8/P3K3 w - - 0 1', /field 1 \(piece placement\).*pawn on the first or last rank/],
    ['p3k3/8/8/8/8/8/8/4K3 w - - 0 1', /field 1 \(piece placement\).*pawn on the first or last rank/],
    ['4k3/8/8/8/8/8/8/4K3 x - - 0 1', /^Invalid FEN: field 2 \(side to move\): "x" is not 'w' or 'b'$/],
    [
      '4k3/8/8/8/8/8/8/4K3 w K - 0 1',
      /field 3 \(castling\): "K" gives 'K' but the white king has no rook on that side/,
    ],
    ['4k3/8/8/8/8/8/8/R3K3 w H - 0 1', /field 3 \(castling\): "H" gives 'H' but there is no white rook on h1/],
    [
      '4k3/8/8/8/8/8/4K3/7R w K - 0 1',
      /field 3 \(castling\): "K" gives 'K' but the white king is not on its first rank/,
    ],
    [
      'r7/8/4k3/8/8/8/8/4K3 w q - 0 1',
      /field 3 \(castling\): "q" gives 'q' but the black king is not on its first rank/,
    ],
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQxq - 0 1', /field 3 \(castling\).*'x', which is not K, Q, k, q or a file letter/],
    [START_FEN.replace(' - ', ' e9 '), /^Invalid FEN: field 4 \(en passant\): "e9" is not a square$/],
    [START_FEN.replace(' - ', ' e3 '), /field 4 \(en passant\): "e3" is not on rank 6/],
    ['4k3/8/8/8/8/8/8/4K3 w - e6 0 1', /field 4 \(en passant\): "e6" has no pawn that just made a double step/],
    [
      '4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1',
      /field 4 \(en passant\): "e6" has a piece on the square passed over or the pawn's origin/,
    ],
    [
      START_FEN.replace(' 0 1', ' -1 1'),
      /^Invalid FEN: field 5 \(halfmove clock\): "-1" is not a non-negative integer$/,
    ],
    [START_FEN.replace(' 0 1', ' x 1'), /field 5 \(halfmove clock\): "x" is not a non-negative integer/],
    [
      START_FEN.replace(' 0 1', ' 0 0'),
      /^Invalid FEN: field 6 \(fullmove number\): "0" is out of range \(1\.\.2147483647\)$/,
    ],
    [START_FEN.replace(' 0 1', ' 0 1.5'), /field 6 \(fullmove number\): "1.5" is not a non-negative integer/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq', /has 3 fields, expected 4 to 6/],
    [`${START_FEN} extra`, /has 7 fields, expected 4 to 6/],
    ['', /^Invalid FEN: the text is empty$/],
    ['4k3/8/8/8/8/8/8/4R1K1 w - - 0 1', /the side not to move is in check/],
  ])('%s', (fen, message) => {
    const r = Position.parse(fen);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatch(message);
    expect(() => Position.fromFen(fen)).toThrow(FenError);
    expect(() => Position.fromFen(fen)).toThrow(r.error);
  });

  test('the example message of the conventions, verbatim', () => {
    const error = 'Invalid FEN: field 4 (en passant): "e9" is not a square';
    expect(Position.parse(START_FEN.replace(' - ', ' e9 '))).toEqual({ ok: false, error });
  });
});

describe('packed scores', () => {
  test('mg and eg come back out of a packed score, and packed scores add like pairs', () => {
    const values = [-32768, -32767, -1000, -1, 0, 1, 999, 32767];
    for (const mg of values)
      for (const eg of values) {
        const s = makeScore(mg, eg);
        expect([mgScore(s), egScore(s)]).toEqual([mg, eg]);
      }
    const a = makeScore(-300, 250),
      b = makeScore(120, -900);
    expect([mgScore((a + b) | 0), egScore((a + b) | 0)]).toEqual([-180, -650]);
    expect([mgScore((a - b) | 0), egScore((a - b) | 0)]).toEqual([-420, 1150]);
  });

  test('makePsqTable rejects values outside int16 and tables of the wrong size', () => {
    const z = new Array<number>(1024).fill(0),
      p = new Array<number>(16).fill(0);
    expect(() =>
      makePsqTable(
        z,
        z.map((v, i) => (i === 70 ? 40000 : v)),
        p,
        p,
      ),
    ).toThrow('psq: value 40000 at index 70 is not an int16');
    expect(() => makePsqTable(z.slice(1), z, p, p)).toThrow('psq: mg and eg need 16 * 64 entries');
    expect(() => makePsqTable(z, z, p.slice(1), p)).toThrow('psq: phase and nonPawn need 16 entries');
  });
});

describe('layout', () => {
  test('the bitboard offsets are twice the piece codes', () => {
    const { WP, WN, WB, WR, WQ, WK, BP, BN, BB, BR, BQ, BK } = layout;
    expect([WP, WN, WB, WR, WQ, WK]).toEqual([1, 2, 3, 4, 5, 6].map((t) => 2 * makePiece(WHITE, t)));
    expect([BP, BN, BB, BR, BQ, BK]).toEqual([1, 2, 3, 4, 5, 6].map((t) => 2 * makePiece(BLACK, t)));
  });

  test("W_ALL and B_ALL hold the union of each colour's piece bitboards", () => {
    const { bb } = Position.fromFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    for (const [all, first] of [
      [layout.W_ALL, layout.WP],
      [layout.B_ALL, layout.BP],
    ]) {
      let lo = 0,
        hi = 0;
      for (let o = first; o <= first + 10; o += 2) {
        lo |= bb[o];
        hi |= bb[o + 1];
      }
      expect([bb[all], bb[all + 1]]).toEqual([lo, hi]);
      expect(lo !== 0 && hi !== 0).toBe(true);
    }
  });
});

describe('state stack bound', () => {
  test('grow() keeps and links every row, and refuses to pass MAX_ROWS rows', () => {
    const st = new StateStack(MAX_ROWS / 2);
    const last = st.rows[MAX_ROWS / 2 - 1];
    last.keyLo = 7;
    expect(last.next).toBe(last); // the top links to itself until the stack grows
    st.grow();
    expect(st.capacity).toBe(MAX_ROWS);
    expect(st.rows[MAX_ROWS / 2 - 1]).toBe(last);
    expect(last.keyLo).toBe(7);
    expect(last.next).toBe(st.rows[MAX_ROWS / 2]);
    expect(st.rows[MAX_ROWS / 2].prev).toBe(last);
    for (let r = 1; r < MAX_ROWS; r++)
      if (st.rows[r].prev !== st.rows[r - 1] || st.rows[r - 1].next !== st.rows[r])
        throw new Error(`row ${r} is not linked`);
    expect(st.rows[0].prev).toBe(st.rows[0]);
    expect(() => st.grow()).toThrow(`state stack: more than ${MAX_ROWS} plies`);
  });
});

describe('hand edits', () => {
  test('putPiece, removePiece and movePiece keep every incremental value equal to a fresh parse', () => {
    const pos = Position.fromFen('4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
    pos.movePiece(12, 28); // e2e4 by hand
    pos.putPiece(makePiece(BLACK, 2), 45); // black knight on f6
    pos.removePiece(60); // the black king goes...
    pos.putPiece(makePiece(BLACK, 6), 62); // ...to g8
    expect(posIsOk(pos)).toBeNull();
    const fen = '6k1/8/5n2/8/4P3/8/8/4K3 w - - 0 1';
    expect(pos.toFen()).toBe(fen);
    expect(pos.key).toEqual(keyOf(fen));
    expect([pos.pawnKey, pos.materialKey]).toEqual([Position.fromFen(fen).pawnKey, Position.fromFen(fen).materialKey]);
  });
});
