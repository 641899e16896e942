import { readFileSync, rmSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';
// A build script, not the engine: the search's facts the loop needs before the
// engine loads (`__SEARCH_PARAMS__`, `__SEARCH_SIGNALS__`), read by @tempo-chess/uci's helper.
import { searchFacts } from '@tempo-chess/uci/build';
import { evalFilePlugin } from '@tempo-chess/nnue/build';

/**
 * The files of dist/, every Tempo package bundled from source with `__DEBUG__` false
 * (nothing to install beside them; the npm package has no dependencies):
 *
 * - tempo.js, the Node command (`bin`): the UCI loop on the main thread and nothing of
 *   the engine, so that it answers `uci` after compiling 30 KB; it starts
 *   tempo-engine.js beside it as the search worker.
 * - tempo-engine.js, the whole Node engine in one file (no splitting): the search
 *   worker's and the helpers' script and the shell commands (it switches on
 *   `isMainThread`), and a complete engine on its own (what `make EXE=...` copies).
 *   The engine's modules are reached only through dynamic imports, which esbuild turns
 *   into lazy initializers, so its main thread never builds the tables.
 * - tempo-worker.js, the browser engine (`./worker`): one IIFE with no import or export
 *   statement, so it loads as a classic worker and as a module worker alike.
 * - client.js + client.d.ts, the typed client for pages (`.`, `./client`): ESM with
 *   its declarations, none of the engine in it.
 *
 * With TEMPO_EVALFILE=<net file> (the root Makefile's `make EXE=<path> EVALFILE=<net>`,
 * as OpenBench builds), only the whole engine, as tempo.js, into dist-evalfile/, with that net as the
 * default in place of the committed one (packages/nnue/build/evalfile-plugin.mjs).
 *
 * With TEMPO_TUNE=1 (`make EXE=<path> TUNE=1`), only the whole engine as tempo.js, the tuning build
 * (`__TUNE__` true: the search's tunables and the hand-crafted evaluation's weights are
 * UCI options, and `spsa-inputs` prints OpenBench's SPSA inputs), into dist-tune/ (or
 * dist-tune-evalfile/ with TEMPO_EVALFILE; TEMPO_OUT_DIR overrides either).
 */
export default defineConfig(async (): Promise<Options[]> => {
  const tune = process.env.TEMPO_TUNE === '1';
  const version = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
  const define = {
    __DEBUG__: 'false',
    __TUNE__: String(tune),
    __TEMPO_VERSION__: JSON.stringify(version),
    ...(await searchFacts()),
  };
  const common: Options = { splitting: false, minifySyntax: true, noExternal: [/^@tempo-chess\//], define };
  const node: Options = {
    ...common,
    entry: { 'tempo-engine': 'src/engine-main.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
  };
  const evalFile = process.env.TEMPO_EVALFILE;
  const plugins = evalFile ? { esbuildPlugins: [await evalFilePlugin(evalFile)] } : {};
  if (evalFile || tune) {
    const outDir = process.env.TEMPO_OUT_DIR || (tune ? 'dist-tune' : 'dist') + (evalFile ? '-evalfile' : '');
    return [{ ...node, entry: { tempo: 'src/engine-main.ts' }, outDir, clean: true, ...plugins }];
  }
  rmSync('dist', { recursive: true, force: true }); // once, before the builds (each `clean` would race the others)
  return [
    node,
    { ...node, entry: { tempo: 'src/main.ts' } },
    {
      ...common,
      entry: { 'tempo-worker': 'src/browser-worker.ts' },
      format: ['iife'],
      outExtension: () => ({ js: '.js' }),
      target: 'es2022',
      platform: 'browser',
      tsconfig: 'tsconfig.browser.json',
    },
    {
      ...common,
      entry: { client: 'src/client.ts' },
      format: ['esm'],
      target: 'es2022',
      platform: 'browser',
      tsconfig: 'tsconfig.browser.json',
      // Declarations inlined from @tempo-chess/uci's sources (tsconfig.browser.json's paths): the package installs nothing else.
      dts: true,
    },
  ];
});
