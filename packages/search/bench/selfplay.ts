/**
 * In-process self-play at a fixed node count: build A (defaults plus its options)
 * against build B (defaults plus its options), each opening played with both
 * colours. A quick sanity check of a feature switch before a real match under UCI.
 *
 *   node packages/search/bench/run.mjs --selfplay <games> <nodes> <openings.epd> "A opts" "B opts"
 *   e.g. ... --selfplay 200 3000 ../shared/data/openings-3moves.epd "" "NullMove=0"
 */
import { readFileSync } from 'node:fs';
import { isDraw, Position } from '@tempo-chess/position';
import { generateLegal } from '@tempo-chess/movegen';
import { createSignals, Searcher, TranspositionTable } from '../src/index';

function make(opts: string): Searcher {
  const s = new Searcher(new TranspositionTable(8), createSignals());
  for (const a of opts.split(/\s+/).filter(Boolean)) {
    const [k, v] = a.split('=');
    if (!s.setOption(k, Number(v))) throw new Error(`unknown option ${k}`);
  }
  return s;
}

const list = new Int32Array(256);

/** Plays one game; returns 1 if white wins, 0.5 draw, 0 black wins. */
function play(fen: string, white: Searcher, black: Searcher, nodes: number): number {
  for (const s of [white, black]) {
    s.tt.clear();
    s.clear();
  }
  const pos = Position.fromFen(fen, { psq: white.evalContext.psq });
  let bigScore = 0;
  for (let ply = 0; ply < 400; ply++) {
    if (generateLegal(pos, list, 0) === 0) return pos.inCheck() ? (pos.side === 0 ? 0 : 1) : 0.5;
    pos.rootPly = pos.ply;
    if (isDraw(pos)) return 0.5;
    const s = pos.side === 0 ? white : black;
    const r = s.search(pos, { nodes });
    // Adjudicate a game both sides see as decided (|score| > 1000 for 8 plies in a row).
    const whiteScore = pos.side === 0 ? r.score : -r.score;
    bigScore =
      Math.abs(r.score) > 1000
        ? Math.sign(whiteScore) === Math.sign(bigScore)
          ? bigScore + Math.sign(whiteScore)
          : Math.sign(whiteScore)
        : 0;
    if (Math.abs(bigScore) >= 8) return bigScore > 0 ? 1 : 0;
    pos.doMove(r.bestMove);
  }
  return 0.5;
}

export function selfplay(args: string[]): void {
  const [gamesS, nodesS, file, aOpts = '', bOpts = ''] = args;
  const games = Number(gamesS),
    nodes = Number(nodesS);
  const fens = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const a = make(aOpts),
    b = make(bOpts);
  let w = 0,
    d = 0,
    l = 0;
  for (let g = 0; g < games; g++) {
    const fen = fens[((g >> 1) * 7) % fens.length].split(' ').slice(0, 4).join(' ') + ' 0 1';
    const aWhite = (g & 1) === 0;
    const res = play(fen, aWhite ? a : b, aWhite ? b : a, nodes);
    const sa = aWhite ? res : 1 - res;
    if (sa === 1) w++;
    else if (sa === 0) l++;
    else d++;
    if ((g + 1) % 20 === 0 || g + 1 === games) {
      const n = w + d + l,
        sc = (w + d / 2) / n;
      const dev = Math.sqrt((w * (1 - sc) ** 2 + l * sc ** 2 + d * (0.5 - sc) ** 2) / n / n);
      const elo = (x: number) => -400 * Math.log10(1 / Math.min(Math.max(x, 1e-6), 1 - 1e-6) - 1);
      console.log(
        `${n} games A "${aOpts}" vs B "${bOpts}": +${w} =${d} -${l} score ${(100 * sc).toFixed(1)}% Elo ${elo(sc).toFixed(0)} +/- ${((elo(sc + 1.96 * dev) - elo(sc - 1.96 * dev)) / 2).toFixed(0)}`,
      );
    }
  }
}
