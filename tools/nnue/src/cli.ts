/**
 * tempo-nnue: NNUE training data and the trainer (README.md). This one bundled file is
 * the command line and the trainer's worker threads: it switches on `isMainThread`, as
 * datagen does. Exit codes: 0 done, 1 a runtime error (or a quantised net outside the
 * tolerance), 2 a usage mistake or unreadable input; errors are one line on stderr.
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { UsageError, failureExit, intArg, isMainModule, parseCommand, processIo, type Io } from '@tempo-chess/toolkit';
import { convert } from './convert';
import { dataInfo, formatInfo } from './info';
import { TRAIN_USAGE, parseTrainArgs } from './train/options';
import { startTrainWorker } from './train/pool';
import type { SharedState } from './train/tasks';
import { train } from './train/train';

export const USAGE = [
  'usage: tempo-nnue convert <PARTS_DIR | FILE.txt>... --out FILE.tnd [--first-game N] [--drop-lone-king]',
  '       tempo-nnue info FILE.tnd',
  '       tempo-nnue train --data FILE.tnd [--data ...] --out DIR [options]   (tempo-nnue train --help)',
].join('\n');

async function runConvert(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommand('convert', argv, {
    out: { type: 'string' },
    'first-game': { type: 'string' },
    'drop-lone-king': { type: 'boolean' },
  });
  if (positionals.length === 0) throw new UsageError('convert: give a datagen parts folder or text files');
  if (values.out === undefined) throw new UsageError('convert: --out is required');
  const first = intArg('convert', '--first-game', values['first-game'], 0, 0xffffffff, 0);
  const t0 = performance.now();
  const drop = values['drop-lone-king'] === true;
  const s = await convert(positionals, values.out, first, io === processIo, drop);
  const secs = (performance.now() - t0) / 1000;
  io.out(
    `convert: ${s.records.toLocaleString('en-US')} records of ${s.games.toLocaleString('en-US')} games (numbers ${s.firstGame}..${s.lastGame}) ` +
      `from ${s.files} file${s.files === 1 ? '' : 's'} into ${values.out} in ${secs.toFixed(1)} s` +
      (drop
        ? `; left out ${s.droppedGames.toLocaleString('en-US')} games (${s.droppedRecords.toLocaleString('en-US')} records) ` +
          'that reached a lone king against mating material and were not won by the strong side'
        : ''),
  );
  return 0;
}

/** Runs a command line; resolves to the exit code. `script`: this file, for the trainer's workers (null: no workers). */
export async function main(
  argv: string[],
  io: Io = processIo,
  script: URL | null = new URL(import.meta.url),
): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      io.out(USAGE);
      return 0;
    }
    if (command === 'convert') return await runConvert(rest, io);
    if (command === 'info') {
      const { positionals } = parseCommand('info', rest, {});
      if (positionals.length !== 1) throw new UsageError('info: give one .tnd file');
      for (const line of formatInfo(positionals[0], dataInfo(positionals[0]))) io.out(line);
      return 0;
    }
    if (command === 'train') {
      const args = parseTrainArgs(rest);
      if (args === null) {
        io.out(TRAIN_USAGE);
        return 0;
      }
      const result = await train(args, io, script, io === processIo);
      return result.check === null || result.check.ok ? 0 : 1;
    }
    throw new UsageError(`unknown command "${command}" (convert, info, train)`);
  } catch (e) {
    return failureExit('tempo-nnue', e, io);
  }
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === 'nnue-train')
  startTrainWorker((workerData as { shared: SharedState }).shared);
else if (isMainModule(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
