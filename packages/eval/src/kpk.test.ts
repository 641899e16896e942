/**
 * KPK: the committed bitbase equals a fresh generation, and agrees on every
 * position (all files, both sides to move, either colour strong through
 * evaluate) with a slow retrograde solver written here from the rules.
 */
import { describe, expect, test } from 'vitest';
import { Position } from '@tempo-chess/position';
import { EvalContext } from './context';
import { kpkScore } from './endgame';
import { evaluate } from './evaluate';
import { generateKpk, kpkTable, kpkWins } from './kpk';
import { DEFAULT_PSQ } from './psq-table';

const ILLEGAL = -1,
  UNKNOWN = 0,
  DRAW = 1,
  WIN = 2;
const file = (s: number) => s % 8,
  rank = (s: number) => Math.floor(s / 8);
const dist = (a: number, b: number) => Math.max(Math.abs(file(a) - file(b)), Math.abs(rank(a) - rank(b)));
const neighbours: number[][] = [];
for (let s = 0; s < 64; s++) {
  neighbours.push([]);
  for (let t = 0; t < 64; t++) if (dist(s, t) === 1) neighbours[s].push(t);
}
const pawnHits = (p: number, s: number) => rank(s) === rank(p) + 1 && Math.abs(file(s) - file(p)) === 1;

/** Whether a rook (or queen) on q attacks s, with only the white king wk able to block. */
function pieceHits(q: number, s: number, wk: number, queen: boolean): boolean {
  if (q === s) return false;
  const df = file(s) - file(q),
    dr = rank(s) - rank(q);
  if (!(df === 0 || dr === 0 || (queen && Math.abs(df) === Math.abs(dr)))) return false;
  const step = Math.sign(dr) * 8 + Math.sign(df);
  for (let x = q + step; x !== s; x += step) if (x === wk) return false;
  return true;
}

/** After promotion on q: white wins unless black takes the new piece or is stalemated (KQK and KRK are otherwise won). */
function promotionWins(wk: number, bk: number, q: number): boolean {
  if (dist(bk, q) === 1 && dist(wk, q) > 1) return false;
  for (const queen of [true, false]) {
    if (pieceHits(q, bk, wk, queen)) return true;
    const canMove = neighbours[bk].some((t) => dist(t, wk) > 1 && (t === q || !pieceHits(q, t, wk, queen)));
    if (canMove) return true;
  }
  return false;
}

/** Win/draw for white (the pawn's side) of every KPK position: index stm * 64^3 + wk * 4096 + bk * 64 + p. */
function solve(): Int8Array {
  const res = new Int8Array(2 * 64 * 64 * 64);
  const idx = (stm: number, wk: number, bk: number, p: number) => ((stm * 64 + wk) * 64 + bk) * 64 + p;
  for (let stm = 0; stm < 2; stm++)
    for (let wk = 0; wk < 64; wk++)
      for (let bk = 0; bk < 64; bk++)
        for (let p = 0; p < 64; p++) {
          const legal =
            rank(p) >= 1 &&
            rank(p) <= 6 &&
            wk !== bk &&
            dist(wk, bk) > 1 &&
            p !== wk &&
            p !== bk &&
            !(stm === 0 && pawnHits(p, bk));
          res[idx(stm, wk, bk, p)] = legal ? UNKNOWN : ILLEGAL;
        }
  for (let changed = true; changed;) {
    changed = false;
    for (let wk = 0; wk < 64; wk++)
      for (let bk = 0; bk < 64; bk++)
        for (let p = 8; p < 56; p++) {
          for (let stm = 0; stm < 2; stm++) {
            const i = idx(stm, wk, bk, p);
            if (res[i] !== UNKNOWN) continue;
            const outcomes: number[] = [];
            if (stm === 0) {
              for (const t of neighbours[wk]) if (t !== p && dist(t, bk) > 1) outcomes.push(res[idx(1, t, bk, p)]);
              const up = p + 8;
              if (up !== wk && up !== bk) {
                if (rank(up) === 7) outcomes.push(promotionWins(wk, bk, up) ? WIN : DRAW);
                else outcomes.push(res[idx(1, wk, bk, up)]);
                if (rank(p) === 1 && up + 8 !== wk && up + 8 !== bk) outcomes.push(res[idx(1, wk, bk, up + 8)]);
              }
              const r = outcomes.includes(WIN) ? WIN : outcomes.includes(UNKNOWN) ? UNKNOWN : DRAW;
              if (r !== UNKNOWN) {
                res[i] = r;
                changed = true;
              }
            } else {
              for (const t of neighbours[bk]) {
                if (dist(t, wk) <= 1 || pawnHits(p, t)) continue;
                outcomes.push(t === p ? DRAW : res[idx(0, wk, t, p)]);
              }
              let r: number;
              if (outcomes.length === 0) r = pawnHits(p, bk) ? WIN : DRAW;
              else r = outcomes.includes(DRAW) ? DRAW : outcomes.includes(UNKNOWN) ? UNKNOWN : WIN;
              if (r !== UNKNOWN) {
                res[i] = r;
                changed = true;
              }
            }
          }
        }
  }
  return res;
}

