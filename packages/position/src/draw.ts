/**
 * Draw rules for search and game adjudication. Checkmate outranks the fifty-move
 * rule, and telling them apart needs move generation, which lives above this
 * package: callers check `inCheck() && no legal moves` before calling a draw.
 */
import { BISHOP, KNIGHT, PAWN, QUEEN, ROOK } from '@tempo-chess/bitboard';
import type { Position } from './position';

/** Fifty-move rule: 100 plies without a capture or pawn move. */
export function isFiftyMoveDraw(pos: Position): boolean {
  return pos.st.rule50 >= 100;
}

/**
 * Repetition draw: the position occurred before, twice earlier in the game history
 * (threefold) or once strictly after the search root (twofold, as search needs; a
 * repeat of the root itself needs the threefold, as in Stockfish). Only positions
 * since the last irreversible move or null move are compared. For adjudicating a
 * game rather than searching, set `pos.rootPly = pos.ply` first.
 */
export function isRepetitionDraw(pos: Position): boolean {
  const st = pos.st,
    end = Math.min(st.rule50, st.pliesFromNull, pos.ply);
  if (end < 4) return false;
  let s = st.prev.prev,
    seen = 0;
  for (let i = 4; i <= end; i += 2) {
    s = s.prev.prev;
    if (s.keyLo === st.keyLo && s.keyHi === st.keyHi) {
      if (pos.ply - i > pos.rootPly) return true;
      if (++seen >= 2) return true;
    }
  }
  return false;
}

/**
 * Dead positions by material: bare kings, a single minor piece, or only bishops
 * all on squares of one colour (no side can ever mate).
 */
export function hasInsufficientMaterial(pos: Position): boolean {
  const c = pos.pieceCount;
  for (const t of [PAWN, ROOK, QUEEN]) if (c[t] + c[8 + t]) return false;
  const knights = c[KNIGHT] + c[8 + KNIGHT];
  const bishops = c[BISHOP] + c[8 + BISHOP];
  if (knights + bishops <= 1) return true;
  if (knights > 0) return false;
  // Only bishops: dead when they all stand on one square colour.
  const DARK_LO = 0xaa55aa55 | 0,
    DARK_HI = 0xaa55aa55 | 0; // a1, c1, b2 ... are dark
  const bb = pos.bb,
    wb = 2 * BISHOP,
    bbp = 2 * (8 + BISHOP);
  const lo = bb[wb] | bb[bbp],
    hi = bb[wb + 1] | bb[bbp + 1];
  const onDark = (lo & DARK_LO) !== 0 || (hi & DARK_HI) !== 0;
  const onLight = (lo & ~DARK_LO) !== 0 || (hi & ~DARK_HI) !== 0;
  return !(onDark && onLight);
}

/** Any of the rules above (not checkmate-aware, see the module note). */
export function isDraw(pos: Position): boolean {
  return isFiftyMoveDraw(pos) || isRepetitionDraw(pos) || hasInsufficientMaterial(pos);
}
