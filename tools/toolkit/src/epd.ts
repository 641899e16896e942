/**
 * Perft EPD files: one position a line, `FEN ;D1 20 ;D2 400 ...`. The FEN may have
 * four fields (EPD) or six. Castling may be standard (KQkq), X-FEN (KQkq meaning the
 * outermost rook, plus file letters for inner rooks) or Shredder-FEN (rook files,
 * e.g. HAha). A castling field with anything but K, Q, k, q marks a Chess960
 * position. A malformed line is returned as an error with its line number, never
 * thrown, so a suite run can go on.
 */
import { readFileSync } from 'node:fs';

/** One well-formed EPD line. */
export interface EpdEntry {
  /** 1-based line number in the file. */
  line: number;
  /** Six-field FEN (missing clocks become `0 1`). */
  fen: string;
  chess960: boolean;
  /** Expected perft counts by depth, ascending. */
  depths: Array<{ depth: number; nodes: number }>;
}

/** A line that could not be parsed. */
export interface EpdError {
  line: number;
  message: string;
}

/** Every entry and every error of a file, in line order. */
export interface EpdFile {
  entries: EpdEntry[];
  errors: EpdError[];
}

const CASTLING = /^(-|[KQkqA-Ha-h]{1,4})$/;
const STANDARD_CASTLING = /^(-|[KQkq]+)$/;

/** True when a castling field needs Chess960 rules (any letter besides K, Q, k, q). */
export function isChess960Castling(field: string): boolean {
  return !STANDARD_CASTLING.test(field);
}

/** Parses one line; `null` for a blank or comment line. */
export function parseEpdLine(text: string, line: number, forceChess960 = false): EpdEntry | EpdError | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return null;
  const [fenPart, ...ops] = trimmed.split(';');
  const fields = fenPart.trim().split(/\s+/);
  if (fields.length !== 4 && fields.length !== 6) {
    return { line, message: `FEN has ${fields.length} fields, expected 4 or 6` };
  }
  if (!CASTLING.test(fields[2]))
    return { line, message: `castling field "${fields[2]}" is not KQkq, X-FEN or Shredder-FEN` };
  const fen = (fields.length === 4 ? [...fields, '0', '1'] : fields).join(' ');
  const depths: EpdEntry['depths'] = [];
  for (const op of ops) {
    const m = /^D(\d+)\s+(\d+)$/.exec(op.trim());
    if (!m) return { line, message: `"${op.trim()}" is not a perft count like "D3 8902"` };
    depths.push({ depth: Number(m[1]), nodes: Number(m[2]) });
  }
  if (depths.length === 0) return { line, message: 'no perft counts (expected ";D1 n ;D2 n ...")' };
  depths.sort((a, b) => a.depth - b.depth);
  return { line, fen, chess960: forceChess960 || isChess960Castling(fields[2]), depths };
}

/** Parses EPD text. `forceChess960` marks every position Chess960 (`--chess960`). */
export function parseEpd(text: string, forceChess960 = false): EpdFile {
  const out: EpdFile = { entries: [], errors: [] };
  text.split(/\r?\n/).forEach((lineText, i) => {
    const parsed = parseEpdLine(lineText, i + 1, forceChess960);
    if (parsed === null) return;
    if ('message' in parsed) out.errors.push(parsed);
    else out.entries.push(parsed);
  });
  return out;
}

/** An input file that cannot be read (the CLI exits 2). */
export class InputError extends Error {
  override name = 'InputError';
}

/** Reads a file; throws InputError with a one-line message when it cannot be read. */
export function readTextFile(path: string): string {
  return readInput(path, (p) => readFileSync(p, 'utf8'));
}

/** Reads a file's bytes; throws InputError with a one-line message when it cannot be read. */
export function readBinaryFile(path: string): Uint8Array {
  return readInput(path, (p) => new Uint8Array(readFileSync(p)));
}

function readInput<T>(path: string, read: (path: string) => T): T {
  try {
    return read(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : String(code ?? e);
    throw new InputError(`cannot read ${path}: ${why}`);
  }
}

/** FENs of a plain FEN/EPD list (first field group of each line, any ops dropped); for `--starts` and `--epd`. */
export function parseFenList(text: string): Array<{ line: number; fen: string }> {
  const out: Array<{ line: number; fen: string }> = [];
  text.split(/\r?\n/).forEach((lineText, i) => {
    const trimmed = lineText.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const fields = trimmed.split(';')[0].trim().split(/\s+/);
    const clocks =
      fields.length >= 6 && /^\d+$/.test(fields[4]) && /^\d+$/.test(fields[5]) ? fields.slice(4, 6) : ['0', '1'];
    const fen = [...fields.slice(0, 4), ...clocks].join(' ');
    out.push({ line: i + 1, fen });
  });
  return out;
}
