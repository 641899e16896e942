/**
 * The datagen command line: options, defaults, the openings file and the help text.
 */
import { join, resolve } from 'node:path';
import { START_FEN, Position } from '@tempo-chess/position';
import {
  DEFAULT_PARAMS,
  PRESET_NAMES,
  isPresetName,
  paramsFromJson,
  presetParams,
  type EvalParams,
} from '@tempo-chess/eval';
import { NET_HEADER_BYTES, NetFileError, decodeNet, fnv1a, type NetWeights } from '@tempo-chess/nnue';
import {
  InputError,
  OPENINGS_PARTS,
  type OpeningsPart,
  UsageError,
  intArg,
  parseCommand,
  parseFenList,
  readBinaryFile,
  readTextFile,
  selectOpenings,
  tempoDataDir,
} from '@tempo-chess/toolkit';
import { ADJUDICATION as A } from './selfplay';

/** A run's settings after parsing. */
export interface DatagenConfig {
  games: number;
  /** Node budget per move. */
  nodes: number;
  threads: number;
  seed: number;
  /** Games per chunk file. */
  chunk: number;
  /** Transposition table of each worker, MB. */
  hashMb: number;
  /** `startpos` or the openings file as given. */
  openingsSource: string;
  /** Which openings of the file (`--openings-part`): all, or the train/test split of selectOpenings. */
  openingsPart: OpeningsPart;
  openings: string[];
  /** The records file (absolute). */
  out: string;
  /** The engine's evaluation weights (--preset or --params; the default table otherwise). */
  evalParams: EvalParams;
  /** `preset NAME` or the --params file as given. */
  evalSource: string;
  /** The net the engine evaluates with (--net), or null: the hand-crafted evaluation of evalParams. */
  net: NetWeights | null;
  /** The net's weights hash (the file header's FNV-1a) in hex, when there is one. */
  netHash: string | null;
}

export const USAGE = [
  'usage: tempo-datagen --openings FILE|startpos [--openings-part all|train|test] [--games N] [--nodes K] [--threads T] [--seed S] [--out FILE] [--chunk N] [--hash MB]',
  '                     [--preset default|handset|pesto-only | --params TABLE.json | --net NET.nnue]',
  '',
  'Self-play games of Tempo in process (one worker thread per game stream, no UCI) at a fixed node',
  'budget per move; writes training records "fen | score | result" (white\'s view), one a line.',
  '',
  '  --openings FILE   EPD/FEN list of openings, one a line (or "startpos")',
  '  --openings-part P train (default for a file): the lines whose index (0-based) % 10 != 0, test: the other',
  '                    tenth (target matches start from those), or all; startpos is always taken whole',
  '  --games N         games to play (default 1000)',
  "  --nodes K         nodes per move, the search's node limit (default 5000)",
  '  --threads T       worker threads (default 1); the output does not depend on it',
  '  --seed S          run seed (default 1); game i uses the RNG seeded "S:i"',
  '  --out FILE        default $TEMPO_DATA/datagen/seed<S>-nodes<K>-games<N>.txt, else ~/.tempo/datagen/...',
  '  --chunk N         games per part file (default games/16 rounded up, at most 100, so 16 threads keep busy)',
  '  --hash MB         transposition table per worker (default 16), cleared before every game',
  '  --preset NAME     the engine plays with this evaluation preset (default: default, the committed table)',
  "  --params FILE     ... or with this table (the evaluation's JSON, as tune writes it)",
  "  --net FILE        ... or with this net (a net file, as tempo-nnue writes it; its hash is in the parts' settings)",
  '',
  'Games: a random opening, then 4-8 random legal plies (a start a depth-4 search scores beyond',
  `+/-${A.startScore} is drawn again). They end by checkmate, stalemate, threefold repetition, the fifty-move`,
  `rule or insufficient material; resign when ${A.resignPlies} consecutive plies score >= ${A.resignScore} for the same side`,
  `(white's view); draw when from ply ${A.drawFromPly} on ${A.drawPlies} consecutive plies score within +/-${A.drawScore}; a draw at ${A.maxPlies} plies.`,
  'Records: the positions the engine played (not the random plies), except those in check, whose best',
  'move is a capture or promotion, with a mate score, or not quiet under quiescence search.',
  '',
  'Parts: <out>.parts/games-XXXXXX-YYYYYY.txt, one per chunk, written whole (temp name, then rename).',
  'A rerun with the same settings resumes (finished parts are kept); other settings are refused.',
  'When every part exists they are joined in game order into --out.',
].join('\n');

const OPTIONS = {
  games: { type: 'string' },
  nodes: { type: 'string' },
  threads: { type: 'string' },
  seed: { type: 'string' },
  openings: { type: 'string' },
  'openings-part': { type: 'string' },
  out: { type: 'string' },
  chunk: { type: 'string' },
  hash: { type: 'string' },
  preset: { type: 'string' },
  params: { type: 'string' },
  net: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The directory data goes to by default: $TEMPO_DATA/datagen, else ~/.tempo/datagen (never the work tree). */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return tempoDataDir('datagen', env);
}

