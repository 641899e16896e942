/**
 * The match command line: `--engine` and `--each` take groups of key=value words,
 * `--sprt`, `--draw` and `--resign` too; everything is checked here, so a mistake is
 * one line naming the option, before any engine starts.
 */
import {
  OPENINGS_PARTS,
  UsageError,
  type Adjudication,
  type EngineSpec,
  type Limit,
  type OpeningsPart,
} from '@tempo-chess/toolkit';
import type { SprtSettings } from './stats';

/** One engine as given on the command line. */
export interface EngineArg extends EngineSpec {
  limit?: Limit;
}

/** Everything `tempo-match` (a match) was told. */
export interface MatchOptions {
  engines: EngineArg[];
  each: Partial<EngineArg>;
  games: number;
  openings?: string;
  /** Which openings of the file: all, or selectOpenings' train/test split (`--openings-part`). */
  openingsPart: OpeningsPart;
  order: 'sequential' | 'random';
  seed: number;
  concurrency: number;
  sprt?: SprtSettings;
  pgn?: string;
  out?: string;
  resume: boolean;
  chess960: boolean;
  adjudication: Adjudication;
  marginMs: number;
  verbose: boolean;
}

/** Splits argv into options with their value words: `--engine a=1 b=2` gives ['--engine', ['a=1', 'b=2']]. */
export function groupArgs(argv: string[], command: string): Array<[string, string[]]> {
  const out: Array<[string, string[]]> = [];
  for (const word of argv) {
    if (word.startsWith('--')) out.push([word, []]);
    else if (out.length === 0) throw new UsageError(`${command}: unexpected argument ${word}`);
    else out[out.length - 1][1].push(word);
  }
  return out;
}

const need = (opt: string, values: string[], n: number) => {
  if (values.length !== n)
    throw new UsageError(
      `${opt} takes ${n === 0 ? 'no value' : n === 1 ? 'one value' : `${n} values`}, got ${values.length}`,
    );
};

/** An integer within [min, max]. */
export function int(what: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^-?\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(
      `${what} must be an integer from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'}, got "${text}"`,
    );
  }
  return Number(text);
}

function num(what: string, text: string): number {
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) throw new UsageError(`${what} must be a number, got "${text}"`);
  return Number(text);
}

/** `tc=40/60+0.6`, `tc=10+0.1`, `tc=60`, seconds; also cutechess's `1:30+1`. */
export function parseTc(text: string): Limit {
  const m = /^(?:(\d+)\/)?(?:(\d+):)?(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(text);
  if (!m)
    throw new UsageError(
      `malformed time control "${text}" (expected base+inc or moves/base+inc, in seconds, e.g. 10+0.1)`,
    );
  const baseMs = Math.round(((m[2] ? Number(m[2]) * 60 : 0) + Number(m[3])) * 1000);
  const incMs = Math.round(Number(m[4] ?? 0) * 1000);
  const moves = m[1] ? Number(m[1]) : 0;
  if (baseMs <= 0) throw new UsageError(`malformed time control "${text}": the base time must be above 0`);
  return { kind: 'tc', moves, baseMs, incMs };
}

/** Reads one key=value of `--engine` / `--each` into `e`. */
function engineKey(e: Partial<EngineArg>, word: string, opt: string): void {
  const eq = word.indexOf('=');
  if (eq <= 0) throw new UsageError(`${opt}: "${word}" is not key=value`);
  const key = word.slice(0, eq),
    value = word.slice(eq + 1);
  if (key === 'name') e.name = value;
  else if (key === 'cmd') e.cmd = value;
  else if (key.startsWith('option.') && key.length > 7) (e.options ??= {})[key.slice(7)] = value;
  else if (key === 'tc') e.limit = parseTc(value);
  else if (key === 'nodes') e.limit = { kind: 'nodes', nodes: int('nodes', value, 1) };
  else if (key === 'depth') e.limit = { kind: 'depth', depth: int('depth', value, 1, 200) };
  else if (key === 'movetime' || key === 'st')
    e.limit = { kind: 'movetime', ms: key === 'st' ? Math.round(num('st', value) * 1000) : int('movetime', value, 1) };
  else throw new UsageError(`${opt}: unknown key "${key}" (name, cmd, option.NAME, tc, nodes, depth, movetime)`);
}

function keyValues(opt: string, words: string[], keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const w of words) {
    const [k, v] = [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)];
    if (!w.includes('=') || !keys.includes(k))
      throw new UsageError(`${opt}: unknown setting "${w}" (${keys.map((k) => k + '=').join(' ')})`);
    out[k] = v;
  }
  return out;
}

/** `--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized` (alpha, beta, model optional). */
export function parseSprt(words: string[]): SprtSettings {
  const kv = keyValues('--sprt', words, ['elo0', 'elo1', 'alpha', 'beta', 'model']);
  if (kv.elo0 === undefined || kv.elo1 === undefined) throw new UsageError('--sprt needs elo0= and elo1=');
  const s: SprtSettings = {
    elo0: num('--sprt elo0', kv.elo0),
    elo1: num('--sprt elo1', kv.elo1),
    alpha: num('--sprt alpha', kv.alpha ?? '0.05'),
    beta: num('--sprt beta', kv.beta ?? '0.05'),
    model: (kv.model ?? 'normalized') as SprtSettings['model'],
  };
  if (s.model !== 'normalized' && s.model !== 'logistic')
    throw new UsageError(`--sprt model must be normalized or logistic, got "${kv.model}"`);
  if (s.elo0 >= s.elo1) throw new UsageError('--sprt: elo0 must be less than elo1');
  if (!(s.alpha > 0 && s.alpha < 1 && s.beta > 0 && s.beta < 1 && s.alpha + s.beta < 1))
    throw new UsageError('--sprt: alpha and beta must be in (0, 1) with alpha + beta < 1');
  return s;
}

