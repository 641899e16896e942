import { expect, test } from 'vitest';
import { Position, makeMove } from '@tempo-chess/position';
import { generateLegal, givesCheck, legal, pseudoLegal } from '@tempo-chess/movegen';
import { givesCheckFast, legalQuick } from './checks';

// Positions rich in checks: discovered checks, pins, promotions, castling, en passant.
const FENS = [
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11',
  'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
  'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
  '4k3/8/8/3B4/8/8/3R4/3K4 w - - 0 1',
  '3k4/8/8/8/3N4/8/3Q4/3K4 w - - 0 1',
];

test('givesCheckFast agrees with givesCheck, with the row check info filled by a move or by its own first call, over random games', () => {
  const list = new Int32Array(256);
  let seed = 12345,
    checked = 0;
  const rand = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) | 0) >>> 8) % n;
  for (const fen of FENS) {
    const pos = Position.fromFen(fen);
    for (let ply = 0; ply < 40; ply++) {
      const n = generateLegal(pos, list, 0);
      if (n === 0) break;
      // Even plies: fill the row's check info by playing and taking back one move; odd
      // plies: the first givesCheckFast fills it (the row starts without).
      if (ply % 2 === 0) {
        pos.doMove(list[0]);
        pos.undoMove();
      } else expect(pos.st.ciKing).toBe(-1);
      for (let i = 0; i < n; i++) {
        expect(givesCheckFast(pos, list[i])).toBe(givesCheck(pos, list[i]));
        checked++;
      }
      expect(pos.st.ciKing).toBe(pos.kingSquare(pos.side ^ 1));
      pos.doMove(list[rand(n)]);
    }
  }
  expect(checked).toBeGreaterThan(1000);
});

test('legalQuick agrees with legal on every pseudo-legal move of random games (all from/to pairs tried)', () => {
  const list = new Int32Array(256);
  let seed = 777,
    tried = 0;
  const rand = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) | 0) >>> 8) % n;
  for (const fen of FENS) {
    const pos = Position.fromFen(fen);
    for (let ply = 0; ply < 30; ply++) {
      const n = generateLegal(pos, list, 0);
      if (n === 0) break;
      for (let from = 0; from < 64; from++)
        for (let to = 0; to < 64; to++) {
          const m = makeMove(from, to);
          if (!pseudoLegal(pos, m)) continue;
          expect(legalQuick(pos, m)).toBe(legal(pos, m));
          tried++;
        }
      pos.doMove(list[rand(n)]);
    }
  }
  expect(tried).toBeGreaterThan(2000);
});
