import { defineConfig } from 'tsup';
import { libraryConfig } from '../../tsup.library';

// The library, and test-support as a subpath: the seeded random games other packages'
// tests play (@tempo-chess/movegen/test-support).
export default defineConfig({ ...libraryConfig, entry: ['src/index.ts', 'src/test-support.ts'] });
