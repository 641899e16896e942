/** Types of net-sources.mjs (evalfile-plugin.ts builds with it). */
export function netName(bytes: Uint8Array): string;
export function netSources(bytes: Uint8Array, origin: string): { name: string; nameSource: string; bytesSource: string };
