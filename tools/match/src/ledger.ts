/**
 * The ledger of matches: docs/results/matches.jsonl, one JSON object a line, each a
 * match the repository records. `tempo-match ledger` writes the tables of
 * docs/MATCHES.md and docs/STRENGTH.md from it (between `<!-- ledger:NAME -->` marks;
 * the rest of those files is kept); `--check` only compares. The raw outputs the
 * entries name (tempo-match's or fastchess's) are parsed here too, so a test can hold
 * every entry to its output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, UsageError, parseCommand, type Io } from '@tempo-chess/toolkit';

export const VERDICTS = ['adopted', 'rejected', 'undecided', 'measurement'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface LedgerEngine {
  name: string;
  options: Record<string, string>;
}

export interface LedgerSprt {
  llr: number;
  lower: number;
  upper: number;
  elo0: number;
  elo1: number;
}

export interface LedgerEntry {
  id: string;
  date: string;
  commits: string[];
  tester: 'tempo-match' | 'fastchess';
  engines: LedgerEngine[];
  /** `10+0.1` (seconds + increment), `nodes=10000`, or `nodes=A/B` when the two sides differ. */
  limit: string;
  openings: { file: string; part: 'all' | 'train' | 'test'; seed: number | null };
  games: number;
  wins: number;
  losses: number;
  draws: number;
  /** The first engine's Elo and its 95% error bar, as the tester printed them (null for nan). */
  elo: number | null;
  eloError: number | null;
  sprt: LedgerSprt | null;
  verdict: Verdict;
  /** The table the entry belongs to: MATCHES.md's, or STRENGTH.md's `engines` or `levels`. */
  doc: 'matches' | 'strength';
  section?: 'engines' | 'levels';
  /** A short description of the match (the table's cell). */
  what: string;
  /** The tester's output and result file under docs/results/raw, when kept. */
  raw: string[];
}

export const LEDGER_PATH = 'docs/results/matches.jsonl';
export const RAW_DIR = 'docs/results/raw';

const REQUIRED: (keyof LedgerEntry)[] = [
  'id',
  'date',
  'commits',
  'tester',
  'engines',
  'limit',
  'openings',
  'games',
  'wins',
  'losses',
  'draws',
  'elo',
  'eloError',
  'sprt',
  'verdict',
  'doc',
  'what',
  'raw',
];

/** Parses the ledger's text; a bad line throws an InputError naming it. */
export function parseLedger(text: string, name = LEDGER_PATH): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  const ids = new Set<string>();
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const where = `${name}:${i + 1}`;
    let e: LedgerEntry;
    try {
      e = JSON.parse(line) as LedgerEntry;
    } catch {
      throw new InputError(`${where}: not a JSON object`);
    }
    const missing = REQUIRED.filter((k) => !(k in e));
    if (missing.length > 0) throw new InputError(`${where}: missing ${missing.join(', ')}`);
    if (!VERDICTS.includes(e.verdict)) throw new InputError(`${where}: verdict must be one of ${VERDICTS.join(', ')}`);
    if (e.wins + e.losses + e.draws !== e.games) throw new InputError(`${where}: W+L+D is not the game count`);
    if (ids.has(e.id)) throw new InputError(`${where}: id ${e.id} appears twice`);
    ids.add(e.id);
    entries.push(e);
  });
  return entries;
}

/** What a tester's final summary says. */
export interface RawResult {
  tester: 'tempo-match' | 'fastchess';
  games: number;
  wins: number;
  losses: number;
  draws: number;
  elo: number | null;
  eloError: number | null;
  llr: { llr: number; lower: number; upper: number; elo0: number; elo1: number } | null;
}

const num = (s: string): number | null => (/^-?(nan|inf)$/.test(s) ? null : Number(s));

function parseLlr(block: string): RawResult['llr'] {
  // tempo-match: "LLR: 2.98 (-2.94, 2.94) [0.00, 10.00]"; fastchess adds "(100.1%)" after the value.
  const m = /LLR: (\S+) (?:\(\S+\) )?\((\S+), (\S+)\) \[(\S+), (\S+)\]/.exec(block);
  if (m === null) return null;
  const [llr, lower, upper, elo0, elo1] = m.slice(1).map(Number);
  return { llr, lower, upper, elo0, elo1 };
}

