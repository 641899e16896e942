/**
 * `diff [--random N --seed S | --epd FILE] --depth D [--oracle chessjs | --oracle
 * uci:<command>] [--chess960] [--starts FILE] [--jobs J] [--verbose]`: perft-diff of Tempo
 * against an oracle on every position of a corpus.
 */
import { availableParallelism } from 'node:os';
import { UsageError, expectPositionals, intArg, parseCommand } from '@tempo-chess/toolkit';
import { chessJsVersion, chessJsWalker } from '../chessjs';
import { formatComposition, randomCorpus } from '../corpus';
import { diffChessJs, diffUci, type DiffPosition, type DiffSummary } from '../diff';
import { isChess960Castling, parseFenList, readTextFile } from '@tempo-chess/toolkit';
import type { Io } from '@tempo-chess/toolkit';
import { diffChessJsParallel } from '../pool';
import { startProgress } from '@tempo-chess/toolkit';
import { formatResults } from '../report';
import { tempoWalker } from '../tempo';

export { DIFF_USAGE } from '../usage';

/** What the CLI hands the command: its own bundle, which workers run. */
export interface DiffContext {
  workerScript?: URL;
}

type Oracle = { kind: 'chessjs' } | { kind: 'uci'; command: string };

function parseOracle(text: string | undefined): Oracle {
  if (text === undefined || text === 'chessjs') return { kind: 'chessjs' };
  if (text.startsWith('uci:') && text.length > 4) return { kind: 'uci', command: text.slice(4) };
  throw new UsageError(`diff: --oracle must be "chessjs" or "uci:<command>", got "${text}"`);
}

/** The validated command line. */
interface DiffOptions {
  random?: number;
  seed: number | string;
  epd?: string;
  depth: number;
  oracle: Oracle;
  chess960: boolean;
  starts?: string;
  jobs: number;
  verbose: boolean;
}

function parseDiffArgs(argv: string[]): DiffOptions {
  const { values, positionals } = parseCommand('diff', argv, {
    random: { type: 'string' },
    seed: { type: 'string' },
    epd: { type: 'string' },
    depth: { type: 'string' },
    oracle: { type: 'string' },
    chess960: { type: 'boolean' },
    starts: { type: 'string' },
    jobs: { type: 'string' },
    verbose: { type: 'boolean' },
  });
  expectPositionals('diff', positionals, []);
  const random = values.random === undefined ? undefined : intArg('diff', '--random', values.random, 1, 10_000_000);
  if ((random === undefined) === (values.epd === undefined))
    throw new UsageError('diff: give exactly one of --random N or --epd FILE');
  const depth = intArg('diff', '--depth', values.depth, 1, 12);
  const oracle = parseOracle(values.oracle);
  const chess960 = values.chess960 ?? false;
  if (chess960 && oracle.kind === 'chessjs')
    throw new UsageError('diff: chess.js cannot check Chess960; use --oracle uci:<command>');
  const jobs = intArg('diff', '--jobs', values.jobs, 1, 256, availableParallelism());
  if (values.starts !== undefined && !(chess960 && random !== undefined))
    throw new UsageError('diff: --starts goes with --random and --chess960');
  if (values.seed !== undefined && random === undefined) throw new UsageError('diff: --seed goes with --random');
  const seed = values.seed === undefined ? 1 : /^\d+$/.test(values.seed) ? Number(values.seed) : values.seed;
  return {
    random,
    seed,
    epd: values.epd,
    depth,
    oracle,
    chess960,
    starts: values.starts,
    jobs,
    verbose: values.verbose ?? false,
  };
}

/** The positions to check, and a phrase saying where they came from. Prints the corpus composition. */
function loadPositions(opts: DiffOptions, io: Io): { positions: DiffPosition[]; source: string } {
  if (opts.random === undefined) {
    const file = opts.epd as string;
    const positions = parseFenList(readTextFile(file)).map(({ fen }) => ({
      fen,
      chess960: opts.chess960 || isChess960Castling(fen.split(' ')[2] ?? '-'),
    }));
    return { positions, source: `${positions.length} positions from ${file}` };
  }
  const { random: count, seed, chess960 } = opts;
  const starts = opts.starts === undefined ? undefined : parseFenList(readTextFile(opts.starts)).map((s) => s.fen);
  const corpus = randomCorpus({
    count,
    seed,
    chess960,
    starts,
    walker: chess960 ? tempoWalker : (fen) => chessJsWalker(fen),
  });
  io.out(`corpus composition (${count} positions):`);
  for (const line of formatComposition(corpus.composition, count)) io.out(line);
  if (opts.verbose) corpus.positions.forEach((p, i) => io.out(`  ${i + 1}: ${p.fen}  [${p.features.join(' ')}]`));
  return {
    positions: corpus.positions,
    source: `${count} random${chess960 ? ' Chess960' : ''} positions (seed ${seed})`,
  };
}

/** Runs the command; resolves to the exit code. */
export async function diffCommand(argv: string[], io: Io, ctx: DiffContext = {}): Promise<number> {
  const opts = parseDiffArgs(argv);
  const { positions, source } = loadPositions(opts, io);
  const { depth, oracle, jobs } = opts;
  const oracleName = oracle.kind === 'chessjs' ? `chess.js ${chessJsVersion()}` : `UCI "${oracle.command}"`;
  const parallel = oracle.kind === 'chessjs' && jobs > 1 && ctx.workerScript !== undefined;
  io.out(`diff: ${source}, depth ${depth}, oracle ${oracleName}${parallel ? `, ${jobs} jobs` : ''}`);

  const bar = startProgress(positions.length, 'positions');
  const progress = () => bar.add(1);
  let summary: DiffSummary;
  try {
    if (oracle.kind === 'uci') summary = await diffUci(positions, depth, oracle.command, tempoWalker, progress);
    else if (parallel) summary = await diffChessJsParallel(positions, depth, jobs, ctx.workerScript as URL, progress);
    else summary = diffChessJs(positions, depth, tempoWalker, progress);
  } finally {
    bar.stop();
  }
  for (const line of formatResults(
    summary.results,
    positions.map((p) => p.fen),
  ))
    io.out(line);
  io.out(
    `diff: ${summary.positions} positions, ${summary.nodes} nodes compared, ${summary.mismatches} mismatches, ` +
      `${summary.errors} errors, ${summary.seconds.toFixed(1)} s`,
  );
  return summary.mismatches > 0 || summary.errors > 0 ? 1 : 0;
}
