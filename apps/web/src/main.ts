/**
 * The page's entry: styles, then the app with the engine worker. Vite bundles
 * `engine-worker.ts` (and the engine it imports) into its own module worker file from
 * the `new Worker(new URL(...))` form below.
 */
import 'chessground/assets/chessground.base.css';
import 'chessground/assets/chessground.brown.css';
import 'chessground/assets/chessground.cburnett.css';
import './style.css';
import { App } from './app';

new App(() => new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module', name: 'tempo-engine' }));
