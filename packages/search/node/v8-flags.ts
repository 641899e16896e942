/// <reference types="node" />
/**
 * V8 flags the Node engine sets on itself before any engine code is compiled: testers
 * and GUIs start it as `node tempo.js`, so command-line flags are not ours to give.
 *
 * TurboFan stops inlining a callee above 460 bytes of bytecode and a caller once 920
 * bytes were inlined into it; a call it does not inline costs a frame and the values
 * spilled around it. With 1,000 and 3,000 (more of the search's calls inlined) the
 * search bench ran 4.7% more nodes a CPU second (geometric mean of three interleaved
 * `npsall 2000 2` runs with the net, docs/MEASUREMENTS.md). alphaBeta's steps are
 * methods of their own (pruning, the move loop's parts), and 3,000 bytes no longer
 * held them all: with 5,000 the search bench at depth 6 runs 2.0% fewer instructions
 * a node (7,356-7,382 against 7,517-7,519, valgrind, three runs each; 8,000 gains
 * nothing more). Flags change speed only: the same tree, the same bench signature.
 *
 * `TEMPO_V8_FLAGS` replaces the list (space-separated; empty for none), so the gain can
 * be measured again, or other flags tried, without a rebuild. Flags are process-wide,
 * but setting them changes V8's flag hash, and a worker started after that cannot use
 * Node's code cache for its own start-up: so the thread that runs the engine sets them
 * as it starts, before it compiles any engine code (apps/uci's engine-main.ts).
 */
import { setFlagsFromString } from 'node:v8';

export const DEFAULT_V8_FLAGS = ['--max-inlined-bytecode-size=1000', '--max-inlined-bytecode-size-cumulative=5000'];

/** The flags to set: `TEMPO_V8_FLAGS` when present, else the defaults. */
export function v8Flags(env: NodeJS.ProcessEnv = process.env): string[] {
  const given = env.TEMPO_V8_FLAGS;
  return given === undefined ? DEFAULT_V8_FLAGS : given.split(/\s+/).filter((f) => f !== '');
}

export function setV8Flags(env: NodeJS.ProcessEnv = process.env): void {
  for (const f of v8Flags(env)) setFlagsFromString(f);
}
