/**
 * Built-in starting points for random playouts: openings as move sequences from the
 * start position, the classic perft positions, and small positions built around one
 * rule corner each (the well-known "perft trick" positions). Playouts from the last
 * group are what fill the corpus with illegal en passant, castling through check,
 * promotions that check, and double checks.
 */
import { attackers, boardFromFen, kingSquare, parseSquare, placementOf } from './board';
import { type Rng } from '@tempo-chess/toolkit';

/** The standard start position. */
export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** A playout start: a FEN, moves to play first (UCI), and how long playouts may run. */
export interface Start {
  name: string;
  fen: string;
  moves: string[];
  maxPlies: number;
  /** Relative chance of being picked. */
  weight: number;
  /** A small rule-corner position: decorate it with extra pieces and hunt from the first ply. */
  corner?: boolean;
}

const opening = (name: string, moves: string): Start => ({
  name,
  fen: START,
  moves: moves ? moves.split(' ') : [],
  maxPlies: 120,
  weight: 1,
});
const middle = (name: string, fen: string): Start => ({ name, fen, moves: [], maxPlies: 60, weight: 1 });
const corner = (name: string, fen: string): Start => ({ name, fen, moves: [], maxPlies: 16, weight: 2, corner: true });

/** Starts for standard chess. */
export const STANDARD_STARTS: readonly Start[] = [
  opening('start', ''),
  opening('ruy lopez', 'e2e4 e7e5 g1f3 b8c6 f1b5 a7a6'),
  opening('italian', 'e2e4 e7e5 g1f3 b8c6 f1c4 f8c5'),
  opening('sicilian', 'e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3'),
  opening('french advance', 'e2e4 e7e6 d2d4 d7d5 e4e5'),
  opening('queens gambit', 'd2d4 d7d5 c2c4 e7e6 b1c3 g8f6'),
  opening('kings indian', 'd2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6'),
  opening('english', 'c2c4 e7e5 b1c3 g8f6 g2g3 d7d5'),
  middle('kiwipete', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'),
  middle('cpw position 4', 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1'),
  middle('cpw position 5', 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8'),
  middle('cpw position 6', 'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10'),
  middle('castling corners', 'r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1'),
  middle('castling prevented', 'r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1'),
  middle('pawn race', '4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1'),
  corner('cpw position 3', '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1'),
  corner('ep rank pin, white', '8/2p5/8/KP5r/8/8/8/7k b - - 0 1'),
  corner('ep rank pin, black', '7K/8/8/8/kp5R/8/2P5/8 w - - 0 1'),
  corner('illegal ep', '3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1'),
  corner('ep diagonal pin', '8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1'),
  corner('ep pawn pinned on a diagonal', '8/3p2b1/8/4P3/8/8/1K6/7k b - - 0 1'),
  corner('ep does not resolve check', '4K3/3p4/8/2P5/b7/8/8/7k b - - 0 1'),
  corner('ep resolves check', '8/3p4/8/4P3/4K3/8/8/7k b - - 0 1'),
  corner('ep discovered check', '8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1'),
  corner('short castle checks', '5k2/8/8/8/8/8/8/4K2R w K - 0 1'),
  corner('long castle checks', '3k4/8/8/8/8/8/8/R3K3 w Q - 0 1'),
  corner('promote out of check', '2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1'),
  corner('discovered check', '8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1'),
  corner('promote with check', '4k3/1P6/8/8/8/8/K7/8 w - - 0 1'),
  corner('underpromote with check', '8/P1k5/K7/8/8/8/8/8 w - - 0 1'),
  corner('self stalemate', 'K1k5/8/P7/8/8/8/8/8 w - - 0 1'),
  corner('stalemate and mate', '8/k1P5/8/1K6/8/8/8/8 w - - 0 1'),
  corner('double check', '8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1'),
  corner('bishop double check', '4k3/8/8/8/8/8/4B3/4RK2 w - - 0 1'),
  corner('knight double check', '3k4/8/8/8/8/8/3N4/3RK3 w - - 0 1'),
  corner('promotions both sides', 'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1'),
];

const KNIGHT_PAIRS = [
  [0, 1],
  [0, 2],
  [0, 3],
  [0, 4],
  [1, 2],
  [1, 3],
  [1, 4],
  [2, 3],
  [2, 4],
  [3, 4],
];

/** The Chess960 start position with Scharnagl number `n` (0..959; 518 is the standard one), X-FEN castling. */
export function chess960Start(n: number): string {
  const rank: string[] = new Array<string>(8).fill('');
  rank[2 * (n % 4) + 1] = 'b';
  rank[2 * (Math.floor(n / 4) % 4)] = 'b';
  const empty = () => rank.map((p, i) => (p ? -1 : i)).filter((i) => i >= 0);
  const rest = Math.floor(n / 16);
  rank[empty()[rest % 6]] = 'q';
  const [k1, k2] = KNIGHT_PAIRS[Math.floor(rest / 6)];
  const free = empty();
  rank[free[k1]] = 'n';
  rank[free[k2]] = 'n';
  const [r1, k, r2] = empty();
  rank[r1] = 'r';
  rank[k] = 'k';
  rank[r2] = 'r';
  const black = rank.join('');
  return `${black}/pppppppp/8/8/8/8/PPPPPPPP/${black.toUpperCase()} w KQkq - 0 1`;
}

/**
 * Chess960 playout starts: the given FENs, or a seeded sample of generated start
 * positions. Together they weigh as much as 64 single starts, however long the list.
 */
export function chess960Starts(fens: readonly string[] | undefined, rng: Rng, count = 64): Start[] {
  const list = fens && fens.length > 0 ? fens : Array.from({ length: count }, () => chess960Start(rng.int(960)));
  return list.map((fen, i) => ({ name: `960 start ${i}`, fen, moves: [], maxPlies: 100, weight: 64 / list.length }));
}

const DECORATIONS = 'NBRQPnbrqp';

/**
 * A rule-corner FEN with up to `max` random extra pieces on empty squares, so that
 * playouts from one corner give many distinct positions around the same theme. Falls
 * back to the plain FEN when a try leaves the side not to move in check.
 */
export function decorate(fen: string, rng: Rng, max = 3): string {
  // The en passant square and the pushed pawn's origin must stay empty, or the FEN
  // would claim a double push that could not have happened.
  const epField = fen.split(' ')[3] ?? '-';
  const ep = epField === '-' ? -1 : parseSquare(epField);
  const origin = ep < 0 ? -1 : ep < 32 ? ep - 8 : ep + 8;
  for (let attempt = 0; attempt < 8; attempt++) {
    const board = boardFromFen(fen);
    const extra = rng.int(max + 1);
    for (let i = 0; i < extra; i++) {
      const sq = rng.int(64);
      const letter = rng.pick([...DECORATIONS]);
      const pawn = letter === 'P' || letter === 'p';
      if (board.cells[sq] !== 0 || sq === ep || sq === origin || (pawn && (sq < 8 || sq >= 56))) continue;
      board.cells[sq] = ((letter === letter.toLowerCase() ? 1 : 0) << 3) | ' pnbrqk'.indexOf(letter.toLowerCase());
    }
    const theirKing = kingSquare(board.cells, board.us ^ 1);
    if (attackers(board.cells, theirKing, board.us) > 0) continue;
    const fields = fen.split(' ');
    fields[0] = placementOf(board.cells);
    return fields.join(' ');
  }
  return fen;
}
