/**
 * The panel's controls: reads the person's choices (side, strength, time, variant,
 * threads, lines) and wires the buttons to the app. Each setting says when it applies:
 * at once, from Tempo's next move, or to the next game. Threads can be chosen only where
 * the page is cross-origin isolated, because only there can the engine share memory
 * between its search threads (SharedArrayBuffer); elsewhere the selector stays disabled
 * with the reason beside it.
 */
import type { EngineOption } from '@tempo-chess/uci/browser';
import type { Color } from 'chessops/types';
import { TIME_CONTROLS, type TimeControl } from './clock';
import { ELO_RANGE, SKILL_RANGE, type Strength } from './settings';
import { $ } from './view';

export interface Actions {
  newGame(): void;
  takeBack(): void;
  resign(): void;
  flip(): void;
  mode(m: 'play' | 'analyse'): void;
  toggleAnalysis(): void;
  multiPV(): void;
  strength(): void;
  timeControl(): void;
  showEval(): void;
  go(where: 'start' | 'prev' | 'next' | 'end'): void;
  typedMove(text: string): void;
  load(text: string): void;
  copyPgn(): void;
  downloadPgn(): void;
  restartEngine(): void;
}

export interface PlaySettings {
  color: Color;
  strength: Strength;
  timeControl: TimeControl;
}

/** The next game's variant: standard, or Chess960 with a start number (null: random). */
export type VariantChoice = { chess960: false } | { chess960: true; number: number | null };

const select = (id: string) => $(id) as HTMLSelectElement;
const input = (id: string) => $(id) as HTMLInputElement;

export class Controls {
  private elo = { ...ELO_RANGE };
  private engineError = false;

