import { describe, expect, test, vi } from 'vitest';
import { Position, moveToUci } from '@tempo-chess/position';
import { generateLegal, legalMoves, parseUciMove } from '@tempo-chess/movegen';
import { DEFAULT_PSQ } from '@tempo-chess/eval';
import { CHECK_INTERVAL } from './constants';
import {
  createSignals,
  quiescenceLeaf,
  searchPosition,
  Searcher,
  SEARCH_PARAMS,
  SIGNAL_PONDERHIT,
  SIGNAL_STOP,
  TranspositionTable,
  VALUE_MATE,
  type SearchInfo,
} from './index';

const list = new Int32Array(256);
const fresh = (mb = 4) => new Searcher(new TranspositionTable(mb), createSignals());
const pos = (fen: string) => Position.fromFen(fen, { psq: DEFAULT_PSQ });
const uci = (p: Position, m: number) => moveToUci(p, m);

/** Nodes to a millisecond of nodeClock's time. */
const NODES_PER_MS = 5;

/**
 * Runs `f` with performance.now() replaced by a clock that advances with the
 * searcher's nodes, NODES_PER_MS to the millisecond (monotone across searches, which
 * reset the count): a time limit then stops the search at the same node on every
 * machine, however loaded, and a test can bound the time it took exactly.
 */
function withNodeClock<T>(s: Searcher, f: (now: () => number) => T): T {
  let total = 0,
    last = 0;
  const now = (): number => {
    const n = s.nodes;
    total += n >= last ? n - last : n;
    last = n;
    return total / NODES_PER_MS;
  };
  const spy = vi.spyOn(performance, 'now').mockImplementation(now);
  try {
    return f(now);
  } finally {
    spy.mockRestore();
  }
}

/** Plays the PV on a copy of the position and says whether it ends in checkmate. */
function pvMates(fen: string, pv: number[]): boolean {
  const p = pos(fen);
  for (const m of pv) {
    if (!legalMoves(p).includes(m)) return false;
    p.doMove(m);
  }
  return p.inCheck() && generateLegal(p, list, 0) === 0;
}

