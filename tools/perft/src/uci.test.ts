import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffUci } from './diff';
import { tempoWalker } from './tempo';
import { UciEngine } from '@tempo-chess/toolkit';

const STOCKFISH = '/usr/games/stockfish';

describe.skipIf(!existsSync(STOCKFISH))('Stockfish as the oracle (when installed)', () => {
  it('divides the start position', async () => {
    const engine = await UciEngine.start(STOCKFISH);
    try {
      const d = await engine.divide('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', ['e2e4'], 3, false);
      expect(d.nodes).toBe(13160);
      expect(d.moves.size).toBe(20);
    } finally {
      await engine.quit();
    }
  });

  it('agrees with Tempo on Chess960 positions, castling as king-takes-rook', async () => {
    const positions = [
      { fen: 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', chess960: true },
      { fen: '1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1', chess960: true },
    ];
    const summary = await diffUci(positions, 3, STOCKFISH, tempoWalker);
    expect(summary.mismatches).toBe(0);
    expect(summary.errors).toBe(0);
  });
});
