/** Types of evalfile-plugin.mjs (plain JavaScript, so a bundler's config loads it through the package's exports). */
import type { Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

/** The plugin for the net in `file` (which it checks first). */
export function evalFilePlugin(file: string): Promise<Plugin>;
