/**
 * The terms of the parameter table, in index order: each term is `count` (mg, eg)
 * weights, at consecutive indices. layout.ts holds the same offsets as literals
 * (so esbuild inlines them into the hot code); params.test.ts checks the two agree.
 */
export interface TermSpec {
  /** Dotted name; a weight of a multi-weight term is named `name[i]` (or by square for psq). */
  readonly name: string;
  /** Number of (mg, eg) weights. */
  readonly count: number;
  /** What one unit of the coefficient means. */
  readonly doc: string;
  /** Group shown as one row of the eval table. */
  readonly group: string;
  /** Part of king safety: traced per attacking side and summed before the non-linear transform. */
  readonly kingSafety?: boolean;
}

/** Every term of the parameter table, in index order. */
export const TERMS: readonly TermSpec[] = [
  { name: 'material', count: 5, group: 'Material', doc: 'pieces of each type: pawn, knight, bishop, rook, queen' },
  { name: 'psq.pawn', count: 64, group: 'PSQT', doc: 'pawn on a square (white view, a1 = 0)' },
  { name: 'psq.knight', count: 64, group: 'PSQT', doc: 'knight on a square' },
  { name: 'psq.bishop', count: 64, group: 'PSQT', doc: 'bishop on a square' },
  { name: 'psq.rook', count: 64, group: 'PSQT', doc: 'rook on a square' },
  { name: 'psq.queen', count: 64, group: 'PSQT', doc: 'queen on a square' },
  { name: 'psq.king', count: 64, group: 'PSQT', doc: 'king on a square' },
  { name: 'tempo', count: 1, group: 'Tempo', doc: 'side to move' },
  { name: 'pawn.doubled', count: 1, group: 'Pawns', doc: 'pawn with an own pawn ahead on its file' },
  { name: 'pawn.isolated', count: 1, group: 'Pawns', doc: 'pawn with no own pawn on the adjacent files' },
  {
    name: 'pawn.backward',
    count: 1,
    group: 'Pawns',
    doc: 'pawn behind its neighbours whose stop square an enemy pawn guards',
  },
  { name: 'pawn.phalanx', count: 8, group: 'Pawns', doc: 'pawn with an own pawn beside it, by relative rank' },
  {
    name: 'pawn.supported',
    count: 8,
    group: 'Pawns',
    doc: 'pawn defended by own pawns (one per defender), by relative rank',
  },
  { name: 'passed.rank', count: 8, group: 'Passed', doc: 'passed pawn, by relative rank' },
  {
    name: 'passed.free',
    count: 8,
    group: 'Passed',
    doc: 'passed pawn whose path to promotion is empty and unattacked, by relative rank',
  },
  { name: 'passed.blocked', count: 1, group: 'Passed', doc: 'passed pawn with a piece on its stop square' },
  { name: 'passed.defended', count: 1, group: 'Passed', doc: 'passed pawn defended by an own pawn or piece' },
  { name: 'passed.ownKing', count: 8, group: 'Passed', doc: 'own king distance to the stop square, by relative rank' },
  {
    name: 'passed.enemyKing',
    count: 8,
    group: 'Passed',
    doc: 'enemy king distance to the stop square, by relative rank',
  },
  {
    name: 'passed.unstoppable',
    count: 1,
    group: 'Passed',
    doc: 'passer outside the enemy king square while the enemy has only pawns',
  },
  { name: 'mobility.knight', count: 9, group: 'Mobility', doc: 'knight by number of safe squares reached' },
  { name: 'mobility.bishop', count: 14, group: 'Mobility', doc: 'bishop by number of safe squares reached' },
  { name: 'mobility.rook', count: 15, group: 'Mobility', doc: 'rook by number of safe squares reached' },
  { name: 'mobility.queen', count: 28, group: 'Mobility', doc: 'queen by number of safe squares reached' },
  {
    name: 'outpost.knight',
    count: 1,
    group: 'Pieces',
    doc: 'knight on relative rank 4-6, pawn-defended, out of reach of enemy pawns',
  },
  { name: 'outpost.bishop', count: 1, group: 'Pieces', doc: 'bishop on such an outpost' },
  { name: 'bishop.pair', count: 1, group: 'Pieces', doc: 'two or more bishops' },
  {
    name: 'bishop.pawnsSameColor',
    count: 1,
    group: 'Pieces',
    doc: "own pawns on the bishop's square colour, per bishop",
  },
  {
    name: 'bishop.longDiagonal',
    count: 1,
    group: 'Pieces',
    doc: 'bishop seeing two centre squares through pieces other than pawns',
  },
  {
    name: 'bishop.rammedPawns',
    count: 1,
    group: 'Pieces',
    doc: "own pawns blocked by an enemy pawn on the bishop's square colour, per bishop",
  },
  { name: 'minor.behindPawn', count: 1, group: 'Pieces', doc: 'knight or bishop with a pawn directly in front' },
  {
    name: 'minor.kingDistance',
    count: 2,
    group: 'Pieces',
    doc: 'knight, bishop: its distance (Chebyshev) to its own king',
  },
  { name: 'rook.openFile', count: 1, group: 'Pieces', doc: 'rook on a file without pawns' },
  { name: 'rook.semiOpenFile', count: 1, group: 'Pieces', doc: 'rook on a file with enemy pawns only' },
  {
    name: 'rook.seventh',
    count: 1,
    group: 'Pieces',
    doc: 'rook on relative rank 7 with the enemy king on 8 or enemy pawns on 7',
  },
  { name: 'queen.seventh', count: 1, group: 'Pieces', doc: 'queen on relative rank 7, same condition' },
  {
    name: 'rook.trapped',
    count: 1,
    group: 'Pieces',
    doc: 'rook on the back rank shut in by its own king, which can no longer castle',
  },
  { name: 'rook.queenFile', count: 1, group: 'Pieces', doc: 'rook on a file with a queen of either colour' },
  {
    name: 'king.shelter',
    count: 32,
    group: 'King shelter',
    doc: 'own pawn in front of the king on its file or an adjacent one: [edge distance of file 0-3][relative rank, 0 = none]',
  },
  {
    name: 'king.storm',
    count: 32,
    group: 'King shelter',
    doc: "enemy pawn on those files: [edge distance 0-3][its rank relative to the king's side, 0 = none]",
  },
  { name: 'king.openFile', count: 1, group: 'King shelter', doc: 'king on a file without pawns' },
  { name: 'king.semiOpenFile', count: 1, group: 'King shelter', doc: 'king on a file with enemy pawns only' },
  {
    name: 'king.pawnDistance',
    count: 8,
    group: 'King shelter',
    doc: 'files between the king and the nearest file with a pawn of either colour (0-7), when any pawn is left',
  },
  {
    name: 'ks.attacker',
    count: 4,
    group: 'King safety',
    kingSafety: true,
    doc: 'attacking knight, bishop, rook, queen reaching the enemy king zone',
  },
  {
    name: 'ks.zoneAttacks',
    count: 1,
    group: 'King safety',
    kingSafety: true,
    doc: 'attacks on king-zone squares, summed over the attackers',
  },
  {
    name: 'ks.weakSquares',
    count: 1,
    group: 'King safety',
    kingSafety: true,
    doc: 'zone squares we attack that only the king or queen defends, or nothing',
  },
  {
    name: 'ks.safeCheck',
    count: 4,
    group: 'King safety',
    kingSafety: true,
    doc: 'safe checking squares of a knight, bishop, rook, queen',
  },
  { name: 'ks.noQueen', count: 1, group: 'King safety', kingSafety: true, doc: 'the attacker has no queen' },
  {
    name: 'ks.offset',
    count: 1,
    group: 'King safety',
    kingSafety: true,
    doc: 'constant (1 whenever the attack counts)',
  },
  { name: 'threat.byPawn', count: 4, group: 'Threats', doc: 'enemy knight, bishop, rook, queen attacked by a pawn' },
  {
    name: 'threat.byMinor',
    count: 5,
    group: 'Threats',
    doc: 'by victim pawn..queen: enemy piece attacked by a knight or bishop (a pawn only when no enemy pawn defends it)',
  },
  {
    name: 'threat.byRook',
    count: 5,
    group: 'Threats',
    doc: 'by victim pawn..queen: enemy piece attacked by a rook and not defended by an enemy pawn',
  },
  { name: 'threat.hanging', count: 1, group: 'Threats', doc: 'enemy non-pawn piece attacked and undefended' },
  { name: 'threat.pawnPush', count: 1, group: 'Threats', doc: 'enemy piece attacked by a safe pawn push' },
  {
    name: 'threat.byKing',
    count: 1,
    group: 'Threats',
    doc: 'enemy piece or pawn attacked by our king and defended by nothing',
  },
  {
    name: 'threat.restricted',
    count: 1,
    group: 'Threats',
    doc: 'squares both sides attack that the enemy does not hold strongly (by a pawn, or twice when we attack once)',
  },
];

/** Offsets of each term by name, computed from TERMS. */
export const TERM_OFFSET: Readonly<Record<string, number>> = (() => {
  const o: Record<string, number> = {};
  let i = 0;
  for (const t of TERMS) {
    o[t.name] = i;
    i += t.count;
  }
  o['#'] = i;
  return o;
})();
