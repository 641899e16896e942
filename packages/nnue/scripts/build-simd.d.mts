/** Types of build-simd.mjs (simd.test.ts assembles the .wat again with it). */
export function assemble(watText: string): Promise<Uint8Array>;
export function moduleSource(bytes: Uint8Array): string;
