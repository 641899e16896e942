/**
 * tempo-perft: perft, suites, perft-diff and speed comparisons for Tempo.
 * Also the entry of the diff worker threads (the bundle starts itself as a worker).
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UsageError } from './args';
import { BENCH_USAGE, benchCommand } from './commands/bench';
import { COMPARE_USAGE, compareCommand } from './commands/compare';
import { DIFF_USAGE, diffCommand } from './commands/diff';
import { RUN_USAGE, runCommand } from './commands/run';
import { SUITE_USAGE, suiteCommand } from './commands/suite';
import { InputError } from './epd';
import { processIo, type Io } from './io';
import { isDiffWorker, serveDiffWorker } from './pool';
import { tempoWalker } from './tempo';

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
      case 'run': return runCommand(rest, io);
      case 'suite': return suiteCommand(rest, io);
      case 'diff': return await diffCommand(rest, io, { workerScript: new URL(import.meta.url) });
      case 'bench': return benchCommand(rest, io);
      case 'compare': return await compareCommand(rest, io);
      case '--help': case '-h': case 'help':
        USAGE.forEach((l) => io.out(l));
        return 0;
      default:
        io.err(command === undefined ? 'tempo-perft: missing command' : `tempo-perft: unknown command "${command}"`);
        USAGE.forEach((l) => io.err(l));
        return 2;
    }
  } catch (e) {
    const message = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    io.err(`tempo-perft: ${message}`);
    return e instanceof UsageError || e instanceof InputError ? 2 : 1;
  }
}

/** True when this file is the program node was started with (not imported by a test). */
function isEntryPoint(): boolean {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isDiffWorker()) serveDiffWorker(tempoWalker);
else if (isEntryPoint()) process.exitCode = await main(process.argv.slice(2));
