import { describe, expect, it } from 'vitest';
import { offsetClock, systemClock } from './clock.ts';

describe('offsetClock', () => {
  it('is the system clock when the offset is 0', () => {
    expect(offsetClock(0)).toBe(systemClock);
  });

  it('runs the given minutes ahead of (or behind) the real time', () => {
    const ahead = offsetClock(90)().getTime() - Date.now();
    expect(ahead).toBeGreaterThanOrEqual(90 * 60_000 - 50);
    expect(ahead).toBeLessThanOrEqual(90 * 60_000 + 50);
    const behind = offsetClock(-30)().getTime() - Date.now();
    expect(behind).toBeGreaterThanOrEqual(-30 * 60_000 - 50);
    expect(behind).toBeLessThanOrEqual(-30 * 60_000 + 50);
  });
});
