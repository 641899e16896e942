/**
 * `run <depth> [--fen FEN] [--chess960] [--divide] [--no-bulk] [--repeat N]`: perft of
 * one position in Tempo. `--repeat N` runs the perft N times in one process and times
 * the last run (the JIT has settled by then); scripts/count-instructions.sh uses it to
 * count instructions per node from the difference of two repeat counts.
 */
import { START_FEN } from '@tempo-chess/position';
import { UsageError, expectPositionals, intArg, parseCommand } from '@tempo-chess/toolkit';
import type { Io } from '@tempo-chess/toolkit';
import { mnps } from '../report';
import { tempoDivide, tempoPerft, tempoPosition } from '../tempo';

export { RUN_USAGE } from '../usage';

/** Runs the command; returns the exit code. */
export function runCommand(argv: string[], io: Io): number {
  const { values, positionals } = parseCommand('run', argv, {
    fen: { type: 'string' },
    chess960: { type: 'boolean' },
    divide: { type: 'boolean' },
    'no-bulk': { type: 'boolean' },
    repeat: { type: 'string' },
  });
  expectPositionals('run', positionals, ['<depth>']);
  const depth = intArg('run', '<depth>', positionals[0], 0, 20);
  const fen = values.fen ?? START_FEN;
  const chess960 = values.chess960 ?? false;
  const bulk = !values['no-bulk'];
  const repeat = intArg('run', '--repeat', values.repeat, 1, 1000, 1);
  if (values.divide && depth === 0) throw new UsageError('run: --divide needs a depth of 1 or more');
  if (values.divide && repeat > 1) throw new UsageError('run: --divide runs once; drop --repeat');
  try {
    tempoPosition(fen, chess960);
  } catch (e) {
    throw new UsageError(`run: ${(e as Error).message}`);
  }
  for (let i = 1; i < repeat; i++) tempoPerft(fen, chess960, depth, bulk);
  const start = performance.now();
  let nodes: number;
  if (values.divide) {
    const rows = tempoDivide(fen, chess960, depth, bulk);
    for (const { uci, nodes: n } of rows) io.out(`${uci}: ${n}`);
    nodes = rows.reduce((sum, r) => sum + r.nodes, 0);
  } else {
    nodes = tempoPerft(fen, chess960, depth, bulk);
  }
  const seconds = (performance.now() - start) / 1000;
  io.out(`Nodes searched: ${nodes}`);
  const last = repeat > 1 ? `, the last of ${repeat} runs` : '';
  io.out(
    `Time: ${seconds.toFixed(3)} s, ${mnps(nodes, seconds)} Mnps (${bulk ? 'bulk counting' : 'no bulk counting'}${last})`,
  );
  return 0;
}
