import { describe, expect, it } from 'vitest';
import { flyerEndsLabel, readableDate } from './store-dates.ts';

const TORONTO = 'America/Toronto';

describe('store dates', () => {
  it('reads a calendar day as people do', () => {
    expect(readableDate({ year: 2026, month: 12, day: 25 })).toBe('Fri, Dec 25');
    expect(readableDate({ year: 2027, month: 1, day: 1 }, true)).toBe('Fri, Jan 1, 2027');
  });

  it('says when a flyer ends: today, tomorrow, then the date', () => {
    // Thu Dec 3 2026, 10:00 in Toronto.
    const now = new Date('2026-12-03T15:00:00Z');
    expect(flyerEndsLabel('2026-12-03', TORONTO, now)).toBe('Ends today');
    expect(flyerEndsLabel('2026-12-04', TORONTO, now)).toBe('Ends tomorrow');
    expect(flyerEndsLabel('2026-12-09', TORONTO, now)).toBe('Ends Wed, Dec 9');
    expect(flyerEndsLabel('2026-12-02', TORONTO, now)).toBe('Ended');
    expect(flyerEndsLabel('not a date', TORONTO, now)).toBeNull();
  });

  it('reads today on the store’s clock, not UTC or the shopper’s', () => {
    // 03:00 UTC on Dec 4 is still the evening of Dec 3 in Toronto, already Dec 4 in Tokyo.
    const lateEvening = new Date('2026-12-04T03:00:00Z');
    expect(flyerEndsLabel('2026-12-03', TORONTO, lateEvening)).toBe('Ends today');
    expect(flyerEndsLabel('2026-12-03', 'Asia/Tokyo', lateEvening)).toBe('Ended');
    expect(flyerEndsLabel('2026-12-04', 'Asia/Tokyo', lateEvening)).toBe('Ends today');
  });
});