/** Parses a match command line (after the optional `run`). */
export function parseMatchArgs(argv: string[]): MatchOptions {
  const o: MatchOptions = {
    engines: [],
    each: {},
    games: 0,
    order: 'sequential',
    openingsPart: 'all',
    seed: 1,
    concurrency: 1,
    resume: false,
    chess960: false,
    adjudication: {},
    marginMs: 100,
    verbose: false,
  };
  for (const [opt, v] of groupArgs(argv, 'tempo-match')) {
    switch (opt) {
      case '--engine': {
        const e: Partial<EngineArg> = {};
        for (const w of v) engineKey(e, w, opt);
        o.engines.push(e as EngineArg);
        break;
      }
      case '--each':
        for (const w of v) engineKey(o.each, w, opt);
        break;
      case '--games':
        need(opt, v, 1);
        o.games = int('--games', v[0], 1);
        break;
      case '--openings':
        need(opt, v, 1);
        o.openings = v[0];
        break;
      case '--openings-part':
        need(opt, v, 1);
        if (!OPENINGS_PARTS.includes(v[0] as OpeningsPart))
          throw new UsageError(`--openings-part must be one of ${OPENINGS_PARTS.join(', ')}, got "${v[0]}"`);
        o.openingsPart = v[0] as OpeningsPart;
        break;
      case '--order':
        need(opt, v, 1);
        if (v[0] !== 'random' && v[0] !== 'sequential')
          throw new UsageError(`--order must be random or sequential, got "${v[0]}"`);
        o.order = v[0];
        break;
      case '--seed':
        need(opt, v, 1);
        o.seed = int('--seed', v[0], 0);
        break;
      case '--concurrency':
        need(opt, v, 1);
        o.concurrency = int('--concurrency', v[0], 1, 64);
        break;
      case '--sprt':
        o.sprt = parseSprt(v);
        break;
      case '--pgn':
        need(opt, v, 1);
        o.pgn = v[0];
        break;
      case '--out':
        need(opt, v, 1);
        o.out = v[0];
        break;
      case '--resume':
        need(opt, v, 0);
        o.resume = true;
        break;
      case '--chess960':
        need(opt, v, 0);
        o.chess960 = true;
        break;
      case '--verbose':
        need(opt, v, 0);
        o.verbose = true;
        break;
      case '--margin':
        need(opt, v, 1);
        o.marginMs = int('--margin', v[0], 0);
        break;
      case '--maxmoves':
        need(opt, v, 1);
        o.adjudication.maxMoves = int('--maxmoves', v[0], 1);
        break;
      case '--draw': {
        const kv = keyValues(opt, v, ['movenumber', 'movecount', 'score']);
        o.adjudication.draw = {
          moveNumber: int('--draw movenumber', kv.movenumber ?? '0', 0),
          moveCount: int('--draw movecount', kv.movecount ?? '1', 1),
          score: int('--draw score', kv.score ?? '0', 0),
        };
        break;
      }
      case '--resign': {
        const kv = keyValues(opt, v, ['movecount', 'score']);
        o.adjudication.resign = {
          moveCount: int('--resign movecount', kv.movecount ?? '1', 1),
          score: int('--resign score', kv.score ?? '0', 1),
        };
        break;
      }
      default:
        throw new UsageError(`unknown option ${opt}`);
    }
  }
  return o;
}

/** Engines with `--each` filled in; checks that each has a name, a command and a limit. */
export function resolveEngines(
  o: Pick<MatchOptions, 'engines' | 'each'>,
  count = 2,
): Array<EngineSpec & { limit: Limit }> {
  if (o.engines.length !== count)
    throw new UsageError(`a match needs exactly ${count} --engine, got ${o.engines.length}`);
  const out = o.engines.map((e, i) => {
    const cmd = e.cmd ?? o.each.cmd;
    if (!cmd) throw new UsageError(`--engine ${i + 1} has no cmd=`);
    const limit = e.limit ?? o.each.limit;
    const name = e.name ?? o.each.name ?? cmd.split(/\s+/).pop()!.split('/').pop()!;
    if (!limit)
      throw new UsageError(`engine ${name} has no limit (tc=, nodes=, depth= or movetime=, in --engine or --each)`);
    return { name, cmd, options: { ...o.each.options, ...e.options }, limit };
  });
  if (out.length === 2 && out[0].name === out[1].name)
    throw new UsageError(`both engines are named "${out[0].name}"; give name=`);
  return out;
}

/** A limit as text: `10+0.1`, `40/60+0.6`, `nodes=N`, `depth=N`, `movetime=MS`. */
export function formatLimit(l: Limit): string {
  switch (l.kind) {
    case 'tc':
      return `${l.moves ? `${l.moves}/` : ''}${l.baseMs / 1000}${l.incMs ? `+${l.incMs / 1000}` : ''}`;
    case 'nodes':
      return `nodes=${l.nodes}`;
    case 'depth':
      return `depth=${l.depth}`;
    case 'movetime':
      return `movetime=${l.ms}`;
  }
}
