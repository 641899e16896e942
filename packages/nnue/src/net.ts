/**
 * The quantised network's weights and its file format (little-endian):
 *
 *   0  "TNNU"   4 ASCII bytes
 *   4  u32 version (1)   8 u32 H   12 u32 B   16 u32 QA   20 u32 QB   24 u32 SCALE
 *   28 u32 FNV-1a 32-bit hash of every byte after the 32-byte header
 *   32 int16 ftWeights[768 * H] (feature-major), int16 ftBias[H],
 *      int16 outWeights[B * 2H] (bucket-major; side to move's H, then the other side's H),
 *      int32 outBias[B]
 *
 * decodeNet refuses anything else with one NetFileError line naming what is wrong.
 */
import {
  MAX_BUCKETS,
  MAX_HIDDEN,
  MIN_HIDDEN,
  NET_HEADER_BYTES,
  NET_VERSION,
  NNUE_INPUTS,
  NNUE_SCALE,
  QA,
  QB,
} from './constants';
import { shareWeights, type SharedWeights } from './simd';

/** A quantised net: int16 first layer (scale QA), int16 output weights (QB), int32 output biases (QA * QB). */
export interface NetWeights {
  /** H: hidden neurons per perspective. */
  hidden: number;
  /** B: output buckets by piece count. */
  buckets: number;
  /** `[feature * H + j]`: 768 * H. */
  ftWeights: Int16Array;
  /** `[j]`: H. */
  ftBias: Int16Array;
  /** `[bucket * 2H + j]` side to move, `[bucket * 2H + H + j]` the other side: B * 2H. */
  outWeights: Int16Array;
  /** `[bucket]`: B. */
  outBias: Int32Array;
  /**
   * Set by shareNet where wasm threads exist: the shared WebAssembly memory the arrays
   * above live in, with the weights also laid out as the SIMD kernels read them, so
   * that every thread's stacks use this one copy. It describes these arrays: a net
   * made from a shared one with other arrays (`{ ...net, ftWeights }`) must drop it.
   */
  wasm?: SharedWeights;
}

/** A net file (or a net) that cannot be used; the message is one line naming the problem. */
export class NetFileError extends Error {
  /** `NetFileError`, for messages and checks without instanceof. */
  override name = 'NetFileError';
}

const MAGIC = 'TNNU';

/** Whether typed arrays on this platform are little-endian, as the file is. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Why H or B cannot be used, or null. */
function shapeProblem(hidden: number, buckets: number): string | null {
  if (!Number.isInteger(hidden) || hidden < MIN_HIDDEN || hidden > MAX_HIDDEN || hidden % 16 !== 0)
    return `hidden size H = ${hidden} is not a multiple of 16 in ${MIN_HIDDEN}..${MAX_HIDDEN}`;
  if (!Number.isInteger(buckets) || buckets < 1 || buckets > MAX_BUCKETS)
    return `B = ${buckets} output buckets is outside 1..${MAX_BUCKETS}`;
  return null;
}

/** Bytes of a net file with H hidden neurons and B buckets: 32 + 2 * (768H + H + 2BH) + 4B. */
export function netFileSize(hidden: number, buckets: number): number {
  return NET_HEADER_BYTES + 2 * (NNUE_INPUTS * hidden + hidden + 2 * buckets * hidden) + 4 * buckets;
}

/** A net of zeros with H hidden neurons and B buckets (throws NetFileError for a shape the format refuses). */
export function createNet(hidden: number, buckets: number): NetWeights {
  const problem = shapeProblem(hidden, buckets);
  if (problem !== null) throw new NetFileError(`net: ${problem}`);
  return {
    hidden,
    buckets,
    ftWeights: new Int16Array(NNUE_INPUTS * hidden),
    ftBias: new Int16Array(hidden),
    outWeights: new Int16Array(2 * buckets * hidden),
    outBias: new Int32Array(buckets),
  };
}

