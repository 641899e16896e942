/**
 * The engine through its UCI surface: the built single-file bundle (dist/tempo.js)
 * is started as a child process and driven as a GUI drives it. `pnpm test` builds
 * everything first; run alone with `pnpm build && npx vitest run apps/uci`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_NET_NAME, encodeNet, randomNet } from '@tempo-chess/nnue';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { Chess } from 'chess.js';
import { USE_NNUE_DEFAULT } from '@tempo-chess/uci';
import { MAX_DEPTH } from '@tempo-chess/search';
import { ENGINE, EngineProcess, engineBuilt } from './engine-process';

/**
 * The bench signature at depth BENCH_TEST_DEPTH with the hand-crafted evaluation (`Use
 * NNUE` false): the total of `bench` nodes. A functional change to search or the
 * hand-crafted evaluation changes it; the commit says the new one. With the default
 * net the count is asserted to repeat and to differ from this one (the commit says it).
 */
const BENCH_TEST_DEPTH = 5;
const BENCH_SIGNATURE = 35483;

/** Node budget of each mate search (`go mate N nodes MATE_NODES`). */
const MATE_NODES = 250_000;
/**
 * Mates the search does not find within MATE_NODES today (its pruning hides the
 * key move): reported, not failed. Remove a line when the search finds it.
 */
const KNOWN_MATE_MISSES: string[] = [
  '8/1B6/8/5p2/8/8/5Qrq/1K1R2bk w - - 0 1', // mate in 3
  'k1B5/2p5/NbN5/8/P2p4/P2p4/P1prp3/2RbK3 w - - 0 1', // mate in 3
  'K1R5/1P1r1n2/1pR3N1/2p1p2r/1BpkBp1N/1bp2Q2/2P2P2/1n2b3 w - - 0 1', // mate in 3
  '8/B3p3/2K1p1p1/4Pkpb/5pn1/2P2N1B/4PP2/6R1 w - - 0 1', // mate in 3, missed within the node limit since the tuned table
  // mate in 2 (d5c3 and Ne4#), missed within the node limit since round 2's net (f39c525): the
  // search scores d5b6 +19.9 and finds the mate at depth 22, 2.1M nodes; found in 661 nodes with
  // NullMove 0, 2,954 with LMR 0, 1,376 with the hand-crafted evaluation (null-move and razoring
  // cutoffs in a won position return bounds, not the mate)
  '2n5/8/2PkNK2/pP1N4/2P2p2/3B4/4P2b/8 w - - 0 1',
];

const data = (name: string) => readFileSync(fileURLToPath(new URL(`./data/${name}`, import.meta.url)), 'utf8');
const epd = (name: string) =>
  data(name)
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => ({ fen: l.split(';')[0].trim(), dm: Number(/dm (\d+)/.exec(l)![1]) }));