// Mate distances verified with Stockfish 17 at depth 18-20; the mate-in-2 lines are
// from the public mates suite (../shared/data/suites/mates.epd, "dm 2").
const MATES: [fen: string, mateIn: number][] = [
  ['6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 1],
  ['k7/8/1K6/8/8/8/8/7R w - - 0 1', 1],
  ['3k4/8/3K4/8/8/8/8/7R w - - 0 1', 1],
  ['1k6/8/1K6/8/8/8/8/2R5 w - - 0 1', 2],
  ['7k/8/5K2/8/8/8/8/6R1 w - - 0 1', 2],
  ['2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1', 2],
  ['2N2B2/2N1r3/8/3nQ2R/1k6/8/2B5/R3K3 w Q - 0 1', 2],
  ['6rk/PP1PPPnp/1N1BN2P/7R/4B3/2Q5/P3KP2/6R1 w - - 0 1', 2],
  ['8/8/8/8/8/8/4QRb1/R3K2k w Q - 0 1', 2],
  ['3R4/8/8/2p3K1/2p5/5B2/R1pPNB2/1b1k4 w - - 0 1', 2],
  ['5R2/1N3p2/3pk3/6PR/3Q4/B3K3/8/8 w - - 0 1', 2],
  ['r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1', 3],
];

describe('mates', () => {
  test.each(MATES)('%s: mate in %i, exact distance, PV mates (mate limit, depth <= 16)', (fen, n) => {
    const infos: SearchInfo[] = [];
    const r = searchPosition(fen, { depth: 16, mate: n }, { hashMb: 4, hooks: { onInfo: (i) => infos.push(i) } });
    expect(r.score).toBe(VALUE_MATE - (2 * n - 1));
    const last = infos[infos.length - 1];
    expect(last.scoreKind).toBe('mate');
    expect(last.scoreValue).toBe(n);
    expect(r.pv.length).toBe(2 * n - 1);
    expect(pvMates(fen, r.pv)).toBe(true);
  });

  test('mated side reports a negative mate distance', () => {
    const infos: SearchInfo[] = [];
    // Black to move after 1. Rc5 from the mate in two above: mated in one.
    const r = searchPosition(
      '1k6/8/1K6/2R5/8/8/8/8 b - - 1 1',
      { depth: 6 },
      { hooks: { onInfo: (i) => infos.push(i) } },
    );
    expect(r.score).toBe(-VALUE_MATE + 2);
    expect(infos[infos.length - 1].scoreValue).toBe(-1);
  });

  test('mate limit stops at the first iteration that proves it', () => {
    const infos: SearchInfo[] = [];
    const r = searchPosition(
      '1k6/8/1K6/8/8/8/8/2R5 w - - 0 1',
      { mate: 2 },
      { hooks: { onInfo: (i) => infos.push(i) } },
    );
    expect(r.score).toBe(VALUE_MATE - 3);
    expect(infos[infos.length - 1].depth).toBeLessThan(10);
  });
});

describe('draws', () => {
  test('stalemate and checkmate at the root', () => {
    const stale = searchPosition('k7/2Q5/1K6/8/8/8/8/8 b - - 0 1', { depth: 3 });
    expect(stale.bestMove).toBe(0);
    expect(stale.score).toBe(0);
    const mated = searchPosition('R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1', { depth: 3 });
    expect(mated.bestMove).toBe(0);
    expect(mated.score).toBe(-VALUE_MATE);
  });

  test('insufficient material scores 0', () => {
    expect(searchPosition('8/8/3k4/8/8/3NK3/8/8 w - - 0 1', { depth: 6 }).score).toBe(0);
  });

  test('threefold repetition before the root: the side a queen down repeats', () => {
    const p = pos('rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    for (const u of ['g1f3', 'b8c6', 'f3g1', 'c6b8', 'g1f3', 'b8c6', 'f3g1']) p.doMove(parseUciMove(p, u));
    const r = fresh().search(p, { depth: 5 });
    expect(uci(p, r.bestMove)).toBe('c6b8');
    expect(r.score).toBe(0);
  });

  test('fifty-move rule draws, but checkmate on the last move still counts', () => {
    expect(searchPosition('k7/8/8/8/8/8/8/KQ6 w - - 99 100', { depth: 5 }).score).toBe(0);
    expect(searchPosition('6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 100', { depth: 3 }).score).toBe(VALUE_MATE - 1);
  });
});

describe('search behaviour', () => {
  const FEN = 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';

  test('fixed-depth searches are deterministic and return a legal move', () => {
    const a = searchPosition(FEN, { depth: 7 });
    const b = searchPosition(FEN, { depth: 7 });
    expect(a.nodes).toBe(b.nodes);
    expect(a.bestMove).toBe(b.bestMove);
    expect(a.pv).toEqual(b.pv);
    expect(legalMoves(pos(FEN))).toContain(a.bestMove);
    expect(a.depth).toBe(7);
  });

  test('the TT prefetch is speed only: the same tree with it off, and the table untouched by it', () => {
    const on = fresh(),
      off = fresh();
    off.setOption('Prefetch', 0);
    const a = searchPosition(FEN, { depth: 7 }, { searcher: on });
    const b = searchPosition(FEN, { depth: 7 }, { searcher: off });
    expect(a.nodes).toBe(b.nodes);
    expect(a.bestMove).toBe(b.bestMove);
    expect(a.score).toBe(b.score);
    const tt = on.tt,
      before = tt.data.slice();
    for (let k = 0; k < 1000; k++) tt.prefetch(Math.imul(k, 0x9e3779b1));
    expect(tt.data).toEqual(before);
  });

  test('node limit is exact', () => {
    const r = searchPosition(FEN, { nodes: 5000 });
    expect(r.nodes).toBe(5000);
    expect(legalMoves(pos(FEN))).toContain(r.bestMove);
  });

  test('stop signal ends an infinite search with a legal move', () => {
    const s = fresh();
    const p = pos(FEN);
    const r = s.search(
      p,
      { infinite: true },
      {
        onInfo: (i) => {
          if (i.depth >= 4) Atomics.store(s.signals, SIGNAL_STOP, 1);
        },
      },
    );
    expect(legalMoves(p).includes(r.bestMove)).toBe(true);
    expect(r.depth).toBeGreaterThanOrEqual(4);
    expect(r.depth).toBeLessThan(8);
    expect(p.toFen()).toBe(FEN);
  });

  test('a stop raised before the search starts still gives a legal move and a finite score', () => {
    const s = fresh();
    Atomics.store(s.signals, SIGNAL_STOP, 1);
    const p = pos(FEN);
    const r = s.search(p, { infinite: true });
    expect(legalMoves(p)).toContain(r.bestMove);
    expect(Math.abs(r.score)).toBeLessThan(VALUE_MATE);
  });

  test('ponder search becomes timed at ponderhit', () => {
    const s = fresh();
    const p = pos(FEN);
    withNodeClock(s, (now) => {
      const t0 = now();
      let hitAt = -1;
      const r = s.search(
        p,
        { ponder: true, wtime: 2000, btime: 2000 },
        {
          onInfo: (i) => {
            if (i.depth >= 3 && hitAt < 0) {
              hitAt = now() - t0;
              Atomics.store(s.signals, SIGNAL_PONDERHIT, 1);
            }
          },
        },
      );
      expect(legalMoves(p)).toContain(r.bestMove);
      expect(hitAt).toBeGreaterThan(0);
      // Timed from the ponderhit on, as a search with 2 s on the clock: well within it.
      expect(now() - t0).toBeLessThan(2000);
    });
  });

  test('movetime is honoured', () => {
    const s = fresh(16);
    withNodeClock(s, (now) => {
      const t0 = now();
      const r = searchPosition(FEN, { movetime: 300 }, { searcher: s });
      const t = now() - t0;
      // The hard bound is 300 - MoveOverhead (20); the clock is read every CHECK_INTERVAL nodes.
      expect(t).toBeGreaterThan(150);
      expect(t).toBeLessThanOrEqual(280 + CHECK_INTERVAL / NODES_PER_MS);
      expect(r.depth).toBeGreaterThan(2);
    });
  });

  test('clock time: a short clock gets a short search', () => {
    const s = fresh(16);
    withNodeClock(s, (now) => {
      const t0 = now();
      searchPosition(FEN, { wtime: 1000, btime: 1000, winc: 10, binc: 10 }, { searcher: s });
      expect(now() - t0).toBeLessThan(600);
    });
  });

  test('a 3+0.03 clock is never overrun over 20 plies of self-play, and is not hoarded', () => {
    const s = fresh();
    const p = pos('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    const clock = [3000, 3000];
    withNodeClock(s, (now) => {
      for (let ply = 0; ply < 20 && legalMoves(p).length > 0; ply++) {
        const us = p.side,
          t0 = now();
        const r = s.search(p, { wtime: clock[0], btime: clock[1], winc: 30, binc: 30 });
        clock[us] -= now() - t0;
        expect(clock[us]).toBeGreaterThan(0);
        clock[us] += 30;
        p.doMove(r.bestMove);
      }
    });
    // Some reserve is left after ten moves a side, and some of the clock was used.
    expect(Math.min(clock[0], clock[1])).toBeGreaterThan(100);
    expect(Math.max(clock[0], clock[1])).toBeLessThan(3000);
  });

  test('MultiPV reports distinct first moves, best first', () => {
    const lines = new Map<number, SearchInfo>();
    searchPosition(FEN, { depth: 6 }, { multiPV: 3, hooks: { onInfo: (i) => lines.set(i.multipv, i) } });
    expect([...lines.keys()].sort()).toEqual([1, 2, 3]);
    const first = [1, 2, 3].map((k) => lines.get(k)!.pv[0]);
    expect(new Set(first).size).toBe(3);
    expect(lines.get(1)!.score).toBeGreaterThanOrEqual(lines.get(2)!.score);
    expect(lines.get(2)!.score).toBeGreaterThanOrEqual(lines.get(3)!.score);
  });

  test('searchmoves restricts the root', () => {
    const p = pos(FEN);
    const only = parseUciMove(p, 'a2a3');
    const r = searchPosition(FEN, { depth: 5, searchMoves: [only] });
    expect(r.bestMove).toBe(only);
  });

  test('wins a hanging queen', () => {
    const fen = 'rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 1 3';
    const r = searchPosition(fen, { depth: 5 });
    expect(uci(pos(fen), r.bestMove)).toBe('c1g5');
  });

  test('every feature switch off still finds a mate in two', () => {
    const s = fresh();
    for (const p of SEARCH_PARAMS) if (p.max === 1 && p.min === 0) s.setOption(p.name, 0);
    const r = searchPosition('2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1', { depth: 5 }, { searcher: s });
    expect(r.score).toBe(VALUE_MATE - 3);
  });

  test("a Lazy SMP helper skips iterations, and shares the main thread's table", () => {
    const main = fresh();
    const helper = new Searcher(new TranspositionTable(0, main.tt.buffer as SharedArrayBuffer), main.signals, {
      threadIndex: 2,
    });
    const depths: number[] = [];
    const p = pos(FEN);
    const r = helper.search(p, { depth: 8 }, { onInfo: (i) => depths.push(i.depth) });
    expect(legalMoves(p)).toContain(r.bestMove);
    expect(depths).toEqual([1, 3, 5, 7]); // helper 2: phase 1, size 1 skips the even depths
    // The main thread's view of the table holds the helper's root entry and best move.
    expect(main.tt.probe(p.st.keyLo, p.st.keyHi)).toBe(true);
    expect(main.tt.hitDepth).toBe(7);
    expect(main.tt.hitMove).toBe(r.bestMove);
  });

  test('setOption rejects unknown names and clamps values', () => {
    const s = fresh();
    expect(s.setOption('NoSuchThing', 1)).toBe(false);
    expect(s.setOption('nullmove', 7)).toBe(true);
    expect(s.params.NullMove).toBe(1);
    expect(s.setOption('MultiPV', 4)).toBe(true);
    expect(s.multiPV).toBe(4);
  });
});

describe('quiescence leaf', () => {
  test('resolves the captures to a quiet leaf', () => {
    // White's knight takes the undefended queen; nothing recaptures.
    const p = pos('7k/8/3q4/8/4N3/8/4P3/4K3 w - - 0 1');
    const leaf = quiescenceLeaf(p);
    expect(leaf.pv.map((m) => uci(p, m))).toEqual(['e4d6']);
    expect(leaf.leafFen.startsWith('7k/8/3N4/8/8/8/4P3/4K3 b')).toBe(true);
    expect(leaf.score).toBeGreaterThan(200);
    expect(p.toFen()).toBe('7k/8/3q4/8/4N3/8/4P3/4K3 w - - 0 1');
  });

  test('QsTT: quiescence uses the table at every ply (1), never (0)', () => {
    /** A table that counts its probes. */
    class CountingTable extends TranspositionTable {
      probes = 0;
      override probe(keyLo: number, keyHi: number): boolean {
        this.probes++;
        return super.probe(keyLo, keyHi);
      }
    }
    // Kiwipete: captures on both sides, so quiescence goes several plies deep.
    const fen = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
    const probes = (qsTT: number) => {
      const tt = new CountingTable(1);
      const s = new Searcher(tt, createSignals());
      s.params.QsTT = qsTT;
      quiescenceLeaf(pos(fen), s);
      return { probes: tt.probes, nodes: s.nodes };
    };
    const every = probes(1),
      never = probes(0);
    expect(every.nodes).toBeGreaterThan(20);
    expect(every.probes).toBe(every.nodes);
    expect(never.probes).toBe(0);
  });

  test('a quiet position is its own leaf', () => {
    const p = pos('4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
    const leaf = quiescenceLeaf(p);
    expect(leaf.pv).toEqual([]);
    expect(leaf.leafFen).toBe(p.toFen());
  });
});
