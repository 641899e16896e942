/**
 * The engine's nets (UCI option EvalFile): the embedded default, decoded once per
 * thread when first asked for (the engine side asks when Use NNUE first needs it; the
 * UCI loop only prints its name), and net files read through the platform. Where memory can be
 * shared the weights live in shared memory (shareNet: a shared WebAssembly.Memory where
 * wasm threads exist, which every thread's SIMD accumulators compute in, else a
 * SharedArrayBuffer): posted to the Lazy SMP helpers, every thread reads the engine
 * worker's one copy.
 */
import { DEFAULT_NET_NAME, decodeNet, shareNet, type NetWeights } from '@tempo-chess/nnue';
import { defaultNetBytes } from '@tempo-chess/nnue/default-net';
import type { EnginePlatform } from './platform';

let embedded: NetWeights | null = null;

/** `net` in shared memory where the platform has it (a browser page that is not cross-origin isolated has not). */
function shareable(net: NetWeights): NetWeights {
  return typeof SharedArrayBuffer === 'function' ? shareNet(net) : net;
}

/** The embedded net, decoded at the first call (a few milliseconds). */
export function defaultNet(): NetWeights {
  return (embedded ??= shareable(decodeNet(defaultNetBytes())));
}

/** Does an EvalFile value mean the embedded net: its name, `<default>`, or nothing? */
export function isDefaultNet(value: string): boolean {
  const v = value.trim();
  return v === '' || v === '<empty>' || v === '<default>' || v === DEFAULT_NET_NAME;
}

/**
 * The net an EvalFile value names: the embedded one, or a net file read through the
 * platform. Throws an Error of one line (decodeNet's NetFileError for a file that is
 * not a whole, intact net of this format; the platform's own for one it cannot read).
 */
export function loadNet(value: string, platform: EnginePlatform): NetWeights {
  if (isDefaultNet(value)) return defaultNet();
  if (!platform.readBinaryFile) throw new Error('this platform cannot read files');
  return shareable(decodeNet(platform.readBinaryFile(value.trim())));
}
