/** Text at the boundary: FEN output and UCI move text. */
import { KNIGHT, NO_PIECE, NO_SQUARE, fileOf, pieceChar, squareName } from '@tempo-chess/bitboard';
import { CASTLING, moveFrom, moveTo, moveType, PROMOTION, promotionType, type Move } from './move';
import type { Position } from './position';

/** FEN of the position: KQkq castling in standard mode, Shredder-FEN file letters in Chess960 mode. */
export function toFen(pos: Position): string {
  const rows: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = pos.board[r * 8 + f];
      if (p === NO_PIECE) empty++;
      else {
        if (empty) row += String(empty);
        empty = 0;
        row += pieceChar(p);
      }
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  const rights = pos.castlingRights;
  let castling = '';
  const letters = pos.chess960 ? null : ['K', 'Q', 'k', 'q'];
  for (let i = 0; i < 4; i++) {
    const bit = 1 << i;
    if (!(rights & bit)) continue;
    if (letters) castling += letters[i];
    else {
      const file = 'abcdefgh'[fileOf(pos.castling.rookSquare[bit])];
      castling += i < 2 ? file.toUpperCase() : file;
    }
  }
  const ep = pos.epSquare;
  const fullmove = Math.floor(pos.gamePly() / 2) + 1;
  return `${rows.join('/')} ${pos.side === 0 ? 'w' : 'b'} ${castling || '-'} ${ep === NO_SQUARE ? '-' : squareName(ep)} ${pos.rule50} ${fullmove}`;
}

/**
 * UCI text of a move: `e2e4`, `e7e8q`; castling as the king's destination (`e1g1`) in
 * standard chess and as king-takes-rook (`e1h1`) in Chess960 mode.
 */
export function moveToUci(pos: Position, m: Move): string {
  if (m === 0) return '0000';
  const from = moveFrom(m),
    to = moveTo(m),
    type = moveType(m);
  if (type === CASTLING && !pos.chess960) return squareName(from) + squareName(pos.castling.kingTo[to]);
  let s = squareName(from) + squareName(to);
  if (type === PROMOTION) s += 'nbrq'[promotionType(m) - KNIGHT];
  return s;
}
