import type { Options } from 'tsup';
import { libraryConfig } from '../../tsup.library';

/** The library (`.`) and the default net (`./default-net`, its bytes kept out of the main entry). */
export default { ...(libraryConfig as Options), entry: { index: 'src/index.ts', 'default-net': 'src/default-net.ts' } };
