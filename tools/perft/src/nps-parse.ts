/**
 * The pure half of `nps` (search speed of UCI engines, warm): its command line, the
 * reading of a search's output, the sums and the report. The half that runs engines
 * is nps.ts.
 */
import { readFileSync } from 'node:fs';
import { UsageError } from '@tempo-chess/toolkit';
import { table } from './report';

/** An engine to measure: a shell command, the UCI options it gets, the lines it is sent before each search. */
export interface NpsEngine {
  name: string;
  cmd: string;
  /** setoption name/value pairs, in order. */
  options: Array<[string, string]>;
  /** Sent before every `position` (default `ucinewgame`: a fresh table for every search, and Lozza wants one before its first). */
  init: string[];
}

export interface NpsOptions {
  engines: NpsEngine[];
  movetime: number;
  /** Counted rounds (each searches every position once with every engine); one uncounted warm-up round goes first. */
  rounds: number;
  warmup: number;
}

/** What one search reported: its nodes and milliseconds (the engine's own `time`, else measured here). */
export interface Sample {
  nodes: number;
  ms: number;
  /** The engine's own `nps` field, when its last nodes line had one. */
  nps?: number;
  /** CPU milliseconds the engine's processes used from `go` to `bestmove` (Linux /proc), when known. */
  cpuMs?: number;
}

/**
 * utime + stime in clock ticks from the text of /proc/<pid>/stat (fields 14 and 15,
 * counted after the command name, which may hold spaces and parentheses).
 */
export function statTicks(stat: string): number {
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
}

