import { describe, expect, it } from 'vitest';
import { CHESSJS_TESTED_VERSION, chessJsVersion, chessJsWalker, loadChess, sq0x88 } from './chessjs';
import { walkerPerft } from './walker';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

describe('chess.js adapter', () => {
  it('runs on the pinned chess.js version', () => {
    expect(chessJsVersion()).toBe(CHESSJS_TESTED_VERSION);
  });

  it('maps 0x88 squares to text', () => {
    expect([sq0x88(0), sq0x88(7), sq0x88(0x70), sq0x88(0x77), sq0x88(0x34)]).toEqual(['a8', 'h8', 'a1', 'h1', 'e5']);
  });

  it('walks through the internals and the public API alike', () => {
    const fast = chessJsWalker(KIWIPETE),
      slow = chessJsWalker(KIWIPETE, false, true);
    expect(fast.moves().sort()).toEqual(slow.moves().sort());
    expect(fast.moves()).toContain('e1g1');
    expect(walkerPerft(fast, 3)).toBe(97862);
    expect(walkerPerft(slow, 2)).toBe(2039);
  });

  it('drops an en passant square no double push could have made', () => {
    expect(loadChess('4k3/8/8/8/3p4/8/8/4K3 b - e3 0 1').fen({ forceEnpassantSquare: true })).toBe(
      '4k3/8/8/8/3p4/8/8/4K3 b - - 0 1',
    );
    expect(chessJsWalker('4k3/8/8/8/3p4/8/8/4K3 b - e3 0 1').moves()).not.toContain('d4e3');
    expect(chessJsWalker('4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1').moves()).toContain('d4e3');
  });

  it('drops castling rights whose rook is gone', () => {
    expect(chessJsWalker('4k3/8/8/8/8/8/8/4K3 w KQ - 0 1').moves()).not.toContain('e1g1');
  });

  it('refuses Chess960', () => {
    expect(() => chessJsWalker(KIWIPETE, true)).toThrow('chess.js cannot play Chess960; use --oracle uci:<command>');
  });
});
