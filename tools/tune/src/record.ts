/**
 * The training record: one position a line, as text, in the form several tuners and
 * trainers read (`fen | score | result`):
 *
 *   rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3 | 21 | 0.5
 *
 * - fen: the position, full FEN (the halfmove clock is the fifty-move fade's input);
 * - score: the search's score in centipawns from white's view, an integer (mate scores
 *   are never written: such positions are left out);
 * - result: the game's result from white's view, `1.0`, `0.5` or `0.0`.
 *
 * About 65 bytes a position. Lines that are empty or start with `#` are skipped by readers.
 */

/** One training position. */
export interface TrainingRecord {
  readonly fen: string;
  /** Search score, centipawns, white's view. */
  readonly score: number;
  /** Game result, white's view: 1, 0.5 or 0. */
  readonly result: number;
}

const RESULTS: Record<string, number> = { '1.0': 1, '0.5': 0.5, '0.0': 0 };

/** The line of a record (no newline). */
export function formatRecord(r: TrainingRecord): string {
  if (!Number.isInteger(r.score)) throw new Error(`formatRecord: score must be an integer, got ${r.score}`);
  const result = r.result === 1 ? '1.0' : r.result === 0.5 ? '0.5' : r.result === 0 ? '0.0' : null;
  if (result === null) throw new Error(`formatRecord: result must be 1, 0.5 or 0, got ${r.result}`);
  return `${r.fen} | ${r.score} | ${result}`;
}

/** Parses one line; throws an Error naming the problem for a malformed line. */
export function parseRecord(line: string): TrainingRecord {
  const parts = line.split('|');
  if (parts.length !== 3) throw new Error(`expected "fen | score | result", got "${line}"`);
  const fen = parts[0].trim();
  const scoreText = parts[1].trim();
  const resultText = parts[2].trim();
  if (!/^-?\d+$/.test(scoreText)) throw new Error(`bad score "${scoreText}" in "${line}"`);
  const result = RESULTS[resultText];
  if (result === undefined) throw new Error(`bad result "${resultText}" (want 1.0, 0.5 or 0.0) in "${line}"`);
  if (fen.split(' ').length < 4) throw new Error(`bad FEN "${fen}" in "${line}"`);
  return { fen, score: Number(scoreText), result };
}
