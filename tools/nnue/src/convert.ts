/**
 * `tempo-nnue convert`: datagen's text records to the 32-byte binary records, streamed
 * (a line at a time in, 4,096 records a write out), so 20M records never sit in memory.
 * The output is written under a temporary name and renamed when complete; the bytes
 * depend only on the input lines, their names and --first-game, so a stopped conversion
 * is simply run again (about a minute for 20M records).
 *
 * Games: a new game starts at the first record of each file and wherever the ply (from
 * the FEN's fullmove number and side to move) does not increase on the previous
 * record's: datagen writes a game's records in move order and a game's first kept
 * position is at ply 10 or later while the previous game has ended past it.
 *
 * Game numbers: each input argument (a parts folder or a file) starts at a base, the
 * --first-game (default 0) for the first and one past the largest number used so far
 * for the next. In a datagen part games-A-B.txt the k-th game found is base + A + k (so
 * a parts folder's numbers are datagen's game indices, whichever parts exist yet), and
 * finding more than B - A + 1 games there is an error; in any other file it is base + k.
 *
 * With dropLoneKing, a game that reached a lone king against mating material and was not
 * won by the strong side is left out whole (its number stays used): engines that did not
 * score those endings by rule drew them by the fifty-move rule, so the game's result
 * misstates its positions.
 */
import { closeSync, createReadStream, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { InputError, startProgress } from '@tempo-chess/toolkit';
import { RECORD_BYTES, loneKingStrongSide, parseTextRecord, writeRecord, type TextRecord } from './record';

/** What a conversion did. */
export interface ConvertStats {
  files: number;
  lines: number;
  records: number;
  games: number;
  /** Game numbers of the first game written and the largest (-1 when none). */
  firstGame: number;
  lastGame: number;
  /** Games (and their records) left out by dropLoneKing. */
  droppedGames: number;
  droppedRecords: number;
}

const PART_NAME = /^games-(\d+)-(\d+)\.txt$/;

/**
 * The text inputs, one group an argument: a file as it is, a folder of datagen parts as
 * its games-*.txt files in game order (their zero-padded names sort so). Throws
 * InputError for a missing path or a folder without parts.
 */
export function expandInputs(paths: readonly string[]): string[][] {
  return paths.map((path) => {
    let st;
    try {
      st = statSync(path);
    } catch (e) {
      throw new InputError(
        `cannot read ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`,
      );
    }
    if (st.isDirectory()) {
      const parts = readdirSync(path)
        .filter((f) => PART_NAME.test(f))
        .sort();
      if (parts.length === 0) throw new InputError(`${path}: a folder without datagen parts (games-*.txt)`);
      return parts.map((f) => join(path, f));
    }
    if (!st.isFile()) throw new InputError(`cannot read ${path}: not a file`);
    return [path];
  });
}

/** Converts `inputs` (files or parts folders) into `out`; resolves to the counts. */
export async function convert(
  inputs: readonly string[],
  out: string,
  firstGame = 0,
  progress = true,
  dropLoneKing = false,
): Promise<ConvertStats> {
  const groups = expandInputs(inputs);
  const files = groups.flat();
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
  const stats: ConvertStats = {
    files: files.length,
    lines: 0,
    records: 0,
    games: 0,
    firstGame: -1,
    lastGame: -1,
    droppedGames: 0,
    droppedRecords: 0,
  };
  const CAP = 4096;
  const buf = new Uint8Array(CAP * RECORD_BYTES);
  const view = new DataView(buf.buffer);
  const rec: TextRecord = { board: new Uint8Array(64), stm: 0, ply: 0, score: 0, result: 0 };
  let used = 0,
    next = firstGame;
  const flush = () => {
    writeSync(fd, buf, 0, used * RECORD_BYTES);
    buf.fill(0);
    used = 0;
  };
  const write = (r: TextRecord, game: number) => {
    writeRecord(r, game, buf, view, used * RECORD_BYTES);
    stats.records++;
    if (++used === CAP) flush();
  };
  // The game under way when dropLoneKing holds it back: its records, and whether it
  // reached a lone king that the strong side did not beat.
  const held: TextRecord[] = [];
  let heldGame = -1,
    unwon = false;
  const release = () => {
    if (unwon) {
      stats.droppedGames++;
      stats.droppedRecords += held.length;
    } else for (const r of held) write(r, heldGame);
    held.length = 0;
    unwon = false;
  };
  try {
    for (const group of groups) {
      const base = next;
      for (const file of group) {
        const part = PART_NAME.exec(basename(file));
        const start = part === null ? base : base + Number(part[1]);
        const room = part === null ? Infinity : Number(part[2]) - Number(part[1]) + 1;
        let prevPly = Infinity,
          lineNo = 0,
          pending = 0,
          local = -1;
        const rl = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
        for await (const line of rl) {
          lineNo++;
          pending += line.length + 1;
          const text = line.trim();
          if (text === '' || text.startsWith('#')) continue;
          const error = parseTextRecord(text, rec);
          if (error !== null) throw new InputError(`${file}:${lineNo}: ${error}`);
          if (rec.ply <= prevPly) {
            if (++local >= room)
              throw new InputError(`${file}:${lineNo}: more than the part's ${room} games (the ply rule split a game)`);
            if (start + local > 0xffffffff)
              throw new InputError(`${file}:${lineNo}: game number ${start + local} does not fit 32 bits`);
            stats.games++;
            if (stats.firstGame < 0) stats.firstGame = start + local;
            stats.lastGame = Math.max(stats.lastGame, start + local);
            next = Math.max(next, start + local + 1);
            if (dropLoneKing) release();
          }
          prevPly = rec.ply;
          if (dropLoneKing) {
            const strong = loneKingStrongSide(rec.board);
            if (strong >= 0 && rec.result !== (strong === 0 ? 2 : 0)) unwon = true;
            held.push({ ...rec, board: rec.board.slice() });
            heldGame = start + local;
          } else write(rec, start + local);
          if (pending >= 1 << 20) {
            bar?.add(pending);
            pending = 0;
          }
        }
        stats.lines += lineNo;
        if (dropLoneKing) release();
        bar?.add(pending);
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
  return stats;
}
