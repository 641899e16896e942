/**
 * A match: game pairs (each opening twice, colours reversed) played by up to
 * `concurrency` workers, each with its own pair of engine processes. After every
 * finished pair the counts are updated, the result file is rewritten and the SPRT is
 * checked; an engine that failed is restarted before its next game.
 */
import { appendFileSync } from 'node:fs';
import {
  EngineFailure,
  InputError,
  Rng,
  UciPlayer,
  playGame,
  type DriverTimeouts,
  type EngineSpec,
  type GameRecord,
  type GameSettings,
  type Opening,
  DEFAULT_TIMEOUTS,
} from '@tempo-chess/toolkit';
import { formatLimit } from './options';
import { gamePgn } from './pgn';
import { writeResultFile, FORMAT, type MatchSettings, type ResultFile } from './results';
import { addPair, emptyCounts, sprtDecision, sprtLlr } from './stats';

/** What the runner reports as it goes (progress bar, verbose lines). */
export interface MatchEvents {
  onGame?(pair: number, game: number, white: string, black: string, g: GameRecord): void;
  onPair?(r: ResultFile): void;
}

export interface RunOptions {
  settings: MatchSettings;
  openings: Opening[];
  /** Results so far (from --resume), or undefined for a new match. */
  previous?: ResultFile;
  out?: string;
  pgn?: string;
  concurrency: number;
  timeouts?: DriverTimeouts;
  /** How long a nodes/depth search may take before it is a stall. */
  noClockMs?: number;
  events?: MatchEvents;
  /** Stops taking new pairs; the pairs under way finish, unless the reason is 'interrupt' (then they are dropped). */
  signal?: AbortSignal;
}

/** The opening of each pair: in file order, or a permutation fixed by the seed. */
export function openingOrder(count: number, order: 'sequential' | 'random', seed: number): number[] {
  const idx = Array.from({ length: count }, (_, i) => i);
  if (order === 'random') {
    const rng = new Rng(seed);
    for (let i = count - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [idx[i], idx[j]] = [idx[j], idx[i]];
    }
  }
  return idx;
}

/**
 * Starts an engine once and checks it before any game: a command that does not start
 * is an error, not a lost match; and every option set must be one the engine declares
 * (UCI names are case-insensitive), or a misspelt option would be ignored in silence
 * and the match would test something else. Resolves to the names the engine declares.
 */
export async function checkEngine(e: EngineSpec, timeouts: DriverTimeouts = DEFAULT_TIMEOUTS): Promise<string[]> {
  let player: UciPlayer;
  try {
    player = await UciPlayer.start(e, timeouts);
  } catch (err) {
    throw new Error(
      `engine ${e.name} (${e.cmd}) does not start: ${err instanceof EngineFailure ? err.detail : String(err)}`,
    );
  }
  const declared = [...player.declared];
  await player.quit();
  const known = new Set(declared.map((n) => n.toLowerCase()));
  const missing = Object.keys(e.options).filter((n) => !known.has(n.toLowerCase()));
  if (missing.length > 0)
    throw new InputError(
      `engine ${e.name} does not declare the option${missing.length > 1 ? 's' : ''} ${missing.map((n) => `"${n}"`).join(', ')} (it declares ${declared.length > 0 ? declared.map((n) => `"${n}"`).join(', ') : 'none'})`,
    );
  return declared;
}

/** Starts an engine again after a fault: three attempts, then an error naming the engine. */
export async function restartPlayer(e: EngineSpec, timeouts: DriverTimeouts): Promise<UciPlayer> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await UciPlayer.start(e, timeouts);
    } catch (err) {
      lastError = err;
    }
  }
  throw new Error(
    `engine ${e.name} could not be restarted: ${lastError instanceof Error ? lastError.message : String(lastError)}`,
  );
}

