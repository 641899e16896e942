import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { featureIndex } from '@tempo-chess/nnue';
import { Position } from '@tempo-chess/position';
import { Rng, collectIo } from '@tempo-chess/toolkit';
import { beforeAll, describe, expect, test } from 'vitest';
import { convert } from '../convert';
import { RECORD_BYTES } from '../record';
import { randomGameLines } from '../test-support';
import { MIRROR, Scratch, makeLayout, recordFeatures, trainRecord } from './kernel';
import { parseTrainArgs } from './options';
import { CHUNKS, TaskRunner, arenaLayout, createArena } from './tasks';
import { epochOrder, train } from './train';

const dir = mkdtempSync(join(tmpdir(), 'tempo-nnue-mirror-'));
const lines = randomGameLines(30, 21, 40);

/** The FEN mirrored left-right (each rank's characters reversed), castling and en passant cleared. */
function mirrorFen(fen: string): string {
  const f = fen.split(' ');
  return [
    f[0]
      .split('/')
      .map((r) => [...r].reverse().join(''))
      .join('/'),
    f[1],
    '-',
    '-',
    f[4],
    f[5],
  ].join(' ');
}

let plain: Uint8Array, mirrored: Uint8Array;

beforeAll(async () => {
  // The same records twice: as they are, and with every board mirrored through its FEN.
  writeFileSync(join(dir, 'a.txt'), lines.join('\n') + '\n');
  writeFileSync(
    join(dir, 'b.txt'),
    lines
      .map((l) => {
        const [fen, ...rest] = l.split(' | ');
        return [mirrorFen(fen), ...rest].join(' | ');
      })
      .join('\n') + '\n',
  );
  await convert([join(dir, 'a.txt')], join(dir, 'a.tnd'), 0, false);
  await convert([join(dir, 'b.txt')], join(dir, 'b.tnd'), 0, false);
  plain = new Uint8Array(readFileSync(join(dir, 'a.tnd')));
  mirrored = new Uint8Array(readFileSync(join(dir, 'b.tnd')));
});