/** FNV-1a, 32 bits, over bytes[from..]: the file's weights hash. */
export function fnv1a(bytes: Uint8Array, from = 0): number {
  let h = 0x811c9dc5;
  for (let i = from; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

/**
 * Fills `out` with the little-endian int16s at bytes[offset..] (any Uint8Array: a
 * Node Buffer too, a view into a shared pool). Where the platform is little-endian too
 * (nearly every one), one copy of the bytes into an aligned buffer of their own: at
 * start-up that is a millisecond where 200,000 reads by code not yet compiled took
 * twenty.
 */
export function readInt16s(out: Int16Array, bytes: Uint8Array, offset: number, littleEndian = LITTLE_ENDIAN): void {
  // new Uint8Array(view) copies: a Node Buffer's slice() would be a view of its pool.
  if (littleEndian)
    return out.set(new Int16Array(new Uint8Array(bytes.subarray(offset, offset + 2 * out.length)).buffer));
  const dv = new DataView(bytes.buffer, bytes.byteOffset + offset, 2 * out.length);
  for (let i = 0; i < out.length; i++) out[i] = dv.getInt16(2 * i, true);
}

/** The net's shape or array lengths, checked: encodeNet never writes a file decodeNet would refuse. */
function checkNet(net: NetWeights): void {
  const problem = shapeProblem(net.hidden, net.buckets);
  if (problem !== null) throw new NetFileError(`net: ${problem}`);
  const H = net.hidden,
    B = net.buckets;
  const lengths: [string, number, number][] = [
    ['ftWeights', net.ftWeights.length, NNUE_INPUTS * H],
    ['ftBias', net.ftBias.length, H],
    ['outWeights', net.outWeights.length, 2 * B * H],
    ['outBias', net.outBias.length, B],
  ];
  for (const [name, got, want] of lengths)
    if (got !== want)
      throw new NetFileError(`net: ${name} has ${got} entries, expected ${want} for H = ${H}, B = ${B}`);
}

/** The net file of `net` (format above). */
export function encodeNet(net: NetWeights): Uint8Array {
  checkNet(net);
  const H = net.hidden,
    B = net.buckets;
  const bytes = new Uint8Array(netFileSize(H, B));
  const dv = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = MAGIC.charCodeAt(i);
  const header = [NET_VERSION, H, B, QA, QB, NNUE_SCALE];
  for (let i = 0; i < header.length; i++) dv.setUint32(4 + 4 * i, header[i], true);
  let o = NET_HEADER_BYTES;
  for (const a of [net.ftWeights, net.ftBias, net.outWeights])
    for (let i = 0; i < a.length; i++, o += 2) dv.setInt16(o, a[i], true);
  for (let i = 0; i < B; i++, o += 4) dv.setInt32(o, net.outBias[i], true);
  dv.setUint32(28, fnv1a(bytes, NET_HEADER_BYTES), true);
  return bytes;
}

/**
 * Reads a net file. Throws NetFileError (one line: bad magic, version, shape,
 * constants, size or hash) for anything but a whole, intact file of this format;
 * the result's arrays are its own (not views of `bytes`).
 */
export function decodeNet(bytes: Uint8Array): NetWeights {
  const n = bytes.length;
  if (n < NET_HEADER_BYTES)
    throw new NetFileError(`net file: ${n} bytes, shorter than the ${NET_HEADER_BYTES}-byte header (truncated?)`);
  const magic = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]);
  if (magic !== MAGIC)
    throw new NetFileError(`net file: bad magic ${JSON.stringify(magic)}, expected "${MAGIC}" (not a Tempo net)`);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, n);
  const u32 = (o: number) => dv.getUint32(o, true);
  const version = u32(4);
  if (version !== NET_VERSION)
    throw new NetFileError(`net file: version ${version}, this build reads version ${NET_VERSION}`);
  const H = u32(8),
    B = u32(12);
  const problem = shapeProblem(H, B);
  if (problem !== null) throw new NetFileError(`net file: ${problem}`);
  const constants: [string, number, number][] = [
    ['QA', u32(16), QA],
    ['QB', u32(20), QB],
    ['SCALE', u32(24), NNUE_SCALE],
  ];
  for (const [name, got, want] of constants)
    if (got !== want) throw new NetFileError(`net file: ${name} = ${got}, this build's ${name} is ${want}`);
  const size = netFileSize(H, B);
  if (n !== size)
    throw new NetFileError(
      `net file: ${n} bytes, expected ${size} for H = ${H}, B = ${B} (${n < size ? `truncated: ${size - n} missing` : `${n - size} extra`})`,
    );
  const stored = u32(28),
    hash = fnv1a(bytes, NET_HEADER_BYTES);
  if (stored !== hash)
    throw new NetFileError(
      `net file: weights hash 0x${hash.toString(16).padStart(8, '0')} does not match the header's 0x${stored.toString(16).padStart(8, '0')} (corrupt)`,
    );
  const net = createNet(H, B);
  let o = NET_HEADER_BYTES;
  for (const a of [net.ftWeights, net.ftBias, net.outWeights]) {
    readInt16s(a, bytes, o);
    o += 2 * a.length;
  }
  for (let i = 0; i < B; i++, o += 4) net.outBias[i] = dv.getInt32(o, true);
  return net;
}

