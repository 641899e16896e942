/**
 * What makes a perft position interesting: the rule corners where move generators go
 * wrong. `classify` tags a position from its FEN and its legal moves (UCI text) using
 * the independent mailbox in board.ts, so the corpus can be steered towards them and
 * its composition reported.
 */
import {
  P,
  Q,
  R,
  attackers,
  boardFromFen,
  cellsAfter,
  colorOf,
  kingSquare,
  menCount,
  parseSquare,
  pinnedCount,
  squareName,
  typeOf,
  type Board,
} from './board';

/** The features counted in a corpus, in report order. */
export const FEATURES = [
  'ep',
  'epPinned',
  'epRank',
  'castling',
  'castleLegal',
  'castleBlocked',
  'castleAttacked',
  'promotion',
  'promoCapture',
  'promoCheck',
  'check',
  'doubleCheck',
  'pinned',
  'endgame',
  'mate',
  'stalemate',
] as const;
export type Feature = (typeof FEATURES)[number];

/** One-line descriptions for the composition report. */
export const FEATURE_HELP: Record<Feature, string> = {
  ep: 'a legal en passant capture',
  epPinned: 'a pseudo-legal en passant capture that is illegal (pin or check)',
  epRank: 'an illegal en passant capture that would expose the king along the rank',
  castling: 'side to move has a castling right',
  castleLegal: 'a legal castling move',
  castleBlocked: 'a castling right with an occupied transit square',
  castleAttacked: 'a castling right with empty transit squares but an attacked king path',
  promotion: 'a legal promotion',
  promoCapture: 'a legal promotion with capture',
  promoCheck: 'a legal promotion (any piece) that gives check',
  check: 'side to move in check',
  doubleCheck: 'side to move in double check',
  pinned: 'side to move has an absolutely pinned piece',
  endgame: 'at most 7 men on the board',
  mate: 'checkmate',
  stalemate: 'stalemate',
};

/** Tags a position. `legal` are its legal moves as UCI text (king-takes-rook castling in Chess960). */
export function classify(fen: string, legal: readonly string[], chess960: boolean): Feature[] {
  const board = boardFromFen(fen);
  const out: Feature[] = [];
  const king = kingSquare(board.cells, board.us);
  const checkers = king < 0 ? 0 : attackers(board.cells, king, board.us ^ 1);
  if (checkers > 0) out.push('check');
  if (checkers > 1) out.push('doubleCheck');
  if (legal.length === 0) out.push(checkers > 0 ? 'mate' : 'stalemate');
  if (pinnedCount(board.cells, board.us) > 0) out.push('pinned');
  if (menCount(board.cells) <= 7) out.push('endgame');
  out.push(...epFeatures(board, legal, king));
  out.push(...castleFeatures(board, legal, king, chess960));
  out.push(...promoFeatures(board, legal));
  return FEATURES.filter((f) => out.includes(f));
}

function epFeatures(board: Board, legal: readonly string[], king: number): Feature[] {
  if (board.ep < 0) return [];
  const out: Feature[] = [];
  const capturedSq = board.ep + (board.us === 0 ? -8 : 8);
  for (const df of [-1, 1]) {
    const file = (capturedSq & 7) + df;
    if (file < 0 || file > 7) continue;
    const from = capturedSq + df;
    if (board.cells[from] !== ((board.us << 3) | P)) continue;
    const uci = squareName(from) + squareName(board.ep);
    if (legal.includes(uci)) out.push('ep');
    else if (king >= 0 && king >> 3 === capturedSq >> 3 && exposesRank(board, uci, king)) out.push('epRank');
    else out.push('epPinned');
  }
  return out;
}

/** True when the en passant capture leaves the king attacked by a rook or queen on its rank. */
function exposesRank(board: Board, uci: string, king: number): boolean {
  const cells = cellsAfter(board, uci);
  if (!cells) return false;
  for (const df of [-1, 1]) {
    for (let f = (king & 7) + df; f >= 0 && f < 8; f += df) {
      const piece = cells[(king & ~7) + f];
      if (piece === 0) continue;
      if (colorOf(piece) !== board.us && (typeOf(piece) === R || typeOf(piece) === Q)) return true;
      break;
    }
  }
  return false;
}

/**
 * Rook squares of the side to move's castling rights: K/Q (and X-FEN) mean the
 * outermost rook on that side of the king, A-H a rook on that file.
 */
export function castlingRooks(board: Board, king: number): number[] {
  const rank = board.us === 0 ? 0 : 56;
  const rook = (board.us << 3) | R;
  const rooks: number[] = [];
  if (king < 0 || king >> 3 !== rank >> 3) return rooks;
  for (const ch of board.castling) {
    if (ch === '-' || (ch === ch.toUpperCase()) !== (board.us === 0)) continue;
    const c = ch.toLowerCase();
    let sq = -1;
    if (c === 'k') for (let f = 7; f > (king & 7) && sq < 0; f--) sq = board.cells[rank + f] === rook ? rank + f : -1;
    else if (c === 'q')
      for (let f = 0; f < (king & 7) && sq < 0; f++) sq = board.cells[rank + f] === rook ? rank + f : -1;
    else if (c >= 'a' && c <= 'h' && board.cells[rank + c.charCodeAt(0) - 97] === rook)
      sq = rank + c.charCodeAt(0) - 97;
    if (sq >= 0) rooks.push(sq);
  }
  return rooks;
}

function castleFeatures(board: Board, legal: readonly string[], king: number, chess960: boolean): Feature[] {
  const rooks = castlingRooks(board, king);
  if (rooks.length === 0) return [];
  const out: Feature[] = ['castling'];
  for (const rook of rooks) {
    const kingSide = rook > king;
    const rank = king & ~7;
    const kingTo = rank + (kingSide ? 6 : 2),
      rookTo = rank + (kingSide ? 5 : 3);
    const lo = Math.min(king, rook, kingTo, rookTo),
      hi = Math.max(king, rook, kingTo, rookTo);
    let blocked = false;
    for (let sq = lo; sq <= hi; sq++) if (sq !== king && sq !== rook && board.cells[sq] !== 0) blocked = true;
    const uci = squareName(king) + squareName(chess960 ? rook : kingTo);
    if (legal.includes(uci)) out.push('castleLegal');
    else out.push(blocked ? 'castleBlocked' : 'castleAttacked');
  }
  return out;
}

function promoFeatures(board: Board, legal: readonly string[]): Feature[] {
  const out: Feature[] = [];
  for (const uci of legal) {
    if (uci.length !== 5) continue;
    out.push('promotion');
    if (board.cells[parseSquare(uci.slice(2, 4))] !== 0) out.push('promoCapture');
    const cells = cellsAfter(board, uci);
    const theirKing = cells ? kingSquare(cells, board.us ^ 1) : -1;
    if (cells && theirKing >= 0 && attackers(cells, theirKing, board.us) > 0) out.push('promoCheck');
  }
  return out;
}
