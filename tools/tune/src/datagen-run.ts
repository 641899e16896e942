/**
 * The datagen driver: splits the games into chunks (one part file each), checks the
 * parts folder's settings, hands the unfinished chunks to the runners (worker
 * threads in the CLI, in-process players in tests), writes each part whole (temp
 * name, then rename), joins the parts into the output and reports.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { START_FEN } from '@tempo-chess/position';
import { Searcher, TranspositionTable, createSignals, searchPosition } from '@tempo-chess/search';
import { InputError, startProgress, type Io } from '@tempo-chess/toolkit';
import { playChunk, type GameSummary } from './datagen-chunk';
import type { DatagenConfig } from './datagen-options';
import { SelfPlayer } from './selfplay';

/** Games first..last (inclusive) and the part file they go to. */
export interface ChunkJob {
  first: number;
  last: number;
  /** File name inside the parts folder. */
  name: string;
}

/** Plays chunks; one runner is one game stream (a worker thread in the CLI). */
export interface ChunkRunner {
  /** Resolves to the chunk's text; calls onGame after each game. */
  run(job: ChunkJob, onGame: (g: GameSummary) => void): Promise<string>;
  close(): Promise<void>;
}

/** Makes runner `i` of a run. */
export type RunnerFactory = (config: DatagenConfig, i: number) => ChunkRunner;

/** What a run did. */
export interface DatagenSummary {
  /** Games and positions in the output file. */
  games: number;
  positions: number;
  /** Games played by this run (0 when every part was there). */
  playedGames: number;
  playedPositions: number;
  elapsedMs: number;
  out: string;
}

const pad = (n: number) => String(n).padStart(6, '0');

/** The chunks of `games` games, `chunk` a part. */
export function planChunks(games: number, chunk: number): ChunkJob[] {
  const jobs: ChunkJob[] = [];
  for (let first = 0; first < games; first += chunk) {
    const last = Math.min(games, first + chunk) - 1;
    jobs.push({ first, last, name: `games-${pad(first)}-${pad(last)}.txt` });
  }
  return jobs;
}

/** The folder of the parts of `out`. */
export const partsDir = (out: string): string => `${out}.parts`;

/**
 * Everything the records depend on, stored in settings.json: the run's numbers, the
 * openings (by content) and a signature of the engine with its evaluation weights (a
 * fixed depth-6 search from the start position), so a part made by another engine
 * build or table is never mixed in (and a run resumes from any checkout whose engine
 * plays the same, such as `--params` with the table that was the default).
 */
export function settingsOf(config: DatagenConfig): Record<string, unknown> {
  const searcher = new Searcher(new TranspositionTable(1), createSignals(), {
    evalParams: config.evalParams,
    net: config.net,
  });
  const sig = searchPosition(START_FEN, { depth: 6 }, { searcher });
  return {
    format: 1,
    games: config.games,
    nodes: config.nodes,
    seed: config.seed,
    chunk: config.chunk,
    hashMb: config.hashMb,
    openings: {
      count: config.openings.length,
      sha256: createHash('sha256').update(config.openings.join('\n')).digest('hex'),
    },
    engine: { depth6Nodes: sig.nodes, depth6Score: sig.score },
    // Only with --net, so that the settings of a run without one read as they always did.
    ...(config.netHash !== null ? { net: { hash: config.netHash } } : {}),
  };
}

/** Writes settings.json, or checks an existing one; throws InputError naming what differs. */
function checkSettings(dir: string, settings: Record<string, unknown>): void {
  const file = join(dir, 'settings.json');
  if (!existsSync(file)) {
    writeFileSync(file, JSON.stringify(settings, null, 2) + '\n');
    return;
  }
  let old: Record<string, unknown>;
  try {
    old = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    throw new InputError(`${file} is not readable JSON; remove the folder or choose another --out`);
  }
  const differ = Object.keys({ ...old, ...settings }).filter(
    (k) => JSON.stringify(old[k]) !== JSON.stringify(settings[k]),
  );
  if (differ.length > 0) {
    const what = differ
      .map((k) => `${k} ${JSON.stringify(old[k])} there, ${JSON.stringify(settings[k])} now`)
      .join('; ');
    throw new InputError(`${dir} was made with other settings (${what}); choose another --out or remove the folder`);
  }
}

/** The in-process runner (tests, and anyone without worker threads). */
export function inProcessRunner(config: DatagenConfig): ChunkRunner {
  const player = new SelfPlayer(config.hashMb, config.evalParams, config.net);
  const spec = { openings: config.openings, seed: config.seed, nodes: config.nodes };
  return {
    run: async (job, onGame) => playChunk(player, spec, job.first, job.last, onGame),
    close: async () => {},
  };
}

