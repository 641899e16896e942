/**
 * worker_threads for `diff --oracle chessjs --jobs J`. The worker is the CLI bundle
 * itself (dist/cli.js): it notices `workerData.kind` and serves positions instead of
 * parsing arguments. Tasks are handed out one at a time, results are stored by index.
 */
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { diffOneChessJs, summarize, type DiffPosition, type DiffProgress, type DiffSummary } from './diff';
import type { PositionResult } from './lockstep';
import type { WalkerFactory } from './walker';

/** workerData marker of a diff worker. */
import { WORKER_KIND, isDiffWorker } from './usage';

export { WORKER_KIND, isDiffWorker };

interface Task {
  index: number;
  pos: DiffPosition;
}

interface Reply {
  index: number;
  result: PositionResult;
}

/** The worker's loop: diff each task against chess.js with `subject`, reply with the result. */
export function serveDiffWorker(subject: WalkerFactory): void {
  const { depth } = workerData as { depth: number };
  parentPort?.on('message', (task: Task | null) => {
    if (task === null) {
      parentPort?.close();
      return;
    }
    const reply: Reply = { index: task.index, result: diffOneChessJs(task.pos, depth, subject) };
    parentPort?.postMessage(reply);
  });
}

/** Diffs positions against chess.js over `jobs` workers running `script` (the CLI bundle). */
export async function diffChessJsParallel(
  positions: readonly DiffPosition[],
  depth: number,
  jobs: number,
  script: URL,
  progress?: DiffProgress,
): Promise<DiffSummary> {
  const start = performance.now();
  const results = new Array<PositionResult>(positions.length);
  const workers: Worker[] = [];
  let next = 0,
    done = 0;
  const runWorker = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(script, { workerData: { kind: WORKER_KIND, depth } });
      workers.push(worker);
      const feed = () => worker.postMessage(next < positions.length ? { index: next, pos: positions[next++] } : null);
      worker.on('message', (reply: Reply) => {
        results[reply.index] = reply.result;
        progress?.(++done, reply.result.nodes);
        feed();
      });
      worker.on('error', reject);
      worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`diff worker exited with code ${code}`))));
      feed();
    });
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, positions.length)) }, runWorker));
  } catch (e) {
    // One worker failed: stop the others, or they would wait for tasks forever.
    await Promise.all(workers.map((w) => w.terminate()));
    throw e;
  }
  return summarize(results, start);
}
