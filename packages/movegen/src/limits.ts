/** Bound on the legal moves of any position (218 is the known maximum). Import-free, so esbuild inlines it. */
export const MAX_MOVES = 256;
