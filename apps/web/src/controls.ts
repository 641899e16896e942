/**
 * The panel's controls: reads the person's choices (side, strength, time, threads,
 * lines) and wires the buttons to the app. The Threads selector exists only where the
 * page is cross-origin isolated, because only there can the engine share memory
 * between its search threads (SharedArrayBuffer).
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

const select = (id: string) => $(id) as HTMLSelectElement;

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
    if (globalThis.crossOriginIsolated) {
      const threads = select('threads');
      const max = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, 32));
      for (let i = 1; i <= max; i++) threads.append(new Option(String(i), String(i)));
      threads.value = String(Math.max(1, Math.min(max, Math.floor(max / 2))));
      $('threads-row').hidden = false;
    }
    $('isolation').textContent = globalThis.crossOriginIsolated
      ? 'cross-origin isolated: threads available'
      : 'not cross-origin isolated: one thread';

    select('strength-kind').addEventListener('change', () => this.syncStrength());
    tc.addEventListener('change', () => this.syncTime());
    multi.addEventListener('change', () => actions.multiPV());
    const click = (id: string, f: () => void) => $(id).addEventListener('click', f);
    click('new-game', () => actions.newGame());
    click('takeback', () => actions.takeBack());
    click('resign', () => actions.resign());
    click('flip', () => actions.flip());
    click('tab-play', () => actions.mode('play'));
    click('tab-analyse', () => actions.mode('analyse'));
    click('analyse-toggle', () => actions.toggleAnalysis());
    click('load-button', () => actions.load(($('load-text') as HTMLTextAreaElement).value));
    click('copy-pgn', () => actions.copyPgn());
    click('download-pgn', () => actions.downloadPgn());
    click('restart-engine', () => actions.restartEngine());
    this.syncStrength();
    this.syncTime();
  }

  playSettings(): PlaySettings {
    const c = select('color').value;
    const color: Color = c === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : (c as Color);
    const kind = select('strength-kind').value;
    const value = Number(($('strength-value') as HTMLInputElement).value);
    const strength: Strength =
      kind === 'skill'
        ? { kind, level: clampInt(value, SKILL_RANGE.min, SKILL_RANGE.max) }
        : kind === 'elo'
          ? { kind, elo: clampInt(value, this.elo.min, this.elo.max) }
          : { kind: 'full' };
    const timeControl = TIME_CONTROLS.find((t) => t.id === select('time-control').value) ?? TIME_CONTROLS[0]!;
    return { color, strength, timeControl };
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
    $('eval-bar').classList.toggle('off', mode !== 'analyse');
    $('tab-play').classList.toggle('active', mode === 'play');
    $('tab-analyse').classList.toggle('active', mode === 'analyse');
  }

  update(s: { mode: 'play' | 'analyse'; analysing: boolean; canTakeBack: boolean; over: boolean }): void {
    ($('takeback') as HTMLButtonElement).disabled = !s.canTakeBack;
    ($('resign') as HTMLButtonElement).disabled = s.mode !== 'play' || s.over;
    $('analyse-toggle').textContent = s.analysing ? 'Stop' : 'Analyse';
    $('analyse-toggle').classList.toggle('running', s.analysing);
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
    const input = $('strength-value') as HTMLInputElement;
    input.hidden = kind === 'full';
    const [min, max, def] =
      kind === 'skill' ? [SKILL_RANGE.min, SKILL_RANGE.max, 10] : [this.elo.min, this.elo.max, 1500];
    if (input.dataset.kind !== kind) {
      input.value = String(def);
      input.dataset.kind = kind;
    }
    input.min = String(min);
    input.max = String(max);
    input.step = kind === 'elo' ? '50' : '1';
    input.title = kind === 'skill' ? `Skill Level ${min}–${max}` : `Elo ${min}–${max}`;
  }

  private syncTime(): void {
    $('movetime-row').hidden = select('time-control').value !== 'none';
  }
}

function clampInt(v: number, lo: number, hi: number): number {
  return Number.isFinite(v) ? Math.min(hi, Math.max(lo, Math.round(v))) : lo;
}