/**
 * A copy of `net` in shared memory, for posting to worker threads (structured clone
 * shares the memory, it does not copy it), so that every search thread reads the same
 * weights. Where the runtime has wasm threads and SIMD (Node; cross-origin-isolated
 * pages), the memory is a shared WebAssembly.Memory (the `wasm` field) that the SIMD
 * stacks of every thread compute in, so nothing copies the weights again; elsewhere
 * the arrays live in one SharedArrayBuffer and each SIMD stack copies them into its own
 * memory (simd.ts).
 */
export function shareNet(net: NetWeights): NetWeights {
  checkNet(net);
  return shareWeights(net) ?? shareBuffer(net);
}

/** shareNet's copy in one SharedArrayBuffer. */
function shareBuffer(net: NetWeights): NetWeights {
  const H = net.hidden,
    B = net.buckets;
  const ft = NNUE_INPUTS * H,
    ow = 2 * B * H;
  // int32 outBias first, so every array starts aligned to its element size.
  const buf = new SharedArrayBuffer(4 * B + 2 * (ft + H + ow));
  const outBias = new Int32Array(buf, 0, B);
  const ftWeights = new Int16Array(buf, 4 * B, ft);
  const ftBias = new Int16Array(buf, 4 * B + 2 * ft, H);
  const outWeights = new Int16Array(buf, 4 * B + 2 * (ft + H), ow);
  outBias.set(net.outBias);
  ftWeights.set(net.ftWeights);
  ftBias.set(net.ftBias);
  outWeights.set(net.outWeights);
  return { hidden: H, buckets: B, ftWeights, ftBias, outWeights, outBias };
}

/**
 * A deterministic random net (xorshift32 from `seed`) for tests and benchmarks:
 * feature weights in -40..40 and biases in -100..100, so accumulators land on both
 * sides of the clipping range; output weights in -127..127, output biases in
 * +/-50,000 (about +/-20 cp).
 */
export function randomNet(hidden: number, buckets: number, seed = 1): NetWeights {
  const net = createNet(hidden, buckets);
  let s = seed | 0 || 1;
  const next = (k: number) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % (2 * k + 1)) - k;
  };
  for (let i = 0; i < net.ftWeights.length; i++) net.ftWeights[i] = next(40);
  for (let i = 0; i < hidden; i++) net.ftBias[i] = next(100);
  for (let i = 0; i < net.outWeights.length; i++) net.outWeights[i] = next(127);
  for (let i = 0; i < buckets; i++) net.outBias[i] = next(50_000);
  return net;
}
