/**
 * Test support: a deterministic generator, varied start positions and random games
 * (tests only: the subpath @tempo-chess/movegen/test-support, not the package entry).
 */
import { CASTLING, moveTo, moveType, type Position } from '@tempo-chess/position';
import { generateLegal } from './list';

/** xorshift32: deterministic, so every failure reproduces. */
export function rng(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** Varied starts: the opening, middlegames rich in tactics, endgames, Chess960 setups. */
export const STARTS: ReadonlyArray<[string, boolean]> = [
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', false],
  ['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', false],
  ['8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', false],
  ['r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', false],
  ['rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8', false],
  ['r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10', false],
  ['8/3k4/8/2pP4/8/8/8/3K4 w - c6 0 1', false],
  ['4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1', false],
  ['4k3/pppppppp/8/8/8/8/8/4K3 b - - 0 1', false],
  ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', false],
  ['bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', true],
  ['nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1', true],
  ['rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1', true],
];

/**
 * Plays one random game from a start (legal moves only, biased towards captures
 * and promotions so games reach endgames), calling visit at every position. Returns
 * the moves played; the position is left at the end of the game.
 */
export function playRandomGame(
  pos: Position,
  next: () => number,
  maxPlies: number,
  visit: (pos: Position, ply: number) => void,
): number[] {
  const list = new Int32Array(256);
  const played: number[] = [];
  for (let ply = 0; ply < maxPlies; ply++) {
    visit(pos, ply);
    const n = generateLegal(pos, list, 0);
    if (n === 0 || pos.rule50 >= 100) break;
    let m = list[Math.floor(next() * n)];
    // Prefer a capture or promotion half of the time: thins the board.
    if (next() < 0.5) {
      for (let i = 0; i < n; i++) {
        const c = list[(i + Math.floor(next() * n)) % n];
        if (pos.board[moveTo(c)] !== 0 && moveType(c) !== CASTLING) {
          m = c;
          break;
        }
      }
    }
    pos.doMove(m);
    played.push(m);
  }
  return played;
}
