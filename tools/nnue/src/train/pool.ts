/**
 * Who runs the tasks: the calling thread (LocalPool: one thread, and the tests), or
 * worker threads of the bundled cli.js (WorkerPool). Slice c of a batch goes to worker
 * c % T and a worker returns each slice's loss by its number, so the losses are added
 * in slice order and the gradients (one buffer a slice, added in order by the step)
 * come out the same for any T and any timing.
 */
import { Worker, parentPort } from 'node:worker_threads';
import { CHUNKS, TaskRunner, type SharedState } from './tasks';

/** The three phases of training, whoever runs them. */
export interface Pool {
  /**
   * Gradients of the batch order[start, start + n); resolves to the slices' summed losses
   * in slice order. `rounded`: on the rounded parameters (written by the caller first).
   */
  grad(start: number, n: number, rounded: boolean): Promise<number[]>;
  /** The AdamW step over every parameter. */
  step(n: number, lr: number, t: number, wd: number, freezeOut: boolean): Promise<void>;
  /** Summed losses of held-out records [start, start + n), by slice (of the rounded parameters with `rounded`). */
  evaluate(start: number, n: number, rounded: boolean): Promise<number[]>;
  close(): Promise<void>;
}

type Task =
  | { op: 'grad'; start: number; n: number; chunks: number[]; rounded: boolean }
  | { op: 'eval'; start: number; n: number; chunks: number[]; rounded: boolean }
  | { op: 'step'; lo: number; hi: number; n: number; lr: number; t: number; wd: number; freeze: boolean };

function runTask(r: TaskRunner, task: Task): number[] {
  if (task.op === 'step') {
    r.stepRange(task.lo, task.hi, task.n, task.lr, task.t, task.wd, task.freeze);
    return [];
  }
  return task.chunks.map((c) =>
    task.op === 'grad'
      ? r.gradChunk(task.start, task.n, c, task.rounded)
      : r.evalChunk(task.start, task.n, c, task.rounded),
  );
}

const ALL = Array.from({ length: CHUNKS }, (_, c) => c);

/** Everything on the calling thread. */
export class LocalPool implements Pool {
  readonly runner: TaskRunner;
  constructor(shared: SharedState) {
    this.runner = new TaskRunner(shared);
  }
  async grad(start: number, n: number, rounded: boolean): Promise<number[]> {
    return runTask(this.runner, { op: 'grad', start, n, chunks: ALL, rounded });
  }
  async step(n: number, lr: number, t: number, wd: number, freeze: boolean): Promise<void> {
    runTask(this.runner, { op: 'step', lo: 0, hi: this.runner.L.size, n, lr, t, wd, freeze });
  }
  async evaluate(start: number, n: number, rounded: boolean): Promise<number[]> {
    return runTask(this.runner, { op: 'eval', start, n, chunks: ALL, rounded });
  }
  async close(): Promise<void> {}
}

/** The worker side: answers tasks until the port closes. */
export function startTrainWorker(shared: SharedState): void {
  const runner = new TaskRunner(shared);
  parentPort!.on('message', (task: Task) => parentPort!.postMessage(runTask(runner, task)));
}

/** T worker threads of `script` (the bundled cli.js, started with role 'nnue-train'). */
export class WorkerPool implements Pool {
  private readonly workers: Worker[] = [];
  private readonly size: number;

  constructor(script: URL, shared: SharedState, threads: number, paramCount: number) {
    this.size = paramCount;
    for (let w = 0; w < Math.min(threads, CHUNKS); w++)
      this.workers.push(new Worker(script, { workerData: { role: 'nnue-train', shared } }));
  }

  private send(tasks: Task[]): Promise<number[][]> {
    return Promise.all(
      tasks.map(
        (task, w) =>
          new Promise<number[]>((resolve, reject) => {
            const worker = this.workers[w];
            const onError = (e: Error) => reject(e);
            worker.once('error', onError);
            worker.once('message', (result: number[]) => {
              worker.off('error', onError);
              resolve(result);
            });
            worker.postMessage(task);
          }),
      ),
    );
  }

  private async slices(op: 'grad' | 'eval', start: number, n: number, rounded: boolean): Promise<number[]> {
    const T = this.workers.length;
    const mine = this.workers.map((_, w) => ALL.filter((c) => c % T === w));
    const results = await this.send(mine.map((chunks) => ({ op, start, n, chunks, rounded })));
    const losses = new Array<number>(CHUNKS);
    mine.forEach((chunks, w) => chunks.forEach((c, k) => (losses[c] = results[w][k])));
    return losses;
  }

  grad(start: number, n: number, rounded: boolean): Promise<number[]> {
    return this.slices('grad', start, n, rounded);
  }

  evaluate(start: number, n: number, rounded: boolean): Promise<number[]> {
    return this.slices('eval', start, n, rounded);
  }

  async step(n: number, lr: number, t: number, wd: number, freeze: boolean): Promise<void> {
    const T = this.workers.length;
    const cut = (w: number) => Math.min(this.size, Math.ceil((w * this.size) / T / 16) * 16);
    await this.send(
      this.workers.map((_, w) => ({
        op: 'step',
        lo: cut(w),
        hi: w === T - 1 ? this.size : cut(w + 1),
        n,
        lr,
        t,
        wd,
        freeze,
      })),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
