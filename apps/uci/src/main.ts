/**
 * dist/tempo.js, the `tempo` command: the UCI loop on the main thread, and nothing of
 * the engine. The engine is dist/tempo-engine.js beside it (found from this file's own
 * URL, so any working directory and npm's symlinked bin work): the search worker's
 * script, started at once, and the shell's one-shot commands (`tempo bench`), which
 * this file hands to it. The main thread compiles only this small file before it
 * answers `uci`; the engine's code and its embedded net are compiled by the worker.
 * V8's flags are the engine file's to set (engine-main.ts), in the thread that runs the
 * engine: not here, where they would slow the worker's start.
 */
import { startMainThread } from './main-thread';

const ENGINE = new URL('./tempo-engine.js', import.meta.url);

if (process.argv.length > 2) {
  // `tempo bench [depth]` and the other one-shot commands: the engine file reads the same arguments and runs them.
  import(ENGINE.href).catch((err: unknown) => {
    process.stderr.write(`tempo: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
} else {
  startMainThread(ENGINE);
}
