import { describe, expect, test } from 'vitest';
import { Clock, TIME_CONTROLS, formatClock } from './clock';

const tc = (id: string) => TIME_CONTROLS.find((t) => t.id === id)!;

function manual(id: string) {
  let t = 0;
  const clock = new Clock(tc(id), () => t);
  return { clock, advance: (ms: number) => (t += ms) };
}

describe('Clock', () => {
  test('3+2: elapsed time is charged to the mover, then the increment is added', () => {
    const { clock, advance } = manual('3+2');
    clock.start('white');
    advance(5_000);
    expect(clock.remaining('white')).toBe(175_000);
    expect(clock.remaining('black')).toBe(180_000);
    expect(clock.press()).toBe(true);
    expect(clock.remaining('white')).toBe(177_000);
    expect(clock.runningColor).toBe('black');
    advance(1_500);
    clock.press();
    expect(clock.remaining('black')).toBe(180_500);
    expect(clock.runningColor).toBe('white');
  });

  test('the flag falls when the running side reaches zero, and a late move does not count', () => {
    const { clock, advance } = manual('1+0');
    clock.start('white');
    advance(59_999);
    expect(clock.flagged()).toBeNull();
    advance(1);
    expect(clock.flagged()).toBe('white');
    expect(clock.remaining('white')).toBe(0);
    expect(clock.press()).toBe(false);
    expect(clock.runningColor).toBeNull();
  });

  test('stop keeps the time left; set restores a side (take back)', () => {
    const { clock, advance } = manual('5+3');
    clock.start('black');
    advance(10_000);
    clock.stop();
    advance(50_000);
    expect(clock.remaining('black')).toBe(290_000);
    clock.set('white', 12_345);
    expect(clock.remaining('white')).toBe(12_345);
  });

  test('an untimed game never runs or flags', () => {
    const { clock, advance } = manual('none');
    clock.start('white');
    advance(1e9);
    expect(clock.timed).toBe(false);
    expect(clock.flagged()).toBeNull();
    expect(clock.press()).toBe(true);
  });
});

test('formatClock', () => {
  expect(formatClock(180_000)).toBe('3:00');
  expect(formatClock(61_999)).toBe('1:01');
  expect(formatClock(9_999)).toBe('0:09.9');
  expect(formatClock(7_340)).toBe('0:07.3');
  expect(formatClock(-5)).toBe('0:00.0');
  expect(formatClock(3_723_000)).toBe('1:02:03');
});
