/**
 * Base64 (RFC 4648, `+/`, `=` padding) to bytes, for the embedded default net. No
 * `atob` or `Buffer`: the same code runs in Node and in a browser worker, and decodes
 * the ~530 KB string straight into the bytes (atob would build a binary string first).
 * It runs once per thread, mostly before the JIT has compiled it, hence the one plain
 * loop over whole quads and the padded last quad apart.
 */

/** 6-bit value of each ASCII code, 255 for a character outside the alphabet. */
const VALUE = new Uint8Array(128).fill(255);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

/** The 6-bit value of text[i] (throws for a character outside the alphabet). */
function value(text: string, i: number): number {
  const c = text.charCodeAt(i);
  const v = c < 128 ? VALUE[c] : 255;
  if (v === 255) throw new Error(`base64: bad character at ${i}`);
  return v;
}

/** The bytes of `text` (length a multiple of 4, at most two `=` at the end); throws on anything else. */
export function base64ToBytes(text: string): Uint8Array {
  const n = text.length;
  if (n % 4 !== 0) throw new Error(`base64: length ${n} is not a multiple of 4`);
  if (n === 0) return new Uint8Array(0);
  const pad = text.charCodeAt(n - 1) === 61 ? (text.charCodeAt(n - 2) === 61 ? 2 : 1) : 0; // 61: '='
  const out = new Uint8Array((n / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < n - 4; i += 4) {
    const quad = (value(text, i) << 18) | (value(text, i + 1) << 12) | (value(text, i + 2) << 6) | value(text, i + 3);
    out[o] = quad >>> 16;
    out[o + 1] = (quad >>> 8) & 255;
    out[o + 2] = quad & 255;
    o += 3;
  }
  const i = n - 4;
  const quad =
    (value(text, i) << 18) |
    (value(text, i + 1) << 12) |
    (pad < 2 ? value(text, i + 2) << 6 : 0) |
    (pad < 1 ? value(text, i + 3) : 0);
  out[o] = quad >>> 16;
  if (pad < 2) out[o + 1] = (quad >>> 8) & 255;
  if (pad < 1) out[o + 2] = quad & 255;
  return out;
}

/** Node's Buffer, where there is one (this package compiles against browser types). */
interface NodeBufferClass {
  from(text: string, encoding: 'base64'): Uint8Array;
}

/**
 * The bytes of base64 `text` by the platform's own decoder where there is one (Node's
 * Buffer; a browser's atob, then one pass over its binary string), else base64ToBytes:
 * the default net is decoded as its thread loads, when the JIT has compiled nothing
 * yet and base64ToBytes takes ~15 ms against Buffer's ~1.
 */
export function decodeBase64(text: string): Uint8Array {
  const buffer = (globalThis as { Buffer?: NodeBufferClass }).Buffer;
  if (typeof buffer?.from === 'function') {
    const b = buffer.from(text, 'base64');
    return new Uint8Array(b.buffer, b.byteOffset, b.length);
  }
  if (typeof atob === 'function') {
    const binary = atob(text);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  }
  return base64ToBytes(text);
}
