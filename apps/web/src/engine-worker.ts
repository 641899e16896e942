/**
 * The engine's Web Worker for this page: UCI lines in and out through postMessage, as
 * the typed client in @tempo-chess/uci/browser expects. `startWorkerEngine` runs the UCI loop
 * here and starts the search (and, where the page is cross-origin isolated, the Lazy SMP
 * helpers) as nested workers of this same script, told apart by their worker names.
 */
import { startWorkerEngine } from '@tempo-chess/uci/browser';

startWorkerEngine(self);
