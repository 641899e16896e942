/**
 * In-process entries for tools (self-play data generation, tuning): search a FEN to a
 * node or depth limit, and the quiet leaf of a position by quiescence search.
 */
import { Position } from '@tempo-chess/position';
import type { EvalParams } from '@tempo-chess/eval';
import { VALUE_INFINITE } from './constants';
import { createSignals } from './signals';
import { Searcher, type SearchHooks, type SearchResult } from './search';
import type { SearchLimits } from './time';
import { TranspositionTable } from './tt';

/** Options of searchPosition. */
export interface SearchPositionOptions {
  /** A searcher to reuse (its TT, histories and eval context); made fresh when absent. */
  searcher?: Searcher;
  /** TT size of a fresh searcher (default 16 MB). */
  hashMb?: number;
  /** Evaluation weights of a fresh searcher. */
  evalParams?: EvalParams;
  /** Lines to search (UCI MultiPV, default 1); set on a reused searcher too. */
  multiPV?: number;
  /** Callbacks for the search's info lines and current move. */
  hooks?: SearchHooks;
}

/**
 * Searches the position of `fen` (a bad FEN throws FenError) and returns the best
 * move, score and PV. With a fresh searcher and a depth or node limit the result is
 * deterministic.
 */
export function searchPosition(fen: string, limits: SearchLimits, options: SearchPositionOptions = {}): SearchResult {
  const searcher =
    options.searcher ??
    new Searcher(new TranspositionTable(options.hashMb ?? 16), createSignals(), {
      evalParams: options.evalParams,
      multiPV: options.multiPV,
    });
  if (options.searcher !== undefined && options.multiPV !== undefined) searcher.setOption('MultiPV', options.multiPV);
  const pos = Position.fromFen(fen, { psq: searcher.evalContext.psq });
  return searcher.search(pos, limits, options.hooks);
}

/** The end of a quiescence search from a position: its score and the capture line to the quiet leaf. */
export interface QuiescenceLeaf {
  /** Quiescence score for the side to move at the start. */
  score: number;
  /** The moves from the position to the leaf (empty when the position is already quiet). */
  pv: number[];
  /** FEN of the leaf. */
  leafFen: string;
}

/**
 * Runs a full-window quiescence search from `pos` and returns the quiet leaf of its
 * principal variation (the position a tuner should evaluate). The position is left
 * as it was. `pos` must be built with the searcher's psq table.
 */
export function quiescenceLeaf(pos: Position, searcher?: Searcher): QuiescenceLeaf {
  const s = searcher ?? new Searcher(new TranspositionTable(1), createSignals());
  if (pos.psq !== s.evalContext.psq)
    throw new Error("quiescenceLeaf: build the position with the searcher's table (searcher.evalContext.psq)");
  s.prepare(pos);
  s.nodeLimit = 0;
  s.nextCheck = Number.MAX_SAFE_INTEGER;
  s.rootDepth = 1;
  const score = s.qsearch(-VALUE_INFINITE, VALUE_INFINITE, 0, true);
  const pv = Array.from(s.pv.subarray(0, s.pvLen[0]));
  for (const m of pv) pos.doMove(m);
  const leafFen = pos.toFen();
  for (let i = 0; i < pv.length; i++) pos.undoMove();
  return { score, pv, leafFen };
}