/** What the games are played with, said first: without --net it is the hand-crafted evaluation, not the engine's net. */
export function evaluationOf(config: DatagenConfig): string {
  return config.netHash !== null
    ? `net ${config.netHash}`
    : `hand-crafted (${config.evalSource}; --net FILE plays with a net)`;
}

/** Runs (or resumes) a datagen run and prints its summary. */
export async function runDatagen(config: DatagenConfig, io: Io, makeRunner: RunnerFactory): Promise<DatagenSummary> {
  const start = performance.now();
  const dir = partsDir(config.out);
  mkdirSync(dir, { recursive: true });
  checkSettings(dir, settingsOf(config));
  io.err(`datagen: evaluation: ${evaluationOf(config)}`);
  const jobs = planChunks(config.games, config.chunk);
  const pending = jobs.filter((j) => !existsSync(join(dir, j.name)));
  const pendingGames = pending.reduce((n, j) => n + j.last - j.first + 1, 0);
  if (pending.length < jobs.length)
    io.err(`datagen: resuming in ${dir}: ${jobs.length - pending.length} of ${jobs.length} parts already done`);

  const stats = new RunStats();
  if (pending.length > 0) {
    const progress = startProgress(pendingGames, 'games');
    const runners = Array.from({ length: Math.min(config.threads, pending.length) }, (_, i) => makeRunner(config, i));
    let next = 0,
      failure: unknown = null;
    const stream = async (runner: ChunkRunner): Promise<void> => {
      while (failure === null && next < pending.length) {
        const job = pending[next++];
        try {
          const text = await runner.run(job, (g) => {
            stats.add(g);
            progress.add(1);
          });
          const file = join(dir, job.name);
          writeFileSync(`${file}.tmp`, text);
          renameSync(`${file}.tmp`, file);
        } catch (e) {
          failure ??= e;
        }
      }
    };
    try {
      await Promise.all(runners.map(stream));
    } finally {
      progress.stop();
      await Promise.all(runners.map((r) => r.close()));
    }
    if (failure !== null) throw failure;
  }

  const positions = joinParts(dir, jobs, config.out);
  const summary: DatagenSummary = {
    games: config.games,
    positions,
    playedGames: stats.games,
    playedPositions: stats.positions,
    elapsedMs: performance.now() - start,
    out: config.out,
  };
  report(io, summary, stats);
  return summary;
}

/** Concatenates the parts in game order into `out` (temp name, then rename); returns the number of records. */
function joinParts(dir: string, jobs: ChunkJob[], out: string): number {
  const tmp = `${out}.tmp`;
  const fd = openSync(tmp, 'w');
  let lines = 0;
  try {
    for (const job of jobs) {
      const data = readFileSync(join(dir, job.name));
      for (let i = 0; i < data.length; i++) if (data[i] === 10) lines++;
      writeSync(fd, data);
    }
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, out);
  return lines;
}

/** Counts of the games this run played. */
class RunStats {
  games = 0;
  positions = 0;
  plies = 0;
  readonly results = [0, 0, 0]; // white wins, draws, black wins
  readonly reasons = new Map<string, number>();

  add(g: GameSummary): void {
    this.games++;
    this.positions += g.positions;
    this.plies += g.plies;
    this.results[g.result === 1 ? 0 : g.result === 0 ? 2 : 1]++;
    this.reasons.set(g.reason, (this.reasons.get(g.reason) ?? 0) + 1);
  }
}

const num = (n: number) => Math.round(n).toLocaleString('en-US');

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60
    ? `${(ms / 1000).toFixed(1)} s`
    : s < 3600
      ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
      : `${Math.floor(s / 3600)}h${String(Math.floor(s / 60) % 60).padStart(2, '0')}m`;
}

function report(io: Io, s: DatagenSummary, st: RunStats): void {
  io.out(
    `datagen: ${num(s.games)} games, ${num(s.positions)} positions (${(s.positions / s.games).toFixed(1)} a game) in ${s.out}`,
  );
  if (st.games === 0) {
    io.out('datagen: every part was already there; joined them only');
    return;
  }
  const hours = s.elapsedMs / 3_600_000;
  const ends = [...st.reasons]
    .sort((a, b) => b[1] - a[1])
    .map(([r, n]) => `${r} ${n}`)
    .join(', ');
  io.out(
    `datagen: this run ${num(st.games)} games, ${num(st.positions)} positions (${(st.positions / st.games).toFixed(1)} a game, ` +
      `${(st.plies / st.games).toFixed(1)} plies a game) in ${duration(s.elapsedMs)}: ${num(st.positions / hours)} positions/hour, ${num(st.games / hours)} games/hour`,
  );
  io.out(`datagen: results (white's view) +${st.results[0]} =${st.results[1]} -${st.results[2]}; ends: ${ends}`);
}
