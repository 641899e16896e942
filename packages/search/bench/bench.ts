/**
 * Search bench: fixed positions at a fixed depth with a fresh 16 MB table and
 * cleared histories per position, one thread. Prints the node total (the bench
 * signature) and nodes/second. Build and run (release: __DEBUG__ false):
 *
 *   node packages/search/bench/run.mjs [depth] [Option=value ...]
 *
 * `compare.mjs` runs the `nps` mode against Lozza 2 side by side.
 */
import { readFileSync } from 'node:fs';
import { moveToUci, Position } from '@tempo-chess/position';
import { createSignals, Searcher, TranspositionTable } from '../src/index';
import { selfplay } from './selfplay';
import { decodeNet } from '@tempo-chess/nnue';
import { defaultNetBytes } from '@tempo-chess/nnue/default-net';
import { setV8Flags } from '../node/v8-flags';

// The V8 flags the UCI engine sets on itself (TEMPO_V8_FLAGS replaces them, empty for
// none), set before the first search compiles: the bench, npsall and
// count-instructions.sh measure the code the engine runs (docs/MEASUREMENTS.md gives
// the difference the flags make).
setV8Flags();

/**
 * NNUE=1 in the environment: search with the embedded net (as `setoption name Use NNUE
 * value true`); NNUE=<file>: with that net file (as EvalFile, to compare nets' speed).
 */
const NNUE = process.env.NNUE;
const NET =
  NNUE === undefined || NNUE === '' || NNUE === '0'
    ? null
    : decodeNet(NNUE === '1' ? defaultNetBytes() : new Uint8Array(readFileSync(NNUE)));

/** Sets `Option=value` arguments on the searcher; an unknown name throws. */
function setOptions(s: Searcher, args: string[]): void {
  for (const a of args) {
    const [k, v] = a.split('=');
    if (!s.setOption(k, Number(v))) throw new Error(`unknown option ${k}`);
  }
}

export const BENCH_FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11',
  'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
  'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
  'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4',
  '2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1',
  '8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1',
  '5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1',
  'r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1',
  '1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1',
  '3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - 0 1',
  'rnbqkb1r/p3pppp/1p6/2ppP3/3N4/2P5/PPP1QPPP/R1B1KB1R w KQkq - 0 1',
  '8/8/1p1k4/p1p2p2/P1P2P2/1P1K4/8/8 w - - 0 1',
  '6k1/5pp1/7p/8/8/1R6/5PPP/6K1 w - - 0 1',
];

