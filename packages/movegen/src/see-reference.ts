/**
 * A slow, independent static exchange for tests: the exchange on the target square
 * is played out on a copy of the mailbox, attackers found by walking rays square by
 * square, each side taking with its least valuable attacker (lowest square first
 * among equals) or standing pat; the same king and pin rules as see().
 */
import { BISHOP_DIRECTIONS, ROOK_DIRECTIONS } from '@tempo-chess/bitboard';
import { moveFrom, moveTo, moveType, NORMAL, type Move, type Position } from '@tempo-chess/position';
import { SEE_VALUE } from './see';

const KNIGHT = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
];
const KING = [
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
  [0, -1],
  [1, -1],
];

function attacks(board: Uint8Array, from: number, to: number): boolean {
  const p = board[from],
    pt = p & 7,
    c = p >>> 3;
  const df = (to & 7) - (from & 7),
    dr = (to >>> 3) - (from >>> 3);
  if (pt === 1) return Math.abs(df) === 1 && dr === (c === 0 ? 1 : -1);
  if (pt === 2) return KNIGHT.some(([a, b]) => a === df && b === dr);
  if (pt === 6) return KING.some(([a, b]) => a === df && b === dr);
  const dirs = pt === 3 ? BISHOP_DIRECTIONS : pt === 4 ? ROOK_DIRECTIONS : [...ROOK_DIRECTIONS, ...BISHOP_DIRECTIONS];
  for (const [a, b] of dirs) {
    let f = (from & 7) + a,
      r = (from >>> 3) + b;
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      const s = r * 8 + f;
      if (s === to) return true;
      if (board[s] !== 0) break;
      f += a;
      r += b;
    }
  }
  return false;
}

/**
 * Blockers of colour c's king and the enemy sliders that pin c's own pieces, as
 * Stockfish defines them: enemy sliders on a line with the king do not count as
 * blockers for each other.
 */
function pins(board: Uint8Array, c: number): { blockers: Set<number>; pinners: number[] } {
  const k = board.findIndex((p) => p === ((c << 3) | 6));
  const blockers = new Set<number>();
  const pinners: number[] = [];
  for (const [dirs, types] of [
    [ROOK_DIRECTIONS, [4, 5]],
    [BISHOP_DIRECTIONS, [3, 5]],
  ] as const) {
    for (const [a, b] of dirs) {
      const ray: number[] = [];
      for (let f = (k & 7) + a, r = (k >>> 3) + b; f >= 0 && f < 8 && r >= 0 && r < 8; f += a, r += b)
        ray.push(r * 8 + f);
      const isSniper = (s: number) => board[s] !== 0 && board[s] >>> 3 !== c && types.includes((board[s] & 7) as never);
      ray.forEach((s, i) => {
        if (!isSniper(s)) return;
        const inBetween = ray.slice(0, i).filter((x) => board[x] !== 0 && !isSniper(x));
        if (inBetween.length !== 1) return;
        blockers.add(inBetween[0]);
        if (board[inBetween[0]] >>> 3 === c) pinners.push(s);
      });
    }
  }
  return { blockers, pinners };
}

/** Exchange value of a normal capture or quiet move, from the mover's side; 0 for special moves. */
export function seeReference(pos: Position, m: Move): number {
  if (moveType(m) !== NORMAL) return 0;
  const board = Uint8Array.from(pos.board);
  const from = moveFrom(m),
    to = moveTo(m);
  const pinInfo = [pins(board, 0), pins(board, 1)];
  const gain = SEE_VALUE[board[to] & 7];
  board[to] = board[from];
  board[from] = 0;
  const vacated = new Set<number>([from]);
  const best = (side: number): number => {
    const { blockers } = pinInfo[side];
    const pinnerPresent = pinInfo[side].pinners.some((s) => !vacated.has(s) && s !== to);
    const candidates: number[] = [];
    for (let s = 0; s < 64; s++) {
      if (s === to || board[s] === 0 || board[s] >>> 3 !== side) continue;
      if (pinnerPresent && blockers.has(s)) continue;
      if (attacks(board, s, to)) candidates.push(s);
    }
    if (candidates.length === 0) return 0;
    candidates.sort((a, b) => (board[a] & 7) - (board[b] & 7) || a - b);
    const a = candidates[0];
    const victim = SEE_VALUE[board[to] & 7];
    if ((board[a] & 7) === 6) {
      const defended = Array.from({ length: 64 }, (_, s) => s).some(
        (s) => s !== to && board[s] !== 0 && board[s] >>> 3 !== side && attacks(board, s, to),
      );
      return defended ? 0 : victim;
    }
    const saved = board[to];
    board[to] = board[a];
    board[a] = 0;
    vacated.add(a);
    const value = victim - best(side ^ 1);
    vacated.delete(a);
    board[a] = board[to];
    board[to] = saved;
    return Math.max(0, value);
  };
  return gain - best((pos.board[from] >>> 3) ^ 1);
}
