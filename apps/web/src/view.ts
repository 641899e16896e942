/**
 * Drawing the panel: move list, clocks, analysis lines and the evaluation bar. Plain
 * DOM, rebuilt from the state each time (the lists are short), so what is shown is
 * always a function of the game and the engine's latest lines.
 */
import type { InfoLine } from '@tempo-chess/uci/browser';
import type { Color } from 'chessops/types';
import { formatClock } from './clock';
import { formatNps, formatScore, pvToSan, whiteShare } from './format';
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

/** Numbered pairs: `1. e4 e5`; a game from a Black-to-move FEN starts `12. … Nf6`. */
export function renderMoves(list: HTMLElement, game: Game): void {
  list.replaceChildren();
  const full = Number(game.startFen.split(' ')[5]) || 1;
  const blackFirst = game.startFen.split(' ')[1] === 'b';
  const cells: string[] = blackFirst ? ['…'] : [];
  for (const m of game.moves) cells.push(m.san);
  for (let i = 0; i < cells.length; i += 2) {
    list.append(
      el('span', 'num', `${full + i / 2}.`),
      el('span', 'san', cells[i]),
      el('span', 'san', cells[i + 1] ?? ''),
    );
  }
  if (game.end) list.append(el('span', 'result', `${game.end.result}  ${game.end.text}`));
  list.scrollTop = list.scrollHeight;
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

export function renderLines(box: HTMLElement, stats: HTMLElement, lines: InfoLine[], fen: string, turn: Color): void {
  box.replaceChildren();
  for (const l of lines) {
    const row = el('div', 'line');
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

/** The bar fills from the bottom with White's share (from the board's side when flipped). */
export function renderEval(bar: HTMLElement, info: InfoLine | null, turn: Color, orientation: Color): void {
  const fill = bar.querySelector('.eval-fill') as HTMLElement;
  const label = bar.querySelector('.eval-text') as HTMLElement;
  const share = info?.score ? whiteShare(info.score, turn) : 0.5;
  const shown = orientation === 'white' ? share : 1 - share;
  fill.style.height = `${(shown * 100).toFixed(1)}%`;
  bar.classList.toggle('flipped', orientation === 'black');
  label.textContent = info?.score ? formatScore(info.score, turn) : '';
}

export function setStatus(box: HTMLElement, text: string, kind: 'info' | 'end' | 'error' = 'info'): void {
  box.textContent = text;
  box.dataset.kind = kind;
}
