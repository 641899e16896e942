/** The match and merge commands: options to settings, the run with its progress line, the report. */
import { existsSync } from 'node:fs';
import cliProgress from 'cli-progress';
import { InputError, UsageError, readOpenings, selectOpenings, type Io, type Opening } from '@tempo-chess/toolkit';
import { runMatch, type MatchEvents } from './match';
import { parseMatchArgs, resolveEngines } from './options';
import { firstDifference, mergeResults, readResultFile, type MatchSettings, type ResultFile } from './results';
import { reportLines } from './report';
import { fmtFixed, pentaElo, sprtLlr } from './stats';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** A match from command-line words; prints the report and returns the exit code. */
export async function matchCommand(
  argv: string[],
  io: Io,
  extra: { signal?: AbortSignal; noClockMs?: number } = {},
): Promise<number> {
  const o = parseMatchArgs(argv);
  const engines = resolveEngines(o);
  if (o.games === 0) throw new UsageError('--games N is required');
  if (o.resume && !o.out) throw new UsageError('--resume needs --out FILE (the result file to continue)');
  if (o.openingsPart !== 'all' && !o.openings) throw new UsageError('--openings-part needs --openings FILE');
  const openings: Opening[] = o.openings
    ? selectOpenings(readOpenings(o.openings, o.chess960), o.openingsPart)
    : [{ fen: START, moves: [] }];
  if (openings.length === 0) throw new InputError(`${o.openings}: no openings in part ${o.openingsPart}`);
  const settings: MatchSettings = {
    engines,
    chess960: o.chess960,
    adjudication: o.adjudication,
    marginMs: o.marginMs,
    games: o.games + (o.games % 2),
    // The part is recorded only when it is not the whole file, so older result files still resume and merge.
    openings: {
      file: o.openings ?? '(start position)',
      count: openings.length,
      order: o.order,
      seed: o.seed,
      ...(o.openingsPart !== 'all' ? { part: o.openingsPart } : {}),
    },
    ...(o.sprt ? { sprt: o.sprt } : {}),
  };
  let previous: ResultFile | undefined;
  if (o.out && existsSync(o.out)) {
    if (!o.resume) throw new InputError(`${o.out} exists; add --resume to continue it, or remove it`);
    previous = readResultFile(o.out);
    const d = firstDifference(JSON.parse(JSON.stringify(settings)), previous.settings);
    if (d) throw new InputError(`${o.out} was played with other settings (${d} differs); use a new --out`);
  }
  const names: [string, string] = [engines[0].name, engines[1].name];
  // Ctrl-C: the engines get it too and die, so the games under way are void; stop
  // recording at once and leave the result file as it was after the last whole pair.
  const interrupt = new AbortController();
  const onSigint = () => {
    interrupt.abort('interrupt');
    io.err(
      `tempo-match: interrupted; ${o.out ? `${o.out} holds every finished pair, continue with --resume` : 'no --out, nothing kept'}`,
    );
    process.exit(130);
  };
  process.once('SIGINT', onSigint);
  const signal = extra.signal ? AbortSignal.any([extra.signal, interrupt.signal]) : interrupt.signal;
  let result: ResultFile;
  try {
    result = await withProgress(settings, previous, io, o.verbose, (events) =>
      runMatch({
        settings,
        openings,
        previous,
        out: o.out,
        pgn: o.pgn,
        concurrency: o.concurrency,
        events,
        signal,
        noClockMs: extra.noClockMs,
      }),
    );
  } finally {
    process.off('SIGINT', onSigint);
  }
  if (result.sprtDecision === undefined && result.finished.length < settings.games / 2)
    io.out(`Stopped after ${result.finished.length} of ${settings.games / 2} pairs`);
  for (const line of reportLines(names, result.counts, settings.sprt, result.failures, result)) io.out(line);
  return 0;
}

/** Where stderr is not a terminal (a log file), a plain progress line every this many pairs. */
export const PROGRESS_EVERY_PAIRS = 10;

/**
 * Runs `run` under a live progress line on stderr on a terminal; elsewhere (output sent
 * to a file) one plain line every PROGRESS_EVERY_PAIRS pairs, so a long match's log
 * shows where it is before the final report.
 */
async function withProgress(
  s: MatchSettings,
  previous: ResultFile | undefined,
  io: Io,
  verbose: boolean,
  run: (e: MatchEvents) => Promise<ResultFile>,
): Promise<ResultFile> {
  const bar = new cliProgress.SingleBar(
    {
      format: '{bar} {value}/{total} games | {wld} | Elo {elo} | {llr}ETA {eta_formatted}',
      stream: process.stderr,
      hideCursor: true,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  const payload = (r?: ResultFile) => {
    const c = r?.counts;
    if (!c || c.wins + c.losses + c.draws === 0) return { wld: '0-0-0', elo: '-', llr: '' };
    const e = pentaElo(c.penta);
    const llr = s.sprt ? `LLR ${fmtFixed(sprtLlr(c.penta, s.sprt))} | ` : '';
    return {
      wld: `${c.wins}-${c.losses}-${c.draws}`,
      elo: `${fmtFixed(e.elo, 1)} +/- ${fmtFixed(e.eloError, 1)}`,
      llr,
    };
  };
  const started = previous ? previous.finished.length * 2 : 0;
  bar.start(s.games, started, payload(previous));
  const events: MatchEvents = {
    onGame(pair, game, white, black, g) {
      if (verbose || g.failure) {
        const line = `Finished game ${pair * 2 + game + 1} (${white} vs ${black}): ${g.result} {${g.reason}}`;
        if (process.stderr.isTTY) bar.stop();
        io.err(line);
      }
    },
    onPair(r) {
      if (!process.stderr.isTTY) {
        const n = r.finished.length;
        if ((n - started / 2) % PROGRESS_EVERY_PAIRS === 0) {
          const p = payload(r);
          io.err(
            `tempo-match: ${n * 2}/${s.games} games | ${p.wld} | Elo ${p.elo} | ${p.llr}${new Date().toISOString().slice(0, 19)}Z`,
          );
        }
        return;
      }
      if (!bar.isActive) bar.start(s.games, r.finished.length * 2, payload(r));
      bar.update(r.finished.length * 2, payload(r));
    },
  };
  try {
    return await run(events);
  } finally {
    bar.stop();
  }
}

/** `merge A.json B.json ...`: adds the counts of matches played under the same conditions. */
export function mergeCommand(argv: string[], io: Io): number {
  const paths = argv.filter((a) => !a.startsWith('--'));
  const unknown = argv.find((a) => a.startsWith('--'));
  if (unknown) throw new UsageError(`merge: unknown option ${unknown}`);
  if (paths.length === 0) throw new UsageError('merge: give one or more result files');
  const files = paths.map((path) => ({ path, result: readResultFile(path) }));
  const { counts, failures, settings } = mergeResults(files);
  const names: [string, string] = [settings.engines[0].name, settings.engines[1].name];
  io.out(`Merged ${files.length} result files, ${files.reduce((n, f) => n + f.result.finished.length, 0)} pairs`);
  // One file: its recorded decision stands (see reportLines); several: the SPRT is read off the summed counts.
  const recorded = files.length === 1 ? files[0].result : undefined;
  for (const line of reportLines(names, counts, settings.sprt, failures, recorded)) io.out(line);
  return 0;
}
