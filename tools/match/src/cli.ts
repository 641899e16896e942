/**
 * tempo-match: engine-vs-engine matches (`tempo-match --engine ... --engine ...`),
 * `merge` of result files, the strength `ladder`, the `ledger` of recorded matches, and
 * the `spsa` tuner of the search's parameters.
 * Exit codes: 0 done, 1 an engine or runtime error, 2 a usage mistake or unreadable
 * input; always one line on stderr.
 */
import { failureExit, isMainModule, processIo, type Io } from '@tempo-chess/toolkit';
import { ladderCommand } from './ladder';
import { ledgerCommand } from './ledger';
import { matchCommand, mergeCommand } from './commands';
import { spsaCommand } from './spsa-command';

const USAGE = [
  'usage: tempo-match --engine name=A cmd="..." [option.X=V] [tc=10+0.1|nodes=N|depth=N|movetime=MS] --engine name=B cmd=...',
  '         [--each tc=...] --games N --openings FILE [--openings-part all|train|test] [--order random|sequential] [--seed S] [--concurrency N]',
  '         [--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized|logistic] [--pgn FILE] [--out FILE] [--resume]',
  '         [--chess960] [--draw movenumber=N movecount=N score=CP] [--resign movecount=N score=CP] [--maxmoves N] [--margin MS] [--verbose]',
  '       tempo-match merge A.json B.json ...',
  '       tempo-match ledger [--check] [--root DIR]   (docs/results/matches.jsonl -> the tables of docs/MATCHES.md, STRENGTH.md)',
  '       tempo-match spsa --state FILE [--resume] [--params FILE] [--iterations 2500] [--tc 4+0.04|--nodes N] [--concurrency 2]',
  '         [--engine "node apps/uci/dist-tune/tempo.js"] [--option NAME=VALUE ...] [--openings FILE] [--seed S] [--maxmoves N]',
  '       tempo-match spsa --report --state FILE      (the tuned values: setoption lines, params.ts rows, OpenBench inputs)',
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
    if (command === 'ledger') return ledgerCommand(rest, io);
    if (command === 'spsa') return await spsaCommand(rest, io);
    return await matchCommand(command === 'run' ? rest : argv, io);
  } catch (e) {
    return failureExit('tempo-match', e, io);
  }
}

if (isMainModule(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