  constructor(actions: Actions) {
    const tc = select('time-control');
    for (const t of TIME_CONTROLS) tc.append(new Option(t.label, t.id));
    tc.value = '5+3';
    const multi = select('multipv');
    for (let i = 1; i <= 5; i++) multi.append(new Option(String(i), String(i)));
    multi.value = '3';
    const threads = select('threads');
    if (globalThis.crossOriginIsolated) {
      const max = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, 32));
      for (let i = 1; i <= max; i++) threads.append(new Option(String(i), String(i)));
      threads.value = String(Math.max(1, Math.min(max, Math.floor(max / 2))));
      $('threads-hint').textContent = 'Applies from the next search.';
    } else {
      threads.append(new Option('1', '1'));
      threads.disabled = true;
      $('threads-hint').textContent =
        'One thread: the page is served without the two cross-origin isolation headers (COOP and COEP), ' +
        'so the engine cannot share memory between threads.';
    }
    $('isolation').textContent = globalThis.crossOriginIsolated
      ? 'cross-origin isolated: threads available'
      : 'not cross-origin isolated: one thread';

    select('strength-kind').addEventListener('change', () => {
      this.syncStrength();
      actions.strength();
    });
    input('strength-value').addEventListener('change', () => actions.strength());
    tc.addEventListener('change', () => {
      this.syncTime();
      actions.timeControl();
    });
    input('show-eval').addEventListener('change', () => actions.showEval());
    select('variant').addEventListener('change', () => this.syncVariant());
    multi.addEventListener('change', () => actions.multiPV());
    const click = (id: string, f: () => void) => $(id).addEventListener('click', f);
    click('new-game', () => actions.newGame());
    click('takeback', () => actions.takeBack());
    click('resign', () => actions.resign());
    click('flip', () => actions.flip());
    click('tab-play', () => actions.mode('play'));
    click('tab-analyse', () => actions.mode('analyse'));
    click('analyse-toggle', () => actions.toggleAnalysis());
    click('nav-start', () => actions.go('start'));
    click('nav-prev', () => actions.go('prev'));
    click('nav-next', () => actions.go('next'));
    click('nav-end', () => actions.go('end'));
    click('load-button', () => actions.load(($('load-text') as HTMLTextAreaElement).value));
    click('copy-pgn', () => actions.copyPgn());
    click('download-pgn', () => actions.downloadPgn());
    click('restart-engine', () => actions.restartEngine());
    $('move-form').addEventListener('submit', (e) => {
      e.preventDefault();
      actions.typedMove(input('move-input').value);
    });
    this.syncStrength();
    this.syncTime();
    this.syncVariant();
  }

  playSettings(): PlaySettings {
    const c = select('color').value;
    const color: Color = c === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : (c as Color);
    return { color, strength: this.strength(), timeControl: this.timeControl() };
  }

  strength(): Strength {
    const kind = select('strength-kind').value;
    const value = Number(input('strength-value').value);
    return kind === 'skill'
      ? { kind, level: clampInt(value, SKILL_RANGE.min, SKILL_RANGE.max) }
      : kind === 'elo'
        ? { kind, elo: clampInt(value, this.elo.min, this.elo.max) }
        : { kind: 'full' };
  }

  timeControl(): TimeControl {
    return TIME_CONTROLS.find((t) => t.id === select('time-control').value) ?? TIME_CONTROLS[0]!;
  }
  setTimeControl(id: string): void {
    if (TIME_CONTROLS.some((t) => t.id === id)) select('time-control').value = id;
    this.syncTime();
  }

  /** Whether the evaluation bar and graph show in Play mode. */
  showEval(): boolean {
    return input('show-eval').checked;
  }

  /** The variant of the next game; throws one line when the Chess960 number is not 0-959. */
  variant(): VariantChoice {
    if (select('variant').value !== 'chess960') return { chess960: false };
    const text = input('chess960-number').value.trim();
    if (text === '') return { chess960: true, number: null };
    const n = Number(text);
    if (!Number.isInteger(n) || n < 0 || n > 959)
      throw new Error(`A Chess960 start is a number from 0 to 959 (or empty for a random one), not "${text}"`);
    return { chess960: true, number: n };
  }

  /** Tempo's time a move when the game has no clock, in milliseconds. */
  movetime(): number {
    return Number(select('movetime').value);
  }
  /** The chosen thread count, or null where threads are not offered. */
  threads(): number | null {
    return globalThis.crossOriginIsolated ? Number(select('threads').value) : null;
  }
  multiPV(): number {
    return Number(select('multipv').value);
  }

  /** The engine's own ranges (UCI_Elo's min and max) replace the defaults once it lists them. */
  engineReady(options: ReadonlyMap<string, EngineOption>): void {
    const elo = options.get('UCI_Elo');
    if (elo?.min !== undefined && elo.max !== undefined) this.elo = { min: elo.min, max: elo.max };
    const threads = options.get('Threads');
    if (threads?.max !== undefined && globalThis.crossOriginIsolated) {
      const s = select('threads');
      for (const o of [...s.options]) if (Number(o.value) > threads.max) o.remove();
    }
    this.syncStrength();
  }

  showEngineError(message: string | null): void {
    this.engineError = message !== null;
    $('engine-error').hidden = message === null;
    $('engine-error-text').textContent = message ?? '';
  }
  hasEngineError(): boolean {
    return this.engineError;
  }

  showMode(mode: 'play' | 'analyse'): void {
    $('play-settings').hidden = mode !== 'play';
    $('analysis-settings').hidden = mode !== 'analyse';
    for (const [id, m] of [
      ['tab-play', 'play'],
      ['tab-analyse', 'analyse'],
    ] as const) {
      $(id).classList.toggle('active', mode === m);
      $(id).setAttribute('aria-pressed', String(mode === m));
    }
  }

  update(s: {
    mode: 'play' | 'analyse';
    analysing: boolean;
    canTakeBack: boolean;
    over: boolean;
    cursor: number;
    plies: number;
    started: boolean;
  }): void {
    ($('takeback') as HTMLButtonElement).disabled = !s.canTakeBack;
    ($('resign') as HTMLButtonElement).disabled = s.mode !== 'play' || s.over;
    const toggle = $('analyse-toggle');
    toggle.textContent = s.analysing ? 'Stop analysis' : 'Start analysis';
    toggle.setAttribute('aria-pressed', String(s.analysing));
    toggle.classList.toggle('running', s.analysing);
    ($('nav-start') as HTMLButtonElement).disabled = s.cursor === 0;
    ($('nav-prev') as HTMLButtonElement).disabled = s.cursor === 0;
    ($('nav-next') as HTMLButtonElement).disabled = s.cursor >= s.plies;
    ($('nav-end') as HTMLButtonElement).disabled = s.cursor >= s.plies;
    $('time-hint').textContent =
      s.mode === 'play' && !s.started && !s.over
        ? 'Applies now: this game has not started.'
        : 'Applies to the next game (this one has started).';
  }

  /** Where the clipboard is refused: the PGN in the load box, selected, to copy by hand. */
  showPgn(pgn: string): void {
    const box = $('load-text') as HTMLTextAreaElement;
    ($('load') as HTMLDetailsElement).open = true;
    box.value = pgn;
    box.select();
  }

  private syncStrength(): void {
    const kind = select('strength-kind').value;
    const value = input('strength-value');
    value.hidden = kind === 'full';
    const [min, max, def] =
      kind === 'skill' ? [SKILL_RANGE.min, SKILL_RANGE.max, 10] : [this.elo.min, this.elo.max, 1500];
    if (value.dataset.kind !== kind) {
      value.value = String(def);
      value.dataset.kind = kind;
    }
    value.min = String(min);
    value.max = String(max);
    value.step = kind === 'elo' ? '50' : '1';
    value.title = kind === 'skill' ? `Skill Level ${min}–${max}` : `Elo ${min}–${max}`;
    value.setAttribute('aria-label', kind === 'skill' ? `Skill Level, ${min} to ${max}` : `Elo, ${min} to ${max}`);
  }

  private syncTime(): void {
    $('movetime-row').hidden = select('time-control').value !== 'none';
    $('movetime-hint').hidden = select('time-control').value !== 'none';
  }

  private syncVariant(): void {
    input('chess960-number').hidden = select('variant').value !== 'chess960';
  }
}

function clampInt(v: number, lo: number, hi: number): number {
  return Number.isFinite(v) ? Math.min(hi, Math.max(lo, Math.round(v))) : lo;
}
