/**
 * Chess960 starting positions by their standard number (0-959, Scharnagl's scheme, in
 * which 518 is the classical start): the bishops from the number's first two base-4
 * digits, the queen from a base-6 digit, the knights from one of ten placements, and
 * rook, king, rook in the three squares left, so the king stands between its rooks.
 */
const KNIGHTS: [number, number][] = [
  [0, 1],
  [0, 2],
  [0, 3],
  [0, 4],
  [1, 2],
  [1, 3],
  [1, 4],
  [2, 3],
  [2, 4],
  [3, 4],
];

/** The back rank of start `n`, from a to h, in upper case (`RNBQKBNR` for 518). */
export function chess960BackRank(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 959) throw new Error(`A Chess960 start is a number from 0 to 959, not ${n}`);
  const rank: (string | null)[] = Array(8).fill(null);
  let r = n;
  rank[(r % 4) * 2 + 1] = 'B'; // light-squared bishop: b, d, f or h
  r = Math.floor(r / 4);
  rank[(r % 4) * 2] = 'B'; // dark-squared bishop: a, c, e or g
  r = Math.floor(r / 4);
  const free = () => rank.flatMap((p, i) => (p === null ? [i] : []));
  rank[free()[r % 6]!] = 'Q';
  r = Math.floor(r / 6);
  const [a, b] = KNIGHTS[r]!;
  const empty = free();
  rank[empty[a]!] = 'N';
  rank[empty[b]!] = 'N';
  const [r1, k, r2] = free();
  rank[r1!] = 'R';
  rank[k!] = 'K';
  rank[r2!] = 'R';
  return rank.join('');
}

/** The FEN of start `n`, both sides free to castle either way. */
export function chess960Fen(n: number): string {
  const back = chess960BackRank(n);
  return `${back.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${back} w KQkq - 0 1`;
}

/** A start chosen at random. */
export function randomChess960(random: () => number = Math.random): number {
  return Math.min(959, Math.floor(random() * 960));
}
