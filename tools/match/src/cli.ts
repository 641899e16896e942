/**
 * tempo-match: engine-vs-engine matches (`tempo-match --engine ... --engine ...`),
 * `merge` of result files, and the strength `ladder`. Exit codes: 0 done, 1 an engine
 * or runtime error, 2 a usage mistake or unreadable input; always one line on stderr.
 */
import { pathToFileURL } from 'node:url';
import { realpathSync } from 'node:fs';
import { InputError, UsageError, processIo, type Io } from '@tempo/toolkit';
import { ladderCommand } from './ladder';
import { matchCommand, mergeCommand } from './commands';

const USAGE = [
  'usage: tempo-match --engine name=A cmd="..." [option.X=V] [tc=10+0.1|nodes=N|depth=N|movetime=MS] --engine name=B cmd=...',
  '         [--each tc=...] --games N --openings FILE [--order random|sequential] [--seed S] [--concurrency N]',
  '         [--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized|logistic] [--pgn FILE] [--out FILE] [--resume]',
  '         [--chess960] [--draw movenumber=N movecount=N score=CP] [--resign movecount=N score=CP] [--maxmoves N] [--margin MS] [--verbose]',
  '       tempo-match merge A.json B.json ...',
  '       tempo-match ladder [--games N] [--tc 8+0.08] [--resume] [--subject name=Tempo cmd=...] [--engine name=X cmd=...] ...',
].join('\n');

/** Runs a command line; resolves to the exit code. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h') {
      io.out(USAGE);
      return command === undefined ? 2 : 0;
    }
    if (command === 'merge') return mergeCommand(rest, io);
    if (command === 'ladder') return await ladderCommand(rest, io);
    return await matchCommand(command === 'run' ? rest : argv, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`tempo-match: ${e.message}`);
      return 2;
    }
    if (e instanceof InputError) {
      io.err(`tempo-match: ${e.message}`);
      return 2;
    }
    io.err(`tempo-match: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

const isEntry = (() => {
  try {
    return process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
})();
if (isEntry) {
  process.exitCode = await main(process.argv.slice(2));
}
