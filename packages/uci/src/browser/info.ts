/**
 * Parsing of UCI `info` lines for pages: the fields a GUI shows (depth, score, speed,
 * the principal variation), as numbers and move lists, so a page never splits engine
 * text itself. Works for any UCI engine's output, not only Tempo's.
 */

/** A score from the side to move's point of view, as UCI sends it. */
export type InfoScore =
  | {
      /** Centipawns, positive when the side to move is better. */
      readonly cp: number;
      /** Absent in a centipawn score. */
      readonly mate?: undefined;
    }
  | {
      /** Mate in this many moves: positive when the side to move mates, negative when it is mated. */
      readonly mate: number;
      /** Absent in a mate score. */
      readonly cp?: undefined;
    };

/** One parsed `info` line; a field the line did not carry is absent. */
export interface InfoLine {
  /** The search depth, in plies. */
  depth?: number;
  /** The selective depth: the deepest ply reached, in plies. */
  seldepth?: number;
  /** 1 when the line names no multipv (engines omit it in single-PV searches). */
  multipv: number;
  /** The line's score. */
  score?: InfoScore;
  /** The score is only a bound (a fail-high or fail-low inside an aspiration window). */
  bound?: 'lower' | 'upper';
  /** Win/draw/loss per mille, when the engine sends `wdl`. */
  wdl?: [number, number, number];
  /** Nodes searched so far. */
  nodes?: number;
  /** Nodes a second. */
  nps?: number;
  /** Milliseconds since the search started. */
  time?: number;
  /** How full the hash table is, per mille. */
  hashfull?: number;
  /** Endgame tablebase hits. */
  tbhits?: number;
  /** The root move being searched, in UCI notation. */
  currmove?: string;
  /** The 1-based number of that root move. */
  currmovenumber?: number;
  /** Moves in UCI notation (`e2e4`, `e7e8q`); empty when the line has no pv. */
  pv: string[];
  /** The text after `info string`, which runs to the end of the line. */
  string?: string;
}

const NUMERIC = new Set([
  'depth',
  'seldepth',
  'multipv',
  'nodes',
  'nps',
  'time',
  'hashfull',
  'tbhits',
  'currmovenumber',
  'cpuload',
  'sbhits',
]);
const NUMBER_FIELDS: Record<string, keyof InfoLine> = {
  depth: 'depth',
  seldepth: 'seldepth',
  multipv: 'multipv',
  nodes: 'nodes',
  nps: 'nps',
  time: 'time',
  hashfull: 'hashfull',
  tbhits: 'tbhits',
  currmovenumber: 'currmovenumber',
};

/**
 * Parses one `info ...` line; returns null for any other line. Unknown tokens are
 * skipped (engines add their own), a number that does not parse leaves its field out,
 * and `pv`, `string` and `refutation`/`currline` run to the end of the line.
 */
export function parseInfo(line: string): InfoLine | null {
  const t = line.trim().split(/\s+/);
  if (t[0] !== 'info') return null;
  const info: InfoLine = { multipv: 1, pv: [] };
  let i = 1;
  while (i < t.length) {
    const key = t[i++]!;
    if (key === 'string') {
      info.string = line.slice(line.indexOf('string') + 6).trim();
      break;
    }
    if (key === 'pv') {
      info.pv = t.slice(i);
      break;
    }
    if (key === 'refutation' || key === 'currline') break;
    if (key === 'score') {
      i = parseScore(t, i, info);
      continue;
    }
    if (key === 'wdl') {
      const w = [Number(t[i]), Number(t[i + 1]), Number(t[i + 2])];
      if (w.every(Number.isFinite)) info.wdl = w as [number, number, number];
      i += 3;
      continue;
    }
    if (key === 'currmove') {
      if (i < t.length) info.currmove = t[i];
      i++;
      continue;
    }
    if (NUMERIC.has(key)) {
      const v = Number(t[i]);
      const field = NUMBER_FIELDS[key];
      if (field && t[i] !== undefined && Number.isFinite(v)) (info as unknown as Record<string, number>)[field] = v;
      i++;
    }
  }
  return info;
}

/** `score cp N [lowerbound|upperbound]` or `score mate N ...`; returns the next index. */
function parseScore(t: string[], i: number, info: InfoLine): number {
  const kind = t[i];
  const v = Number(t[i + 1]);
  if ((kind === 'cp' || kind === 'mate') && t[i + 1] !== undefined && Number.isFinite(v)) {
    info.score = kind === 'cp' ? { cp: v } : { mate: v };
    i += 2;
  } else {
    i += 1;
  }
  while (t[i] === 'lowerbound' || t[i] === 'upperbound') {
    info.bound = t[i] === 'lowerbound' ? 'lower' : 'upper';
    i++;
  }
  return i;
}

/** A parsed `option name ... type ...` line from the `uci` answer. */
export interface EngineOption {
  /** The option's name (it may contain spaces). */
  name: string;
  /** The UCI option type. */
  type: 'check' | 'spin' | 'combo' | 'button' | 'string';
  /** The default as text (`<empty>` read as ''); absent when the line has none. */
  default?: string;
  /** A spin's smallest value. */
  min?: number;
  /** A spin's largest value. */
  max?: number;
  /** A combo's values, in order; empty for the other types. */
  vars: string[];
}

/** Parses an `option` line (names may contain spaces); null for any other line. */
export function parseOption(line: string): EngineOption | null {
  const m = /^option\s+name\s+(.+?)\s+type\s+(\S+)(.*)$/.exec(line.trim());
  if (!m) return null;
  const type = m[2] as EngineOption['type'];
  const opt: EngineOption = { name: m[1]!, type, vars: [] };
  const rest = m[3]!;
  const re = /\s(default|min|max|var)\s+(.*?)(?=\s(?:default|min|max|var)\s|\s*$)/g;
  for (let r = re.exec(rest); r; r = re.exec(rest)) {
    const [, k, v] = r;
    if (k === 'default') opt.default = v === '<empty>' ? '' : v;
    else if (k === 'min') opt.min = Number(v);
    else if (k === 'max') opt.max = Number(v);
    else opt.vars.push(v!);
  }
  return opt;
}
