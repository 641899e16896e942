/** Text the engine prints: `info` lines, the `d` board. */
import { pieceChar, squareName, NO_PIECE } from '@tempo-chess/bitboard';
import { moveToUci, type Move, type Position } from '@tempo-chess/position';
import type { SearchInfo } from '@tempo-chess/search';
import { wdl } from './wdl';

/**
 * `info depth ... score ... pv ...` from a search report, with the first `pvLength`
 * moves of its line; moves are printed for `pos`'s mode (Chess960 or not). With
 * `wdlMaterial` (the root's material count, UCI_ShowWDL on) the score is followed by
 * `wdl W D L` from the model in wdl.ts.
 */
export function formatInfo(
  info: SearchInfo,
  pos: Position,
  pvLength = info.pv.length,
  wdlMaterial: number | null = null,
): string {
  let s = `info depth ${info.depth} seldepth ${info.seldepth} multipv ${info.multipv} score ${info.scoreKind} ${info.scoreValue}`;
  if (info.bound === 'lower') s += ' lowerbound';
  else if (info.bound === 'upper') s += ' upperbound';
  if (wdlMaterial !== null) s += ` wdl ${wdl(info.scoreKind, info.scoreValue, wdlMaterial).join(' ')}`;
  s += ` nodes ${info.nodes} nps ${info.nps} hashfull ${info.hashfull} time ${info.timeMs}`;
  if (pvLength > 0) s += ' pv ' + movesText(pos, info.pv.slice(0, pvLength));
  return s;
}

export function movesText(pos: Position, moves: ArrayLike<Move>): string {
  const out: string[] = [];
  for (let i = 0; i < moves.length; i++) out.push(moveToUci(pos, moves[i]));
  return out.join(' ');
}

/** The `d` command: the board as Stockfish draws it, then FEN, key and checkers. */
export function formatBoard(pos: Position): string {
  const rule = ' +---+---+---+---+---+---+---+---+';
  const lines = [rule];
  for (let r = 7; r >= 0; r--) {
    let row = ' |';
    for (let f = 0; f < 8; f++) {
      const p = pos.board[r * 8 + f];
      row += ` ${p === NO_PIECE ? ' ' : pieceChar(p)} |`;
    }
    lines.push(`${row} ${r + 1}`, rule);
  }
  lines.push('   a   b   c   d   e   f   g   h', '');
  const key = pos.key;
  const hex = (x: number) => (x >>> 0).toString(16).toUpperCase().padStart(8, '0');
  const checkers: string[] = [];
  for (let sq = 0; sq < 64; sq++) {
    const bit = sq < 32 ? pos.st.checkersLo & (1 << sq) : pos.st.checkersHi & (1 << (sq - 32));
    if (bit) checkers.push(squareName(sq));
  }
  lines.push(`Fen: ${pos.toFen()}`, `Key: ${hex(key.hi)}${hex(key.lo)}`, `Checkers: ${checkers.join(' ')}`);
  return lines.join('\n');
}
