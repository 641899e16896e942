/**
 * `compare [--depth N] [--uci <command>]`: the same perft (start position) in Tempo,
 * chess.js, chessops and optionally a UCI engine, measured in one run, as one table.
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
import { UciEngine } from '../uci';

export const COMPARE_USAGE = 'compare [--depth N] [--uci <command>]';

interface Row {
  engine: string;
  nodes: number;
  seconds: number;
}

async function time(engine: string, run: () => number | Promise<number>): Promise<Row> {
  const start = performance.now();
  const nodes = await run();
  return { engine, nodes, seconds: (performance.now() - start) / 1000 };
}

/** Runs the command; resolves to the exit code (1 when the engines disagree). */
export async function compareCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand('compare', argv, { depth: { type: 'string' }, uci: { type: 'string' } });
  expectPositionals('compare', positionals, []);
  const depth = intArg('compare', '--depth', values.depth, 1, 8, 5);
  const fen = cpw('startpos').fen;
  const rows: Row[] = [];
  rows.push(await time('tempo (bulk)', () => tempoPerft(fen, false, depth, true)));
  rows.push(await time('tempo (no bulk)', () => tempoPerft(fen, false, depth, false)));
  rows.push(await time('chess.js perft', () => new ChessJs(fen).perft(depth)));
  const setup = parseFen(fen).unwrap();
  rows.push(await time('chessops perft', () => chessopsPerft(ChessOps.fromSetup(setup).unwrap(), depth, false)));
  if (values.uci !== undefined) {
    const engine = await UciEngine.start(values.uci);
    try {
      rows.push(await time(`uci: ${values.uci} (go perft round trip)`, async () => (await engine.divide(fen, [], depth, false)).nodes));
    } finally {
      await engine.quit();
    }
  }
  const tempo = rows[0];
  const speed = (r: Row) => (tempo.seconds / Math.max(r.seconds, 1e-9)).toFixed(2) + 'x';
  const cells = rows.map((r) => [r.engine, String(r.nodes), r.seconds.toFixed(3), mnps(r.nodes, r.seconds), speed(r)]);
  io.out(`compare: start position, perft ${depth}; speed relative to Tempo with bulk counting (higher is faster)`);
  for (const line of table(['engine', 'nodes', 'seconds', 'Mnps', 'vs tempo'], cells)) io.out(line);
  const disagree = rows.filter((r) => r.nodes !== tempo.nodes);
  for (const r of disagree) io.err(`compare: ${r.engine} counts ${r.nodes}, Tempo ${tempo.nodes}`);
  return disagree.length > 0 ? 1 : 0;
}