/** The six positions, opening to endgame: data/nps-positions.fen, shared with the browser and search-bench measurements. */
export const NPS_POSITIONS: readonly string[] = readFileSync(
  new URL('../../../data/nps-positions.fen', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'));

export const NPS_USAGE =
  'nps [--engine name=X cmd="..." [option.Hash=16] [init=LINE ...]] ... [--movetime 2000] [--rounds 1] [--warmup 1]';

/** The default engines: Tempo's release build and the peers found on this machine. */
export function defaultEngines(
  tempoPath: string,
  lozzaPath: string | undefined,
  stockfishPath: string | undefined,
): NpsEngine[] {
  const base = (name: string, cmd: string): NpsEngine => ({
    name,
    cmd,
    options: [
      ['Threads', '1'],
      ['Hash', '16'],
    ],
    init: ['ucinewgame'],
  });
  const out = [base('Tempo', `node "${tempoPath}"`)];
  if (lozzaPath !== undefined) out.push(base('Lozza2', `node "${lozzaPath}"`));
  if (stockfishPath !== undefined) out.push(base('Stockfish', `"${stockfishPath}"`));
  return out;
}

function positiveInt(what: string, text: string | undefined, min: number): number {
  if (text === undefined || !/^\d+$/.test(text) || Number(text) < min)
    throw new UsageError(`nps: ${what} must be an integer from ${min} up, got "${text ?? ''}"`);
  return Number(text);
}

/** One `--engine` group's words (`name=`, `cmd=`, `option.X=V`, `init=LINE`, repeatable; `init=` alone sends nothing). */
export function parseEngineWords(words: string[]): NpsEngine {
  const e: NpsEngine = { name: '', cmd: '', options: [], init: [] };
  let initGiven = false;
  for (const w of words) {
    const eq = w.indexOf('=');
    if (eq <= 0) throw new UsageError(`nps: --engine wants key=value words, got "${w}"`);
    const key = w.slice(0, eq),
      value = w.slice(eq + 1);
    if (key === 'name') e.name = value;
    else if (key === 'cmd') e.cmd = value;
    else if (key.startsWith('option.') && key.length > 7) e.options.push([key.slice(7), value]);
    else if (key === 'init') {
      initGiven = true;
      if (value !== '') e.init.push(value);
    } else throw new UsageError(`nps: --engine: unknown key "${key}" (name, cmd, option.X, init)`);
  }
  if (e.cmd === '') throw new UsageError('nps: --engine needs cmd=');
  if (e.name === '') e.name = e.cmd.split(/\s+/).pop()!.split('/').pop()!.replace(/["']/g, '');
  if (!initGiven) e.init.push('ucinewgame');
  return e;
}

/** The command line; `defaults` are the engines used when no `--engine` is given. */
export function parseNpsArgs(argv: string[], defaults: () => NpsEngine[]): NpsOptions {
  const o: NpsOptions = { engines: [], movetime: 2000, rounds: 1, warmup: 1 };
  const groups: Array<[string, string[]]> = [];
  for (const word of argv) {
    if (word.startsWith('--')) groups.push([word, []]);
    else if (groups.length === 0) throw new UsageError(`nps: unexpected argument ${word}`);
    else groups[groups.length - 1][1].push(word);
  }
  for (const [opt, v] of groups) {
    if (opt === '--engine') {
      o.engines.push(parseEngineWords(v));
      continue;
    }
    if (v.length !== 1) throw new UsageError(`nps: ${opt} takes one value, got ${v.length}`);
    if (opt === '--movetime') o.movetime = positiveInt('--movetime', v[0], 1);
    else if (opt === '--rounds') o.rounds = positiveInt('--rounds', v[0], 1);
    else if (opt === '--warmup') o.warmup = positiveInt('--warmup', v[0], 0);
    else throw new UsageError(`nps: unknown option ${opt}`);
  }
  if (o.engines.length === 0) o.engines = defaults();
  const names = new Set<string>();
  for (const e of o.engines) {
    if (names.has(e.name)) throw new UsageError(`nps: two engines are named "${e.name}"; give name=`);
    names.add(e.name);
  }
  return o;
}

/**
 * The nodes of a search from its output (the lines up to `bestmove`): the last `info`
 * line with `nodes`, its `time` (else `wallMs`, measured from `go` to `bestmove`) and
 * its `nps`. Throws when no info line gave nodes.
 */
export function readSample(lines: readonly string[], wallMs: number): Sample {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i];
    if (!line.startsWith('info ')) continue;
    const n = / nodes (\d+)/.exec(line);
    if (!n) continue;
    const t = / time (\d+)/.exec(line),
      s = / nps (\d+)/.exec(line);
    const sample: Sample = { nodes: Number(n[1]), ms: t ? Number(t[1]) : wallMs };
    if (s) sample.nps = Number(s[1]);
    return sample;
  }
  throw new Error('no info line with nodes before bestmove');
}

/** Nodes a second of summed samples (0 when no time passed). */
export function nodesPerSecond(nodes: number, ms: number): number {
  return ms > 0 ? (nodes * 1000) / ms : 0;
}

/** Sums per engine and position: `nodes[e][p]` and `ms[e][p]` over the counted rounds. */
export class NpsTally {
  readonly nodes: number[][];
  readonly ms: number[][];
  /** Per engine: nodes of the searches whose CPU time is known, and that CPU time (NaN once one is unknown). */
  readonly cpu: Array<{ nodes: number; ms: number }>;

  constructor(engines: number, positions: number) {
    this.nodes = Array.from({ length: engines }, () => new Array<number>(positions).fill(0));
    this.ms = Array.from({ length: engines }, () => new Array<number>(positions).fill(0));
    this.cpu = Array.from({ length: engines }, () => ({ nodes: 0, ms: 0 }));
  }

  add(engine: number, position: number, s: Sample): void {
    this.nodes[engine][position] += s.nodes;
    this.ms[engine][position] += s.ms;
    this.cpu[engine].nodes += s.nodes;
    this.cpu[engine].ms += s.cpuMs ?? NaN;
  }

  /** Nodes per CPU second of one engine over all positions, NaN when its CPU time is not known. */
  cpuTotal(engine: number): number {
    const c = this.cpu[engine];
    return Number.isNaN(c.ms) ? NaN : nodesPerSecond(c.nodes, c.ms);
  }

  /** Nodes a second of one engine on one position. */
  at(engine: number, position: number): number {
    return nodesPerSecond(this.nodes[engine][position], this.ms[engine][position]);
  }

  /** Nodes a second of one engine over all positions: total nodes over total time. */
  total(engine: number): number {
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    return nodesPerSecond(sum(this.nodes[engine]), sum(this.ms[engine]));
  }

  /** The first engine's speed over engine e's: in total, and the lowest and highest per position. */
  ratio(e: number): { total: number; min: number; max: number } {
    const per = this.nodes[0].map((_, p) => this.at(0, p) / this.at(e, p));
    return { total: this.total(0) / this.total(e), min: Math.min(...per), max: Math.max(...per) };
  }
}

/** The report: nodes a second per position and in total, then the ratios of the first engine to each other. */
export function formatNps(names: readonly string[], tally: NpsTally): string[] {
  const k = (x: number) => String(Math.round(x));
  const positions = tally.nodes[0].length;
  const rows: string[][] = [];
  for (let p = 0; p < positions; p++) rows.push([String(p + 1), ...names.map((_, e) => k(tally.at(e, p)))]);
  rows.push(['total', ...names.map((_, e) => k(tally.total(e)))]);
  const lines = table(['position', ...names], rows);
  for (let e = 1; e < names.length; e++) {
    const r = tally.ratio(e);
    lines.push(
      `${names[0]} / ${names[e]}: ${r.total.toFixed(2)} (per position ${r.min.toFixed(2)} to ${r.max.toFixed(2)})`,
    );
  }
  // On a shared machine an engine gets a varying share of a core: nodes over the CPU
  // time its processes used (all threads: the search, the JIT, the GC) are steadier.
  if (names.every((_, e) => !Number.isNaN(tally.cpuTotal(e)))) {
    lines.push(
      `nodes per CPU second (all threads of the engine's processes): ${names.map((n, e) => `${n} ${k(tally.cpuTotal(e))}`).join(', ')}`,
    );
    for (let e = 1; e < names.length; e++)
      lines.push(`${names[0]} / ${names[e]} by CPU time: ${(tally.cpuTotal(0) / tally.cpuTotal(e)).toFixed(2)}`);
  }
  return lines;
}
