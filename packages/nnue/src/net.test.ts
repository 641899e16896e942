import { describe, expect, test } from 'vitest';
import {
  NNUE_INPUTS,
  NNUE_SCALE,
  NetFileError,
  QA,
  QB,
  createNet,
  decodeNet,
  encodeNet,
  evaluateFeatures,
  featureIndex,
  netFileSize,
  outputBucket,
  randomNet,
  type NetWeights,
} from './index';
import { readInt16s } from './net';

describe('features and buckets', () => {
  test('featureIndex: own pieces first, the board flipped for black', () => {
    expect(featureIndex(0, 0, 1, 8)).toBe(8); // white pawn a2, white's view
    expect(featureIndex(1, 0, 1, 8)).toBe(6 * 64 + 48); // the same pawn from black's view: their pawn on a7
    expect(featureIndex(1, 1, 6, 60)).toBe(5 * 64 + 4); // black king e8, black's view: own king on e1
    expect(featureIndex(0, 1, 5, 59)).toBe(10 * 64 + 59); // black queen d8, white's view
  });

  test('featureIndex covers 0..767 once per perspective, and a colour flip maps to the same feature', () => {
    for (let p = 0; p < 2; p++) {
      const seen = new Set<number>();
      for (let c = 0; c < 2; c++)
        for (let t = 1; t <= 6; t++)
          for (let s = 0; s < 64; s++) {
            seen.add(featureIndex(p, c, t, s));
            expect(featureIndex(p, c, t, s)).toBe(featureIndex(p ^ 1, c ^ 1, t, s ^ 56));
          }
      expect(seen.size).toBe(NNUE_INPUTS);
      expect(Math.min(...seen)).toBe(0);
      expect(Math.max(...seen)).toBe(NNUE_INPUTS - 1);
    }
  });

  test('outputBucket = min(B - 1, floor((n - 2) * B / 32))', () => {
    expect(outputBucket(2, 8)).toBe(0);
    expect(outputBucket(5, 8)).toBe(0); // 24 / 32
    expect(outputBucket(6, 8)).toBe(1); // 32 / 32
    expect(outputBucket(17, 8)).toBe(3); // 120 / 32 = 3.75
    expect(outputBucket(32, 8)).toBe(7); // 240 / 32 = 7.5
    expect(outputBucket(32, 16)).toBe(15);
    expect(outputBucket(32, 1)).toBe(0);
    expect(outputBucket(18, 2)).toBe(1);
    expect(outputBucket(17, 2)).toBe(0);
  });
});

