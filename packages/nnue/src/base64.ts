/**
 * Base64 (RFC 4648, `+/`, `=` padding) to bytes, for the embedded default net. No
 * `atob` or `Buffer`: the same code runs in Node and in a browser worker, and decodes
 * the ~530 KB string straight into the bytes (atob would build a binary string first).
 */

/** 6-bit value of each ASCII code, 255 for a character outside the alphabet. */
const VALUE = new Uint8Array(128).fill(255);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

/** The bytes of `text` (length a multiple of 4, at most two `=` at the end); throws on anything else. */
export function base64ToBytes(text: string): Uint8Array {
  if (text.length % 4 !== 0) throw new Error(`base64: length ${text.length} is not a multiple of 4`);
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    let quad = 0;
    for (let k = 0; k < 4; k++) {
      const c = text.charCodeAt(i + k);
      const last = i + 4 === text.length;
      const v = c === 61 && last && k >= 4 - pad ? 0 : c < 128 ? VALUE[c] : 255; // 61: '='
      if (v === 255) throw new Error(`base64: bad character at ${i + k}`);
      quad = (quad << 6) | v;
    }
    out[o++] = quad >>> 16;
    if (o < out.length) out[o++] = (quad >>> 8) & 255;
    if (o < out.length) out[o++] = quad & 255;
  }
  return out;
}
