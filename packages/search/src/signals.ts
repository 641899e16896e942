/**
 * The signals a UCI thread raises while a search runs: an Int32Array over a
 * SharedArrayBuffer when there is one, read by the search with Atomics every
 * ~1024 nodes. Import-free, so the indices inline.
 */

/** Index of the stop flag: nonzero ends the search with the best move so far. */
export const SIGNAL_STOP = 0;
/** Index of the ponderhit flag: nonzero turns a ponder search into a timed one. */
export const SIGNAL_PONDERHIT = 1;

/** A fresh, cleared signal array (shared memory when available, so another thread can raise it). */
export function createSignals(): Int32Array {
  const bytes = 4 * 4;
  return new Int32Array(
    typeof SharedArrayBuffer === 'function' ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes),
  );
}
