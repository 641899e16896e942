/**
 * The network's fixed numbers (docs: packages/nnue/README.md). Import-free, so
 * esbuild inlines them into the hot loops (see docs/DESIGN.md, "What V8 and esbuild
 * do to the hot code").
 *
 * Why these quantisation constants:
 * - QA = 255: a first-layer activation clipped to [0, 1] becomes an integer in
 *   [0, 255]; its square (screlu) is at most 65,025, and a float weight up to 1.98
 *   times 255 still fits int16 with 33 terms summed (33 * 1.98 * 255 < 16,700).
 * - QB = 64: output weights keep 6 bits of fraction; clamp(x)^2 * w stays below
 *   65,025 * 32,767 < 2^31 per product, and a whole sum over 2H = 4,096 terms stays
 *   far below 2^53, so the forward pass is exact in a JS number.
 * - NNUE_SCALE = 400: the float net's output is in units of 400 centipawns, the
 *   scale of sigmoid(cp / 400) that the trainer fits against.
 */

/** Inputs per perspective: 2 colours x 6 piece types x 64 squares. */
export const NNUE_INPUTS = 768;
/** First-layer quantisation: float 1.0 = QA (feature weights, biases, activations). */
export const QA = 255;
/** Output-layer quantisation: float 1.0 = QB (output weights). */
export const QB = 64;
/** Centipawns per unit of the float net's output. */
export const NNUE_SCALE = 400;

/** The only net file version this build reads and writes. */
export const NET_VERSION = 1;
/** Bytes of the net file's header (magic, version, H, B, QA, QB, SCALE, hash). */
export const NET_HEADER_BYTES = 32;
/** Hidden size limits: a multiple of 16 in MIN_HIDDEN..MAX_HIDDEN. */
export const MIN_HIDDEN = 16;
/** The largest hidden size a net file may have. */
export const MAX_HIDDEN = 2048;
/** Output buckets: 1..MAX_BUCKETS. */
export const MAX_BUCKETS = 16;
