/**
 * UCI text to values: `go` limits, `setoption` and `position`. Pure functions with
 * no engine import, so the main thread can parse a line before the engine's tables
 * are loaded. Every problem is a message naming it, which the caller prints as one
 * `info string` line. A GUI waits for the answer to `go` and `position` whatever it
 * sent, so these two are never refused as a whole: a `go` keeps what it can read and
 * always searches, a `position` keeps the moves before the first unreadable one.
 */
import type { SearchLimits } from '@tempo-chess/search';
import type { Result } from '@tempo-chess/position';

/** A parse result: a value or a message for a person (position's Result). */
export type Parsed<T> = Result<T>;

/** Splits a line on any run of whitespace (the spec allows tabs and repeated spaces). */
export function tokenize(line: string): string[] {
  return line
    .trim()
    .split(/\s+/)
    .filter((t) => t.length > 0);
}

/** The `go` limits as the search takes them, with moves still as UCI text. */
export interface GoLimits extends Omit<SearchLimits, 'searchMoves'> {
  /** `go perft N`: run perft instead of a search (Stockfish's extension). */
  perft?: number;
  /** `go searchmoves ...`: the root moves to search, in UCI notation; absent: all of them. */
  searchMoves?: string[];
}

const GO_NUMBERS = [
  'depth',
  'nodes',
  'movetime',
  'mate',
  'wtime',
  'btime',
  'winc',
  'binc',
  'movestogo',
  'perft',
] as const;
type GoNumber = (typeof GO_NUMBERS)[number];
/** Clock values may be negative (a GUI that subtracts its own lag); the others must not be. */
const MAY_BE_NEGATIVE: ReadonlySet<string> = new Set(['wtime', 'btime', 'winc', 'binc']);
/** Limits whose 0 asks for the smallest search (depth 1) rather than none or an endless one. */
const ZERO_IS_SMALLEST: ReadonlySet<string> = new Set(['depth', 'nodes', 'movetime', 'mate']);
/** What bounds a search: a `go` with none of these (and not `infinite`) searches until `stop`. */
const BOUNDS = ['depth', 'nodes', 'movetime', 'mate', 'wtime', 'btime'] as const;
const GO_KEYWORDS: ReadonlySet<string> = new Set([...GO_NUMBERS, 'infinite', 'ponder', 'searchmoves']);
const UCI_MOVE = /^[a-h][1-8][a-h][1-8][nbrq]?$/;
/** Large enough for any real clock, small enough to stay an exact integer in arithmetic. */
const MAX_VALUE = 2 ** 40;

/** A `go` as read: the limits to search with, and what was dropped (for one `info string` line). */
export interface GoCommand {
  /** The limits that could be read (depth 1 when a limit was 0 or every limit was dropped). */
  limits: GoLimits;
  /** One message per token or pair that could not be read; empty when all was well. */
  errors: string[];
}

/**
 * Parses the tokens after `go`. A bad token (or a number token with a bad value) is
 * dropped with a message and the rest is kept. `movestogo 0` is read as absent. A
 * limit of 0 (depth, nodes, movetime, mate), or a `go` whose only limits were
 * dropped, asks for the smallest search, depth 1: a GUI that sent a limit wants a
 * bounded search, never an endless one. A bare `go` (or `go infinite`) stays
 * infinite, as the spec says.
 */