/** `nps <ms> <fen>`: one timed search, printing `nps N nodes N depth N`. */
if (process.argv[2] === 'analyse') {
  // `analyse <depth> <fen> [Option=value ...]`: every info line of one search.
  const s = new Searcher(new TranspositionTable(16), createSignals(), { net: NET });
  setOptions(s, process.argv.slice(5));
  const pos = Position.fromFen(process.argv[4], { psq: s.evalContext.psq });
  s.search(
    pos,
    { depth: Number(process.argv[3]) },
    {
      onInfo: (i) =>
        console.log(
          `depth ${i.depth} seldepth ${i.seldepth} ${i.bound} ${i.scoreKind} ${i.scoreValue} nodes ${i.nodes} pv ${i.pv.map((m) => moveToUci(pos, m)).join(' ')}`,
        ),
    },
  );
} else if (process.argv[2] === 'mates') {
  // `mates <file.epd> <count> <depth>`: how many "dm N" positions get `mate N` exactly within depth.
  const lines = readFileSync(process.argv[3], 'utf8').split('\n').filter(Boolean).slice(0, Number(process.argv[4]));
  const s = new Searcher(new TranspositionTable(16), createSignals(), { net: NET });
  setOptions(s, process.argv.slice(6));
  let ok = 0,
    nodes = 0;
  for (const line of lines) {
    const dm = Number(/dm (\d+)/.exec(line)![1]);
    const fen = line.split(' ').slice(0, 4).join(' ') + ' 0 1';
    s.tt.clear();
    s.clear();
    const r = s.search(Position.fromFen(fen, { psq: s.evalContext.psq }), { depth: Number(process.argv[5]), mate: dm });
    nodes += r.nodes;
    if (r.score === 32000 - (2 * dm - 1)) ok++;
    else console.log(`missed: ${fen} dm ${dm} got ${r.score} depth ${r.depth}`);
  }
  console.log(`${ok} / ${lines.length} found, ${nodes} nodes`);
} else if (process.argv[2] === '--selfplay') {
  selfplay(process.argv.slice(3));
} else if (process.argv[2] === 'npsall') {
  // `npsall <ms> [passes] [Option=value ...]`: the six positions of `pnpm nps` (tools/perft/src/nps-parse.ts)
  // at movetime, a fresh table and histories each, `passes` times (default 2); the last
  // pass is reported, nodes over CPU time (steadier than wall time on a loaded machine).
  // The positions are the repository's data/nps-positions.fen, found from the bundle's
  // place (packages/search/bench/dist/bench.mjs), so it runs from any folder.
  const NPS_FENS = readFileSync(new URL('../../../../data/nps-positions.fen', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const s = new Searcher(new TranspositionTable(16), createSignals(), { net: NET });
  const ms = Number(process.argv[3]),
    passes = Number(process.argv[4] ?? 2);
  setOptions(s, process.argv.slice(5));
  let nodes = 0,
    cpu = 0;
  const per: string[] = [];
  for (let pass = 0; pass < passes; pass++) {
    nodes = cpu = 0;
    per.length = 0;
    for (const fen of NPS_FENS) {
      s.tt.clear();
      s.clear();
      const pos = Position.fromFen(fen, { psq: s.evalContext.psq });
      const c0 = process.cpuUsage();
      const n = s.search(pos, { movetime: ms }).nodes;
      const c = process.cpuUsage(c0),
        t = (c.user + c.system) / 1000;
      nodes += n;
      cpu += t;
      per.push(String(Math.round((n * 1000) / t)));
    }
  }
  console.log(`nodes per CPU second: ${per.join(' ')}; total ${Math.round((nodes * 1000) / cpu)}`);
} else if (process.argv[2] === 'nps') {
  const s = new Searcher(new TranspositionTable(16), createSignals(), { net: NET });
  // A warm-up search first (another position, then the TT and histories cleared), so
  // the timed one runs on optimized code as in a running engine; CPU time as well as wall.
  if (process.env.NPS_WARMUP === '1') {
    s.search(Position.fromFen(BENCH_FENS[1], { psq: s.evalContext.psq }), { movetime: Number(process.argv[3]) });
    s.tt.clear();
    s.clear();
  }
  const pos = Position.fromFen(process.argv[4], { psq: s.evalContext.psq });
  const t0 = performance.now(),
    c0 = process.cpuUsage();
  const r = s.search(pos, { movetime: Number(process.argv[3]) });
  const t = performance.now() - t0,
    c = process.cpuUsage(c0),
    cpu = (c.user + c.system) / 1000;
  console.log(`nps ${Math.round((r.nodes * 1000) / t)} nodes ${r.nodes} depth ${r.depth} cpu_ms ${Math.round(cpu)}`);
} else {
  const depth = Number(process.argv[2] ?? 10);
  const s = new Searcher(new TranspositionTable(16), createSignals(), { net: NET });
  setOptions(s, process.argv.slice(3));
  // BENCH_WARMUP=N runs the whole bench N times first (steady-state speed, as a running
  // engine has it; count-instructions.sh takes the difference of two N under valgrind).
  const warmPasses = Number(process.env.BENCH_WARMUP ?? 0);
  for (let pass = 0; pass < warmPasses; pass++)
    for (const fen of BENCH_FENS) {
      s.tt.clear();
      s.clear();
      s.search(Position.fromFen(fen, { psq: s.evalContext.psq }), { depth });
    }
  let nodes = 0;
  const t0 = performance.now(),
    c0 = process.cpuUsage();
  for (const fen of BENCH_FENS) {
    s.tt.clear();
    s.clear();
    const pos = Position.fromFen(fen, { psq: s.evalContext.psq });
    nodes += s.search(pos, { depth }).nodes;
  }
  const t = performance.now() - t0,
    c = process.cpuUsage(c0);
  const cpuMs = (c.user + c.system) / 1000;
  console.log(`Nodes searched: ${nodes}`);
  console.log(`Nodes/second: ${Math.round((nodes * 1000) / t)}`);
  // CPU time is steadier than wall time on a loaded machine (run node with --single-threaded).
  console.log(
    `Time: ${Math.round(t)} ms (CPU ${Math.round(cpuMs)} ms, ${Math.round((nodes * 1000) / cpuMs)} nodes per CPU second)`,
  );
}