/** Index of the first entry where a and b differ (-1 if equal); vitest's deep equality is slow on 200,000 entries. */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe('net file', () => {
  test('readInt16s reads little-endian int16s by the copy and by the byte-order-neutral reads alike', () => {
    // Bytes chosen so that both byte orders differ: 0x0180 is 384 little-endian, -32767 big-endian.
    const bytes = new Uint8Array([9, 0x80, 0x01, 0xff, 0xff, 0x00, 0x80, 0x34, 0x12]);
    const want = [384, -1, -32768, 0x1234];
    for (const little of [true, false]) {
      const out = new Int16Array(4);
      readInt16s(out, bytes, 1, little);
      expect(Array.from(out), `littleEndian ${little}`).toEqual(want);
    }
    // A view into a larger buffer at an odd offset reads the same.
    const big = new Uint8Array(20);
    big.set(bytes, 5);
    const out = new Int16Array(4);
    readInt16s(out, big.subarray(5), 1);
    expect(Array.from(out)).toEqual(want);
    // A Node Buffer (what a file read gives): a view into a pool whose slice() is another view.
    const pooled = Buffer.from(bytes);
    expect(pooled.byteOffset > 0 || pooled.buffer.byteLength > pooled.length, 'a pooled Buffer').toBe(true);
    out.fill(0);
    readInt16s(out, pooled, 1);
    expect(Array.from(out)).toEqual(want);
  });

  test('round trip: decode(encode(net)) = net and encode(decode(bytes)) = bytes', () => {
    for (const [h, b] of [
      [16, 1],
      [32, 8],
      [256, 8],
    ]) {
      const net = randomNet(h, b, 7 + h);
      const bytes = encodeNet(net);
      expect(bytes.length).toBe(netFileSize(h, b));
      expect(bytes.length).toBe(32 + 2 * (768 * h + h + 2 * b * h) + 4 * b);
      const back = decodeNet(bytes);
      expect(back.hidden).toBe(h);
      expect(back.buckets).toBe(b);
      expect(firstDifference(back.ftWeights, net.ftWeights)).toBe(-1);
      expect(firstDifference(back.ftBias, net.ftBias)).toBe(-1);
      expect(firstDifference(back.outWeights, net.outWeights)).toBe(-1);
      expect(firstDifference(back.outBias, net.outBias)).toBe(-1);
      expect(firstDifference(encodeNet(back), bytes)).toBe(-1);
    }
  });

  test('a file read into a larger buffer at an odd offset decodes the same', () => {
    const bytes = encodeNet(randomNet(16, 3, 11));
    const big = new Uint8Array(bytes.length + 5);
    big.set(bytes, 3);
    const back = decodeNet(big.subarray(3, 3 + bytes.length));
    expect(firstDifference(encodeNet(back), bytes)).toBe(-1);
  });

  test('the layout is little-endian as specified', () => {
    const net = createNet(16, 2);
    net.ftWeights[0] = -2; // 0xfffe
    net.ftWeights[768 * 16 - 1] = 0x1234;
    net.ftBias[1] = 0x0102;
    net.outWeights[2 * 2 * 16 - 1] = -300;
    net.outBias[1] = -0x10000;
    const bytes = encodeNet(net);
    const dv = new DataView(bytes.buffer);
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('TNNU');
    expect([4, 8, 12, 16, 20, 24].map((o) => dv.getUint32(o, true))).toEqual([1, 16, 2, QA, QB, NNUE_SCALE]);
    expect([bytes[32], bytes[33]]).toEqual([0xfe, 0xff]);
    const bias = 32 + 2 * 768 * 16,
      out = bias + 2 * 16,
      outBias = out + 2 * 2 * 2 * 16;
    expect([bytes[bias - 2], bytes[bias - 1]]).toEqual([0x34, 0x12]);
    expect([bytes[bias + 2], bytes[bias + 3]]).toEqual([0x02, 0x01]);
    expect(dv.getInt16(outBias - 2, true)).toBe(-300);
    expect(dv.getInt32(outBias + 4, true)).toBe(-0x10000);
    expect(outBias + 8).toBe(bytes.length);
  });

  /** A valid file with the header's u32 at `offset` replaced (the hash then no longer matters: the header is checked first). */
  function withHeader(offset: number, value: number): Uint8Array {
    const bytes = encodeNet(randomNet(32, 2, 3));
    new DataView(bytes.buffer).setUint32(offset, value, true);
    return bytes;
  }
  const refusal = (bytes: Uint8Array) => {
    try {
      decodeNet(bytes);
    } catch (e) {
      expect(e).toBeInstanceOf(NetFileError);
      const message = (e as Error).message;
      expect(message).not.toContain('\n');
      return message;
    }
    throw new Error('decodeNet accepted the file');
  };

  test('every kind of bad file is refused with one line naming the problem', () => {
    const good = encodeNet(randomNet(32, 2, 3));
    expect(refusal(good.subarray(0, 20))).toBe('net file: 20 bytes, shorter than the 32-byte header (truncated?)');
    expect(refusal(new Uint8Array(0))).toMatch(/0 bytes, shorter than the 32-byte header/);
    const magic = good.slice();
    magic[0] = 'X'.charCodeAt(0);
    expect(refusal(magic)).toBe('net file: bad magic "XNNU", expected "TNNU" (not a Tempo net)');
    expect(refusal(withHeader(4, 2))).toBe('net file: version 2, this build reads version 1');
    expect(refusal(withHeader(8, 24))).toBe('net file: hidden size H = 24 is not a multiple of 16 in 16..2048');
    expect(refusal(withHeader(8, 0))).toMatch(/H = 0 is not a multiple of 16/);
    expect(refusal(withHeader(8, 4096))).toMatch(/H = 4096 is not a multiple of 16 in 16\.\.2048/);
    expect(refusal(withHeader(12, 0))).toBe('net file: B = 0 output buckets is outside 1..16');
    expect(refusal(withHeader(12, 17))).toBe('net file: B = 17 output buckets is outside 1..16');
    expect(refusal(withHeader(16, 256))).toBe("net file: QA = 256, this build's QA is 255");
    expect(refusal(withHeader(20, 32))).toBe("net file: QB = 32, this build's QB is 64");
    expect(refusal(withHeader(24, 600))).toBe("net file: SCALE = 600, this build's SCALE is 400");
    const size = netFileSize(32, 2);
    expect(refusal(good.subarray(0, size - 1))).toBe(
      `net file: ${size - 1} bytes, expected ${size} for H = 32, B = 2 (truncated: 1 missing)`,
    );
    expect(refusal(good.subarray(0, 1000))).toMatch(/truncated: \d+ missing/);
    const longer = new Uint8Array(size + 3);
    longer.set(good);
    expect(refusal(longer)).toBe(`net file: ${size + 3} bytes, expected ${size} for H = 32, B = 2 (3 extra)`);
    // A header whose H and B describe another size is refused for its size, not read past its end.
    expect(refusal(withHeader(8, 64))).toMatch(/expected \d+ for H = 64, B = 2 \(truncated/);
  });

  test('the hash catches one flipped bit anywhere after the header, and a changed hash', () => {
    const good = encodeNet(randomNet(32, 2, 3));
    const stored = new DataView(good.buffer).getUint32(28, true);
    // One offset in each section (weights, bias, output weights, output bias) and a spread of others.
    const offsets = [32, 33, 32 + 2 * 768 * 32 + 5, 32 + 2 * 769 * 32 + 7, good.length - 1];
    for (let o = 40; o < good.length; o += 997) offsets.push(o);
    for (const o of offsets)
      for (const bit of [0, 7]) {
        const bad = good.slice();
        bad[o] ^= 1 << bit;
        expect(refusal(bad)).toMatch(
          new RegExp(
            `^net file: weights hash 0x[0-9a-f]{8} does not match the header's 0x${stored.toString(16).padStart(8, '0')} \\(corrupt\\)$`,
          ),
        );
      }
    const badHash = good.slice();
    badHash[31] ^= 0x80;
    expect(refusal(badHash)).toMatch(/does not match the header's/);
  });

  test('nets the format cannot hold are refused before writing', () => {
    expect(() => createNet(8, 1)).toThrow('net: hidden size H = 8 is not a multiple of 16 in 16..2048');
    expect(() => createNet(16, 0)).toThrow(NetFileError);
    const net = createNet(16, 1);
    expect(() => encodeNet({ ...net, ftBias: new Int16Array(15) })).toThrow(
      'net: ftBias has 15 entries, expected 16 for H = 16, B = 1',
    );
    expect(() => encodeNet({ ...net, outBias: new Int32Array(2) })).toThrow(/outBias has 2 entries, expected 1/);
  });
});

describe('evaluateFeatures (integer reference forward)', () => {
  const H = 16;
  /** The spec's formula written out with plain arithmetic, independently of the package's loops. */
  function byHand(
    accUs: number[],
    accThem: number[],
    wUs: (j: number) => number,
    wThem: (j: number) => number,
    bias: number,
  ): number {
    const screlu = (x: number) => Math.min(Math.max(x, 0), QA) ** 2;
    let sum = 0;
    for (let j = 0; j < H; j++) sum += screlu(accUs[j]) * wUs(j) + screlu(accThem[j]) * wThem(j);
    return Math.trunc(((Math.trunc(sum / QA) + bias) * NNUE_SCALE) / (QA * QB));
  }
  const setFeature = (net: NetWeights, f: number, w: (j: number) => number) => {
    for (let j = 0; j < H; j++) net.ftWeights[f * H + j] = w(j);
  };

  test('two pieces a side, bucket 0, both sides to move', () => {
    const net = createNet(H, 2);
    for (let j = 0; j < H; j++) net.ftBias[j] = 20 * j - 100;
    setFeature(net, 3, () => 30);
    setFeature(net, 100, (j) => 5 * j);
    setFeature(net, 700, () => -50);
    for (let j = 0; j < H; j++) {
      net.outWeights[j] = j - 8;
      net.outWeights[H + j] = 3;
      net.outWeights[2 * H + j] = 999; // bucket 1: must not be read with two pieces
    }
    net.outBias[0] = 1000;
    net.outBias[1] = -99999;
    // White's accumulator 25j - 70 (clipped at 0 for j < 3, at 255 for j >= 13); black's 20j - 120.
    const white = Array.from({ length: H }, (_, j) => 25 * j - 70);
    const black = Array.from({ length: H }, (_, j) => 20 * j - 120);
    const wUs = (j: number) => j - 8,
      wThem = () => 3;
    expect(byHand(white, black, wUs, wThem, 1000)).toBe(207); // sum 1,902,325; 7,460 + 1,000 = 8,460; x 400 / 16,320 = 207.35
    expect(byHand(black, white, wUs, wThem, 1000)).toBe(191); // sum 1,736,100; 6,808 + 1,000 = 7,808 -> 191.37
    expect(evaluateFeatures(net, [3, 100], [700, 3], 0)).toBe(207);
    expect(evaluateFeatures(net, [3, 100], [700, 3], 1)).toBe(191);
    expect(evaluateFeatures(net, [100, 3], [3, 700], 0)).toBe(207); // the order of the features does not matter
  });

  test('eighteen pieces pick bucket 1 of 2, and the result truncates towards zero', () => {
    const net = createNet(H, 2);
    for (let j = 0; j < H; j++) net.ftBias[j] = 20 * j - 100;
    const white: number[] = [],
      black: number[] = [];
    for (let i = 0; i < 18; i++) {
      white.push(i);
      black.push(200 + i);
      setFeature(net, i, () => 2);
      setFeature(net, 200 + i, () => -1);
    }
    for (let j = 0; j < H; j++) {
      net.outWeights[2 * H + j] = -20;
      net.outWeights[3 * H + j] = 2 * j - 15;
    }
    net.outBias[1] = -5000;
    const accW = Array.from({ length: H }, (_, j) => 20 * j - 64);
    const accB = Array.from({ length: H }, (_, j) => 20 * j - 118);
    // Black to move: sum 79,488; trunc(311.72) = 311; 311 - 5,000 = -4,689; x 400 / 16,320 = -114.93 -> -114 (not -115).
    expect(
      byHand(
        accB,
        accW,
        () => -20,
        (j) => 2 * j - 15,
        -5000,
      ),
    ).toBe(-114);
    expect(evaluateFeatures(net, white, black, 1)).toBe(-114);
  });

  test('bad feature lists are refused', () => {
    const net = createNet(H, 1);
    expect(() => evaluateFeatures(net, [768, 0], [0, 1], 0)).toThrow('nnue: feature 768 is not an integer in 0..767');
    expect(() => evaluateFeatures(net, [0], [0, 1], 0)).toThrow('nnue: 1 white features but 2 black ones');
  });
});
