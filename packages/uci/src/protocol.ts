/**
 * UCI text to values: `go` limits, `setoption` and `position`. Pure functions with
 * no engine import, so the main thread can parse (and reject) a line before the
 * engine's tables are loaded. Every rejection is a message naming the problem; the
 * caller prints it as one `info string` line and keeps its previous state.
 */
import type { SearchLimits } from '@tempo/search';

/** A parse result: a value or a message for a person. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Splits a line on any run of whitespace (the spec allows tabs and repeated spaces). */
export function tokenize(line: string): string[] {
  return line.trim().split(/\s+/).filter((t) => t.length > 0);
}

/** The `go` limits as the search takes them, with moves still as UCI text. */
export interface GoLimits extends Omit<SearchLimits, 'searchMoves'> {
  /** `go perft N`: run perft instead of a search (Stockfish's extension). */
  perft?: number;
  searchMoves?: string[];
}

const GO_NUMBERS = ['depth', 'nodes', 'movetime', 'mate', 'wtime', 'btime', 'winc', 'binc', 'movestogo', 'perft'] as const;
type GoNumber = (typeof GO_NUMBERS)[number];
/** Clock values may be negative (a GUI that subtracts its own lag); the others must be positive. */
const MAY_BE_NEGATIVE: ReadonlySet<string> = new Set(['wtime', 'btime', 'winc', 'binc']);
const GO_KEYWORDS: ReadonlySet<string> = new Set([...GO_NUMBERS, 'infinite', 'ponder', 'searchmoves']);
const UCI_MOVE = /^[a-h][1-8][a-h][1-8][nbrq]?$/;
/** Large enough for any real clock, small enough to stay an exact integer in arithmetic. */
const MAX_VALUE = 2 ** 40;

/** Parses the tokens after `go`. Any bad token rejects the whole command. */
export function parseGo(tokens: readonly string[]): Parsed<GoLimits> {
  const limits: GoLimits = {};
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === 'infinite') limits.infinite = true;
    else if (t === 'ponder') limits.ponder = true;
    else if (t === 'searchmoves') {
      const moves: string[] = [];
      while (i + 1 < tokens.length && !GO_KEYWORDS.has(tokens[i + 1])) {
        const m = tokens[++i];
        if (!UCI_MOVE.test(m)) return fail(`go: searchmoves: "${m}" is not a move in UCI notation (like e2e4 or e7e8q)`);
        moves.push(m);
      }
      if (moves.length === 0) return fail('go: searchmoves needs at least one move');
      limits.searchMoves = moves;
    } else if ((GO_NUMBERS as readonly string[]).includes(t)) {
      const text = tokens[i + 1];
      if (text === undefined || GO_KEYWORDS.has(text)) return fail(`go: ${t} needs a number`);
      i++;
      if (!/^[-+]?\d+$/.test(text)) return fail(`go: ${t} needs an integer, got "${text}"`);
      let v = Number(text);
      if (Math.abs(v) > MAX_VALUE) return fail(`go: ${t} ${text} is out of range`);
      if (v < 0 && !MAY_BE_NEGATIVE.has(t)) return fail(`go: ${t} must not be negative, got ${text}`);
      if (v <= 0 && (t === 'mate' || t === 'movestogo' || t === 'nodes' || t === 'movetime')) return fail(`go: ${t} must be at least 1, got ${text}`);
      if (t === 'depth' || t === 'perft') v = Math.max(1, Math.min(v, t === 'depth' ? 255 : 20));
      limits[t as GoNumber] = v;
    } else return fail(`go: unknown parameter "${t}"`);
  }
  return { ok: true, value: limits };
}

/** A `position` command: a FEN (or the start position) and moves in UCI text. */
export interface PositionCommand {
  /** null for `startpos`. */
  fen: string | null;
  moves: string[];
}

/** Parses the tokens after `position`; the FEN and the moves are checked by the engine. */
export function parsePosition(tokens: readonly string[]): Parsed<PositionCommand> {
  const movesAt = tokens.indexOf('moves');
  const head = movesAt < 0 ? tokens : tokens.slice(0, movesAt);
  const moves = movesAt < 0 ? [] : tokens.slice(movesAt + 1);
  let fen: string | null;
  if (head[0] === 'startpos') {
    if (head.length > 1) return fail(`position: unexpected "${head[1]}" after startpos (expected "moves")`);
    fen = null;
  } else if (head[0] === 'fen') {
    if (head.length < 2) return fail('position: fen needs a FEN string');
    fen = head.slice(1).join(' ');
  } else if (head.length === 0) return fail('position: expected "startpos" or "fen <FEN>"');
  else return fail(`position: expected "startpos" or "fen <FEN>", got "${head[0]}"`);
  for (const m of moves) if (!UCI_MOVE.test(m)) return fail(`position: "${m}" is not a move in UCI notation (like e2e4 or e7e8q)`);
  return { ok: true, value: { fen, moves } };
}

/** `setoption name <name> [value <value>]`: the name and value may contain spaces. */
export function parseSetoption(tokens: readonly string[]): Parsed<{ name: string; value: string | null }> {
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