/** The final summary of a tempo-match output (the last "Score of" block) or a fastchess log (the last "Results of"). */
export function parseRawOutput(text: string, name: string): RawResult {
  const tm = text.lastIndexOf('Score of ');
  const fc = text.lastIndexOf('Results of ');
  if (tm < 0 && fc < 0) throw new InputError(`${name}: no "Score of" or "Results of" summary`);
  const block = text.slice(Math.max(tm, fc));
  const elo = /Elo: (\S+) \+\/- (\S+),/.exec(block);
  if (elo === null) throw new InputError(`${name}: the summary has no Elo line`);
  const base = { elo: num(elo[1]), eloError: num(elo[2]), llr: parseLlr(block) };
  if (tm > fc) {
    const s = /^Score of .+?: (\d+) - (\d+) - (\d+)\s+\[[\d.]+\] (\d+)/.exec(block);
    if (s === null) throw new InputError(`${name}: unreadable "Score of" line`);
    const [wins, losses, draws, games] = s.slice(1).map(Number);
    return { tester: 'tempo-match', games, wins, losses, draws, ...base };
  }
  const g = /Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)/.exec(block);
  if (g === null) throw new InputError(`${name}: the summary has no Games line`);
  const [games, wins, losses, draws] = g.slice(1).map(Number);
  return { tester: 'fastchess', games, wins, losses, draws, ...base };
}

const signed = (x: number, digits: number): string => (x > 0 ? '+' : '') + x.toFixed(digits);

function eloCell(e: LedgerEntry): string {
  if (e.elo === null) return 'inf';
  return `${signed(e.elo, 1)} +/- ${e.eloError === null ? 'nan' : e.eloError.toFixed(1)}`;
}

function limitCell(limit: string): string {
  const m = /^nodes=(.+)$/.exec(limit);
  if (m === null) return limit;
  return `${m[1]
    .split('/')
    .map((n) => Number(n).toLocaleString('en-US'))
    .join('/')} nodes`;
}

const openingsCell = (e: LedgerEntry): string =>
  `${e.openings.part}, ${e.openings.seed === null ? 'unseeded' : `seed ${e.openings.seed}`}`;

const wld = (e: LedgerEntry): string => `${e.wins}-${e.losses}-${e.draws}`;

const score = (e: LedgerEntry): string => `${((100 * (e.wins + e.draws / 2)) / e.games).toFixed(1)}%`;

const sprtCell = (e: LedgerEntry): string =>
  e.sprt === null ? '' : `${e.sprt.llr.toFixed(2)} (${e.sprt.lower}, ${e.sprt.upper}) [${e.sprt.elo0}, ${e.sprt.elo1}]`;

/** A link to the tester's output, relative to docs/ (its result file, when kept, lies beside it). */
const rawCell = (e: LedgerEntry): string =>
  e.raw.length === 0 ? 'not kept' : `[output](${e.raw[0].replace(/^docs\//, '')})`;

const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;

function table(head: string[], align: string[], rows: string[][]): string {
  return [row(head), `|${align.join('|')}|`, ...rows.map(row)].join('\n');
}

/** MATCHES.md's table: every A/B match of the engine's parts, oldest first. */
export function matchesTable(entries: LedgerEntry[]): string {
  const rows = entries
    .filter((e) => e.doc === 'matches')
    .map((e) => [
      e.date,
      e.what,
      e.commits.join(', '),
      limitCell(e.limit),
      openingsCell(e),
      String(e.games),
      wld(e),
      eloCell(e),
      sprtCell(e),
      e.verdict,
      rawCell(e),
    ]);
  const head = [
    'date',
    'match',
    'commit',
    'limit',
    'openings',
    'games',
    'W-L-D',
    'Elo',
    'SPRT: LLR (bounds) [elo0, elo1]',
  ];
  return table(
    [...head, 'verdict', 'output'],
    ['---', '---', '---', '---', '---', '---:', '---', '---:', '---', '---', '---'],
    rows,
  );
}

