/**
 * Worker threads of a datagen run: the main thread's runner (one Worker per game
 * stream, started from the bundled datagen.js itself, which switches on
 * isMainThread) and the worker's side (a SelfPlayer that plays the chunks it is sent).
 */
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { playChunk, type GameSpec, type GameSummary } from './datagen-chunk';
import type { ChunkJob, ChunkRunner, RunnerFactory } from './datagen-run';
import type { EvalParams } from '@tempo-chess/eval';
import type { NetWeights } from '@tempo-chess/nnue';
import { SelfPlayer } from './selfplay';

/** What a datagen worker is started with. */
export interface DatagenWorkerData {
  role: 'datagen';
  spec: GameSpec;
  hashMb: number;
  /** The evaluation weights (structured-cloned: typed arrays travel as they are). */
  evalParams: EvalParams;
  /** The net (--net) or null; structured-cloned, one copy a worker. */
  net: NetWeights | null;
}

type ToWorker = { type: 'chunk'; job: ChunkJob };
type FromWorker =
  { type: 'game'; game: GameSummary } | { type: 'chunk'; text: string } | { type: 'error'; message: string };

/** Runners on worker threads started from `script` (the bundled datagen.js). */
export function workerRunners(script: URL): RunnerFactory {
  return (config) => {
    const data: DatagenWorkerData = {
      role: 'datagen',
      spec: { openings: config.openings, seed: config.seed, nodes: config.nodes },
      hashMb: config.hashMb,
      evalParams: config.evalParams,
      net: config.net,
    };
    const worker = new Worker(script, { workerData: data });
    let current: { resolve(text: string): void; reject(e: Error): void; onGame(g: GameSummary): void } | null = null;
    let closing = false;
    const fail = (e: Error) => {
      const c = current;
      current = null;
      c?.reject(e);
    };
    worker.on('message', (msg: FromWorker) => {
      if (current === null) return;
      if (msg.type === 'game') current.onGame(msg.game);
      else if (msg.type === 'chunk') {
        const c = current;
        current = null;
        c.resolve(msg.text);
      } else fail(new Error(`datagen worker: ${msg.message}`));
    });
    worker.on('error', (e) => fail(e instanceof Error ? e : new Error(String(e))));
    worker.on('exit', (code) => {
      if (!closing) fail(new Error(`datagen worker stopped (exit code ${code})`));
    });
    return {
      run: (job, onGame) =>
        new Promise<string>((resolve, reject) => {
          current = { resolve, reject, onGame };
          worker.postMessage({ type: 'chunk', job } satisfies ToWorker);
        }),
      close: async () => {
        closing = true;
        await worker.terminate();
      },
    } satisfies ChunkRunner;
  };
}

/** The worker thread: plays each chunk it is sent and posts its games and text. */
export function startWorker(): void {
  const data = workerData as DatagenWorkerData;
  const port = parentPort!;
  const player = new SelfPlayer(data.hashMb, data.evalParams, data.net);
  port.on('message', (msg: ToWorker) => {
    try {
      const text = playChunk(player, data.spec, msg.job.first, msg.job.last, (game) =>
        port.postMessage({ type: 'game', game } satisfies FromWorker),
      );
      port.postMessage({ type: 'chunk', text } satisfies FromWorker);
    } catch (e) {
      port.postMessage({ type: 'error', message: e instanceof Error ? e.message : String(e) } satisfies FromWorker);
    }
  });
}