/** Deterministic pseudo-random positions: random games from the start, cut at every 7th ply. */
function randomPositions(count: number, seed: number): Array<{ fen: string; moves: string[] }> {
  let s = seed >>> 0;
  const rand = (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
  const out: Array<{ fen: string; moves: string[] }> = [];
  while (out.length < count) {
    const chess = new Chess();
    const moves: string[] = [];
    for (let ply = 0; ply < 160 && !chess.isGameOver(); ply++) {
      const legal = chess.moves({ verbose: true });
      // Prefer captures and promotions a little, so games reach endgames.
      const caps = legal.filter((m) => m.captured || m.promotion);
      const m = caps.length > 0 && rand(3) === 0 ? caps[rand(caps.length)] : legal[rand(legal.length)];
      chess.move(m);
      moves.push(m.from + m.to + (m.promotion ?? ''));
      if (ply % 7 === 6 && !chess.isGameOver()) out.push({ fen: chess.fen(), moves: [...moves] });
      if (out.length >= count) break;
    }
  }
  return out;
}

/** Is `uci` (UCI text, castling as e1g1) legal in the position, per chess.js? */
function legalIn(fen: string, uci: string): boolean {
  const chess = new Chess(fen);
  return chess.moves({ verbose: true }).some((m) => m.from + m.to + (m.promotion ?? '') === uci);
}

const lastScore = (lines: string[]) => {
  const infos = lines.filter((l) => / score /.test(l) && !/ (lower|upper)bound/.test(l));
  const m = / score (cp|mate) (-?\d+)/.exec(infos.at(-1) ?? '');
  return m ? { kind: m[1], value: Number(m[2]) } : null;
};

describe.skipIf(!engineBuilt())('tempo through UCI', () => {
  let e: EngineProcess;
  beforeAll(async () => {
    e = new EngineProcess();
    await e.request('uci', /^uciok$/);
    await e.sync();
  });
  afterAll(async () => {
    await e.quit();
  });

  test('uci: id from the package, the options a person sets and no others, no empty line', async () => {
    const lines = await e.request('uci', /^uciok$/);
    const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8'));
    expect(lines.slice(0, 2)).toEqual([`id name Tempo ${pkg.version}`, 'id author the Tempo developers']);
    expect(lines).not.toContain('');
    expect(lines.slice(2)).toEqual([
      'option name Hash type spin default 16 min 1 max 8192',
      'option name Threads type spin default 1 min 1 max 64',
      'option name MultiPV type spin default 1 min 1 max 256',
      'option name Ponder type check default false',
      'option name Move Overhead type spin default 100 min 0 max 5000',
      'option name Clear Hash type button',
      'option name UCI_Chess960 type check default false',
      'option name UCI_LimitStrength type check default false',
      'option name UCI_Elo type spin default 1600 min 800 max 2400',
      'option name Skill Level type spin default 20 min 0 max 20',
      'option name Skill Seed type spin default 0 min 0 max 2147483647',
      `option name EvalFile type string default ${DEFAULT_NET_NAME}`,
      `option name Use NNUE type check default ${USE_NNUE_DEFAULT}`,
      'option name UCI_ShowWDL type check default false',
      'uciok',
    ]);
    // A tunable or the hand-crafted weights: one line, and nothing changes (the bench below still holds).
    for (const name of ['NullMove', 'EvalPreset', 'EvalParams']) {
      const from = e.lines.length;
      e.send(`setoption name ${name} value 0`);
      await e.sync();
      expect(e.lines.slice(from, -1)).toEqual([
        `info string setoption: ${name} is an option of the tuning build only (make TUNE=1); ignored`,
      ]);
    }
    const spsa = await e.request('spsa-inputs', /^info string/);
    expect(spsa.at(-1)).toBe('info string error: spsa-inputs: only the tuning build has tunables (make TUNE=1)');
  });

  test('bestmove is legal on hundreds of positions (chess.js checks)', async () => {
    const positions = randomPositions(240, 12345);
    for (let i = 0; i < positions.length; i++) {
      const { fen, moves } = positions[i];
      // Half as FEN, half as the start position and the game's moves.
      e.send(i % 2 === 0 ? `position fen ${fen}` : `position startpos moves ${moves.join(' ')}`);
      const lines = await e.request(i % 3 === 0 ? 'go depth 2' : 'go nodes 400', /^bestmove /);
      const best = lines.at(-1)!.split(' ')[1];
      expect(legalIn(fen, best), `${best} in ${fen}`).toBe(true);
      // Every reported line plays out from the position (a tester replays them).
      for (const l of lines.filter((x) => x.startsWith('info ') && x.includes(' pv '))) {
        const chess = new Chess(fen);
        for (const m of l.split(' pv ')[1].trim().split(' ')) {
          expect(legalIn(chess.fen(), m), `${m} of "${l}" in ${fen}`).toBe(true);
          chess.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
        }
      }
    }
  });

  test('no legal move: bestmove 0000', async () => {
    e.send('position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'); // mated
    expect((await e.request('go depth 5', /^bestmove /)).at(-1)).toBe('bestmove 0000');
    e.send('position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'); // stalemate
    expect((await e.request('go depth 5', /^bestmove /)).at(-1)).toBe('bestmove 0000');
  });

  test('isready and stop are answered while thinking', async () => {
    e.send('position startpos');
    const from = e.lines.length;
    e.send('go infinite');
    await e.waitFor(/^info depth \d+ /);
    // An infinite search never ends by itself, so each readyok is an answer given while
    // thinking (how fast: scripts/latency.mjs measures; a test on a shared machine does not).
    for (let i = 0; i < 5; i++) await e.sync();
    expect(e.lines.slice(from).some((l) => l.startsWith('bestmove'))).toBe(false); // still thinking
    const lines = await e.request('stop', /^bestmove /);
    expect(legalIn('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', lines.at(-1)!.split(' ')[1])).toBe(true);
  });

  test('go infinite keeps its bestmove until stop, even when the search ends by itself', async () => {
    e.send('position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1');
    const from = e.lines.length;
    e.send('go infinite');
    await e.waitFor(new RegExp(`^info depth ${MAX_DEPTH} `), undefined, from); // the search has ended by itself
    await e.sync(); // a bestmove printed with that last line would now be in
    expect(e.lines.slice(from).some((l) => l.startsWith('bestmove'))).toBe(false);
    await e.request('stop', /^bestmove /);
  });

  test('go ponder, then ponderhit, gives a bestmove', async () => {
    e.send('position startpos moves e2e4 e7e5');
    e.send('go ponder wtime 2000 btime 2000 winc 0 binc 0');
    await new Promise((r) => setTimeout(r, 100));
    const lines = await e.request('ponderhit', /^bestmove /);
    expect(lines.at(-1)).toMatch(/^bestmove [a-h][1-8][a-h][1-8]/);
  });

  test('searchmoves restricts the root; castling is e1g1, or king-takes-rook in Chess960', async () => {
    e.send('position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6');
    expect((await e.request('go depth 3 searchmoves a2a3 h2h3', /^bestmove /)).at(-1)).toMatch(/^bestmove (a2a3|h2h3)/);
    expect((await e.request('go depth 3 searchmoves e1g1', /^bestmove /)).at(-1)).toMatch(/^bestmove e1g1/);
    e.send('setoption name UCI_Chess960 value true');
    e.send('position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6');
    expect((await e.request('go depth 3 searchmoves e1h1', /^bestmove /)).at(-1)).toMatch(/^bestmove e1h1/);
    e.send('setoption name UCI_Chess960 value false');
    await e.sync();
  });

  test('mates in 1, 2 and 3: bestmove mates, score mate N exact', async () => {
    for (const file of ['mate1.epd', 'mate2.epd', 'mate3.epd']) {
      const misses: string[] = [];
      const known: string[] = [];
      for (const { fen, dm } of epd(file)) {
        e.send('ucinewgame');
        e.send(`position fen ${fen}`);
        const lines = await e.request(`go mate ${dm} nodes ${MATE_NODES}`, /^bestmove /, 60_000);
        const score = lastScore(lines);
        const found = score?.kind === 'mate' && score.value === dm;
        if (!found) (KNOWN_MATE_MISSES.includes(fen) ? known : misses).push(`${fen}: ${JSON.stringify(score)}`);
        if (dm === 1) {
          const chess = new Chess(fen);
          const best = lines.at(-1)!.split(' ')[1];
          chess.move({ from: best.slice(0, 2), to: best.slice(2, 4), promotion: best[4] });
          expect(chess.isCheckmate(), `${best} mates in ${fen}`).toBe(true);
        }
      }
      if (known.length > 0) console.log(`${file}: known misses of the search, still missed:\n${known.join('\n')}`);
      expect(misses, file).toEqual([]);
    }
  });

  test('bad input: one info string naming the problem, position and options unchanged, engine alive', async () => {
    e.send('position startpos moves e2e4');
    const fenBefore = (await e.request('d', /^Checkers:/)).find((l) => l.startsWith('Fen: '));
    const cases: Array<[string, RegExp]> = [
      ['frobnicate', /unknown command "frobnicate"/],
      ['setoption name NoSuchOption value 3', /unknown option "NoSuchOption"/],
      ['setoption name Hash value 0', /Hash 0 is out of range/],
      ['setoption name MultiPV value many', /MultiPV takes an integer/],
      [
        'setoption name EvalFile value /nonexistent/net.nnue',
        /EvalFile "\/nonexistent\/net.nnue": ENOENT.*; keeping the net /,
      ],
      ['perft x', /perft: the depth must be an integer/],
    ];
    for (const [input, message] of cases) {
      const from = e.lines.length;
      e.send(input);
      await e.sync();
      const out = e.lines.slice(from, -1);
      expect(out, input).toHaveLength(1);
      expect(out[0], input).toMatch(/^info string error: /);
      expect(out[0], input).toMatch(message);
    }
    const fenAfter = (await e.request('d', /^Checkers:/)).find((l) => l.startsWith('Fen: '));
    expect(fenAfter).toBe(fenBefore);
  });

  /** Sends a go and waits for its bestmove, then an isready: every line printed in between. */
  const goLines = async (go: string) => {
    const from = e.lines.length;
    await e.request(go, /^bestmove /, 30_000);
    await e.sync();
    return e.lines.slice(from, -1);
  };
  const depths = (lines: string[]) =>
    lines.filter((l) => /^info depth \d+ seldepth/.test(l)).map((l) => Number(l.split(' ')[2]));

  test('go: a limit of 0 is depth 1, bad tokens are dropped in one info string, and there is always one bestmove', async () => {
    e.send('position startpos moves d2d4 d7d5');
    const cases: Array<[string, RegExp | null, boolean]> = [
      // [go line, the one info string expected (null: none), searched to depth 1 only]
      ['go movetime 0', null, true],
      ['go nodes 0', null, true],
      ['go depth 0', null, true],
      ['go mate 0', null, true],
      ['go depth seven', /^info string error: go: depth needs an integer, got "seven"$/, true],
      ['go movetime -5', /^info string error: go: movetime must not be negative, got -5$/, true],
      ['go bogus 3', /^info string error: go: unknown parameters "bogus" "3"$/, true],
      ['go depth 3 frob', /^info string error: go: unknown parameter "frob"$/, false],
      ['go wtime 3000 btime x winc 0', /^info string error: go: btime needs an integer, got "x"$/, false],
      ['go btime 3000', /^info string error: go: no wtime for the side to move; searching to depth 1$/, true],
      ['go wtime 3000 btime 3000 movestogo 0', null, false],
      [
        'go depth 2 searchmoves e2e5 c1f4',
        /^info string error: go: searchmoves: "e2e5" is not a legal move here$/,
        false,
      ],
    ];
    for (const [go, message, depthOne] of cases) {
      const lines = await goLines(go);
      const strings = lines.filter((l) => l.startsWith('info string'));
      expect(strings, go).toHaveLength(message ? 1 : 0);
      if (message) expect(strings[0], go).toMatch(message);
      const best = lines.filter((l) => l.startsWith('bestmove '));
      expect(best, go).toHaveLength(1);
      expect(legalIn('rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2', best[0].split(' ')[1]), go).toBe(
        true,
      );
      if (depthOne) expect(Math.max(...depths(lines)), go).toBe(1);
    }
  });

  test('go while a search runs: one info string, and each go gets its own bestmove', async () => {
    e.send('position startpos');
    const from = e.lines.length;
    e.send('go infinite');
    await e.waitFor(/^info depth 2 /);
    e.send('go depth 2');
    await e.waitFor(/^info string error: go: a search is already running; this go starts after its bestmove/);
    e.send('stop');
    const first = e.lines.indexOf(await e.waitFor(/^bestmove /, 10_000, from), from);
    await e.waitFor(/^bestmove /, 30_000, first + 1);
    await e.sync();
    expect(e.lines.slice(from).filter((l) => l.startsWith('bestmove '))).toHaveLength(2);
  });

  test('position with an illegal or unreadable move: the moves before it stand and the bad one is named', async () => {
    const cases: Array<[string, RegExp, string]> = [
      [
        'position startpos moves e2e4 e7e5 e1e3 g1f3',
        /^info string error: position: illegal move "e1e3" \(move 3 of the list, after e2e4 e7e5\); the moves before it stand, the rest are ignored$/,
        'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
      ],
      [
        'position startpos moves e2e5',
        /^info string error: position: illegal move "e2e5" \(move 1 of the list, in the given position\); the moves before it stand$/,
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      ],
      [
        'position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 moves a1a2 c1c2 a2a3x a3a4',
        /^info string error: position: "a2a3x" \(move 3 of the list, after a1a2 c1c2\) is not a move in UCI notation .*; the moves before it stand, the rest are ignored$/,
        '8/8/8/8/8/8/K1k5/8 w - - 2 2',
      ],
    ];
    for (const [position, message, fen] of cases) {
      const from = e.lines.length;
      e.send(position);
      await e.sync();
      const out = e.lines.slice(from, -1);
      expect(out, position).toHaveLength(1);
      expect(out[0], position).toMatch(message);
      expect(
        (await e.request('d', /^Checkers:/)).find((l) => l.startsWith('Fen: ')),
        position,
      ).toBe(`Fen: ${fen}`);
      const best = (await e.request('go depth 2', /^bestmove /)).at(-1)!.split(' ')[1];
      expect(legalIn(fen, best), `${best} after ${position}`).toBe(true);
    }
  });

  test('a position that does not read: one line, then every go answers bestmove 0000 with an info string until a valid one', async () => {
    for (const bad of [
      'position fen 8/8/8/8 w - - 0 1',
      'position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1',
      'position start',
      'position fen',
    ]) {
      e.send('position startpos moves e2e4');
      const from = e.lines.length;
      e.send(bad);
      await e.sync();
      const out = e.lines.slice(from, -1);
      expect(out, bad).toHaveLength(1);
      expect(out[0], bad).toMatch(/^info string error: position: .*; no position until a valid one arrives$/);
      for (const go of ['go depth 5', 'go wtime 1000 btime 1000', 'go movetime 0 bogus']) {
        const lines = await goLines(go);
        expect(lines, `${go} after ${bad}`).toEqual([
          expect.stringMatching(
            /^info string error: go: (.*; )?no position: the last position command was refused; send a valid one$/,
          ),
          'bestmove 0000',
        ]);
      }
      expect((await e.request('d', /^info string error: d: no position/)).at(-1)).toMatch(/no position/);
    }
    const from = e.lines.length;
    e.send('go infinite');
    await e.sync();
    expect(e.lines.slice(from).some((l) => l.startsWith('bestmove'))).toBe(false); // held until stop, as for any go infinite
    expect((await e.request('stop', /^bestmove /)).at(-1)).toBe('bestmove 0000');
    e.send('position startpos');
    expect((await e.request('go depth 2', /^bestmove /)).at(-1)).toMatch(/^bestmove [a-h][1-8][a-h][1-8]/);
  });

  test('UCI_ShowWDL: every score line carries wdl W D L (per mille, summing to 1000), the rest unchanged', async () => {
    /** go depth 6 from empty tables: the score lines without their timing. */
    const scoreLines = async () => {
      e.send('ucinewgame');
      e.send('position fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8');
      const lines = await e.request('go depth 6', /^bestmove /);
      return lines.filter((l) => / score /.test(l)).map((l) => l.replace(/ (nps|time) \d+/g, ''));
    };
    const plain = await scoreLines();
    e.send('setoption name UCI_ShowWDL value true');
    const shown = await scoreLines();
    e.send('setoption name UCI_ShowWDL value false');
    expect(shown).toHaveLength(plain.length);
    for (const [i, line] of shown.entries()) {
      const m = / score (?:cp|mate) -?\d+(?: (?:lower|upper)bound)? wdl (\d+) (\d+) (\d+) /.exec(line);
      expect(m, line).not.toBeNull();
      expect(Number(m![1]) + Number(m![2]) + Number(m![3])).toBe(1000);
      expect(line.replace(/ wdl \d+ \d+ \d+/, '')).toBe(plain[i]);
    }
    // A score for the side to move is more a win than a loss, and the other way round.
    const last = / score cp (-?\d+) .*?wdl (\d+) \d+ (\d+)/.exec(shown.at(-1)!)!;
    if (Number(last[1]) > 50) expect(Number(last[2])).toBeGreaterThan(Number(last[3]));
    if (Number(last[1]) < -50) expect(Number(last[2])).toBeLessThan(Number(last[3]));
    // Stalemate and mate in the root: a draw and a loss.
    e.send('setoption name UCI_ShowWDL value true');
    e.send('position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1');
    expect((await e.request('go depth 3', /^bestmove /)).filter((l) => l.startsWith('info'))).toEqual([
      'info depth 0 score cp 0 wdl 0 1000 0',
    ]);
    e.send('position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1');
    expect((await e.request('go depth 3', /^bestmove /)).filter((l) => l.startsWith('info'))).toEqual([
      'info depth 0 score mate 0 wdl 0 0 1000',
    ]);
    e.send('setoption name UCI_ShowWDL value false');
  });

  test('d, eval and perft', async () => {
    e.send('position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    const d = await e.request('d', /^Checkers:/);
    expect(d).toContain('Fen: r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    expect(d.some((l) => /^Key: [0-9A-F]{16}$/.test(l))).toBe(true);
    const perft = await e.request('perft 3', /^Nodes searched: /);
    expect(perft.at(-1)).toBe('Nodes searched: 97862');
    expect(perft.filter((l) => /^[a-h][1-8][a-h][1-8][nbrq]?: \d+$/.test(l))).toHaveLength(48);
    const ev = await e.request('eval', /^Final evaluation/);
    expect(ev.at(-1)).toMatch(/^Final evaluation [+-]\d+\.\d\d \(white side\)/);
  });

  test('EvalFile: a net file changes `eval` and the search; a truncated, foreign or corrupt one is refused in one line, the net kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tempo-'));
    const good = encodeNet(randomNet(32, 2, 11));
    const corrupt = good.slice();
    corrupt[5000] ^= 4;
    const foreign = good.slice();
    foreign.set([0x7b, 0x22, 0x61, 0x22]); // '{"a"': a JSON file
    const files = { good, short: good.slice(0, 1000), foreign, corrupt };
    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, `${name}.nnue`), bytes);
    e.send('setoption name Use NNUE value true');
    e.send('position fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8');
    const evalText = async () => (await e.request('eval', /^Final evaluation/)).join('\n');
    /** go depth 6 from empty tables: the last info line without its timing, and the bestmove. */
    const search = async () => {
      e.send('ucinewgame');
      const lines = await e.request('go depth 6', /^bestmove /);
      return `${lines
        .filter((l) => l.startsWith('info depth'))
        .at(-1)!
        .replace(/ (time|nps|hashfull) \d+/g, '')} ${lines.at(-1)}`;
    };
    const embedded = { eval: await evalText(), search: await search() };
    expect(embedded.eval).toMatch(/NNUE: 256 hidden neurons a side/);
    e.send(`setoption name EvalFile value ${join(dir, 'good.nnue')}`);
    const loaded = { eval: await evalText(), search: await search() };
    expect(loaded.eval).toMatch(/NNUE: 32 hidden neurons a side, 2 output buckets/);
    expect(loaded.search).not.toBe(embedded.search);
    const cases: Array<[string, RegExp]> = [
      ['short', /net file: 1000 bytes, expected \d+ for H = 32, B = 2 \(truncated: \d+ missing\)/],
      ['foreign', /net file: bad magic "\{\\"a\\"", expected "TNNU" \(not a Tempo net\)/],
      ['corrupt', /net file: weights hash 0x[0-9a-f]{8} does not match the header's 0x[0-9a-f]{8} \(corrupt\)/],
    ];
    for (const [name, message] of cases) {
      const path = join(dir, `${name}.nnue`);
      const from = e.lines.length;
      e.send(`setoption name EvalFile value ${path}`);
      await e.sync();
      const out = e.lines.slice(from, -1);
      expect(out, name).toHaveLength(1);
      expect(out[0], name).toMatch(/^info string error: setoption: EvalFile "/);
      expect(out[0], name).toContain(`"${path}": `);
      expect(out[0], name).toMatch(message);
      expect(out[0], name).toMatch(
        new RegExp(`; keeping the net ${join(dir, 'good.nnue').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      );
      expect({ eval: await evalText(), search: await search() }, name).toEqual(loaded);
    }
    // Threads 2: the helper gets the same net; a search completes with a legal move.
    e.send('setoption name Threads value 2');
    await e.sync();
    const fen = 'r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8';
    const best = (await e.request('go depth 8', /^bestmove /)).at(-1)!.split(' ')[1];
    expect(legalIn(fen, best), best).toBe(true);
    e.send('setoption name Threads value 1');
    e.send('setoption name EvalFile value <default>');
    expect({ eval: await evalText(), search: await search() }).toEqual(embedded);
    e.send(`setoption name Use NNUE value ${USE_NNUE_DEFAULT}`);
  });

  test('Threads 3 (Lazy SMP helpers): legal moves, stop, and back to one thread', async () => {
    e.send('setoption name Threads value 3');
    await e.sync();
    const positions = randomPositions(12, 777);
    for (const { fen } of positions) {
      e.send(`position fen ${fen}`);
      const best = (await e.request('go depth 6', /^bestmove /)).at(-1)!.split(' ')[1];
      expect(legalIn(fen, best), `${best} in ${fen}`).toBe(true);
    }
    e.send('position startpos');
    e.send('go infinite');
    await e.waitFor(/^info depth 4 /);
    expect((await e.request('stop', /^bestmove /)).at(-1)).toMatch(/^bestmove /);
    e.send('setoption name Threads value 1');
    await e.sync();
    expect((await e.request('go depth 5', /^bestmove /)).at(-1)).toMatch(/^bestmove /);
  });

  test(`bench ${BENCH_TEST_DEPTH}: Use NNUE false gives the bench signature; the net's count repeats and differs; the shell's is the default's`, async () => {
    const bench = async () => {
      const lines = await e.request(`bench ${BENCH_TEST_DEPTH}`, /^Nodes\/CPU second: /, 120_000);
      return Number(/^Nodes searched: (\d+)$/.exec(lines.find((l) => l.startsWith('Nodes searched'))!)![1]);
    };
    e.send('setoption name Use NNUE value true');
    const withNet = await bench();
    expect(await bench()).toBe(withNet);
    e.send('setoption name Use NNUE value false');
    const nodes = await bench();
    e.send(`setoption name Use NNUE value ${USE_NNUE_DEFAULT}`);
    const shell = spawnSync(process.execPath, [ENGINE, 'bench', String(BENCH_TEST_DEPTH)], { encoding: 'utf8' });
    expect(shell.status).toBe(0);
    expect(shell.stdout).toContain(`Nodes searched: ${USE_NNUE_DEFAULT ? withNet : nodes}`);
    expect(withNet, 'the default net searches otherwise than the hand-crafted evaluation').not.toBe(nodes);
    expect(
      nodes,
      `bench ${BENCH_TEST_DEPTH} with Use NNUE false gives ${nodes}: after a functional change to search or the hand-crafted eval, set BENCH_SIGNATURE in apps/uci/test/engine.test.ts to it`,
    ).toBe(BENCH_SIGNATURE);
  });
});

describe.skipIf(!engineBuilt())('the bench signature the docs state', () => {
  const root = (name: string) => readFileSync(fileURLToPath(new URL(`../../../${name}`, import.meta.url)), 'utf8');

  test("README and MEASUREMENTS give `bench`'s counts at its default depth, with the net and with Use NNUE false", async () => {
    const readme = /^\| bench signature \| (\d+) nodes \(`Use NNUE false`: (\d+)\) \|/m.exec(root('README.md'));
    const measurements =
      /^\| bench signature \([^)]*\) \| (\d+) nodes with the default net; (\d+) with `Use NNUE false` \|/m.exec(
        root('docs/MEASUREMENTS.md'),
      );
    expect(readme, "README.md's bench signature row").not.toBeNull();
    expect(measurements, "docs/MEASUREMENTS.md's bench signature row").not.toBeNull();
    const p = new EngineProcess();
    try {
      const nodes = async () => {
        const lines = await p.request('bench', /^Nodes\/CPU second: /, 120_000);
        return Number(/^Nodes searched: (\d+)$/.exec(lines.find((l) => l.startsWith('Nodes searched'))!)![1]);
      };
      p.send('setoption name Use NNUE value true');
      const net = await nodes();
      p.send('setoption name Use NNUE value false');
      const hce = await nodes();
      const stated = `bench gives ${net} with the net and ${hce} with Use NNUE false: the docs must say so`;
      expect([Number(readme![1]), Number(readme![2])], stated).toEqual([net, hce]);
      expect([Number(measurements![1]), Number(measurements![2])], stated).toEqual([net, hce]);
    } finally {
      await p.quit();
    }
  });
});

describe.skipIf(!engineBuilt())('tempo V8 flags (v8-flags.ts)', () => {
  const shellBench = (flags: string | undefined) => {
    const env = { ...process.env };
    if (flags === undefined) delete env.TEMPO_V8_FLAGS;
    else env.TEMPO_V8_FLAGS = flags;
    const r = spawnSync(process.execPath, [ENGINE, 'bench', String(BENCH_TEST_DEPTH)], {
      encoding: 'utf8',
      env,
      maxBuffer: 64 << 20,
    });
    expect(r.status).toBe(0);
    return { nodes: Number(/^Nodes searched: (\d+)$/m.exec(r.stdout)![1]), out: r.stdout };
  };

  test('the flags are set at start-up and change speed only: the same bench count with the defaults, none, or tracing', () => {
    const defaults = shellBench(undefined),
      none = shellBench(''),
      traced = shellBench('--trace-opt');
    expect(none.nodes).toBe(defaults.nodes);
    expect(traced.nodes).toBe(defaults.nodes);
    // V8 prints "[marking ... for optimization" lines only when TEMPO_V8_FLAGS reached it.
    expect(traced.out).toMatch(/^\[(marking|compiling method)/m);
    expect(defaults.out).not.toMatch(/^\[(marking|compiling method)/m);
  });

  test('as a UCI engine, the search worker sets them on itself', () => {
    const r = spawnSync(process.execPath, [ENGINE], {
      input: 'uci\nisready\nposition startpos\ngo depth 6\n',
      encoding: 'utf8',
      env: { ...process.env, TEMPO_V8_FLAGS: '--trace-opt' },
      maxBuffer: 64 << 20,
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^bestmove /m);
    // The search's code runs in the worker only: its optimisation is traced when the worker set the flag.
    expect(r.stdout).toMatch(/^\[(marking|compiling method) .*<JSFunction (doMove|generate|see|evaluate) /m);
  });
});

describe.skipIf(!engineBuilt())('tempo process life', () => {
  test('end of input ends the engine cleanly, after answering what was asked', async () => {
    const p = new EngineProcess();
    p.send('uci');
    p.send('isready');
    p.send('position startpos');
    p.send('go depth 3');
    p.child.stdin.end();
    expect(await p.exit()).toBe(0);
    expect(p.lines).toContain('uciok');
    expect(p.lines).toContain('readyok');
    expect(p.lines.some((l) => l.startsWith('bestmove '))).toBe(true);
  });

  test('an engine worker that cannot start: one restart, then one line saying why, and exit 1', async () => {
    // A broken install: tempo.js without the worker's script beside it.
    const dir = mkdtempSync(join(tmpdir(), 'tempo-broken-'));
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(join(dir, 'tempo.js'), readFileSync(ENGINE));
    const p = new EngineProcess([], join(dir, 'tempo.js'));
    p.send('uci');
    await p.waitFor(/^uciok$/);
    p.send('isready');
    expect(await p.exit()).toBe(1);
    expect(p.lines.filter((l) => / restarting it$/.test(l))).toHaveLength(1);
    const last = p.lines.filter((l) => l.startsWith('info string error: the engine worker cannot start ('));
    expect(last).toHaveLength(1);
    expect(last[0]).toMatch(/tempo-engine\.js/);
    expect(p.stderr).toMatch(/^tempo: the engine worker cannot start \(/);
  });

  test('quit during go infinite prints the bestmove and exits', async () => {
    const p = new EngineProcess();
    p.send('uci');
    p.send('position startpos');
    p.send('go infinite');
    await p.waitFor(/^info depth 2 /);
    p.send('quit');
    expect(await p.exit()).toBe(0);
    expect(p.lines.some((l) => l.startsWith('bestmove '))).toBe(true);
  });
});
