/** `bench [--quick]`: Tempo perft speed on the CPW positions, with and without bulk counting. */
import { expectPositionals, parseCommand } from '@tempo-chess/toolkit';
import type { Io } from '@tempo-chess/toolkit';
import { cpw } from '../positions';
import { mnps, table } from '../report';
import { tempoPerft } from '../tempo';

export { BENCH_USAGE } from '../usage';

/** The workload: startpos 6, Kiwipete 5, and the other CPW positions at depths of similar cost. */
export const BENCH_SET: ReadonlyArray<{ name: string; depth: number }> = [
  { name: 'startpos', depth: 6 },
  { name: 'kiwipete', depth: 5 },
  { name: 'cpw3', depth: 6 },
  { name: 'cpw4', depth: 5 },
  { name: 'cpw5', depth: 5 },
  { name: 'cpw6', depth: 4 },
];

function timed(fen: string, depth: number, bulk: boolean): { nodes: number; seconds: number } {
  const start = performance.now();
  const nodes = tempoPerft(fen, false, depth, bulk);
  return { nodes, seconds: (performance.now() - start) / 1000 };
}

/** Runs the command; returns the exit code (1 when a count is wrong). */
export function benchCommand(argv: string[], io: Io): number {
  const { values, positionals } = parseCommand('bench', argv, { quick: { type: 'boolean' } });
  expectPositionals('bench', positionals, []);
  // Warm-up: let the JIT compile the perft loops before anything is timed.
  tempoPerft(cpw('kiwipete').fen, false, 3, true);
  tempoPerft(cpw('kiwipete').fen, false, 3, false);
  const rows: string[][] = [];
  let wrong = 0,
    nodesTotal = 0,
    bulkTotal = 0,
    fullTotal = 0;
  for (const { name, depth: fullDepth } of BENCH_SET) {
    const pos = cpw(name);
    const depth = values.quick ? fullDepth - 1 : fullDepth;
    const expected = pos.counts[depth - 1];
    const bulk = timed(pos.fen, depth, true);
    const full = timed(pos.fen, depth, false);
    const ok = bulk.nodes === expected && full.nodes === expected;
    if (!ok) {
      wrong++;
      io.err(
        `bench: ${name} depth ${depth}: expected ${expected}, got ${bulk.nodes} (bulk) and ${full.nodes} (no bulk)`,
      );
    }
    nodesTotal += expected;
    bulkTotal += bulk.seconds;
    fullTotal += full.seconds;
    rows.push([
      name,
      String(depth),
      String(bulk.nodes),
      bulk.seconds.toFixed(3),
      mnps(bulk.nodes, bulk.seconds),
      full.seconds.toFixed(3),
      mnps(full.nodes, full.seconds),
      ok ? 'ok' : 'WRONG',
    ]);
  }
  rows.push([
    'total',
    '',
    String(nodesTotal),
    bulkTotal.toFixed(3),
    mnps(nodesTotal, bulkTotal),
    fullTotal.toFixed(3),
    mnps(nodesTotal, fullTotal),
    wrong ? 'WRONG' : 'ok',
  ]);
  for (const line of table(['position', 'depth', 'nodes', 'bulk s', 'bulk Mnps', 'full s', 'full Mnps', 'count'], rows))
    io.out(line);
  return wrong > 0 ? 1 : 0;
}