/**
 * The openings part used when --openings-part is not given: `train` for a file, so that no
 * data or tuning run starts from the `test` tenth that target matches use; `all` for
 * `startpos`, a single position that belongs to neither part.
 */
export const defaultOpeningsPart = (openings: string): OpeningsPart => (openings === 'startpos' ? 'all' : 'train');

/** Games per part by default: at most 100, and at least 16 parts so that many threads find work. */
export const defaultChunk = (games: number): number => Math.min(100, Math.ceil(games / 16));

/** Parses the command line; null for --help. Throws UsageError or InputError (one line each). */
export function parseDatagenArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): DatagenConfig | null {
  const cmd = 'datagen';
  const { values, positionals } = parseCommand(cmd, argv, OPTIONS);
  if (values.help) return null;
  if (positionals.length > 0) throw new UsageError(`${cmd}: unexpected argument ${positionals[0]}`);
  const games = intArg(cmd, '--games', values.games, 1, 100_000_000, 1000);
  const nodes = intArg(cmd, '--nodes', values.nodes, 1, 1_000_000_000, 5000);
  const threads = intArg(cmd, '--threads', values.threads, 1, 256, 1);
  const seed = intArg(cmd, '--seed', values.seed, 0, 2 ** 31 - 1, 1);
  const chunk = intArg(cmd, '--chunk', values.chunk, 1, 1_000_000, defaultChunk(games));
  const hashMb = intArg(cmd, '--hash', values.hash, 1, 4096, 16);
  if (values.openings === undefined)
    throw new UsageError(`${cmd}: --openings is required (an EPD file, or "startpos")`);
  const openingsPart = (values['openings-part'] ?? defaultOpeningsPart(values.openings)) as OpeningsPart;
  if (!OPENINGS_PARTS.includes(openingsPart)) {
    throw new UsageError(`${cmd}: --openings-part must be one of ${OPENINGS_PARTS.join(', ')}, got "${openingsPart}"`);
  }
  const openings = selectOpenings(readOpeningFens(values.openings), openingsPart);
  if (openings.length === 0) throw new InputError(`${values.openings}: no openings in part ${openingsPart}`);
  const out = resolve(values.out ?? join(defaultDataDir(env), `seed${seed}-nodes${nodes}-games${games}.txt`));
  const { evalParams, evalSource } = evalArgs(cmd, values.preset, values.params);
  if (values.net !== undefined && (values.preset !== undefined || values.params !== undefined))
    throw new UsageError(
      `${cmd}: give --net or --preset/--params, not both (the net replaces the hand-crafted evaluation)`,
    );
  const { net, netHash } = values.net === undefined ? { net: null, netHash: null } : netArg(values.net);
  return {
    games,
    nodes,
    threads,
    seed,
    chunk,
    hashMb,
    openingsSource: values.openings,
    openingsPart,
    openings,
    out,
    evalParams,
    evalSource,
    net,
    netHash,
  };
}

/** The net of --net, refused in one line (InputError) when the file is unreadable, truncated, corrupt or not a net. */
function netArg(file: string): { net: NetWeights; netHash: string } {
  const bytes = readBinaryFile(file);
  try {
    const net = decodeNet(bytes);
    return { net, netHash: fnv1a(bytes, NET_HEADER_BYTES).toString(16).padStart(8, '0') }; // = the header's, decodeNet checked
  } catch (e) {
    if (e instanceof NetFileError) throw new InputError(`${file}: ${e.message}`);
    throw e;
  }
}

/** The weights of --preset or --params (at most one): DEFAULT_PARAMS itself when neither is given. */
function evalArgs(
  cmd: string,
  preset: string | undefined,
  params: string | undefined,
): { evalParams: EvalParams; evalSource: string } {
  if (preset !== undefined && params !== undefined) throw new UsageError(`${cmd}: give --preset or --params, not both`);
  if (params !== undefined) {
    try {
      return { evalParams: paramsFromJson(readTextFile(params)), evalSource: params };
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw new InputError(`${params}: ${(e as Error).message}`);
    }
  }
  const name = preset ?? 'default';
  if (!isPresetName(name))
    throw new UsageError(`${cmd}: --preset must be one of ${PRESET_NAMES.join(', ')}, got "${name}"`);
  return { evalParams: name === 'default' ? DEFAULT_PARAMS : presetParams(name), evalSource: `preset ${name}` };
}

/** The FENs of an EPD/FEN list (ops dropped), each checked by Position; `startpos` is the start position. */
export function readOpeningFens(source: string): string[] {
  if (source === 'startpos') return [START_FEN];
  const list = parseFenList(readTextFile(source));
  for (const { line, fen } of list) {
    const r = Position.parse(fen);
    if (!r.ok) throw new InputError(`${source}:${line}: ${r.error}`);
  }
  if (list.length === 0) throw new InputError(`${source}: no openings in the file`);
  return list.map((e) => e.fen);
}