describe('--mirror', () => {
  test('a record read mirrored gives featureIndex of the mirrored board, both perspectives', () => {
    const sc = new Scratch(16);
    const sorted = (a: ArrayLike<number>) => Array.from(a).sort((x, y) => x - y);
    let changed = 0;
    for (let i = 0; i < lines.length; i++) {
      const pos = Position.fromFen(mirrorFen(lines[i].split(' | ')[0]));
      const want: number[][] = [[], []];
      for (let sq = 0; sq < 64; sq++) {
        const code = pos.board[sq];
        if (code !== 0) for (let p = 0; p < 2; p++) want[p].push(featureIndex(p, code >> 3, code & 7, sq));
      }
      const stm = recordFeatures(plain, i * RECORD_BYTES, sc, MIRROR);
      expect(stm).toBe(pos.side);
      expect(sorted(sc.features.subarray(0, sc.count))).toEqual(sorted(want[0]));
      expect(sorted(sc.features.subarray(32, 32 + sc.count))).toEqual(sorted(want[1]));
      const asIs = sorted(sc.features.subarray(0, sc.count));
      recordFeatures(plain, i * RECORD_BYTES, sc);
      if (sorted(sc.features.subarray(0, sc.count)).join() !== asIs.join()) changed++;
    }
    // Random middlegames are not symmetric: mirroring changes the feature sets.
    expect(changed).toBe(lines.length);
  });

  test('an epoch covers each training record twice, once each way, shuffled together; off is the old order', () => {
    const trainSet = Uint32Array.from({ length: 500 }, (_, i) => 3 * i + 1);
    const order = new Uint32Array(1000);
    epochOrder(trainSet, 7, 2, order, true);
    const seen = new Map<number, number>();
    for (const e of order) seen.set(e, (seen.get(e) ?? 0) + 1);
    expect(seen.size).toBe(1000);
    for (const r of trainSet) expect([seen.get(2 * r), seen.get(2 * r + 1)]).toEqual([1, 1]);
    // Mirrored and plain copies mixed through the epoch, not in two halves or pairs.
    const firstHalfMirrored = order.subarray(0, 500).filter((e) => (e & 1) === 1).length;
    expect(firstHalfMirrored).toBeGreaterThan(200);
    expect(firstHalfMirrored).toBeLessThan(300);
    let adjacentPairs = 0;
    for (let i = 0; i + 1 < 1000; i++) if (order[i] >>> 1 === order[i + 1] >>> 1) adjacentPairs++;
    expect(adjacentPairs).toBeLessThan(10);
    // Without --mirror: the record numbers in the Fisher-Yates order of Rng("<seed>:order:<e>"), as before the option.
    const off = new Uint32Array(500),
      want = trainSet.slice(),
      rng = new Rng('7:order:2');
    epochOrder(trainSet, 7, 2, off);
    for (let i = want.length - 1; i > 0; i--) {
      const j = Math.floor(rng.float() * (i + 1));
      [want[i], want[j]] = [want[j], want[i]];
    }
    expect(Array.from(off)).toEqual(Array.from(want));
  });

  test.each(['simd', 'plain'])(
    '%s kernel: a mirrored entry trains on the mirrored board (the mirror bit is not ignored)',
    (kernel) => {
      const H = 32,
        L = makeLayout(H, 2),
        n = lines.length;
      const memory = createArena(H, 2),
        A = arenaLayout(L);
      const data = new Uint8Array(new SharedArrayBuffer(plain.length));
      data.set(plain);
      // Each record as it is and mirrored, in that order.
      const order = Uint32Array.from({ length: 2 * n }, (_, e) => e);
      const runner = new TaskRunner({
        memory,
        simd: kernel === 'simd',
        data,
        order,
        mirror: true,
        holdout: new Uint32Array(0),
        hidden: H,
        buckets: 2,
        wdl: 0.3,
        scale: 150,
        outClip: 32767 / 64,
      });
      const rng = new Rng(5);
      for (let i = 0; i < L.size; i++) runner.params[i] = (rng.float() * 2 - 1) * (i < L.outWeights ? 0.15 : 0.5);
      let loss = 0;
      for (let c = 0; c < CHUNKS; c++) loss += runner.gradChunk(0, 2 * n, c);
      const got = new Float64Array(L.size);
      for (let c = 0; c < CHUNKS; c++) {
        const g = new Float32Array(memory.buffer, 4 * (A.grads + c * A.stride), L.size);
        for (let i = 0; i < L.size; i++) got[i] += g[i];
      }
      // The reference: the plain kernel on the records and on the separately converted mirrored boards.
      const sc = new Scratch(H),
        want = new Float32Array(L.size),
        ignored = new Float32Array(L.size);
      let wantLoss = 0;
      for (let i = 0; i < n; i++) {
        wantLoss += trainRecord(runner.params, want, L, sc, plain, i * RECORD_BYTES, 0.3, 1 / 150);
        wantLoss += trainRecord(runner.params, want, L, sc, mirrored, i * RECORD_BYTES, 0.3, 1 / 150);
        trainRecord(runner.params, ignored, L, sc, plain, i * RECORD_BYTES, 0.3, 1 / 150, 0);
        trainRecord(runner.params, ignored, L, sc, plain, i * RECORD_BYTES, 0.3, 1 / 150, 0);
      }
      expect(Math.abs(loss - wantLoss)).toBeLessThan(1e-6 * n);
      let scale = 0,
        far = 0,
        worst = 0;
      for (let i = 0; i < L.size; i++) scale = Math.max(scale, Math.abs(want[i]));
      for (let i = 0; i < L.size; i++) {
        worst = Math.max(worst, Math.abs(got[i] - want[i]));
        if (Math.abs(ignored[i] - want[i]) > 1e-3 * scale) far++;
      }
      expect(worst).toBeLessThanOrEqual(1e-5 * scale);
      // Reading every entry unmirrored would give a gradient far from it in thousands of parameters.
      expect(far).toBeGreaterThan(1000);
    },
  );

  test('--mirror is part of the run: resume refuses the other setting; the held-out loss is on unmirrored records', async () => {
    const tnd = join(dir, 'a.tnd');
    const args = (out: string, extra: string[] = []) =>
      parseTrainArgs([
        '--data',
        tnd,
        '--out',
        out,
        '--hidden',
        '16',
        '--epochs',
        '3',
        '--batch',
        '128',
        '--lr',
        '0.01',
        '--scale',
        '150',
        '--holdout',
        '0.3',
        '--seed',
        '2',
        ...extra,
      ])!;
    expect(args('x').config.mirror).toBeUndefined();
    expect(args('x', ['--mirror']).config.mirror).toBe(true);
    const io = collectIo();
    const m = await train(args(join(dir, 'm'), ['--mirror', '--stop-after', '1']), io, null, false);
    const held = Number(/start: held-out ([\d.]+)/.exec(io.stdout.join('\n'))![1]);
    const noMirror = collectIo();
    await train(args(join(dir, 'p'), ['--stop-after', '1']), noMirror, null, false);
    // Same seed, same starting weights, same held-out records: the same starting held-out loss.
    expect(Number(/start: held-out ([\d.]+)/.exec(noMirror.stdout.join('\n'))![1])).toBe(held);
    expect(io.stdout.join('\n')).toMatch(/each training record also mirrored/);
    expect(m.history.length).toBe(1);
    await expect(train(args(join(dir, 'm'), ['--resume']), collectIo(), null, false)).rejects.toThrow(
      `belongs to a run with another --mirror (true)`,
    );
    await expect(train(args(join(dir, 'p'), ['--resume', '--mirror']), collectIo(), null, false)).rejects.toThrow(
      `belongs to a run with another --mirror (off)`,
    );
    // Without --mirror the checkpoint's header has no mirror field: the bytes of the trainer before the option.
    const ck = readFileSync(join(dir, 'p', 'checkpoint.bin'));
    const header = JSON.parse(ck.toString('utf8', 12, 12 + ck.readUInt32LE(8))) as { config: object };
    expect(Object.keys(header.config)).toEqual([
      'data',
      'hidden',
      'buckets',
      'epochs',
      'batch',
      'lr',
      'wd',
      'wdl',
      'scale',
      'holdout',
      'seed',
      'check',
      'kernel',
    ]);
    // Resumed with --mirror: the bytes of a straight mirrored run.
    await train(args(join(dir, 'm'), ['--mirror', '--resume']), collectIo(), null, false);
    await train(args(join(dir, 's'), ['--mirror']), collectIo(), null, false);
    for (const f of ['checkpoint.bin', 'net.nnue'])
      expect(readFileSync(join(dir, 'm', f)).equals(readFileSync(join(dir, 's', f))), f).toBe(true);
  });
});
