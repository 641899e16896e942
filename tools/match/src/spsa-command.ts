/**
 * `tempo-match spsa`: the SPSA tuner's command line, its state file and log, and the
 * game pairs played by two UCI engines per worker (the tuning build, whose tunables
 * are UCI options), kept running between pairs and given each pair's values by
 * `setoption`.
 */
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_TIMEOUTS,
  InputError,
  UsageError,
  intArg,
  parseCommand,
  playGame,
  readOpenings,
  selectOpenings,
  splitCommand,
  type DriverTimeouts,
  type EngineSpec,
  type GameSettings,
  type Io,
  type Limit,
  type Opening,
  type UciPlayer,
} from '@tempo-chess/toolkit';
import { checkEngine, openingOrder, restartPlayer } from './match';
import { formatLimit, parseTc } from './options';
import { firstDifference } from './results';
import { DEFAULT_SCHEDULE, runSpsa, type PairOutcome, type Perturbation, type SpsaProgress } from './spsa';
import { readSpsaParams, spsaReport, type SpsaParam } from './spsa-params';

export const SPSA_FORMAT = 'tempo-spsa/1';
/** The committed parameter set, beside the package's sources and its bundle alike. */
export const DEFAULT_PARAMS_FILE = fileURLToPath(new URL('../spsa/search.json', import.meta.url));
export const DEFAULT_ENGINE = 'node apps/uci/dist-tune/tempo.js';
const TUNE_HINT = 'build the tuning build: make EXE=<path> TUNE=1, or TEMPO_TUNE=1 in apps/uci (dist-tune/tempo.js)';

/** What makes two runs the same tune; a resume must match it exactly. */
export interface SpsaSettings {
  params: SpsaParam[];
  iterations: number;
  alpha: number;
  gamma: number;
  aRatio: number;
  seed: number;
  concurrency: number;
  engine: { cmd: string; options: Record<string, string> };
  limit: Limit;
  marginMs: number;
  maxMoves?: number;
  openings: { file: string; part: 'train'; count: number };
}

export interface SpsaStateFile extends SpsaProgress {
  format: typeof SPSA_FORMAT;
  settings: SpsaSettings;
  /** The generator of iteration k is Rng("spsa:<seed>:<k>"); the next one drawn is this k. */
  nextDraw: number;
  updated: string;
}

/** Writes the state atomically (temporary file, then rename). */
export function writeState(path: string, s: SpsaStateFile): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, JSON.stringify(s, null, 1) + '\n');
  renameSync(tmp, path);
}

export function readState(path: string): SpsaStateFile {
  let s: SpsaStateFile;
  try {
    s = JSON.parse(readFileSync(path, 'utf8')) as SpsaStateFile;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(
      `cannot read state file ${path}: ${code === 'ENOENT' ? 'no such file' : (code ?? 'not JSON')}`,
    );
  }
  if (s?.format !== SPSA_FORMAT || !s.settings || !Array.isArray(s.theta))
    throw new InputError(`${path} is not a tempo-match SPSA state file`);
  return s;
}

/** The log's header and one line per applied iteration: k, the pair's result, theta. */
export const logHeader = (params: readonly SpsaParam[]) => `iteration\tresult\t${params.map((p) => p.name).join('\t')}`;
export const logLine = (k: number, r: number, theta: readonly number[]) =>
  `${k}\t${r > 0 ? '+' : ''}${r}\t${theta.map((t) => t.toFixed(3)).join('\t')}`;

/** Keeps the log's header and the lines of iterations 1 .. k (a line written just before a stop whose state was not). */
function trimLog(path: string, k: number, header: string): void {
  const lines = existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [];
  const body = lines.slice(1).filter((l) => Number(l.split('\t')[0]) <= k);
  writeFileSync(path, [header, ...body].map((l) => l + '\n').join(''));
}

const OPTIONS = {
  params: { type: 'string' },
  state: { type: 'string' },
  log: { type: 'string' },
  resume: { type: 'boolean' },
  report: { type: 'boolean' },
  iterations: { type: 'string' },
  tc: { type: 'string' },
  nodes: { type: 'string' },
  engine: { type: 'string' },
  option: { type: 'string', multiple: true },
  openings: { type: 'string' },
  seed: { type: 'string' },
  concurrency: { type: 'string' },
  alpha: { type: 'string' },
  gamma: { type: 'string' },
  'a-ratio': { type: 'string' },
  margin: { type: 'string' },
  maxmoves: { type: 'string' },
} as const;

function fraction(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const v = Number(text);
  if (!/^\d*\.?\d+$/.test(text) || !(v > 0 && v <= 1))
    throw new UsageError(`spsa: ${name} must be in (0, 1], got "${text}"`);
  return v;
}

