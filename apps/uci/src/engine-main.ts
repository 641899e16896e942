/**
 * dist/tempo-engine.js: the whole engine in one self-contained file. It is the script
 * of the search worker and of the Lazy SMP helpers that dist/tempo.js starts, it runs
 * the shell's one-shot commands (`bench`, `perft`), and on its own it is a complete
 * UCI engine too (what `make EXE=...` copies for OpenBench): it switches on
 * `isMainThread` and the worker's data. Nothing of the engine is imported statically:
 * the worker and the shell reach it through dynamic imports, which the single-file
 * bundle turns into lazy initializers, so its main thread answers `uci` without
 * building any table. V8's flags (@tempo-chess/search/v8-flags) are set by the thread
 * that runs the engine, before it compiles any engine code: the shell's main thread,
 * the worker and each helper as they start. Not by a main thread that only starts a
 * worker: V8 flags set before a worker starts change V8's flag hash, and the new
 * thread then cannot use Node's code cache for its own start-up and compiles Node's
 * internals afresh (the engine worker's script began about 60 ms later, docs/MEASUREMENTS.md).
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { setV8Flags } from '@tempo-chess/search/v8-flags';

/** A part of the engine that fails to load is reported in one line; the process exits 1. */
function failed(err: unknown): never {
  process.stderr.write(`tempo: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}

if (isMainThread) {
  const args = process.argv.slice(2);
  if (args.length > 0) {
    // `tempo bench [depth]` (and other one-shot commands) from the shell: run, print, exit.
    setV8Flags();
    import('./shell').then((m) => m.runShell(args)).catch(failed);
  } else {
    import('./main-thread').then((m) => m.startMainThread(new URL(import.meta.url))).catch(failed);
  }
} else {
  setV8Flags();
  if ((workerData as { role?: string } | null)?.role === 'helper') {
    import('./node-platform').then((m) => m.startNodeHelper()).catch(failed);
  } else {
    import('./worker').then((m) => m.startWorker()).catch(failed);
  }
}
