/**
 * `compare [--depth N] [--runs N] [--uci <command>] [--lozza <command>] [--skip-chessjs]`:
 * the same perft (start position) in Tempo, chess.js, chessops and optionally a UCI
 * engine and Lozza, measured in one run, as one table. Every engine is timed the
 * same way: an untimed warm-up two plies shallower, then --runs timed runs (default
 * 3), of which the median is reported (a whole-process row: the median of --runs
 * process starts).
 */
import { Chess as ChessJs } from 'chess.js';
import { Chess as ChessOps } from 'chessops/chess';
import { perft as chessopsPerft } from 'chessops/debug';
import { parseFen } from 'chessops/fen';
import { expectPositionals, intArg, parseCommand } from '../args';
import type { Io } from '../io';
import { cpw } from '../positions';
import { mnps, table } from '../report';
import { tempoPerft } from '../tempo';
import { UciEngine, wholeProcessPerft } from '../uci';

export { COMPARE_USAGE } from '../usage';

interface Row {
  engine: string;
  nodes: number;
  seconds: number;
}

/** The median of the values (the upper middle one of an even count). */
function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

/**
 * Times `run(depth)` `runs` times after one untimed warm-up at a smaller depth (lets
 * the JIT settle) and keeps the median time. Every run must count the same nodes.
 */
async function time(engine: string, depth: number, runs: number, run: (depth: number) => number | Promise<number>): Promise<Row> {
  await run(Math.max(1, depth - 2));
  const seconds: number[] = [];
  let nodes = -1;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const n = await run(depth);
    seconds.push((performance.now() - start) / 1000);
    if (nodes >= 0 && n !== nodes) throw new Error(`${engine} counted ${nodes}, then ${n}`);
    nodes = n;
  }
  return { engine, nodes, seconds: median(seconds) };
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
  const rows: Row[] = [];
  rows.push(await time('tempo (bulk)', depth, runs, (d) => tempoPerft(fen, false, d, true)));
  rows.push(await time('tempo (no bulk)', depth, runs, (d) => tempoPerft(fen, false, d, false)));
  if (!values['skip-chessjs']) rows.push(await time('chess.js perft', depth, runs, (d) => new ChessJs(fen).perft(d)));
  const setup = parseFen(fen).unwrap();
  rows.push(await time('chessops perft', depth, runs, (d) => chessopsPerft(ChessOps.fromSetup(setup).unwrap(), d, false)));
  if (values.uci !== undefined) {
    const engine = await UciEngine.start(values.uci);
    try {
      const label = `uci: ${values.uci} (go perft round trip)`;
      rows.push(await time(label, depth, runs, async (d) => (await engine.divide(fen, [], d, false)).nodes));
    } finally {
      await engine.quit();
    }
    const whole: Array<{ nodes: number; seconds: number }> = [];
    for (let i = 0; i < runs; i++) whole.push(await wholeProcessPerft(values.uci, depth));
    rows.push({ engine: `uci: ${values.uci} (whole process)`, nodes: whole[0].nodes, seconds: median(whole.map((w) => w.seconds)) });
  }
  if (values.lozza !== undefined) {
    // Lozza answers `perft N` with `depth N nodes X time T nps Y`: make/unmake at every leaf.
    const engine = await UciEngine.start(values.lozza);
    try {
      await engine.tell('ucinewgame', 'position startpos');
      const label = `lozza: ${values.lozza} (perft round trip)`;
      rows.push(await time(label, depth, runs, async (d) => Number(/ nodes (\d+)/.exec(await engine.ask(`perft ${d}`, /^depth \d+ nodes \d+/))?.[1])));
    } finally {
      await engine.quit();
    }
  }
  const tempo = rows[0];
  const speed = (r: Row) => (tempo.seconds / Math.max(r.seconds, 1e-9)).toFixed(2) + 'x';
  const cells = rows.map((r) => [r.engine, String(r.nodes), r.seconds.toFixed(3), mnps(r.nodes, r.seconds), speed(r)]);
  io.out(`compare: start position, perft ${depth}, median of ${runs} timed run${runs === 1 ? '' : 's'} each; speed relative to Tempo with bulk counting (higher is faster)`);
  for (const line of table(['engine', 'nodes', 'seconds', 'Mnps', 'vs tempo'], cells)) io.out(line);
  // The ratios the rules-core issue sets targets for (speed = time ratio, same run).
  const row = (prefix: string) => rows.find((r) => r.engine.startsWith(prefix));
  const ratio = (a: Row, b: Row) => b.seconds / Math.max(a.seconds, 1e-9);
  const noBulk = rows[1], chessops = row('chessops'), whole = row('uci:') && rows.find((r) => r.engine.endsWith('(whole process)')), lozza = row('lozza:');
  io.out('ratios (speed of the first over the second, same run):');
  if (whole) io.out(`  tempo (bulk) / ${whole.engine}: ${ratio(tempo, whole).toFixed(2)}`);
  if (chessops) io.out(`  tempo (bulk) / chessops perft: ${ratio(tempo, chessops).toFixed(1)}`);
  if (lozza) io.out(`  tempo (no bulk) / lozza perft: ${ratio(noBulk, lozza).toFixed(2)}`);
  const disagree = rows.filter((r) => r.nodes !== tempo.nodes);
  for (const r of disagree) io.err(`compare: ${r.engine} counts ${r.nodes}, Tempo ${tempo.nodes}`);
  return disagree.length > 0 ? 1 : 0;
}
