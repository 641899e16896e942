#!/usr/bin/env node
/**
 * Builds the mate sets of the UCI tests (test/data/mate{1,2,3}.epd) and proves every
 * distance by exhaustive search: the side to move mates in exactly N (a mate in N
 * exists, none in N - 1). Run from the repository root after `pnpm build`:
 *
 *   node tools/perft/scripts/make-mate-sets.mjs ../shared/data/suites/mates.epd matetrack.epd mates2000.epd
 *
 * Sources: mates.epd (mate-in-2 puzzles, see shared/data/suites/README.md) gives the
 * mate-in-2 set and, one move pair deeper along its PV, the mate-in-1 set;
 * matetrack.epd and mates2000.epd (public repository vondele/matetrack) give `bm #N`
 * lines for N = 1, 2, 3. Nothing is taken on trust: a position whose distance the
 * search does not prove is dropped.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chess.js';
import { Position } from '@tempo-chess/position';
import { generateLegal, MAX_MOVES } from '@tempo-chess/movegen';

const [matesEpd, ...trackFiles] = process.argv.slice(2);
if (!matesEpd) {
  console.error('usage: make-mate-sets.mjs <mates.epd> [matetrack.epd ...]');
  process.exit(2);
}
const outDir = join(dirname(fileURLToPath(import.meta.url)), '../../../apps/uci/test/data');
const WANT = { 1: 60, 2: 60, 3: 40 };

const stack = new Int32Array(16 * MAX_MOVES);
let budget = 0;

/** Does the side to move mate in at most n moves? (n >= 1) */
function mateIn(pos, n, ply) {
  const base = ply * 2 * MAX_MOVES;
  const end = generateLegal(pos, stack, base);
  for (let i = base; i < end; i++) {
    pos.doMove(stack[i]);
    const ok = allRepliesLose(pos, n, ply);
    pos.undoMove();
    if (ok) return true;
  }
  return false;
}

/** After the attacker's move: is it mate now, or (n > 1) does every reply allow a mate in n - 1? */
function allRepliesLose(pos, n, ply) {
  if (--budget < 0) throw new Error('budget');
  const base = (ply * 2 + 1) * MAX_MOVES;
  const end = generateLegal(pos, stack, base);
  if (end === base) return pos.inCheck();
  if (n === 1) return false;
  for (let i = base; i < end; i++) {
    pos.doMove(stack[i]);
    const ok = mateIn(pos, n - 1, ply + 1);
    pos.undoMove();
    if (!ok) return false;
  }
  return true;
}

/** Exactly n: a mate in n and none shorter; null when the proof is too costly. */
function provesExactly(fen, n) {
  const pos = Position.fromFen(fen);
  budget = 20_000_000;
  try {
    return mateIn(pos, n, 0) && (n === 1 || !mateIn(pos, n - 1, 0));
  } catch {
    return null;
  }
}

const fourFields = (line) => line.trim().split(/\s+/).slice(0, 4).join(' ');
const candidates = { 1: [], 2: [], 3: [] };
const seen = new Set();
const add = (n, fen, source) => {
  const key = fen.split(' ').slice(0, 4).join(' ');
  if (seen.has(key)) return;
  seen.add(key);
  candidates[n].push({ fen: fen.split(' ').length === 4 ? `${fen} 0 1` : fen, source });
};

// mates.epd: `FEN bm ...; dm 2; pv SAN SAN SAN; id "M2.nnnn";`
for (const line of readFileSync(matesEpd, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const fen = fourFields(line);
  const id = /id "([^"]+)"/.exec(line)?.[1] ?? '?';
  add(2, fen, `mates.epd ${id}`);
  const pv = /pv ([^;]+);/.exec(line)?.[1].trim().split(/\s+/);
  if (pv && pv.length >= 3) {
    const chess = new Chess(`${fen} 0 1`);
    chess.move(pv[0]);
    chess.move(pv[1]);
    add(1, chess.fen(), `mates.epd ${id} after ${pv[0]} ${pv[1]}`);
  }
}
// matetrack-style: `FEN bm #N; ...`
for (const file of trackFiles) {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = / bm #([123]);/.exec(line);
    if (m) add(Number(m[1]), fourFields(line), `${file.split('/').pop()} bm #${m[1]}`);
  }
}

mkdirSync(outDir, { recursive: true });
for (const n of [1, 2, 3]) {
  // Spread the picks over the sources: every k-th candidate, track files first for mate in 3.
  const list = candidates[n];
  const step = Math.max(1, Math.floor(list.length / (WANT[n] * 2)));
  const picked = [];
  let dropped = 0;
  for (let i = 0; i < list.length && picked.length < WANT[n]; i += n === 3 ? 1 : step) {
    const c = list[i];
    const ok = provesExactly(c.fen, n);
    if (ok) picked.push(c);
    else dropped++;
  }
  const text = picked.map((c) => `${c.fen}; dm ${n}; c0 "${c.source}";`).join('\n') + '\n';
  writeFileSync(join(outDir, `mate${n}.epd`), text);
  console.log(`mate${n}.epd: ${picked.length} positions proven (${dropped} candidates dropped, ${list.length} in all)`);
}
