/**
 * The Node implementations of what @tempo-chess/uci leaves to its platform: EvalFile (a
 * net) and EvalParams (a JSON parameter file) read with node:fs, Lazy SMP helpers as worker threads of this same file (main.ts
 * switches on workerData's role), and the process's CPU clock for bench.
 */
import { readFileSync } from 'node:fs';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { loadEngine, type EnginePlatform, type HelperInit, type ToHelper } from '@tempo-chess/uci';

/** What a helper thread is started with: the package's HelperInit, marked for main.ts. */
export interface HelperData extends HelperInit {
  role: 'helper';
}

export const nodePlatform: EnginePlatform = {
  readTextFile: (path) => readFileSync(path, 'utf8'),
  readBinaryFile: (path) => readFileSync(path),
  startHelper: (init) => {
    const data: HelperData = { role: 'helper', ...init };
    const w = new Worker(new URL(import.meta.url), { workerData: data });
    w.unref(); // a helper never keeps the process alive
    return {
      postMessage: (msg: ToHelper) => w.postMessage(msg),
      terminate: () => void w.terminate(),
    };
  },
  helpersStartWhileBlocked: true,
  cpuTimeMs: () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  },
};

/** A helper thread's body: the package's helper loop on this thread's port. */
export async function startNodeHelper(): Promise<void> {
  const { createHelper } = await loadEngine();
  parentPort!.on('message', createHelper(workerData as HelperData));
}
