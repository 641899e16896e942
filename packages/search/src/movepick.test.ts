import { expect, test } from 'vitest';
import { Position, moveToUci } from '@tempo-chess/position';
import { generateLegal, givesCheck, parseUciMove, see } from '@tempo-chess/movegen';
import { DEFAULT_PSQ } from '@tempo-chess/eval';
import { Heuristics } from './history';
import { isTactical, MovePicker, SEE_UNKNOWN } from './movepick';

// Kiwipete: captures good and bad, quiets, castling.
const FEN = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

function picker(pos: Position): MovePicker {
  return new MovePicker(pos, new Int32Array(512), new Int32Array(512), new Heuristics(), 0);
}

/** Every move the picker yields, with the seeFloor it reported for each. */
function drain(p: MovePicker, skipAfter = Infinity): Array<{ m: number; floor: number }> {
  const out: Array<{ m: number; floor: number }> = [];
  for (let m = p.next(); m !== 0; m = p.next()) {
    out.push({ m, floor: p.seeFloor });
    if (out.length >= skipAfter) p.skipQuiets = true;
  }
  return out;
}

test('the main picker yields every legal move once', () => {
  const pos = Position.fromFen(FEN, { psq: DEFAULT_PSQ });
  const p = picker(pos);
  p.initMain(parseUciMove(pos, 'e2a6'), 0, 0, 0, 0, 0, false, 5);
  const got = drain(p)
    .map((x) => moveToUci(pos, x.m))
    .sort();
  const list = new Int32Array(256);
  const n = generateLegal(pos, list, 0);
  expect(got).toEqual(Array.from(list.subarray(0, n), (m) => moveToUci(pos, m)).sort());
});

test('skipQuiets: once set, no quiet comes out but checks; every capture still does (bad ones last)', () => {
  const pos = Position.fromFen(FEN, { psq: DEFAULT_PSQ });
  const p = picker(pos);
  p.initMain(0, 0, 0, 0, 0, 0, false, 5);
  // Set after the first move (a good capture): the rest are captures and quiet checks only.
  const got = drain(p, 1).map((x) => x.m);
  expect(isTactical(pos, got[0])).toBe(true);
  const list = new Int32Array(256);
  const n = generateLegal(pos, list, 0);
  const all = Array.from(list.subarray(0, n));
  const gives = (m: number) => givesCheck(pos, m);
  const expected = all.filter((m) => isTactical(pos, m) || gives(m));
  expect(got.slice().sort()).toEqual(expected.sort());
  // The quiets that came out are exactly the legal quiet checks, counted by movegen's givesCheck.
  expect(got.filter((m) => !isTactical(pos, m)).length).toBe(all.filter((m) => !isTactical(pos, m) && gives(m)).length);
});

test('skipQuiets from the start of a node: only quiet checks and captures come out', () => {
  // White's queen checks from c8, c7, d2 and g5 among its many quiet moves; Rxh7 is the capture.
  const pos = Position.fromFen('3k4/7p/8/8/8/8/8/2Q1K2R w - - 0 1', { psq: DEFAULT_PSQ });
  const p = picker(pos);
  p.initMain(0, 0, 0, 0, 0, 0, false, 5);
  p.skipQuiets = true;
  const got = drain(p)
    .map((x) => moveToUci(pos, x.m))
    .sort();
  const list = new Int32Array(256);
  const n = generateLegal(pos, list, 0);
  const expected = Array.from(list.subarray(0, n))
    .filter((m) => isTactical(pos, m) || givesCheck(pos, m))
    .map((m) => moveToUci(pos, m))
    .sort();
  expect(got).toEqual(expected);
  expect(got.length).toBeGreaterThan(1);
});

test('seeFloor: a good capture reports the SEE threshold it passed; other moves report SEE_UNKNOWN', () => {
  const pos = Position.fromFen(FEN, { psq: DEFAULT_PSQ });
  const p = picker(pos);
  p.initMain(parseUciMove(pos, 'e2a6'), 0, 0, 0, 0, 0, false, 5);
  const got = drain(p);
  expect(got[0].floor).toBe(SEE_UNKNOWN); // the TT move, not tested
  let known = 0;
  for (const { m, floor } of got) {
    if (!isTactical(pos, m)) expect(floor).toBe(SEE_UNKNOWN);
    if (floor === SEE_UNKNOWN) continue;
    known++;
    expect(see(pos, m, floor)).toBe(true);
  }
  expect(known).toBeGreaterThanOrEqual(2);
});

test('threat terms (useThreats): a piece attacked by a pawn comes out first with its escapes; a queen into a pawn attack comes last', () => {
  // Black's d5 pawn attacks White's e4 knight and the c4 square the a2 queen may go to.
  const pos = Position.fromFen('4k3/8/8/3p4/4N3/8/Q7/4K3 w - - 0 1', { psq: DEFAULT_PSQ });
  const quiets = (threats: number) => {
    const p = picker(pos);
    p.useThreats = threats;
    p.initMain(0, 0, 0, 0, 0, 0, false, 5);
    return drain(p)
      .map((x) => x.m)
      .filter((m) => !isTactical(pos, m))
      .map((m) => moveToUci(pos, m));
  };
  const on = quiets(1),
    off = quiets(0);
  expect(on.slice().sort()).toEqual(off.slice().sort());
  expect(on.slice(0, 8).sort()).toEqual(['e4c3', 'e4c5', 'e4d2', 'e4d6', 'e4f2', 'e4f6', 'e4g3', 'e4g5']);
  expect(on.at(-1)).toBe('a2c4');
  // Without them every quiet scores 0 (no history): generation order, king moves first.
  expect(off[0].startsWith('e1')).toBe(true);
  expect(off.at(-1)).not.toBe('a2c4');
});