/** STRENGTH.md's table of matches against other engines and of the evaluations against each other. */
export function strengthTable(entries: LedgerEntry[]): string {
  const rows = entries
    .filter((e) => e.doc === 'strength' && e.section === 'engines')
    .map((e) => [
      e.date,
      e.what,
      e.commits.join(', '),
      limitCell(e.limit),
      openingsCell(e),
      String(e.games),
      wld(e),
      score(e),
      eloCell(e),
      rawCell(e),
    ]);
  const head = ['date', 'match', 'commit', 'limit', 'openings', 'games', 'W-L-D', 'score', 'Elo', 'output'];
  return table(head, ['---', '---', '---', '---', '---', '---:', '---', '---:', '---:', '---'], rows);
}

/** STRENGTH.md's table of the levels: each UCI_Elo setting against Stockfish 15.1 at a UCI_Elo of its own. */
export function levelsTable(entries: LedgerEntry[]): string {
  const rows = entries
    .filter((e) => e.doc === 'strength' && e.section === 'levels')
    .map((e) => {
      const setting = Number(e.engines[0].options.UCI_Elo);
      const anchor = Number(e.engines[1].options.UCI_Elo);
      const measured = e.elo === null ? null : Math.round(anchor + e.elo);
      const within = measured === null ? 'no' : Math.abs(measured - setting) <= 150 ? 'yes' : 'no';
      const cells = [e.date, String(setting), String(anchor), e.commits.join(', '), e.limit, openingsCell(e)];
      return [...cells, wld(e), eloCell(e), String(measured ?? 'n/a'), within, rawCell(e)];
    });
  const head = ['date', 'UCI_Elo', 'anchor', 'commit', 'limit', 'openings', 'W-L-D', 'Elo', 'measured'];
  const align = ['---', '---:', '---:', '---', '---', '---', '---', '---:', '---:', '---', '---'];
  return table([...head, 'within +/-150', 'output'], align, rows);
}

/** The tables each document holds, by marker name. */
export const DOC_TABLES: { path: string; tables: Record<string, (entries: LedgerEntry[]) => string> }[] = [
  { path: 'docs/MATCHES.md', tables: { matches: matchesTable } },
  { path: 'docs/STRENGTH.md', tables: { strength: strengthTable, levels: levelsTable } },
];

const START = (name: string) => `<!-- ledger:${name}: written by pnpm ledger from ${LEDGER_PATH} -->`;
const END = (name: string) => `<!-- /ledger:${name} -->`;

/** `text` with the part between the named marks replaced by `body`; throws when a mark is missing. */
export function replaceBetweenMarks(text: string, name: string, body: string, file: string): string {
  const start = text.indexOf(START(name));
  const end = text.indexOf(END(name));
  if (start < 0 || end < start) throw new InputError(`${file}: no ${START(name)} ... ${END(name)} marks`);
  return `${text.slice(0, start + START(name).length)}\n${body}\n${text.slice(end)}`;
}

/** Each document's text as the ledger writes it. */
export function renderDocs(root: string, entries: LedgerEntry[]): { path: string; before: string; after: string }[] {
  return DOC_TABLES.map(({ path, tables }) => {
    const before = readFileSync(join(root, path), 'utf8');
    let after = before;
    for (const [name, render] of Object.entries(tables))
      after = replaceBetweenMarks(after, name, render(entries), path);
    return { path, before, after };
  });
}

export function readLedger(root: string): LedgerEntry[] {
  return parseLedger(readFileSync(join(root, LEDGER_PATH), 'utf8'));
}

/** `tempo-match ledger [--check] [--root DIR]`: writes the tables (or, with --check, exits 1 when one differs). */
export function ledgerCommand(argv: string[], io: Io): number {
  const { values, positionals } = parseCommand('ledger', argv, {
    check: { type: 'boolean' },
    root: { type: 'string' },
  } as const);
  if (positionals.length > 0) throw new UsageError(`ledger: unexpected argument ${positionals[0]}`);
  const root = values.root ?? process.cwd();
  const docs = renderDocs(root, readLedger(root));
  const stale = docs.filter((d) => d.before !== d.after).map((d) => d.path);
  if (values.check === true) {
    if (stale.length > 0) {
      io.err(`tempo-match: ledger: tables out of date in ${stale.join(', ')} (run pnpm ledger)`);
      return 1;
    }
    io.out('ledger: every table matches the ledger');
    return 0;
  }
  for (const d of docs) if (d.before !== d.after) writeFileSync(join(root, d.path), d.after);
  io.out(stale.length === 0 ? 'ledger: tables already up to date' : `ledger: wrote ${stale.join(', ')}`);
  return 0;
}
