/**
 * An esbuild plugin (Node only: it runs in a bundler's config, never in the engine)
 * that builds a bundle of @tempo-chess/nnue's sources with another default net: the one in
 * `file`, as OpenBench's `make EXE=<path> EVALFILE=<net>` asks. It replaces the
 * committed src/default-net.ts and src/default-net-name.ts with the sources
 * `pnpm net:embed <file>` would write (net-sources.mjs), so the bundle's EvalFile
 * default, its name and its bytes are that net's; the work tree is not touched. The
 * file is checked with decodeNet first: a file that is not a whole, intact net of
 * this format fails the build with decodeNet's one line.
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { netSources } from './net-sources.mjs';

/** The plugin for the net in `file` (which it checks first). */
export async function evalFilePlugin(file) {
  const { decodeNet } = await import('@tempo-chess/nnue');
  const path = resolve(file);
  let bytes;
  try {
    bytes = new Uint8Array(readFileSync(path));
    decodeNet(bytes);
  } catch (e) {
    throw new Error(`EVALFILE ${file}: ${e.message}`);
  }
  const { nameSource, bytesSource } = netSources(bytes, basename(path));
  return {
    name: 'tempo-evalfile',
    setup(build) {
      build.onLoad({ filter: /[\\/]packages[\\/]nnue[\\/]src[\\/]default-net(-name)?\.ts$/ }, (args) => ({
        contents: args.path.endsWith('-name.ts') ? nameSource : bytesSource,
        loader: 'ts',
      }));
    },
  };
}
