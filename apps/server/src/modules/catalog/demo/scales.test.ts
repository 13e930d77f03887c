import { describe, expect, it } from 'vitest';
import { flyerPageLayout } from './flyer-layout.ts';
import { FLYER_HEADER_FRACTION } from './flyer-page-image.ts';
import { ontarioHolidays } from './holidays.ts';
import { allocate } from './scales.ts';

describe('allocate', () => {
  it('splits a total by weight within bounds, summing exactly', () => {
    const parts = allocate(100, [
      { weight: 1, min: 0, max: 100 },
      { weight: 2, min: 0, max: 100 },
      { weight: 1, min: 0, max: 10 },
    ]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(100);
    expect(parts[2]).toBe(10);
    expect(parts[1]).toBeGreaterThan(parts[0] ?? 0);
  });

  it('honours minimums and stops at the maximums', () => {
    expect(
      allocate(10, [
        { weight: 1, min: 6, max: 8 },
        { weight: 100, min: 3, max: 3 },
      ]),
    ).toEqual([7, 3]);
    expect(allocate(1000, [{ weight: 1, min: 0, max: 5 }])).toEqual([5]);
  });
});

describe('flyerPageLayout', () => {
  it.each([4, 5, 6, 7, 8])(
    'keeps %d boxes inside the page, under the header, not overlapping',
    (count) => {
      const boxes = flyerPageLayout(count);
      expect(boxes).toHaveLength(count);
      for (const box of boxes) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.top).toBeGreaterThan(FLYER_HEADER_FRACTION);
        expect(box.left + box.width).toBeLessThanOrEqual(1);
        expect(box.top + box.height).toBeLessThanOrEqual(1);
      }
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) {
          const apart =
            a.left + a.width <= b.left ||
            b.left + b.width <= a.left ||
            a.top + a.height <= b.top ||
            b.top + b.height <= a.top;
          expect(apart).toBe(true);
        }
      }
    },
  );
});

describe('ontarioHolidays', () => {
  it('knows the 2025 and 2026 dates', () => {
    const dates = (year: number) =>
      Object.fromEntries(ontarioHolidays(year).map((h) => [h.name, h.date]));
    expect(dates(2025)).toMatchObject({
      'Family Day': '2025-02-17',
      'Good Friday': '2025-04-18',
      'Victoria Day': '2025-05-19',
      'Civic Holiday': '2025-08-04',
      'Labour Day': '2025-09-01',
      Thanksgiving: '2025-10-13',
      'Christmas Day': '2025-12-25',
    });
    expect(dates(2026)).toMatchObject({
      'Good Friday': '2026-04-03',
      'Victoria Day': '2026-05-18',
    });
  });
});
