/** `suite <file.epd> [--max-depth N] [--chess960]`: check every perft count of an EPD file. */
import { expectPositionals, intArg, parseCommand } from '@tempo-chess/toolkit';
import { depthsToCheck, runSuite } from '../suite';
import { parseEpd, readTextFile } from '@tempo-chess/toolkit';
import type { Io } from '@tempo-chess/toolkit';
import { startProgress } from '@tempo-chess/toolkit';
import { mnps } from '../report';
import { tempoPerft } from '../tempo';

export { SUITE_USAGE } from '../usage';

/** Default deepest count checked: depth 5 and 6 of a whole file take minutes to hours. */
export const DEFAULT_SUITE_DEPTH = 4;

/** Runs the command; returns the exit code. */
export function suiteCommand(argv: string[], io: Io): number {
  const { values, positionals } = parseCommand('suite', argv, {
    'max-depth': { type: 'string' },
    chess960: { type: 'boolean' },
  });
  expectPositionals('suite', positionals, ['<file.epd>']);
  const file = positionals[0];
  const maxDepth = intArg('suite', '--max-depth', values['max-depth'], 1, 20, DEFAULT_SUITE_DEPTH);
  const epd = parseEpd(readTextFile(file), values.chess960 ?? false);
  for (const e of epd.errors) io.err(`${file}:${e.line}: ${e.message}`);
  const total = epd.entries.reduce(
    (sum, entry) => sum + depthsToCheck(entry, maxDepth).reduce((s, d) => s + d.nodes, 0),
    0,
  );
  const bar = startProgress(total, 'nodes');
  const start = performance.now();
  const result = runSuite(epd.entries, epd.errors, (fen, c960, depth) => tempoPerft(fen, c960, depth), maxDepth, {
    onCheck: (nodes) => bar.add(nodes),
    onFailure: (f) => {
      io.out(`FAIL ${file}:${f.line} depth ${f.depth}: expected ${f.expected}, got ${f.got}`);
      io.out(`  fen: ${f.fen}`);
    },
    onError: (e) => io.err(`${file}:${e.line}: ${e.message}`),
  });
  bar.stop();
  const seconds = (performance.now() - start) / 1000;
  io.out(
    `suite: ${result.positions} positions, ${result.checks} counts checked up to depth ${maxDepth}, ` +
      `${result.failures.length} failed, ${result.errors.length} errors, ${seconds.toFixed(1)} s (${mnps(result.nodes, seconds)} Mnps)`,
  );
  return result.failures.length > 0 || result.errors.length > 0 ? 1 : 0;
}
