/**
 * The random corpus for `diff --random N --seed S`: playouts from varied starts with
 * a biased move choice, and a selection that keeps positions showing rule corners
 * still under their quota. Reproducible: everything random comes from one seeded Rng.
 */
import {
  attackers,
  boardFromFen,
  cellsAfter,
  kingSquare,
  parseSquare,
  squareName,
  typeOf,
  P,
  type Board,
} from './board';
import { FEATURES, classify, type Feature } from './features';
import { Rng } from '@tempo-chess/toolkit';
import { STANDARD_STARTS, chess960Starts, decorate, type Start } from './starts';
import type { Walker, WalkerFactory } from './walker';

/** One corpus position and the features it shows. */
export interface CorpusPosition {
  fen: string;
  chess960: boolean;
  features: Feature[];
}

/** How many positions show each feature. */
export type Composition = Record<Feature, number>;

/** Options of `randomCorpus`. */
export interface CorpusOptions {
  count: number;
  seed: number | string;
  chess960?: boolean;
  /** Chess960 start FENs (`--starts FILE`); generated from the seed when absent. */
  starts?: readonly string[];
  /** Plays the games: chess.js for standard chess, Tempo for Chess960. */
  walker: WalkerFactory;
}

/** Wanted share of the corpus per feature; positions showing a feature under quota are kept eagerly. */
const QUOTA: Record<Feature, number> = {
  ep: 0.08,
  epPinned: 0.03,
  epRank: 0.03,
  castling: 0.15,
  castleLegal: 0.08,
  castleBlocked: 0.08,
  castleAttacked: 0.06,
  promotion: 0.08,
  promoCapture: 0.04,
  promoCheck: 0.04,
  check: 0.1,
  doubleCheck: 0.03,
  pinned: 0.15,
  endgame: 0.15,
  mate: 0.01,
  stalemate: 0.01,
};
const KEEP_NEEDED = 0.8;
const KEEP_PLAIN = 0.03;
const MAX_PER_PLAYOUT = 4;

/** Move-choice bias of one playout: the chance to prefer each kind of move at a ply. */
interface Style {
  /** Chance to play a move that allows en passant or gives double check whenever one exists. */
  hunt: number;
  /** Plies of plain play before hunting starts, so that hunts from one start differ. */
  huntFrom: number;
  capture: number;
  check: number;
  push: number;
}

/** Builds a reproducible corpus of `count` distinct positions. */
export function randomCorpus(opts: CorpusOptions): { positions: CorpusPosition[]; composition: Composition } {
  const rng = new Rng(opts.seed);
  const chess960 = opts.chess960 ?? false;
  const starts = chess960
    ? [...chess960Starts(opts.starts, rng), ...STANDARD_STARTS.filter((s) => s.corner)]
    : STANDARD_STARTS;
  const positions: CorpusPosition[] = [];
  const composition = emptyComposition();
  const seen = new Set<string>();
  const want = (f: Feature) => QUOTA[f] * opts.count;
  for (let playouts = 0; positions.length < opts.count; playouts++) {
    if (playouts > opts.count * 100)
      throw new Error(`corpus: only ${positions.length} distinct positions after ${playouts} playouts`);
    const start = pickStart(starts, rng);
    const walker = opts.walker(start.corner ? decorate(start.fen, rng) : start.fen, chess960);
    playOpening(walker, start);
    const style = pickStyle(rng, start);
    const plies = rng.int(start.maxPlies + 1);
    let kept = 0;
    let epSquare = -1;
    for (let ply = 0; ply <= plies && kept < MAX_PER_PLAYOUT && positions.length < opts.count; ply++) {
      const fen = withEnPassant(walker.fen(), epSquare);
      const moves = walker.moves();
      const key = fen.split(' ').slice(0, 4).join(' ');
      if (!seen.has(key)) {
        const features = classify(fen, moves, chess960);
        const needed = features.some((f) => composition[f] < want(f));
        if (rng.chance(needed ? KEEP_NEEDED : KEEP_PLAIN)) {
          seen.add(key);
          positions.push({ fen, chess960, features });
          for (const f of features) composition[f]++;
          kept++;
        }
      }
      if (moves.length === 0) break;
      const index = chooseMove(fen, moves, style, ply >= style.huntFrom, rng);
      epSquare = enPassantSquareAfter(fen, moves[index]);
      walker.play(index);
    }
  }
  return { positions, composition };
}

/**
 * The FEN with its en passant field set to `ep` when the walker left it out. Tempo
 * prints the square only when the capture is legal; the corpus keeps it whenever a
 * capture is pseudo-legal, which is where the illegal en passant cases live.
 */
