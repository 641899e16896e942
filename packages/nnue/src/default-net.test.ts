import { afterEach, describe, expect, test, vi } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { base64ToBytes, decodeBase64 } from './base64';
import { DEFAULT_NET_NAME, DEFAULT_NET_SIZE, defaultNetBytes } from './default-net';
import { decodeNet, fnv1a, netFileSize } from './net';
import { NET_HEADER_BYTES } from './constants';

const NETS = fileURLToPath(new URL('../nets/', import.meta.url));

describe('the embedded default net', () => {
  test('is exactly the one committed net file, named by its weights hash', () => {
    const files = readdirSync(NETS).filter((f) => f.endsWith('.nnue'));
    expect(files).toEqual([DEFAULT_NET_NAME]);
    const file = new Uint8Array(readFileSync(NETS + DEFAULT_NET_NAME));
    const bytes = defaultNetBytes();
    expect(bytes.length).toBe(DEFAULT_NET_SIZE);
    expect(bytes.length).toBe(file.length);
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(file))).toBe(0);
    const hash = fnv1a(bytes, NET_HEADER_BYTES);
    expect(DEFAULT_NET_NAME).toBe(`tempo-${hash.toString(16).padStart(8, '0')}.nnue`);
  });

  test('decodeNet accepts it', () => {
    const net = decodeNet(defaultNetBytes());
    expect(netFileSize(net.hidden, net.buckets)).toBe(DEFAULT_NET_SIZE);
    // A trained net, not zeros: its first-layer weights are not all equal.
    expect(new Set(net.ftWeights.subarray(0, 4096)).size).toBeGreaterThan(10);
  });
});

describe('base64ToBytes', () => {
  test('agrees with Node for every length 0..64 (so every padding) and every byte value', () => {
    for (let n = 0; n <= 64; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n * 13) & 255);
      expect(base64ToBytes(Buffer.from(bytes).toString('base64')), `length ${n}`).toEqual(bytes);
    }
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(base64ToBytes(Buffer.from(all).toString('base64'))).toEqual(all);
  });

  test('refuses a length that is not a multiple of 4, a character outside the alphabet, and = before the end', () => {
    expect(() => base64ToBytes('QUJ')).toThrow(/not a multiple of 4/);
    expect(() => base64ToBytes('QU-D')).toThrow(/bad character at 2/);
    expect(() => base64ToBytes('QQ==QUJD')).toThrow(/bad character at 2/);
    expect(() => base64ToBytes('QUé=')).toThrow(/bad character at 2/);
  });
});

describe('decodeBase64', () => {
  afterEach(() => vi.unstubAllGlobals());
  const samples = [0, 1, 2, 3, 100, 1000].map((n) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 255));

  test("with Node's Buffer, with atob alone (a browser), and with neither: the same bytes, and the default net's file", () => {
    const file = new Uint8Array(readFileSync(NETS + DEFAULT_NET_NAME));
    const viaBuffer = defaultNetBytes();
    vi.stubGlobal('Buffer', undefined);
    for (const bytes of samples) expect(decodeBase64(btoa(String.fromCharCode(...bytes)))).toEqual(bytes);
    expect(defaultNetBytes()).toEqual(file);
    vi.stubGlobal('atob', undefined);
    for (const bytes of samples) expect(decodeBase64(btoa(String.fromCharCode(...bytes)))).toEqual(bytes);
    expect(defaultNetBytes()).toEqual(file);
    expect(viaBuffer).toEqual(file);
  });
});
