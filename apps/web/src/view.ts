/**
 * Drawing the panel: move list, clocks, analysis lines, the evaluation bar and graph. Plain
 * DOM, rebuilt from the state each time (the lists are short), so what is shown is
 * always a function of the game and the engine's latest lines.
 */
import type { InfoLine, InfoScore } from '@tempo-chess/uci/browser';
import type { Color } from 'chessops/types';
import { formatClock } from './clock';
import { formatNps, formatScore, graphPawns, pvToSan, whiteShare } from './format';
import type { Game } from './game';

export function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`The page has no #${id}`);
  return el;
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text) e.textContent = text;
  return e;
}

/**
 * Numbered pairs: `1. e4 e5`; a game from a Black-to-move FEN starts `12. … Nf6`. Each
 * move is a button (`data-ply` = the ply after it) and the one shown is marked current.
 */
export function renderMoves(list: HTMLElement, game: Game, cursor: number): void {
  list.replaceChildren();
  const full = Number(game.startFen.split(' ')[5]) || 1;
  const blackFirst = game.startFen.split(' ')[1] === 'b';
  const cells: (HTMLElement | null)[] = blackFirst ? [null] : [];
  game.moves.forEach((m, i) => {
    const b = el('button', 'san', m.san);
    b.type = 'button';
    b.dataset.ply = String(i + 1);
    const number = full + Math.floor((i + (blackFirst ? 1 : 0)) / 2);
    b.setAttribute('aria-label', `${number}${m.color === 'white' ? '.' : '...'} ${m.san}`);
    if (i + 1 === cursor) {
      b.classList.add('current');
      b.setAttribute('aria-current', 'step');
    }
    cells.push(b);
  });
  for (let i = 0; i < cells.length; i += 2) {
    list.append(
      el('span', 'num', `${full + i / 2}.`),
      cells[i] ?? el('span', 'san empty', '…'),
      cells[i + 1] ?? el('span', 'san empty'),
    );
  }
  if (game.end) list.append(el('span', 'result', `${game.end.result}  ${game.end.text}`));
  const current = list.querySelector<HTMLElement>('.current');
  if (current) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = top - list.clientHeight / 2;
  } else list.scrollTop = cursor === 0 ? 0 : list.scrollHeight;
}

export function renderClock(box: HTMLElement, name: string, ms: number | null, running: boolean): void {
  box.querySelector('.name')!.textContent = name;
  const time = box.querySelector('.time') as HTMLElement;
  time.textContent = ms === null ? '' : formatClock(ms);
  time.hidden = ms === null;
  box.classList.toggle('running', running);
  box.classList.toggle('low', ms !== null && ms < 10_000);
}

/** Latest line per MultiPV index, as the engine refines them. */
export class AnalysisLines {
  readonly byIndex = new Map<number, InfoLine>();
  /** Keeps lines that carry a pv and a score; a bound-only line does not replace an exact one. */
  add(info: InfoLine): boolean {
    if (!info.pv.length || !info.score) return false;
    const old = this.byIndex.get(info.multipv);
    if (info.bound && old && !old.bound && old.depth === info.depth) return false;
    this.byIndex.set(info.multipv, info);
    return true;
  }
  clear(): void {
    this.byIndex.clear();
  }
  sorted(limit: number): InfoLine[] {
    return [...this.byIndex.entries()]
      .filter(([k]) => k <= limit)
      .sort(([a], [b]) => a - b)
      .map(([, v]) => v);
  }
}

