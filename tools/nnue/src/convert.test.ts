import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { featureIndex } from '@tempo-chess/nnue';
import { Position } from '@tempo-chess/position';
import { collectIo } from '@tempo-chess/toolkit';
import { describe, expect, test } from 'vitest';
import { main } from './cli';
import { convert } from './convert';
import { dataInfo } from './info';
import { RECORD_BYTES, boardFen, readRecord } from './record';
import { randomGameLines } from './test-support';
import { Scratch, recordFeatures } from './train/kernel';

const dir = mkdtempSync(join(tmpdir(), 'tempo-nnue-convert-'));

describe('convert', () => {
  const lines = randomGameLines(12, 5, 30);
  const parts = join(dir, 'run.txt.parts');
  mkdirSync(parts);
  // Two parts of 6 games each, as datagen names them; game boundaries from the ply rule.
  const perGame: string[][] = [];
  for (const l of lines) {
    const ply = (Number(l.split(' ')[5]) - 1) * 2 + (l.split(' ')[1] === 'b' ? 1 : 0);
    const prev = perGame.at(-1)?.at(-1);
    const prevPly =
      prev === undefined ? Infinity : (Number(prev.split(' ')[5]) - 1) * 2 + (prev.split(' ')[1] === 'b' ? 1 : 0);
    if (ply <= prevPly) perGame.push([]);
    perGame.at(-1)!.push(l);
  }
  writeFileSync(join(parts, 'games-000000-000005.txt'), perGame.slice(0, 6).flat().join('\n') + '\n');
  writeFileSync(join(parts, 'games-000006-000011.txt'), '# a comment\n\n' + perGame.slice(6).flat().join('\n') + '\n');

  test('round trip: board, side to move, mover-view score and result, game numbers', async () => {
    expect(perGame.length).toBe(12);
    const out = join(dir, 'a.tnd');
    const stats = await convert([parts], out, 0, false);
    expect(stats).toMatchObject({ files: 2, records: lines.length, games: 12, firstGame: 0, lastGame: 11 });
    const bytes = new Uint8Array(readFileSync(out));
    expect(bytes.length).toBe(lines.length * RECORD_BYTES);
    const view = new DataView(bytes.buffer);
    let i = 0;
    perGame.forEach((game, g) => {
      for (const line of game) {
        const [fen, score, result] = line.split('|').map((s) => s.trim());
        const r = readRecord(bytes, view, i * RECORD_BYTES);
        const fields = fen.split(' ');
        expect(boardFen(r.board, r.stm)).toBe(`${fields[0]} ${fields[1]}`);
        const white = fields[1] === 'w';
        expect(r.score).toBe(white ? Number(score) : -Number(score));
        const res = { '1.0': 2, '0.5': 1, '0.0': 0 }[result]!;
        expect(r.result).toBe(white ? res : 2 - res);
        expect(r.game).toBe(g);
        i++;
      }
    });
    expect(i).toBe(lines.length);
  });

  test('the trainer reads the features featureIndex gives, for both perspectives', async () => {
    const out = join(dir, 'f.tnd');
    await convert([parts], out, 0, false);
    const bytes = new Uint8Array(readFileSync(out));
    const sc = new Scratch(16);
    for (let i = 0; i < 50; i++) {
      const fen = lines[i].split('|')[0].trim();
      const pos = Position.fromFen(fen);
      const want: number[][] = [[], []];
      for (let sq = 0; sq < 64; sq++) {
        const code = pos.board[sq];
        if (code !== 0) for (let p = 0; p < 2; p++) want[p].push(featureIndex(p, code >> 3, code & 7, sq));
      }
      const stm = recordFeatures(bytes, i * RECORD_BYTES, sc);
      expect(stm).toBe(pos.side);
      expect(Array.from(sc.features.subarray(0, sc.count))).toEqual(want[0]);
      expect(Array.from(sc.features.subarray(32, 32 + sc.count))).toEqual(want[1]);
    }
  });

  test('the same input gives the same bytes; game numbers by part names and arguments; info counts', async () => {
    writeFileSync(join(dir, 'material-like.txt'), perGame.slice(0, 2).flat().join('\n') + '\n');
    const a = join(dir, 'x.tnd'),
      b = join(dir, 'y.tnd'),
      c = join(dir, 'z.tnd');
    await convert([parts], a, 0, false);
    await convert([parts], b, 0, false);
    expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
    // A part alone keeps its datagen numbers (base + 6..11); a second argument starts past the first's.
    let s = await convert([join(parts, 'games-000006-000011.txt')], c, 100, false);
    expect(s).toMatchObject({ games: 6, firstGame: 106, lastGame: 111 });
    s = await convert([join(parts, 'games-000006-000011.txt'), join(dir, 'material-like.txt')], c, 0, false);
    expect(s).toMatchObject({ games: 8, firstGame: 6, lastGame: 13 });
    expect(new DataView(readFileSync(c).buffer.slice(0)).getUint32((s.records - 1) * RECORD_BYTES + 28, true)).toBe(13);
    s = await convert([parts, parts], c, 0, false);
    expect(s).toMatchObject({ games: 24, firstGame: 0, lastGame: 23 });
    const info = dataInfo(a);
    expect(info.records).toBe(lines.length);
    expect(info.games).toBe(12);
    expect(info.results[0] + info.results[1] + info.results[2]).toBe(lines.length);
  });

  test('a bad line is named by file and line; a missing input and a bad size in one line', async () => {
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, `${lines[0]}\n${lines[1].replace('|', '| x |')}\n`);
    let io = collectIo();
    expect(await main(['convert', bad, '--out', join(dir, 'bad.tnd')], io, null)).toBe(2);
    expect(io.stderr).toEqual([`tempo-nnue: ${bad}:2: expected "fen | score | result"`]);
    expect(existsSync(join(dir, 'bad.tnd')) || existsSync(join(dir, 'bad.tnd.partial'))).toBe(false);
    writeFileSync(bad, `${lines[0]}\n${lines[1]}\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1 | 0 | 0.5\n`);
    io = collectIo();
    expect(await main(['convert', bad, '--out', join(dir, 'bad.tnd')], io, null)).toBe(2);
    expect(io.stderr).toEqual([
      `tempo-nnue: ${bad}:3: bad FEN board "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN": rank 1 has 7 squares`,
    ]);
    writeFileSync(bad, `${lines[0]}\nqqqqkqqq/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/QQQQKQQQ w - - 0 1 | 0 | 0.5\n`);
    io = collectIo();
    expect(await main(['convert', bad, '--out', join(dir, 'bad.tnd')], io, null)).toBe(2);
    expect(io.stderr).toEqual([
      `tempo-nnue: ${bad}:2: bad FEN board "qqqqkqqq/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/QQQQKQQQ": 48 pieces (at most 32)`,
    ]);
    io = collectIo();
    expect(await main(['convert', join(dir, 'nope.txt'), '--out', join(dir, 'n.tnd')], io, null)).toBe(2);
    expect(io.stderr).toEqual([`tempo-nnue: cannot read ${join(dir, 'nope.txt')}: no such file`]);
    writeFileSync(join(dir, 'odd.tnd'), new Uint8Array(33));
    io = collectIo();
    expect(await main(['info', join(dir, 'odd.tnd')], io, null)).toBe(2);
    expect(io.stderr).toEqual([
      `tempo-nnue: ${join(dir, 'odd.tnd')}: 33 bytes is not a whole number of 32-byte records`,
    ]);
    io = collectIo();
    expect(await main(['frobnicate'], io, null)).toBe(2);
    expect(io.stderr).toEqual(['tempo-nnue: unknown command "frobnicate" (convert, info, train)']);
  });
});
