/**
 * Chess clocks for both sides, Fischer increment, driven by an injected time source so
 * tests step time by hand. The clock never ticks by itself: the page reads `remaining`
 * when it draws and asks `flagged` on a timer; time is charged on `press` and read live.
 */
import type { Color } from 'chessops/types';

/** A time control: base minutes and increment seconds (`3+2`), or none (untimed). */
export interface TimeControl {
  id: string;
  label: string;
  /** Milliseconds each side starts with; 0 for an untimed game. */
  baseMs: number;
  incMs: number;
}

export const TIME_CONTROLS: TimeControl[] = [
  { id: 'none', label: 'No clock', baseMs: 0, incMs: 0 },
  { id: '1+0', label: '1+0 bullet', baseMs: 60_000, incMs: 0 },
  { id: '3+2', label: '3+2 blitz', baseMs: 180_000, incMs: 2_000 },
  { id: '5+3', label: '5+3 blitz', baseMs: 300_000, incMs: 3_000 },
  { id: '10+5', label: '10+5 rapid', baseMs: 600_000, incMs: 5_000 },
  { id: '15+10', label: '15+10 rapid', baseMs: 900_000, incMs: 10_000 },
];

export class Clock {
  private readonly left: Record<Color, number>;
  /** The side whose time runs, and since when (null: stopped). */
  private running: { color: Color; since: number } | null = null;

  constructor(
    readonly control: TimeControl,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.left = { white: control.baseMs, black: control.baseMs };
  }

  get timed(): boolean {
    return this.control.baseMs > 0;
  }
  get runningColor(): Color | null {
    return this.running?.color ?? null;
  }

  /** Milliseconds left for `color` right now (never below 0). */
  remaining(color: Color): number {
    let ms = this.left[color];
    if (this.running?.color === color) ms -= this.now() - this.running.since;
    return Math.max(0, ms);
  }

  /** Starts `color`'s time (the first move of a game, or after a take back). */
  start(color: Color): void {
    if (!this.timed) return;
    this.running = { color, since: this.now() };
  }

  /**
   * The side to move has moved: its elapsed time is charged, the increment added, and
   * the other side's time starts. Returns false when the mover's flag had already
   * fallen (the move came too late and does not count).
   */
  press(): boolean {
    if (!this.timed || !this.running) return true;
    const { color } = this.running;
    const left = this.remaining(color);
    if (left <= 0) {
      this.left[color] = 0;
      this.running = null;
      return false;
    }
    this.left[color] = left + this.control.incMs;
    this.running = { color: color === 'white' ? 'black' : 'white', since: this.now() };
    return true;
  }

  /** Stops both clocks, keeping what is left (game over, or the page waits). */
  stop(): void {
    if (!this.running) return;
    this.left[this.running.color] = this.remaining(this.running.color);
    this.running = null;
  }

  /** The side whose time ran out while running, if any. */
  flagged(): Color | null {
    return this.running && this.remaining(this.running.color) <= 0 ? this.running.color : null;
  }

  /** Sets a side's time (a take back restores the times of that moment). */
  set(color: Color, ms: number): void {
    if (this.running?.color === color) this.running.since = this.now();
    this.left[color] = ms;
  }
}

/** `m:ss`, with tenths under ten seconds (`0:07.3`), as clocks show time. */
export function formatClock(ms: number): string {
  const clamped = Math.max(0, ms);
  if (clamped < 10_000) {
    const tenths = Math.floor(clamped / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.floor(clamped / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
