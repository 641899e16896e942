/**
 * `tempo-nnue convert`: datagen's text records to the 32-byte binary records, streamed
 * (a line at a time in, 4,096 records a write out), so 20M records never sit in memory.
 * The output is written under a temporary name and renamed when complete; the bytes
 * depend only on the input lines and --first-game, so a stopped conversion is simply
 * run again (about a minute for 20M records).
 *
 * Game numbers: a running number over the inputs in the order given, from --first-game
 * (default 0). A new game starts at the first record of each file and wherever the ply
 * (from the FEN's fullmove number and side to move) does not increase on the previous
 * record's: datagen writes a game's records in move order and a game's first kept
 * position is at ply 10 or later while the previous game has ended past it. For a
 * datagen part (games-A-B.txt) the games found must not outnumber B - A + 1.
 */
import { closeSync, createReadStream, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { InputError, startProgress } from '@tempo/toolkit';
import { RECORD_BYTES, parseTextRecord, writeRecord, type TextRecord } from './record';

/** What a conversion did. */
export interface ConvertStats {
  files: number;
  lines: number;
  records: number;
  games: number;
  /** Game number of the first and the last game written. */
  firstGame: number;
  lastGame: number;
}

const PART_NAME = /^games-(\d+)-(\d+)\.txt$/;

/**
 * The text inputs: a file as it is, a folder of datagen parts as its games-*.txt files in
 * game order (their zero-padded names sort so). Throws InputError for a missing path or a
 * folder without parts.
 */
export function expandInputs(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const path of paths) {
    let st;
    try {
      st = statSync(path);
    } catch (e) {
      throw new InputError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
    }
    if (st.isDirectory()) {
      const parts = readdirSync(path).filter((f) => PART_NAME.test(f)).sort();
      if (parts.length === 0) throw new InputError(`${path}: a folder without datagen parts (games-*.txt)`);
      for (const f of parts) files.push(join(path, f));
    } else if (st.isFile()) files.push(path);
    else throw new InputError(`cannot read ${path}: not a file`);
  }
  return files;
}

/** Converts `inputs` (files or parts folders) into `out`; resolves to the counts. */
export async function convert(inputs: readonly string[], out: string, firstGame = 0, progress = true): Promise<ConvertStats> {
  const files = expandInputs(inputs);
  let totalBytes = 0;
  for (const f of files) totalBytes += statSync(f).size;
  const tmp = `${out}.partial`;
  let fd: number;
  try {
    fd = openSync(tmp, 'w');
  } catch (e) {
    throw new InputError(`cannot write ${out}: ${(e as Error).message.split(',')[0]}`);
  }
  const bar = progress ? startProgress(totalBytes, 'bytes') : null;
  const stats: ConvertStats = { files: files.length, lines: 0, records: 0, games: 0, firstGame, lastGame: firstGame - 1 };
  const CAP = 4096;
  const buf = new Uint8Array(CAP * RECORD_BYTES);
  const view = new DataView(buf.buffer);
  const rec: TextRecord = { board: new Uint8Array(64), stm: 0, ply: 0, score: 0, result: 0 };
  let used = 0, game = firstGame - 1;
  const flush = () => {
    writeSync(fd, buf, 0, used * RECORD_BYTES);
    buf.fill(0);
    used = 0;
  };
  try {
    for (const file of files) {
      const gamesBefore = stats.games;
      let prevPly = Infinity, lineNo = 0, pending = 0;
      const rl = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
      for await (const line of rl) {
        lineNo++;
        pending += line.length + 1;
        const text = line.trim();
        if (text === '' || text.startsWith('#')) continue;
        const error = parseTextRecord(text, rec);
        if (error !== null) throw new InputError(`${file}:${lineNo}: ${error}`);
        if (rec.ply <= prevPly) {
          game++;
          stats.games++;
        }
        prevPly = rec.ply;
        writeRecord(rec, game, buf, view, used * RECORD_BYTES);
        stats.records++;
        if (++used === CAP) flush();
        if (pending >= 1 << 20) {
          bar?.add(pending);
          pending = 0;
        }
      }
      stats.lines += lineNo;
      bar?.add(pending);
      const part = PART_NAME.exec(basename(file));
      if (part !== null) {
        const room = Number(part[2]) - Number(part[1]) + 1;
        if (stats.games - gamesBefore > room) throw new InputError(`${file}: ${stats.games - gamesBefore} games found in a part of ${room} (the ply rule split a game)`);
      }
    }
    flush();
  } catch (e) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  } finally {
    bar?.stop();
  }
  closeSync(fd);
  renameSync(tmp, out);
  stats.lastGame = game;
  return stats;
}
