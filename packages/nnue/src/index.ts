/**
 * @tempo-chess/nnue: the efficiently updatable network. The spec (inputs, network, quantisation,
 * net file) is in this package's README; the trainer (tools/nnue) imports the constants,
 * features, net file and the reference forward pass from here.
 *
 * @module @tempo-chess/nnue
 */
export {
  NNUE_INPUTS,
  QA,
  QB,
  NNUE_SCALE,
  NET_VERSION,
  NET_HEADER_BYTES,
  MIN_HIDDEN,
  MAX_HIDDEN,
  MAX_BUCKETS,
} from './constants';
export { featureIndex, outputBucket } from './features';
export {
  type NetWeights,
  NetFileError,
  netFileSize,
  createNet,
  encodeNet,
  decodeNet,
  fnv1a,
  shareNet,
  randomNet,
} from './net';
export { evaluateFeatures } from './forward';
export { AccumulatorStack } from './accumulator';
// The default net's name only; its bytes are the subpath @tempo-chess/nnue/default-net.
export { DEFAULT_NET_NAME, DEFAULT_NET_SIZE } from './default-net-name';
