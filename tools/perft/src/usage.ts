/**
 * Usage lines and the worker marker: what the CLI entry needs before it knows the
 * command, kept apart so that starting a command loads only that command's modules
 * (chess.js and chessops load only for diff and compare).
 */
import { workerData } from 'node:worker_threads';

export const RUN_USAGE = 'run <depth> [--fen FEN] [--chess960] [--divide] [--no-bulk] [--repeat N]';
export const SUITE_USAGE = 'suite <file.epd> [--max-depth N] [--chess960]';
export const DIFF_USAGE =
  'diff [--random N --seed S | --epd FILE] --depth D [--oracle chessjs | --oracle uci:<command>] [--chess960] [--starts FILE] [--jobs J] [--verbose]';
export const BENCH_USAGE = 'bench [--quick]';
export const COMPARE_USAGE = 'compare [--depth N] [--runs N] [--uci <command>] [--lozza <command>] [--skip-chessjs]';

/** workerData.kind of the diff worker threads. */
export const WORKER_KIND = 'tempo-perft-diff-worker';

/** True in a thread started by `diffChessJsParallel`. */
export function isDiffWorker(): boolean {
  return (workerData as { kind?: string } | null)?.kind === WORKER_KIND;
}
