/**
 * tempo-datagen: Tempo's training positions from self-play at a fixed node budget
 * (see USAGE in datagen-options.ts and the README). This one bundled file is both the
 * main thread (options, parts, progress, summary) and the game workers: it switches
 * on `isMainThread`, as apps/uci does. Exit codes: 0 done, 1 a runtime error, 2 a
 * usage mistake or unreadable input; always one line on stderr.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { isMainThread, workerData } from 'node:worker_threads';
import { InputError, UsageError, processIo, type Io } from '@tempo/toolkit';
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
    if (e instanceof UsageError || e instanceof InputError) {
      io.err(`tempo-datagen: ${e.message}`);
      return 2;
    }
    io.err(`tempo-datagen: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

const isEntry = (() => {
  try {
    return process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
})();
if (!isMainThread && (workerData as { role?: string } | null)?.role === 'datagen') startWorker();
else if (isEntry) process.exitCode = await main(process.argv.slice(2));
