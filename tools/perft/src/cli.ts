/**
 * tempo-perft: perft, suites, perft-diff and speed comparisons for Tempo.
 * Also the entry of the diff worker threads (the bundle starts itself as a worker).
 */
import { failureExit, isMainModule, processIo, type Io } from '@tempo-chess/toolkit';
import { BENCH_USAGE, COMPARE_USAGE, DIFF_USAGE, RUN_USAGE, SUITE_USAGE, isDiffWorker } from './usage';

const USAGE = [
  'usage: tempo-perft <command> [options]',
  `  ${RUN_USAGE}`,
  `  ${SUITE_USAGE}`,
  `  ${DIFF_USAGE}`,
  `  ${BENCH_USAGE}`,
  `  ${COMPARE_USAGE}`,
];

/** Runs one command line; resolves to the exit code. Usage and input errors give 2. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      // Commands load on demand: chess.js and chessops only for diff and compare.
      case 'run':
        return (await import('./commands/run')).runCommand(rest, io);
      case 'suite':
        return (await import('./commands/suite')).suiteCommand(rest, io);
      case 'diff':
        return await (
          await import('./commands/diff')
        ).diffCommand(rest, io, { workerScript: new URL(import.meta.url) });
      case 'bench':
        return (await import('./commands/bench')).benchCommand(rest, io);
      case 'compare':
        return await (await import('./commands/compare')).compareCommand(rest, io);
      case '--help':
      case '-h':
      case 'help':
        USAGE.forEach((l) => io.out(l));
        return 0;
      default:
        io.err(command === undefined ? 'tempo-perft: missing command' : `tempo-perft: unknown command "${command}"`);
        USAGE.forEach((l) => io.err(l));
        return 2;
    }
  } catch (e) {
    return failureExit('tempo-perft', e, io);
  }
}

if (isDiffWorker()) {
  const [{ serveDiffWorker }, { tempoWalker }] = await Promise.all([import('./pool'), import('./tempo')]);
  serveDiffWorker(tempoWalker);
} else if (isMainModule(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
