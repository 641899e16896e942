import { defineConfig } from 'tsup';
import { libraryConfig } from '../../tsup.library';

// The search, and the V8 flags its hot code is measured with as a Node-only subpath
// (@tempo-chess/search/v8-flags): the engine's command sets them on itself, the bench too.
export default defineConfig({ ...libraryConfig, entry: { index: 'src/index.ts', 'v8-flags': 'node/v8-flags.ts' } });
