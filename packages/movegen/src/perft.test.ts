import { describe, expect, test } from 'vitest';
import { Position } from '@tempo-chess/position';
import { divide, perft } from './index';

// The six positions of the Chess Programming Wiki perft page, with their counts.
const CPW: ReadonlyArray<[string, string, number[]]> = [
  ['start', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', [20, 400, 8902, 197281, 4865609]],
  ['kiwipete', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', [48, 2039, 97862, 4085603]],
  ['position 3', '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', [14, 191, 2812, 43238, 674624, 11030083]],
  ['position 4', 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', [6, 264, 9467, 422333, 15833292]],
  ['position 4 mirrored', 'r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1', [6, 264, 9467, 422333]],
  ['position 5', 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8', [44, 1486, 62379, 2103487]],
  [
    'position 6',
    'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
    [46, 2079, 89890, 3894594],
  ],
];

// Chess960 positions with counts from the perft-chess960 suite (Shredder-FEN castling).
const C960: ReadonlyArray<[string, number[]]> = [
  ['bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', [21, 528, 12189, 326672]],
  ['2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9', [21, 807, 18002, 667366]],
  ['b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9', [20, 479, 10471, 273318]],
  ['qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9', [22, 593, 13440, 382958]],
  ['1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9', [28, 1120, 31058, 1171749]],
  ['qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9', [29, 899, 26578, 824055]],
];

describe('perft: Chess Programming Wiki positions', () => {
  for (const [name, fen, counts] of CPW) {
    test.each(counts.map((c, i) => [i + 1, c] as const))(`${name} depth %i = %i`, (depth, expected) => {
      const pos = Position.fromFen(fen);
      expect(perft(pos, depth)).toBe(expected);
      expect(pos.toFen()).toBe(Position.fromFen(fen).toFen());
    });
  }
});

describe('perft: Chess960', () => {
  for (const [fen, counts] of C960) {
    test(`${fen}`, () => {
      const pos = Position.fromFen(fen, { chess960: true });
      for (let d = 1; d <= counts.length; d++) expect(perft(pos, d), `depth ${d}`).toBe(counts[d - 1]);
    });
  }
});

describe('perft: bulk and full counting agree', () => {
  test('kiwipete depth 3, divided by root move', () => {
    const pos = Position.fromFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    const bulk = divide(pos, 3, true);
    const full = divide(pos, 3, false);
    expect(full).toEqual(bulk);
    expect(bulk.find((d) => d.uci === 'e1g1')?.nodes).toBe(2059);
    expect(bulk.reduce((s, d) => s + d.nodes, 0)).toBe(97862);
  });
});
