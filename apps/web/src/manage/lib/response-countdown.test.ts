import { describe, expect, it } from 'vitest';
import { formatDuration, responseCountdown } from './response-countdown.ts';

const NOW = new Date('2026-03-06T16:00:00.000Z');
const plus = (minutes: number, seconds = 0) =>
  new Date(NOW.getTime() + minutes * 60_000 + seconds * 1000).toISOString();

describe('responseCountdown', () => {
  it('words the time left in hours and minutes, rounding down', () => {
    expect(responseCountdown(plus(192, 59), NOW)).toEqual({
      text: 'Respond within 3 h 12 min',
      tone: 'normal',
      minutesLeft: 192,
    });
    expect(responseCountdown(plus(240), NOW).text).toBe('Respond within 4 h');
  });

  it('turns warning under 60 minutes and danger under 15', () => {
    expect(responseCountdown(plus(60), NOW).tone).toBe('normal');
    expect(responseCountdown(plus(59, 59), NOW)).toMatchObject({
      text: 'Respond within 59 min',
      tone: 'warning',
    });
    expect(responseCountdown(plus(15), NOW).tone).toBe('warning');
    expect(responseCountdown(plus(14, 59), NOW)).toMatchObject({
      text: 'Respond within 14 min',
      tone: 'danger',
    });
    expect(responseCountdown(plus(0, 20), NOW)).toMatchObject({
      text: 'Respond within less than 1 min',
      tone: 'danger',
    });
  });

  it('says Overdue at and after the deadline', () => {
    expect(responseCountdown(plus(0), NOW)).toEqual({
      text: 'Overdue',
      tone: 'overdue',
      minutesLeft: 0,
    });
    expect(responseCountdown(plus(-90), NOW).text).toBe('Overdue');
  });

  it('counts days across a weekend', () => {
    // Friday 16:00 -> Monday 12:00 is 68 wall-clock hours
    expect(responseCountdown(plus(68 * 60), NOW).text).toBe('Respond within 2 d 20 h');
  });
});

describe('formatDuration', () => {
  it('drops empty parts', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(24 * 60)).toBe('1 d');
  });
});
