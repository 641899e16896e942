/**
 * The engine's Web Worker for this page: UCI lines in and out through postMessage, as
 * the typed client in @tempo/uci/browser expects. The engine side is
 * `startWorkerEngine(self)` from @tempo/uci's browser entry (issue 24: provided with the
 * engine loop's move into packages/uci). Until that entry exports it, this worker fails
 * at start with one clear line, which the page shows as an engine crash with a restart
 * button, and everything that needs no engine (play both sides, load, PGN) still works.
 */
import * as browser from '@tempo/uci/browser';

type Start = (scope: typeof globalThis) => void;
const start = (browser as unknown as { startWorkerEngine?: Start }).startWorkerEngine;
if (typeof start !== 'function') throw new Error('this build has no engine: @tempo/uci/browser does not export startWorkerEngine yet');
start(self);
