/**
 * The board: chessground (lichess' board) showing a Game, with moves limited to the
 * legal ones chessops computes, and a promotion dialog over the board, since a pawn
 * that reaches the last rank waits for the person's choice of piece.
 */
import { Chessground } from 'chessground';
import type { Api } from 'chessground/api';
import type { Color, Key } from 'chessground/types';
import type { Game } from './game';

export type MovableSide = Color | 'both' | 'none';

export class Board {
  readonly api: Api;
  private promotion: HTMLElement | null = null;
  private game: Game | null = null;
  private side: MovableSide = 'none';

  /** `onMove` receives the move in UCI (`e7e8q` after a promotion choice). */
  constructor(
    private readonly el: HTMLElement,
    private readonly onMove: (uci: string) => void,
  ) {
    this.api = Chessground(el, {
      coordinates: true,
      animation: { enabled: true, duration: 180 },
      highlight: { lastMove: true, check: true },
      premovable: { enabled: false },
      draggable: { showGhost: true },
      movable: { free: false, showDests: true, events: { after: (orig, dest) => this.after(orig, dest) } },
    });
  }

  /** Shows `game`'s position; `side` may move (none while Tempo thinks or after the end). */
  show(game: Game, side: MovableSide): void {
    this.game = game;
    this.side = side;
    this.closePromotion();
    const last = game.moves[game.moves.length - 1];
    this.api.set({
      fen: game.fen,
      turnColor: game.turn,
      check: game.isCheck() ? game.turn : false,
      lastMove: last ? [last.uci.slice(0, 2) as Key, last.uci.slice(2, 4) as Key] : undefined,
      movable: {
        color: side === 'none' ? undefined : side,
        dests: side === 'none' ? new Map() : game.dests(),
      },
    });
  }

  flip(): void {
    this.api.toggleOrientation();
  }
  setOrientation(color: Color): void {
    if (this.api.state.orientation !== color) this.api.toggleOrientation();
  }
  get orientation(): Color {
    return this.api.state.orientation;
  }

  private after(orig: Key, dest: Key): void {
    const game = this.game;
    if (!game) return;
    if (orig !== 'a0' && dest !== 'a0' && game.isPromotion(orig, dest)) this.askPromotion(orig, dest, game.turn);
    else this.onMove(orig + dest);
  }

  /** Four pieces over the board's promotion file; a click outside takes the move back. */
  private askPromotion(orig: Key, dest: Key, color: Color): void {
    this.closePromotion();
    const file = dest.charCodeAt(0) - 97;
    const flipped = this.api.state.orientation === 'black';
    const col = flipped ? 7 - file : file;
    const fromTop = (color === 'white') !== flipped;
    const overlay = document.createElement('div');
    overlay.className = 'promotion';
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-label', 'Choose the promotion piece');
    (['queen', 'knight', 'rook', 'bishop'] as const).forEach((role, i) => {
      const square = document.createElement('button');
      square.className = 'promotion-choice';
      square.title = role;
      square.dataset.role = role;
      square.style.left = `${col * 12.5}%`;
      square.style.top = `${(fromTop ? i : 7 - i) * 12.5}%`;
      const piece = document.createElement('piece');
      piece.className = `${role} ${color}`;
      square.append(piece);
      square.addEventListener('click', (e) => {
        e.stopPropagation();
        this.closePromotion();
        this.onMove(orig + dest + (role === 'knight' ? 'n' : role[0]));
      });
      overlay.append(square);
    });
    overlay.addEventListener('click', () => {
      this.closePromotion();
      if (this.game) this.show(this.game, this.side);
    });
    this.el.append(overlay);
    this.promotion = overlay;
  }

  private closePromotion(): void {
    this.promotion?.remove();
    this.promotion = null;
  }
}
