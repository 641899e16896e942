/** Types of build-simd.mjs (simd.test.ts assembles the .wat again with it). */
export function sharedWat(watText: string): string;
export function assemble(watText: string): Promise<Uint8Array>;
export function moduleSource(bytes: Uint8Array, sharedBytes: Uint8Array): string;
