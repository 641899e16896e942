/**
 * tempo-datagen: Tempo's training positions from self-play at a fixed node budget
 * (see USAGE in datagen-options.ts and the README). This one bundled file is both the
 * main thread (options, parts, progress, summary) and the game workers: it switches
 * on `isMainThread`, as apps/uci does. Exit codes: 0 done, 1 a runtime error, 2 a
 * usage mistake or unreadable input; always one line on stderr.
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { failureExit, isMainModule, processIo, type Io } from '@tempo-chess/toolkit';
import { USAGE, parseDatagenArgs } from './datagen-options';
import { runDatagen, type RunnerFactory } from './datagen-run';
import { startWorker, workerRunners } from './datagen-worker';

/** Runs a command line; resolves to the exit code. `runners` defaults to worker threads of this file. */
export async function main(argv: string[], io: Io = processIo, runners?: RunnerFactory): Promise<number> {
  try {
    const config = parseDatagenArgs(argv);
    if (config === null) {
      io.out(USAGE);
      return 0;
    }
    await runDatagen(config, io, runners ?? workerRunners(new URL(import.meta.url)));
    return 0;
  } catch (e) {
    return failureExit('tempo-datagen', e, io);
  }
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === 'datagen') startWorker();
else if (isMainModule(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
