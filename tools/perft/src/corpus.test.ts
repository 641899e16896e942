import { describe, expect, it } from 'vitest';
import { chessJsWalker } from './chessjs';
import { randomCorpus } from './corpus';
import { FEATURES, type Feature } from './features';
import { chess960Start, decorate } from './starts';
import { Rng } from '@tempo-chess/toolkit';
import { Position } from '@tempo-chess/position';
import { tempoWalker } from './tempo';

const standard = (count: number, seed: number | string) =>
  randomCorpus({ count, seed, walker: (fen) => chessJsWalker(fen) });

/** The least each rule corner must show up in 1,000 positions. */
const MINIMUM: Record<Feature, number> = {
  ep: 40,
  epPinned: 10,
  epRank: 10,
  castling: 150,
  castleLegal: 50,
  castleBlocked: 50,
  castleAttacked: 30,
  promotion: 50,
  promoCapture: 20,
  promoCheck: 20,
  check: 80,
  doubleCheck: 10,
  pinned: 80,
  endgame: 100,
  mate: 3,
  stalemate: 2,
};

describe('random corpus', () => {
  it('is reproducible from its seed', () => {
    const a = standard(200, 42).positions.map((p) => p.fen);
    const b = standard(200, 42).positions.map((p) => p.fen);
    const c = standard(200, 43).positions.map((p) => p.fen);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(new Set(a.map((f) => f.split(' ').slice(0, 4).join(' '))).size).toBe(200);
  });

  it('accepts string seeds', () => {
    expect(standard(20, 'tempo').positions).toEqual(standard(20, 'tempo').positions);
  });

  it('covers every rule corner in 1,000 positions', () => {
    const { positions, composition } = standard(1000, 7);
    expect(positions).toHaveLength(1000);
    const short = FEATURES.filter((f) => composition[f] < MINIMUM[f]).map(
      (f) => `${f}: ${composition[f]} < ${MINIMUM[f]}`,
    );
    expect(short).toEqual([]);
    // The composition counts the positions' own tags.
    const ep = positions.filter((p) => p.features.includes('epRank')).length;
    expect(ep).toBe(composition.epRank);
  });

  it('plays Chess960 games with Tempo from the generated start positions', () => {
    const { positions } = randomCorpus({ count: 60, seed: 5, chess960: true, walker: tempoWalker });
    expect(positions).toHaveLength(60);
    expect(positions.every((p) => p.chess960)).toBe(true);
    // Tempo prints Chess960 castling rights as Shredder-FEN rook files.
    expect(positions.some((p) => /^[A-H]+[a-h]*$|^[a-h]+$/.test(p.fen.split(' ')[2]))).toBe(true);
  });

  it('takes Chess960 starts from a list when given one', () => {
    const start = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';
    const { positions } = randomCorpus({ count: 5, seed: 1, chess960: true, starts: [start], walker: tempoWalker });
    // Only this start's rooks (files h and f) can appear in the castling field.
    expect(positions.map((p) => p.fen.split(' ')[2]).filter((c) => !/^(-|[HFhf]+)$/.test(c))).toEqual([]);
    expect(positions.some((p) => p.fen.split(' ')[2] !== '-')).toBe(true);
  });
});

describe('chess960Start', () => {
  it('numbers the start positions as Scharnagl does', () => {
    expect(chess960Start(518)).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(chess960Start(0)).toBe('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1');
    expect(chess960Start(959)).toBe('rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1');
    const all = new Set(Array.from({ length: 960 }, (_, n) => chess960Start(n)));
    expect(all.size).toBe(960);
  });
});

describe('decorate', () => {
  it("keeps the en passant square and the pushed pawn's origin empty", () => {
    // Seed 963 of `diff --random --chess960` once put a knight on d2 here, which Tempo
    // rightly refused as a FEN.
    const fen = '8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1';
    const rng = new Rng(963);
    let changed = 0;
    for (let i = 0; i < 2000; i++) {
      const out = decorate(fen, rng, 6);
      if (out !== fen) changed++;
      const r = Position.parse(out);
      expect(r.ok ? null : `${out}: ${r.error}`).toBeNull();
    }
    expect(changed).toBeGreaterThan(1000);
  });
});
