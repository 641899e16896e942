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
import { RECORD_BYTES, boardFen, loneKingStrongSide, parseTextRecord, readRecord, type TextRecord } from './record';
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

  test('lone king against mating material: which side is strong, and only with mating material', () => {
    const side = (board: string) => {
      const rec: TextRecord = { board: new Uint8Array(64), stm: 0, ply: 0, score: 0, result: 0 };
      expect(parseTextRecord(`${board} w - - 0 1 | 0 | 0.5`, rec)).toBeNull();
      return loneKingStrongSide(rec.board);
    };
    expect(side('8/8/8/4k3/8/8/8/R3K3')).toBe(0);
    expect(side('3qk3/8/8/8/8/8/8/4K3')).toBe(1);
    expect(side('8/8/8/4k3/8/8/8/1N2KB2')).toBe(0);
    expect(side('8/8/8/4k3/8/8/8/2B1KB2')).toBe(0); // c1 dark, f1 light
    expect(side('8/8/8/4k3/8/8/8/2B1K1B1')).toBe(-1); // both dark
    expect(side('8/8/8/4k3/8/8/8/1N2KN2')).toBe(-1);
    expect(side('8/8/8/4k3/8/8/P7/2B1K3')).toBe(-1);
    expect(side('8/8/8/4k3/4p3/8/8/R3K3')).toBe(-1);
    expect(side('8/8/8/4k3/8/8/8/4K3')).toBe(-1);
  });

  test('--drop-lone-king leaves out whole games a lone king was not beaten in, keeping the numbers', async () => {
    // Game 0 reaches KRK and is drawn; game 1 reaches it and is won; game 2 never does (drawn).
    const games = [
      ['r3k3/8/8/8/8/8/8/R3K3 w - - 0 30 | 20 | 0.5', '8/8/8/4k3/8/8/8/R3K3 w - - 0 31 | 380 | 0.5'],
      ['r3k3/8/8/8/8/8/8/R3K3 w - - 0 30 | 20 | 1.0', '8/8/8/4k3/8/8/8/R3K3 w - - 0 31 | 380 | 1.0'],
      ['r3k3/8/8/8/8/8/8/R3K3 w - - 0 30 | 20 | 0.5', 'r3k3/8/8/8/8/8/8/R2K4 b - - 1 31 | 10 | 0.5'],
    ];
    const file = join(dir, 'lone.txt');
    writeFileSync(file, games.flat().join('\n') + '\n');
    const kept = await convert([file], join(dir, 'lone.tnd'), 0, false, true);
    expect(kept).toMatchObject({ games: 3, records: 4, droppedGames: 1, droppedRecords: 2 });
    const bytes = new Uint8Array(readFileSync(join(dir, 'lone.tnd')));
    const view = new DataView(bytes.buffer);
    expect([0, 1, 2, 3].map((i) => readRecord(bytes, view, i * RECORD_BYTES).game)).toEqual([1, 1, 2, 2]);
    const all = await convert([file], join(dir, 'all.tnd'), 0, false);
    expect(all).toMatchObject({ games: 3, records: 6, droppedGames: 0 });
    const io = collectIo();
    expect(await main(['convert', file, '--out', join(dir, 'lone2.tnd'), '--drop-lone-king'], io, null)).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/left out 1 games \(2 records\) that reached a lone king/);
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
