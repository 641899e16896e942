#!/usr/bin/env node
/**
 * Writes tools/match/data/lone-king.epd: 100 starts of won endings against a lone king
 * (25 each of KQK, KRK, KBBK with bishops of both colours, KBNK), for a match that
 * measures how often an engine mates them before the fifty-move rule. Each start is
 * legal (chess.js), not over, the lone king not attacked, and no piece of the strong
 * side next to it (so none hangs at once); the strong side and the side to move
 * alternate. Deterministic: the default seed gives lone-king.epd; another seed (and
 * --out) gives a fresh set, to confirm what was adjusted on the first. From the
 * repository root:
 *
 *   node tools/match/scripts/make-lone-king-starts.mjs [--seed N] [--out FILE]
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Chess } from 'chess.js';

const { values } = parseArgs({ options: { seed: { type: 'string' }, out: { type: 'string' } } });
const out = values.out ?? join(dirname(fileURLToPath(import.meta.url)), '../data/lone-king.epd');
if (values.seed !== undefined && !(/^[1-9][0-9]*$/.test(values.seed) && Number(values.seed) < 2 ** 32)) {
  console.error(`make-lone-king-starts: --seed ${values.seed}: a positive integer below 2^32`);
  process.exit(2);
}
const SETS = [
  ['KQK', ['Q']],
  ['KRK', ['R']],
  ['KBBK', ['B', 'B']],
  ['KBNK', ['B', 'N']],
];
const PER_SET = 25;

let seed = values.seed === undefined ? 0x9e3779b9 : Number(values.seed) >>> 0;
/** xorshift32: a uniform integer below n. */
function rand(n) {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
}

const light = (sq) => ((sq & 7) + (sq >> 3)) % 2 === 1;
const near = (a, b) => Math.max(Math.abs((a & 7) - (b & 7)), Math.abs((a >> 3) - (b >> 3))) <= 1;

function start(pieces, strongWhite, whiteToMove) {
  for (;;) {
    const squares = [];
    while (squares.length < pieces.length + 2) {
      const sq = rand(64);
      if (!squares.includes(sq)) squares.push(sq);
    }
    const [strongKing, loneKing, ...rest] = squares;
    if (near(strongKing, loneKing) || rest.some((sq) => near(sq, loneKing))) continue;
    // Two bishops stand on both colours.
    if (pieces.length === 2 && pieces[1] === 'B' && light(rest[0]) === light(rest[1])) continue;
    const strong = strongWhite ? 'w' : 'b';
    const name = (sq) => 'abcdefgh'[sq & 7] + ((sq >> 3) + 1);
    const game = new Chess();
    game.clear();
    game.put({ type: 'k', color: strong }, name(strongKing));
    game.put({ type: 'k', color: strongWhite ? 'b' : 'w' }, name(loneKing));
    pieces.forEach((p, i) => game.put({ type: p.toLowerCase(), color: strong }, name(rest[i])));
    const fen = game.fen().replace(' w ', whiteToMove ? ' w ' : ' b ');
    game.load(fen);
    // chess.js takes a FEN whose side not to move is in check: ask it whether the lone king is attacked.
    if (game.isGameOver() || game.isAttacked(name(loneKing), strong)) continue;
    return fen;
  }
}

const lines = [];
for (const [name, pieces] of SETS) {
  for (let i = 0; i < PER_SET; i++) lines.push(`${start(pieces, i % 2 === 0, (i >> 1) % 2 === 0)} ; ${name}`);
}
writeFileSync(out, lines.join('\n') + '\n');
console.log(`wrote ${lines.length} starts to ${out}`);
