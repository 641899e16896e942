/**
 * tempo: the UCI engine. This one file is both the main thread (the UCI loop on
 * stdin/stdout) and the search worker: it switches on `isMainThread`. Nothing of the
 * engine is imported statically: the worker and the shell `bench` reach it through
 * dynamic imports, which the single-file bundle turns into lazy initializers, so the
 * main thread answers `uci` without building any table. V8's flags are set first
 * (v8-flags.ts), before any engine code is compiled.
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { setV8Flags } from './v8-flags';

if (isMainThread) {
  setV8Flags();
  const args = process.argv.slice(2);
  if (args.length > 0) {
    // `tempo bench [depth]` (and other one-shot commands) from the shell: run, print, exit.
    import('./shell').then((m) => m.runShell(args));
  } else {
    import('./main-thread').then((m) => m.startMainThread());
  }
} else if ((workerData as { role?: string } | null)?.role === 'helper') {
  import('./node-platform').then((m) => m.startNodeHelper());
} else {
  import('./worker').then((m) => m.startWorker());
}
