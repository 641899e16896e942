/**
 * The default weights of every term other than PeSTO's material and piece-square
 * tables: small hand-set starting values, (mg, eg) pairs in centipawns. PeSTO's
 * tables were tuned to stand alone, so these stay modest; the tuner sets them
 * later. The terms added after the first tuning round (see tuned.ts) have no
 * entry here and start at zero. King-safety weights are attack units, summed per
 * attacking side and turned into centipawns by the transform in evaluate.ts (mg:
 * units^2 / 720, eg: units / 20, both only for positive units).
 */
const pair = (mg: number, eg: number): [number, number] => [mg, eg];
const byRank = (mg: readonly number[], eg: readonly number[]): [number, number][] => mg.map((m, i) => [m, eg[i]]);
const linear = (n: number, center: number, mg: number, eg: number): [number, number][] =>
  Array.from({ length: n }, (_, i) => [Math.round((i - center) * mg), Math.round((i - center) * eg)]);
/** Shelter by relative rank of the own pawn (0 = no pawn on the file), the same for each file class. */
const SHELTER = [-24, 0, 10, 4, -2, -6, -8, -10];
/** Storm by the enemy pawn's rank counted from our side (0 = no pawn): closer is worse. */
const STORM = [0, 0, -4, -18, -10, -4, -2, 0];

export const DEFAULT_TERMS: Readonly<Record<string, readonly [number, number][]>> = {
  tempo: [pair(16, 8)],
  'pawn.doubled': [pair(-8, -18)],
  'pawn.isolated': [pair(-8, -10)],
  'pawn.backward': [pair(-6, -8)],
  'pawn.phalanx': byRank([0, 2, 4, 6, 12, 24, 40, 0], [0, 0, 2, 4, 10, 20, 30, 0]),
  'pawn.supported': byRank([0, 0, 6, 6, 10, 18, 24, 0], [0, 0, 4, 4, 8, 14, 20, 0]),
  'passed.rank': byRank([0, 0, 0, 4, 10, 18, 24, 0], [0, 4, 8, 14, 24, 36, 50, 0]),
  'passed.free': byRank([0, 0, 0, 0, 4, 8, 14, 0], [0, 0, 2, 6, 14, 26, 40, 0]),
  'passed.blocked': [pair(-4, -10)],
  'passed.defended': [pair(2, 6)],
  'passed.ownKing': byRank([0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, -2, -4, -6, -8, 0]),
  'passed.enemyKing': byRank([0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 2, 4, 8, 12, 14, 0]),
  'passed.unstoppable': [pair(0, 250)],
  'mobility.knight': linear(9, 4, 4, 4),
  'mobility.bishop': linear(14, 6, 3, 3),
  'mobility.rook': linear(15, 7, 2, 3),
  'mobility.queen': linear(28, 13, 1, 1),
  'outpost.knight': [pair(20, 10)],
  'outpost.bishop': [pair(12, 4)],
  'bishop.pair': [pair(24, 44)],
  'bishop.pawnsSameColor': [pair(-2, -4)],
  'minor.behindPawn': [pair(8, 2)],
  'rook.openFile': [pair(24, 8)],
  'rook.semiOpenFile': [pair(10, 4)],
  'rook.seventh': [pair(8, 20)],
  'queen.seventh': [pair(4, 10)],
  'rook.trapped': [pair(-30, -4)],
  'king.shelter': Array.from({ length: 32 }, (_, i) => pair(SHELTER[i & 7], 0)),
  'king.storm': Array.from({ length: 32 }, (_, i) => pair(STORM[i & 7], 0)),
  'king.openFile': [pair(-20, 0)],
  'king.semiOpenFile': [pair(-10, 0)],
  'ks.attacker': [pair(40, 20), pair(24, 16), pair(32, 10), pair(32, 10)],
  'ks.zoneAttacks': [pair(20, 10)],
  'ks.weakSquares': [pair(30, 20)],
  'ks.safeCheck': [pair(90, 50), pair(60, 40), pair(80, 50), pair(70, 40)],
  'ks.noQueen': [pair(-200, -150)],
  'ks.offset': [pair(-60, -20)],
  'threat.byPawn': [pair(44, 24), pair(44, 24), pair(60, 30), pair(60, 30)],
  'threat.byMinor': [pair(4, 14), pair(20, 20), pair(20, 20), pair(34, 30), pair(34, 34)],
  'threat.byRook': [pair(2, 14), pair(14, 22), pair(14, 22), pair(10, 10), pair(30, 30)],
  'threat.hanging': [pair(30, 14)],
  'threat.pawnPush': [pair(14, 10)],
};
