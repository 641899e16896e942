/** UCI move text to a legal move of the position. */
import { CASTLING, moveFrom, moveTo, moveToUci, moveType, type Move, type Position } from '@tempo-chess/position';
import { generate } from './gen';
import { MAX_MOVES } from './limits';

const buf = new Int32Array(MAX_MOVES);

/**
 * The legal move whose UCI text is `text`, or 0 when there is none. Castling is
 * accepted as the king's destination (`e1g1`) in standard chess and as
 * king-takes-rook (`e1h1`) in both modes.
 */
export function parseUciMove(pos: Position, text: string): Move {
  const n = generate(pos, buf, 0, true, true);
  for (let i = 0; i < n; i++) if (moveToUci(pos, buf[i]) === text) return buf[i];
  if (!pos.chess960) {
    // King-takes-rook notation, accepted from Chess960-minded GUIs.
    for (let i = 0; i < n; i++) {
      const m = buf[i];
      if (moveType(m) === CASTLING && text === sq(moveFrom(m)) + sq(moveTo(m))) return m;
    }
  }
  return 0;
}

const sq = (s: number) => 'abcdefgh'[s & 7] + String((s >>> 3) + 1);
