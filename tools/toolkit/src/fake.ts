/**
 * The fake UCI engine for tests (testdata/fake-uci.mjs, chess.js inside): answers
 * `go perft` like Stockfish, `perft` like Lozza, and plays games with fixed,
 * position-determined moves; flags make it misbehave once (see the script's header).
 * The path is resolved from this source file, so it serves tests run from source.
 */
import { fileURLToPath } from 'node:url';

/** Absolute path of the fake engine script. */
export const FAKE_UCI_PATH: string = fileURLToPath(new URL('./testdata/fake-uci.mjs', import.meta.url));

/** A shell command that starts the fake engine with `flags` (quoted as given). */
export function fakeUciCommand(...flags: string[]): string {
  return [`"${process.execPath}"`, `"${FAKE_UCI_PATH}"`, ...flags.map((f) => `"${f}"`)].join(' ');
}