const name = (s: number) => 'abcdefgh'[file(s)] + String(rank(s) + 1);

describe('KPK', () => {
  test('the committed bitbase is what the generator builds', () => {
    const t0 = performance.now();
    const fresh = generateKpk();
    console.log(`KPK bitbase generated in ${(performance.now() - t0).toFixed(0)} ms`);
    expect(Array.from(kpkTable())).toEqual(Array.from(fresh));
  });

  test('the bitbase agrees with a slow solver on every position', () => {
    const res = solve();
    let checked = 0,
      wins = 0,
      mismatches = 0;
    for (let stm = 0; stm < 2; stm++)
      for (let wk = 0; wk < 64; wk++)
        for (let bk = 0; bk < 64; bk++)
          for (let p = 8; p < 56; p++) {
            const r = res[((stm * 64 + wk) * 64 + bk) * 64 + p];
            if (r === ILLEGAL) continue;
            const m = file(p) >= 4 ? 7 : 0;
            const got = kpkWins(stm, wk ^ m, bk ^ m, p ^ m);
            const want = r === WIN;
            if (got !== want && mismatches++ < 5)
              expect(`${stm} K${name(wk)} k${name(bk)} P${name(p)}: ${got}`).toBe(
                `${stm} K${name(wk)} k${name(bk)} P${name(p)}: ${want}`,
              );
            checked++;
            if (want) wins++;
          }
    console.log(`KPK: ${checked} legal positions checked against the slow solver, ${wins} wins`);
    expect(mismatches).toBe(0);
  });

  test('evaluate uses it for either colour: known wins and draws', () => {
    const ctx = new EvalContext();
    const ev = (fen: string) => evaluate(Position.fromFen(fen, { psq: DEFAULT_PSQ }), ctx);
    // King on the sixth in front of its pawn: won whoever moves (negative from black's view when black moves).
    expect(ev('4k3/8/4K3/4P3/8/8/8/8 b - - 0 1')).toBeLessThan(0);
    expect(ev('4k3/8/4K3/4P3/8/8/8/8 w - - 0 1')).toBeGreaterThan(0);
    // Pawn on the seventh and the lone king stalemated: a draw.
    expect(ev('4k3/4P3/4K3/8/8/8/8/8 b - - 0 1')).toBe(0);
    expect(ev('8/8/8/8/8/4k3/4p3/4K3 w - - 0 1')).toBe(0);
    // Rook pawn with the defending king in the corner: a draw.
    expect(ev('k7/8/8/P7/8/8/8/4K3 w - - 0 1')).toBe(0);
    // The mirrored, colour-flipped first position.
    expect(ev('8/8/8/8/4p3/4k3/8/4K3 w - - 0 1')).toBeLessThan(0);
    // A pawn far ahead of both kings: won, with a rank bonus.
    const far = Position.fromFen('8/1P6/8/8/8/8/k7/6K1 w - - 0 1', { psq: DEFAULT_PSQ });
    expect(kpkScore(far)).toBe(600 + 20 * 6);
  });
});