function withEnPassant(fen: string, ep: number): string {
  const fields = fen.split(' ');
  if (ep < 0 || fields[3] !== '-') return fen;
  fields[3] = squareName(ep);
  return fields.join(' ');
}

/** The en passant square a move creates (a double push beside an enemy pawn), or -1. */
function enPassantSquareAfter(fen: string, uci: string): number {
  if (!allowsEnPassant(boardFromFen(fen), uci)) return -1;
  return (parseSquare(uci.slice(0, 2)) + parseSquare(uci.slice(2, 4))) / 2;
}

/** A composition with every feature at zero. */
export function emptyComposition(): Composition {
  return Object.fromEntries(FEATURES.map((f) => [f, 0])) as Composition;
}

/** Starts weighted by `weight` (the rule-corner positions count more). */
function pickStart(starts: readonly Start[], rng: Rng): Start {
  const total = starts.reduce((sum, s) => sum + s.weight, 0);
  let r = rng.float() * total;
  for (const s of starts) if ((r -= s.weight) < 0) return s;
  return starts[starts.length - 1];
}

/** A playout's move bias: half of the playouts hunt checks and en passant pushes hard. */
function pickStyle(rng: Rng, start: Start): Style {
  const huntFrom = start.corner ? 0 : rng.int(8);
  if (rng.chance(0.5))
    return {
      hunt: 0.8,
      huntFrom,
      capture: rng.float() * 0.3,
      check: 0.2 + rng.float() * 0.3,
      push: 0.3 + rng.float() * 0.3,
    };
  return { hunt: 0.1, huntFrom, capture: rng.float() * 0.7, check: rng.float() * 0.3, push: rng.float() * 0.4 };
}

function playOpening(walker: Walker, start: Start): void {
  for (const uci of start.moves) {
    const index = walker.moves().indexOf(uci);
    if (index < 0) throw new Error(`corpus: opening move ${uci} of "${start.name}" is not legal`);
    walker.play(index);
  }
}

/** Index of the move to play: a rule-corner maker, a capture, a check or a pawn push, else uniform. */
function chooseMove(fen: string, moves: readonly string[], style: Style, hunting: boolean, rng: Rng): number {
  const board = boardFromFen(fen);
  if (hunting && rng.chance(style.hunt)) {
    const rare = indicesWhere(moves, (m) => allowsEnPassant(board, m) || checkers(board, m) > 1);
    if (rare.length > 0) return rng.pick(rare);
  }
  const r = rng.float();
  let preferred: number[] = [];
  if (r < style.capture) {
    preferred = indicesWhere(moves, (m) => isCapture(board, m));
  } else if (r < style.capture + style.check) {
    preferred = indicesWhere(moves, (m) => checkers(board, m) > 0);
  } else if (r < style.capture + style.check + style.push) {
    preferred = indicesWhere(moves, (m) => isPawn(board.cells, m));
  }
  return preferred.length > 0 ? rng.pick(preferred) : rng.int(moves.length);
}

const isCapture = (board: Board, uci: string): boolean => {
  const to = parseSquare(uci.slice(2, 4));
  return board.cells[to] !== 0 || (to === board.ep && isPawn(board.cells, uci));
};

/** Pieces attacking the opponent's king after the move (castling counts as 0). */
function checkers(board: Board, uci: string): number {
  const cells = cellsAfter(board, uci);
  const king = cells ? kingSquare(cells, board.us ^ 1) : -1;
  return cells && king >= 0 ? attackers(cells, king, board.us) : 0;
}

/** A double pawn push that lands beside an enemy pawn, so en passant becomes possible. */
function allowsEnPassant(board: Board, uci: string): boolean {
  const from = parseSquare(uci.slice(0, 2)),
    to = parseSquare(uci.slice(2, 4));
  if (!isPawn(board.cells, uci) || Math.abs(to - from) !== 16) return false;
  const enemyPawn = ((board.us ^ 1) << 3) | P;
  return ((to & 7) > 0 && board.cells[to - 1] === enemyPawn) || ((to & 7) < 7 && board.cells[to + 1] === enemyPawn);
}

const isPawn = (cells: Int8Array, uci: string): boolean => typeOf(cells[parseSquare(uci.slice(0, 2))]) === P;

function indicesWhere(moves: readonly string[], test: (m: string) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < moves.length; i++) if (test(moves[i])) out.push(i);
  return out;
}

/** The composition as aligned report lines. */
export function formatComposition(composition: Composition, total: number): string[] {
  return FEATURES.map(
    (f) =>
      `  ${f.padEnd(15)} ${String(composition[f]).padStart(6)}  ${((100 * composition[f]) / Math.max(1, total)).toFixed(1).padStart(5)}%`,
  );
}