/** Plays the pairs not yet finished; resolves to the final result. Throws if an engine cannot be started at all. */
export async function runMatch(o: RunOptions): Promise<ResultFile> {
  const s = o.settings;
  const pairs = Math.ceil(s.games / 2);
  const result: ResultFile = o.previous
    ? structuredClone(o.previous)
    : {
        format: FORMAT,
        settings: s,
        counts: emptyCounts(),
        failures: {},
        finished: [],
        updated: new Date().toISOString(),
      };
  const done = new Set(result.finished);
  const todo = Array.from({ length: pairs }, (_, i) => i).filter((i) => !done.has(i));
  const order = openingOrder(o.openings.length, s.openings.order, s.openings.seed);
  const timeouts = o.timeouts ?? DEFAULT_TIMEOUTS;
  const [a, b] = s.engines;
  let broken = false;
  const stop = () => broken || o.signal?.aborted || result.sprtDecision !== undefined;
  if (result.sprtDecision) return result;

  for (const e of s.engines) await checkEngine(e, timeouts);

  const gameSettings = (white: 0 | 1): GameSettings => ({
    chess960: s.chess960,
    limits: white === 0 ? [a.limit, b.limit] : [b.limit, a.limit],
    marginMs: s.marginMs,
    noClockMs: o.noClockMs ?? 60_000,
    adjudication: s.adjudication,
  });
  const timeControl =
    a.limit.kind === 'tc' && formatLimit(a.limit) === formatLimit(b.limit) ? formatLimit(a.limit) : '-';

  const worker = async () => {
    const players: Array<UciPlayer | undefined> = [undefined, undefined];
    const ready = async (i: 0 | 1): Promise<UciPlayer> => {
      const p = players[i];
      if (p && !p.dead) return p;
      p?.kill();
      return (players[i] = await restartPlayer(s.engines[i], timeouts));
    };
    try {
      while (todo.length > 0 && !stop()) {
        const pair = todo.shift() as number;
        const opening = o.openings[order[pair % order.length]];
        const scores: number[] = [];
        const games: GameRecord[] = [];
        for (const white of [0, 1] as const) {
          const pw = await ready(white),
            pb = await ready((1 - white) as 0 | 1);
          const g = await playGame([pw, pb], opening, gameSettings(white));
          if (g.failure) {
            const name = s.engines[g.failure.side === 'w' ? white : 1 - white].name;
            const f = (result.failures[name] ??= {});
            f[g.failure.kind] = (f[g.failure.kind] ?? 0) + 1;
          }
          const whiteScore = g.result === '1-0' ? 1 : g.result === '0-1' ? 0 : 0.5;
          scores.push(white === 0 ? whiteScore : 1 - whiteScore);
          games.push(g);
          o.events?.onGame?.(pair, white, s.engines[white].name, s.engines[1 - white].name, g);
        }
        // An abort means "stop now": a pair cut short or finished after it is not recorded.
        if (o.signal?.aborted && o.signal.reason === 'interrupt') break;
        addPair(result.counts, scores[0], scores[1]);
        result.finished.push(pair);
        result.finished.sort((x, y) => x - y);
        result.updated = new Date().toISOString();
        if (s.sprt) {
          const llr = sprtLlr(result.counts.penta, s.sprt);
          const d = sprtDecision(llr, s.sprt);
          if (d && result.sprtDecision === undefined) {
            const c = result.counts;
            result.sprtDecision = d;
            result.sprtDecidedAt = { games: c.wins + c.losses + c.draws, llr };
          }
        }
        if (o.pgn) {
          const text = games
            .map((g, w) =>
              gamePgn(
                {
                  event: 'tempo-match',
                  site: 'local',
                  date: new Date(),
                  round: `${pair + 1}.${w + 1}`,
                  white: s.engines[w].name,
                  black: s.engines[1 - w].name,
                  timeControl,
                  chess960: s.chess960,
                },
                g,
              ),
            )
            .join('');
          appendFileSync(o.pgn, text);
        }
        if (o.out) writeResultFile(o.out, result);
        o.events?.onPair?.(result);
      }
    } catch (e) {
      broken = true;
      throw e;
    } finally {
      await Promise.all(players.map((p) => p?.quit()));
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.concurrency, Math.max(1, todo.length)) }, worker));
  if (o.out && o.signal?.reason !== 'interrupt') writeResultFile(o.out, result);
  return result;
}