/** The lines of the position `fen`; each row keeps its pv in UCI (`data-pv`) for whoever checks it. */
export function renderLines(box: HTMLElement, stats: HTMLElement, lines: InfoLine[], fen: string, turn: Color): void {
  box.replaceChildren();
  box.dataset.fen = fen;
  for (const l of lines) {
    const row = el('div', 'line');
    row.dataset.pv = l.pv.join(' ');
    row.append(
      el('span', 'score', formatScore(l.score!, turn)),
      el('span', 'depth', `d${l.depth ?? '?'}`),
      el('span', 'pv', pvToSan(fen, l.pv, 14)),
    );
    box.append(row);
  }
  const best = lines[0];
  stats.textContent = best
    ? [
        `depth ${best.depth ?? '?'}${best.seldepth ? `/${best.seldepth}` : ''}`,
        best.nps ? formatNps(best.nps) : '',
        best.nodes !== undefined ? `${best.nodes.toLocaleString('en')} nodes` : '',
        best.time !== undefined ? `${(best.time / 1000).toFixed(1)} s` : '',
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
}

/**
 * The evaluation beside the board: the number in words and figures, and a bar whose
 * white part is White's share (from the board's side when flipped). `white` is the
 * score from White's view, or null while none is known for the position shown; after a
 * checkmate the bar is the winner's and the number the result.
 */
export function renderEval(box: HTMLElement, white: InfoScore | null, orientation: Color, winner?: Color): void {
  const number = box.querySelector('.eval-number') as HTMLElement;
  const share = winner ? (winner === 'white' ? 1 : 0) : white ? whiteShare(white, 'white') : 0.5;
  box.style.setProperty('--share', (orientation === 'white' ? share : 1 - share).toFixed(3));
  box.classList.toggle('flipped', orientation === 'black');
  const text = winner ? (winner === 'white' ? '1-0' : '0-1') : white ? formatScore(white, 'white') : '…';
  number.textContent = text;
  box.setAttribute(
    'aria-label',
    winner
      ? `Checkmate: ${text}`
      : white
        ? `Evaluation ${text} (White's view)`
        : 'Evaluation: none yet for this position',
  );
}

const GRAPH_H = 80;

/**
 * The evaluation over the game as SVG: one point a ply from White's view, clamped at
 * +/-10 pawns (lichess' scale is a logistic; this one is linear so a pawn reads the same
 * everywhere), the area above the middle line White's. A gap where a ply has no value;
 * the ply shown is a vertical line. Points carry `data-ply` for clicks.
 */
export function renderGraph(svg: SVGSVGElement, evals: (InfoScore | null)[], plies: number, cursor: number): void {
  const width = Math.max(120, Math.round(svg.clientWidth || 300));
  svg.setAttribute('viewBox', `0 0 ${width} ${GRAPH_H}`);
  const ns = 'http://www.w3.org/2000/svg';
  const make = (tag: string, attrs: Record<string, string | number>) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    return e;
  };
  const pad = 4;
  const x = (ply: number) => pad + (plies > 0 ? (ply / plies) * (width - 2 * pad) : 0);
  const y = (pawns: number) => GRAPH_H / 2 - (pawns / 10) * (GRAPH_H / 2 - pad);
  const parts: Element[] = [make('rect', { class: 'graph-bg', x: 0, y: 0, width, height: GRAPH_H })];
  const runs: [number, number][][] = [];
  let run: [number, number][] = [];
  for (let p = 0; p <= plies; p++) {
    const e = evals[p];
    if (e) run.push([p, graphPawns(e)]);
    else if (run.length) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  for (const r of runs) {
    const line = r.map(([p, v]) => `${x(p).toFixed(1)},${y(v).toFixed(1)}`).join(' L');
    const area = `M${x(r[0]![0]).toFixed(1)},${y(0)} L${line} L${x(r[r.length - 1]![0]).toFixed(1)},${y(0)} Z`;
    parts.push(make('path', { class: 'graph-area', d: area }), make('path', { class: 'graph-line', d: `M${line}` }));
  }
  parts.push(make('line', { class: 'graph-mid', x1: 0, x2: width, y1: y(0), y2: y(0) }));
  if (plies > 0) parts.push(make('line', { class: 'graph-cursor', x1: x(cursor), x2: x(cursor), y1: 0, y2: GRAPH_H }));
  for (const r of runs)
    for (const [p, v] of r) {
      const dot = make('circle', { class: 'graph-point', cx: x(p).toFixed(1), cy: y(v).toFixed(1), r: 3 });
      dot.setAttribute('data-ply', String(p));
      if (p === cursor) dot.classList.add('current');
      parts.push(dot);
    }
  svg.replaceChildren(...parts);
  const known = evals.slice(0, plies + 1).filter(Boolean).length;
  svg.setAttribute(
    'aria-label',
    `Evaluation graph: ${known} of ${plies + 1} positions evaluated; the move list and arrow keys move through the game`,
  );
}

/** The ply nearest to a click at `clientX` on the graph. */
export function graphPlyAt(svg: SVGSVGElement, clientX: number, plies: number): number {
  const r = svg.getBoundingClientRect();
  if (plies <= 0 || r.width <= 0) return 0;
  const pad = (4 / (Number(svg.viewBox.baseVal.width) || r.width)) * r.width;
  const t = (clientX - r.left - pad) / Math.max(1, r.width - 2 * pad);
  return Math.max(0, Math.min(plies, Math.round(t * plies)));
}

export function setStatus(box: HTMLElement, text: string, kind: 'info' | 'end' | 'error' = 'info'): void {
  box.textContent = text;
  box.dataset.kind = kind;
}
