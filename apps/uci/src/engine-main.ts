/**
 * tempo: the UCI engine. This one file is both the main thread (the UCI loop on
 * stdin/stdout) and the search worker: it switches on `isMainThread`. Nothing of the
 * engine is imported statically: the worker and the shell `bench` reach it through
 * dynamic imports, which the single-file bundle turns into lazy initializers, so the
 * main thread answers `uci` without building any table. V8's flags are set first
 * (@tempo-chess/search/v8-flags), before any engine code is compiled.
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { setV8Flags } from '@tempo-chess/search/v8-flags';

/** A part of the engine that fails to load is reported in one line; the process exits 1. */
function failed(err: unknown): never {
  process.stderr.write(`tempo: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}

if (isMainThread) {
  setV8Flags();
  const args = process.argv.slice(2);
  if (args.length > 0) {
    // `tempo bench [depth]` (and other one-shot commands) from the shell: run, print, exit.
    import('./shell').then((m) => m.runShell(args)).catch(failed);
  } else {
    import('./main-thread').then((m) => m.startMainThread()).catch(failed);
  }
} else if ((workerData as { role?: string } | null)?.role === 'helper') {
  import('./node-platform').then((m) => m.startNodeHelper()).catch(failed);
} else {
  import('./worker').then((m) => m.startWorker()).catch(failed);
}
