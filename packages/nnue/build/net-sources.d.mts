/** Types of net-sources.mjs (evalfile-plugin.ts builds with it). */
export function netSources(
  bytes: Uint8Array,
  origin: string,
): { name: string; nameSource: string; bytesSource: string };