export function parseGo(tokens: readonly string[]): GoCommand {
  const limits: GoLimits = {};
  const errors: string[] = [];
  const unknown: string[] = [];
  let zero = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === 'infinite') limits.infinite = true;
    else if (t === 'ponder') limits.ponder = true;
    else if (t === 'searchmoves') {
      const moves: string[] = [];
      while (i + 1 < tokens.length && UCI_MOVE.test(tokens[i + 1])) moves.push(tokens[++i]);
      if (moves.length === 0) errors.push('searchmoves needs at least one move in UCI notation (like e2e4 or e7e8q)');
      else limits.searchMoves = [...(limits.searchMoves ?? []), ...moves];
    } else if ((GO_NUMBERS as readonly string[]).includes(t)) {
      const text = tokens[i + 1];
      if (text === undefined || GO_KEYWORDS.has(text)) {
        errors.push(`${t} needs a number`);
        continue;
      }
      i++;
      const v = Number(text);
      if (!/^[-+]?\d+$/.test(text)) errors.push(`${t} needs an integer, got "${text}"`);
      else if (Math.abs(v) > MAX_VALUE) errors.push(`${t} ${text} is out of range`);
      else if (v < 0 && !MAY_BE_NEGATIVE.has(t)) errors.push(`${t} must not be negative, got ${text}`);
      else if (v === 0 && t === 'perft') errors.push('perft needs a depth of at least 1');
      else if (v === 0 && ZERO_IS_SMALLEST.has(t)) zero = true;
      else if (v === 0 && t === 'movestogo')
        continue; // sudden death, as some GUIs say it
      else limits[t as GoNumber] = t === 'depth' ? Math.min(v, 255) : t === 'perft' ? Math.min(v, 20) : v;
    } else unknown.push(t);
  }
  if (unknown.length > 0)
    errors.push(
      `unknown ${unknown.length === 1 ? 'parameter' : 'parameters'} ${unknown.map((t) => `"${t}"`).join(' ')}`,
    );
  const bounded = limits.infinite === true || limits.perft !== undefined || BOUNDS.some((b) => limits[b] !== undefined);
  if (zero || (errors.length > 0 && !bounded)) limits.depth = 1;
  return { limits, errors };
}

/** A `position` command: a FEN (or the start position) and moves in UCI text. */
export interface PositionCommand {
  /** null for `startpos`. */
  fen: string | null;
  /** The moves up to (not including) the first token that is not a move in UCI notation. */
  moves: string[];
  /** That token, if there was one: the engine plays `moves` and names it (the rest is dropped). */
  unreadable?: string;
}

/**
 * Parses the tokens after `position`; the FEN and the legality of the moves are the
 * engine's to check. A command whose start cannot be read gives no command at all
 * (null, with the message): the GUI's position is unknown, and the engine must not
 * answer for another one.
 */
export function parsePosition(tokens: readonly string[]): {
  /** The command, or null when its start cannot be read. */
  cmd: PositionCommand | null;
  /** Why the command was refused, or null. */
  error: string | null;
} {
  const movesAt = tokens.indexOf('moves');
  const head = movesAt < 0 ? tokens : tokens.slice(0, movesAt);
  const list = movesAt < 0 ? [] : tokens.slice(movesAt + 1);
  const refuse = (error: string) => ({ cmd: null, error: `${error}; no position until a valid one arrives` });
  let fen: string | null;
  if (head[0] === 'startpos') {
    if (head.length > 1) return refuse(`position: unexpected "${head[1]}" after startpos (expected "moves")`);
    fen = null;
  } else if (head[0] === 'fen') {
    if (head.length < 2) return refuse('position: fen needs a FEN string');
    fen = head.slice(1).join(' ');
  } else if (head.length === 0) return refuse('position: expected "startpos" or "fen <FEN>"');
  else return refuse(`position: expected "startpos" or "fen <FEN>", got "${head[0]}"`);
  const bad = list.findIndex((m) => !UCI_MOVE.test(m));
  if (bad < 0) return { cmd: { fen, moves: list }, error: null };
  return { cmd: { fen, moves: list.slice(0, bad), unreadable: list[bad] }, error: null };
}

/** `setoption name <name> [value <value>]`: the name and value may contain spaces. */
export function parseSetoption(tokens: readonly string[]): Parsed<{
  /** The option's name as sent, words joined by one space. */
  name: string;
  /** The value as sent, words joined by one space; null without `value`. */
  value: string | null;
}> {
  if (tokens[0] !== 'name') return fail('setoption: expected "setoption name <name> [value <value>]"');
  const valueAt = tokens.indexOf('value');
  const name = tokens.slice(1, valueAt < 0 ? undefined : valueAt).join(' ');
  if (!name) return fail('setoption: the option name is missing');
  const value = valueAt < 0 ? null : tokens.slice(valueAt + 1).join(' ');
  return { ok: true, value: { name, value } };
}

function fail(error: string): { ok: false; error: string } {
  return { ok: false, error };
}