/** The settings from a command line (without the openings' count, which needs the file). */
export function parseSpsaArgs(argv: string[]): {
  settings: Omit<SpsaSettings, 'openings'> & { openingsFile: string };
  state: string;
  log: string;
  resume: boolean;
  report: boolean;
} {
  const { values: v, positionals } = parseCommand('spsa', argv, OPTIONS);
  if (positionals.length > 0) throw new UsageError(`spsa: unexpected argument ${positionals[0]}`);
  if (!v.state) throw new UsageError('spsa: --state FILE is required (the run is kept there)');
  if (v.tc !== undefined && v.nodes !== undefined) throw new UsageError('spsa: give --tc or --nodes, not both');
  const limit: Limit =
    v.nodes !== undefined
      ? { kind: 'nodes', nodes: intArg('spsa', '--nodes', v.nodes, 1, 1e9) }
      : parseTc(v.tc ?? '4+0.04');
  const options: Record<string, string> = {};
  for (const o of v.option ?? []) {
    const eq = o.indexOf('=');
    if (eq <= 0) throw new UsageError(`spsa: --option takes NAME=VALUE, got "${o}"`);
    options[o.slice(0, eq)] = o.slice(eq + 1);
  }
  const settings = {
    params: readSpsaParams(v.params ?? DEFAULT_PARAMS_FILE),
    iterations: intArg('spsa', '--iterations', v.iterations, 1, 1e7, 2500),
    alpha: fraction('--alpha', v.alpha, DEFAULT_SCHEDULE.alpha),
    gamma: fraction('--gamma', v.gamma, DEFAULT_SCHEDULE.gamma),
    aRatio: fraction('--a-ratio', v['a-ratio'], DEFAULT_SCHEDULE.aRatio),
    seed: intArg('spsa', '--seed', v.seed, 0, 2 ** 31 - 1, 1),
    concurrency: intArg('spsa', '--concurrency', v.concurrency, 1, 64, 2),
    engine: { cmd: v.engine ?? DEFAULT_ENGINE, options },
    limit,
    marginMs: intArg('spsa', '--margin', v.margin, 0, 60_000, 100),
    ...(v.maxmoves !== undefined ? { maxMoves: intArg('spsa', '--maxmoves', v.maxmoves, 1, 10_000) } : {}),
    openingsFile: v.openings ?? '../shared/data/openings-3moves.epd',
  };
  return {
    settings,
    state: v.state,
    log: v.log ?? `${v.state}.log`,
    resume: v.resume ?? false,
    report: v.report ?? false,
  };
}

/** Checks that the engine starts and declares every tuned parameter; the one-line errors name the tuning build. */
export async function checkTuningEngine(s: SpsaSettings, timeouts: DriverTimeouts): Promise<void> {
  const script = splitCommand(s.engine.cmd).find((w) => /\.(c|m)?js$/.test(w));
  if (script && !existsSync(script)) throw new InputError(`spsa: the engine ${script} does not exist; ${TUNE_HINT}`);
  const declared = new Set(
    (await checkEngine({ name: 'engine', cmd: s.engine.cmd, options: s.engine.options }, timeouts)).map((n) =>
      n.toLowerCase(),
    ),
  );
  const missing = s.params.filter((p) => !declared.has(p.name.toLowerCase())).map((p) => p.name);
  if (missing.length > 0) {
    const named =
      missing.length > 3 ? `${missing.slice(0, 3).join(', ')} and ${missing.length - 3} more` : missing.join(', ');
    throw new InputError(
      `spsa: the engine (${s.engine.cmd}) does not declare ${named}: it is not the tuning build; ${TUNE_HINT}`,
    );
  }
}

/** Plays pairs with two running engines per worker slot: [plus, minus], restarted after a fault. */
export function uciPairPlayer(s: SpsaSettings, openings: Opening[], timeouts: DriverTimeouts) {
  const order = openingOrder(openings.length, 'random', s.seed);
  const specs: [EngineSpec, EngineSpec] = [
    { name: 'plus', cmd: s.engine.cmd, options: s.engine.options },
    { name: 'minus', cmd: s.engine.cmd, options: s.engine.options },
  ];
  const slots: Array<Array<UciPlayer | undefined>> = [];
  const gameSettings: GameSettings = {
    chess960: false,
    limits: [s.limit, s.limit],
    marginMs: s.marginMs,
    noClockMs: 60_000,
    adjudication: s.maxMoves !== undefined ? { maxMoves: s.maxMoves } : {},
  };
  const ready = async (slot: number, side: 0 | 1, values: number[]): Promise<UciPlayer> => {
    const players = (slots[slot] ??= [undefined, undefined]);
    let p = players[side];
    if (!p || p.dead) {
      p?.kill();
      p = players[side] = await restartPlayer(specs[side], timeouts);
    }
    const options: Record<string, string> = {};
    s.params.forEach((q, i) => (options[q.name] = String(values[i])));
    // A fault here kills the player; the game's ucinewgame then reports it and the side loses.
    await p.setOptions(options).catch(() => undefined);
    return p;
  };
  return {
    async play(pt: Perturbation, slot: number): Promise<PairOutcome> {
      const opening = openings[order[(pt.iteration - 1) % order.length]];
      const scores: number[] = [];
      const faults: string[] = [];
      let plies = 0;
      for (const plusWhite of [true, false]) {
        const plus = await ready(slot, 0, pt.plus);
        const minus = await ready(slot, 1, pt.minus);
        const g = await playGame(plusWhite ? [plus, minus] : [minus, plus], opening, gameSettings);
        if (g.failure) faults.push(g.failure.kind);
        plies += g.moves.length - opening.moves.length;
        const white = g.result === '1-0' ? 1 : g.result === '0-1' ? 0 : 0.5;
        scores.push(plusWhite ? white : 1 - white);
      }
      return { scores: scores as [number, number], faults, plies };
    },
    async close(): Promise<void> {
      await Promise.all(slots.flat().map((p) => p?.quit()));
    },
  };
}

