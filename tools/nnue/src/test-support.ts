/**
 * Test data for the converter and the trainer (imported by tests only): text records in
 * datagen's form from seeded random games, scored by material (white's view), so a net
 * has a known simple function to learn. Not training data: real data comes from datagen.
 */
import { generateLegal } from '@tempo-chess/movegen';
import { Position, START_FEN } from '@tempo-chess/position';
import { Rng } from '@tempo-chess/toolkit';

const VALUES = [0, 100, 300, 320, 500, 900, 0];

/** Material of a position in centipawns, white's view. */
export function material(pos: Position): number {
  let sum = 0;
  for (let sq = 0; sq < 64; sq++) {
    const code = pos.board[sq];
    if (code !== 0) sum += (code >> 3 === 0 ? 1 : -1) * VALUES[code & 7];
  }
  return sum;
}

/**
 * `games` random games (legal moves, captures preferred half of the time so material
 * changes) as text lines `fen | score | result`, white's view, the first record at ply
 * 10 or later and every other ply after it; the score is material (plus `noise` cp of
 * seeded noise), the result the sign of the last material count.
 */
export function randomGameLines(games: number, seed: number, noise = 0): string[] {
  const rng = new Rng(seed),
    list = new Int32Array(256),
    lines: string[] = [];
  for (let g = 0; g < games; g++) {
    const pos = Position.fromFen(START_FEN);
    const game: { fen: string; score: number }[] = [];
    for (let ply = 0; ply < 120; ply++) {
      const n = generateLegal(pos, list, 0);
      if (n === 0 || pos.pieceCount[0] === 1 || pos.pieceCount[8] === 1) break;
      if (ply >= 10 && ply % 2 === 0)
        game.push({ fen: pos.toFen(), score: material(pos) + (noise > 0 ? rng.int(2 * noise + 1) - noise : 0) });
      let m = list[rng.int(n)];
      if (rng.chance(0.5)) {
        for (let i = 0, o = rng.int(n); i < n; i++) {
          const c = list[(i + o) % n];
          if (pos.board[(c >>> 6) & 63] !== 0 && (c & 0xc000) !== 0xc000) {
            m = c;
            break;
          }
        }
      }
      pos.doMove(m);
    }
    const end = material(pos);
    const result = end > 150 ? '1.0' : end < -150 ? '0.0' : '0.5';
    for (const r of game) lines.push(`${r.fen} | ${r.score} | ${result}`);
  }
  return lines;
}
