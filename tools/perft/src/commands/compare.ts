/**
 * `compare [--depth N] [--runs N] [--uci <command>] [--lozza <command>] [--skip-chessjs]`:
 * the same perft (start position) in Tempo, chess.js, chessops and optionally a UCI
 * engine and Lozza, measured in one run, as one table. Every engine is timed the
 * same way: an untimed warm-up two plies shallower (not for the whole-process row),
 * then --runs timed runs (default 3), taken round by round across the engines; the
 * median and the best run are reported, and the target ratios from both.
 */
import { Chess as ChessJs } from 'chess.js';
import { Chess as ChessOps } from 'chessops/chess';
import { perft as chessopsPerft } from 'chessops/debug';
import { parseFen } from 'chessops/fen';
import { expectPositionals, intArg, parseCommand } from '@tempo-chess/toolkit';
import type { Io } from '@tempo-chess/toolkit';
import { cpw } from '../positions';
import { mnps, table } from '../report';
import { tempoPerft } from '../tempo';
import { UciEngine, wholeProcessPerft } from '@tempo-chess/toolkit';

export { COMPARE_USAGE } from '../usage';

interface Row {
  engine: string;
  nodes: number;
  /** Median and best of the timed runs. */
  seconds: number;
  best: number;
}

/** An engine under test: `run(depth)` returns the node count; `warmUp` is untimed. */
interface Contestant {
  engine: string;
  run: (depth: number) => number | Promise<number>;
  warmUp: boolean;
}

/** The median of the values (the upper middle one of an even count). */
function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

/**
 * Times every contestant `runs` times, round by round (each round times every engine
 * once, so a burst of load on this shared machine hits all of them alike), after one
 * untimed warm-up two plies shallower (lets the JIT settle). Every run of an engine
 * must count the same nodes.
 */
async function timeAll(contestants: Contestant[], depth: number, runs: number): Promise<Row[]> {
  for (const c of contestants) if (c.warmUp) await c.run(Math.max(1, depth - 2));
  const seconds: number[][] = contestants.map(() => []);
  const nodes: number[] = contestants.map(() => -1);
  for (let i = 0; i < runs; i++) {
    for (let k = 0; k < contestants.length; k++) {
      const start = performance.now();
      const n = await contestants[k].run(depth);
      seconds[k].push((performance.now() - start) / 1000);
      if (nodes[k] >= 0 && n !== nodes[k]) throw new Error(`${contestants[k].engine} counted ${nodes[k]}, then ${n}`);
      nodes[k] = n;
    }
  }
  return contestants.map((c, k) => ({
    engine: c.engine,
    nodes: nodes[k],
    seconds: median(seconds[k]),
    best: Math.min(...seconds[k]),
  }));
}

/** Runs the command; resolves to the exit code (1 when the engines disagree). */
export async function compareCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand('compare', argv, {
    depth: { type: 'string' },
    uci: { type: 'string' },
    lozza: { type: 'string' },
    'skip-chessjs': { type: 'boolean' },
    runs: { type: 'string' },
  });
  expectPositionals('compare', positionals, []);
  const depth = intArg('compare', '--depth', values.depth, 1, 8, 5);
  const runs = intArg('compare', '--runs', values.runs, 1, 99, 3);
  const fen = cpw('startpos').fen;
  const setup = parseFen(fen).unwrap();
  const contestants: Contestant[] = [
    { engine: 'tempo (bulk)', run: (d) => tempoPerft(fen, false, d, true), warmUp: true },
    { engine: 'tempo (no bulk)', run: (d) => tempoPerft(fen, false, d, false), warmUp: true },
  ];
  if (!values['skip-chessjs'])
    contestants.push({ engine: 'chess.js perft', run: (d) => new ChessJs(fen).perft(d), warmUp: true });
  contestants.push({
    engine: 'chessops perft',
    run: (d) => chessopsPerft(ChessOps.fromSetup(setup).unwrap(), d, false),
    warmUp: true,
  });
  const engines: UciEngine[] = [];
  let rows: Row[];
  try {
    if (values.uci !== undefined) {
      const uci = values.uci,
        engine = await UciEngine.start(uci);
      engines.push(engine);
      contestants.push({
        engine: `uci: ${uci} (go perft round trip)`,
        run: async (d) => (await engine.divide(fen, [], d, false)).nodes,
        warmUp: true,
      });
      contestants.push({
        engine: `uci: ${uci} (whole process)`,
        run: async (d) => (await wholeProcessPerft(uci, d)).nodes,
        warmUp: false,
      });
    }
    if (values.lozza !== undefined) {
      // Lozza answers `perft N` with `depth N nodes X time T nps Y`: make/unmake at every leaf.
      const engine = await UciEngine.start(values.lozza);
      engines.push(engine);
      await engine.tell('ucinewgame', 'position startpos');
      const ask = async (d: number) =>
        Number(/ nodes (\d+)/.exec(await engine.ask(`perft ${d}`, /^depth \d+ nodes \d+/))?.[1]);
      contestants.push({ engine: `lozza: ${values.lozza} (perft round trip)`, run: ask, warmUp: true });
    }
    rows = await timeAll(contestants, depth, runs);
  } finally {
    for (const engine of engines) await engine.quit();
  }
  const tempo = rows[0];
  const speed = (r: Row) => (tempo.seconds / Math.max(r.seconds, 1e-9)).toFixed(2) + 'x';
  const cells = rows.map((r) => [
    r.engine,
    String(r.nodes),
    r.seconds.toFixed(3),
    r.best.toFixed(3),
    mnps(r.nodes, r.seconds),
    speed(r),
  ]);
  io.out(
    `compare: start position, perft ${depth}, median of ${runs} timed run${runs === 1 ? '' : 's'} each, engines taken in turn run by run; speed relative to Tempo with bulk counting (higher is faster)`,
  );
  for (const line of table(['engine', 'nodes', 'seconds', 'best', 'Mnps', 'vs tempo'], cells)) io.out(line);
  // The ratios the rules-core issue sets targets for (speed = time ratio, same run).
  const row = (prefix: string) => rows.find((r) => r.engine.startsWith(prefix));
  const ratio = (a: Row, b: Row, digits: number) =>
    `${(b.seconds / Math.max(a.seconds, 1e-9)).toFixed(digits)} (best runs: ${(b.best / Math.max(a.best, 1e-9)).toFixed(digits)})`;
  const noBulk = rows[1],
    chessops = row('chessops'),
    whole = rows.find((r) => r.engine.endsWith('(whole process)')),
    lozza = row('lozza:');
  io.out('ratios (speed of the first over the second, same run; medians, then best runs):');
  if (whole) io.out(`  tempo (bulk) / ${whole.engine}: ${ratio(tempo, whole, 2)}`);
  if (chessops) io.out(`  tempo (bulk) / chessops perft: ${ratio(tempo, chessops, 1)}`);
  if (lozza) io.out(`  tempo (no bulk) / lozza perft: ${ratio(noBulk, lozza, 2)}`);
  const disagree = rows.filter((r) => r.nodes !== tempo.nodes);
  for (const r of disagree) io.err(`compare: ${r.engine} counts ${r.nodes}, Tempo ${tempo.nodes}`);
  return disagree.length > 0 ? 1 : 0;
}