/** `spsa ...`: a new run, `--resume`, or `--report` of a state file. Returns the exit code. */
export async function spsaCommand(
  argv: string[],
  io: Io,
  extra: { signal?: AbortSignal; timeouts?: DriverTimeouts } = {},
): Promise<number> {
  if (argv.includes('--report')) {
    const { values } = parseCommand('spsa', argv, OPTIONS);
    if (!values.state) throw new UsageError('spsa: --report needs --state FILE');
    const st = readState(values.state);
    io.out(summary(st));
    for (const line of spsaReport(st.settings.params, st.theta)) io.out(line);
    return 0;
  }
  const a = parseSpsaArgs(argv);
  const { openingsFile, ...rest } = a.settings;
  const openings = selectOpenings(readOpenings(openingsFile, false), 'train');
  if (openings.length === 0) throw new InputError(`${openingsFile}: no openings in part train`);
  const settings: SpsaSettings = { ...rest, openings: { file: openingsFile, part: 'train', count: openings.length } };
  let st: SpsaStateFile;
  if (existsSync(a.state)) {
    if (!a.resume) throw new InputError(`${a.state} exists; add --resume to continue it, or remove it`);
    st = readState(a.state);
    const d = firstDifference(JSON.parse(JSON.stringify(settings)), st.settings);
    if (d) throw new InputError(`${a.state} was run with other settings (${d} differs); use a new --state`);
  } else {
    if (a.resume) throw new InputError(`--resume: ${a.state} does not exist`);
    st = {
      format: SPSA_FORMAT,
      settings,
      iteration: 0,
      theta: settings.params.map((p) => p.start),
      pending: {},
      games: { wins: 0, losses: 0, draws: 0, plies: 0 },
      faults: {},
      nextDraw: 1,
      updated: new Date().toISOString(),
    };
  }
  const timeouts = extra.timeouts ?? DEFAULT_TIMEOUTS;
  await checkTuningEngine(settings, timeouts);
  trimLog(a.log, st.iteration, logHeader(settings.params));
  if (!existsSync(a.state)) writeState(a.state, st);

  const interrupt = new AbortController();
  const onSigint = () => {
    interrupt.abort('interrupt');
    io.err(`tempo-match: spsa interrupted; ${a.state} holds every finished pair, continue with --resume`);
    process.exit(130);
  };
  process.once('SIGINT', onSigint);
  const signal = extra.signal ? AbortSignal.any([extra.signal, interrupt.signal]) : interrupt.signal;
  const player = uciPairPlayer(settings, openings, timeouts);
  const started = Date.now(),
    from = st.iteration;
  try {
    await runSpsa({
      params: settings.params,
      schedule: settings,
      seed: settings.seed,
      concurrency: settings.concurrency,
      progress: st,
      play: (p, slot) => player.play(p, slot),
      signal,
      onApplied(k, r, theta) {
        appendFileSync(a.log, logLine(k, r, theta) + '\n');
        const per = (Date.now() - started) / 1000 / (k - from);
        io.err(
          `spsa: ${k}/${settings.iterations} | pair ${r > 0 ? '+' : ''}${r} | ${per.toFixed(1)} s an iteration | ${new Date().toISOString().slice(0, 19)}Z`,
        );
      },
      onPair() {
        st.nextDraw = st.iteration + 1;
        st.updated = new Date().toISOString();
        writeState(a.state, st);
      },
    });
  } finally {
    process.off('SIGINT', onSigint);
    await player.close();
  }
  const played = st.iteration - from;
  const seconds = (Date.now() - started) / 1000;
  if (played > 0)
    io.out(
      `This run: ${played} iterations, ${2 * played} games in ${seconds.toFixed(0)} s with ${settings.concurrency} at once ` +
        `(${((seconds * settings.concurrency) / (2 * played)).toFixed(1)} s a game)`,
    );
  io.out(summary(st));
  for (const line of spsaReport(settings.params, st.theta)) io.out(line);
  return 0;
}

function summary(st: SpsaStateFile): string {
  const g = st.games;
  const n = g.wins + g.losses + g.draws;
  const faults = Object.entries(st.faults).map(([k, n]) => `${n} ${k}`);
  return (
    `SPSA ${st.iteration}/${st.settings.iterations} iterations (${2 * st.iteration} games at ${formatLimit(st.settings.limit)}, ` +
    `plus side W-L-D ${g.wins}-${g.losses}-${g.draws}, ${n > 0 ? (g.plies / n).toFixed(1) : 0} plies a game; ` +
    `faults: ${faults.length > 0 ? faults.join(', ') : 'none'})`
  );
}
