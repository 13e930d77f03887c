import { describe, expect, it } from 'vitest';
import { business } from '../test/fixtures.ts';
import { resolveTab, visibleTabs } from './business-tabs.ts';
import { directionsUrl } from './directions.ts';
import { clampIndex, counterLabel, parseIndex } from './media-index.ts';
import {
  addressText,
  fulfilmentLines,
  hoursRows,
  upcomingHolidayLines,
  upcomingSpecialLines,
} from './store-facts.ts';

describe('store tabs', () => {
  it('shows a tab per non-empty section, in order, and always Reviews and Contact', () => {
    expect(visibleTabs(business().counts)).toEqual([
      'products',
      'flyers',
      'gallery',
      'team',
      'reviews',
      'contact',
    ]);
    expect(
      visibleTabs({ products: 0, menus: 2, services: 0, flyers: 0, team: 0, gallery: 0 }),
    ).toEqual(['menu', 'reviews', 'contact']);
  });

  it('opens the endpoint when the store has it, else the first tab', () => {
    const tabs = visibleTabs(business().counts);
    expect(resolveTab('gallery', tabs)).toBe('gallery');
    expect(resolveTab('menu', tabs)).toBe('products');
    expect(resolveTab('nonsense', tabs)).toBe('products');
    expect(resolveTab(undefined, ['contact'])).toBe('contact');
  });
});

describe('store facts', () => {
  it('lists the week Monday first in the contract wording, today marked', () => {
    // Thu Nov 26 2026, 10:00 in Toronto.
    const thursday = new Date('2026-11-26T15:00:00Z');
    expect(hoursRows(business().hours, thursday)).toEqual([
      { day: 'Monday', hours: '09:00-21:00', today: false },
      { day: 'Tuesday', hours: '09:00-21:00', today: false },
      { day: 'Wednesday', hours: '09:00-21:00', today: false },
      { day: 'Thursday', hours: '09:00-21:00', today: true },
      { day: 'Friday', hours: '09:00-12:00, 17:00-22:00', today: false },
      { day: 'Saturday', hours: 'Open 24 hours', today: false },
      { day: 'Sunday', hours: 'Closed', today: false },
    ]);
  });

  it('reads today on the store clock, not the shopper’s', () => {
    // 02:00 UTC on Friday is still Thursday evening in Toronto.
    const rows = hoursRows(business().hours, new Date('2026-11-27T02:00:00Z'));
    expect(rows.filter((row) => row.today).map((row) => row.day)).toEqual(['Thursday']);
  });

  it('says a holiday closure on today’s row', () => {
    const rows = hoursRows(business().hours, new Date('2026-12-25T15:00:00Z'));
    expect(rows.find((row) => row.today)).toEqual({
      day: 'Friday',
      hours: 'Closed (Christmas Day)',
      today: true,
    });
  });

  it('shows special hours on the rows of the coming week and lists them until they end', () => {
    const hours = {
      ...business().hours,
      special: [
        { from: '2026-12-24', to: '2026-12-26', name: 'Christmas', intervals: [] },
        {
          from: '2026-12-21',
          to: '2026-12-21',
          name: '',
          intervals: [{ open: '08:00', close: '23:00' }],
        },
      ],
    };
    // Tue Dec 22 2026, 10:00 in Toronto: Monday's row is next Monday (Dec 28), back to normal.
    const rows = hoursRows(hours, new Date('2026-12-22T15:00:00Z'));
    expect(rows.map((row) => row.hours)).toEqual([
      '09:00-21:00',
      '09:00-21:00',
      '09:00-21:00',
      'Closed (Christmas)',
      'Closed (Christmas)',
      'Closed (Christmas)',
      'Closed',
    ]);
    expect(hoursRows(hours, new Date('2026-12-20T15:00:00Z'))[0]?.hours).toBe(
      '08:00-23:00 (Special hours)',
    );
    expect(upcomingSpecialLines(hours, new Date('2026-12-20T15:00:00Z'))).toEqual([
      'Mon, Dec 21 · 08:00-23:00',
      'Thu, Dec 24 – Sat, Dec 26 · Christmas · Closed',
    ]);
    expect(upcomingSpecialLines(hours, new Date('2026-12-27T15:00:00Z'))).toEqual([]);
  });

  it('lists upcoming holiday closures soonest first, as people read dates', () => {
    const hours = {
      ...business().hours,
      holidays: [
        { date: '2027-01-01', name: 'New Year’s Day' },
        { date: '2026-11-11', name: 'Remembrance Day' },
        { date: '2026-12-25', name: 'Christmas Day' },
        { date: '2026-12-27', name: '' },
      ],
    };
    expect(upcomingHolidayLines(hours, new Date('2026-11-26T15:00:00Z'))).toEqual([
      'Fri, Dec 25 · Christmas Day · Closed',
      'Sun, Dec 27 · Closed',
      'Fri, Jan 1 · New Year’s Day · Closed',
    ]);
    expect(upcomingHolidayLines(hours, new Date('2026-12-25T15:00:00Z'))[0]).toBe(
      'Today · Christmas Day · Closed',
    );
    expect(upcomingHolidayLines(hours, new Date('2027-01-02T15:00:00Z'))).toEqual([]);
  });

  it('describes pickup and delivery terms', () => {
    expect(fulfilmentLines(business(), 'en-CA')).toEqual([
      'In-store pickup (reserve or buy online) · Usually ready in 2 h',
      'Same-day delivery within 8 km · $4.99 fee · $25.00 minimum · order by 15:00',
    ]);
    expect(
      fulfilmentLines({
        ...business(),
        fulfilment: { reservePickup: true, buyOnlinePickup: false, sameDayDelivery: false },
        pickupReadyMinutes: null,
      }),
    ).toEqual(['In-store pickup (reserve)']);
  });

  it('writes the address on one line and builds the directions link', () => {
    expect(addressText(business().address)).toBe('120 Queen St W, Toronto, ON M5H 2N2');
    expect(directionsUrl(43.6525, -79.3832)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=43.6525,-79.3832',
    );
  });
});

describe('media index', () => {
  it('reads ?index= safely and keeps it on a slide', () => {
    expect(parseIndex('2')).toBe(2);
    expect(parseIndex('-1')).toBe(0);
    expect(parseIndex('abc')).toBe(0);
    expect(parseIndex(null)).toBe(0);
    expect(clampIndex(9, 3)).toBe(2);
    expect(clampIndex(1.4, 3)).toBe(1);
    expect(counterLabel(2, 12)).toBe('3 / 12');
  });
});
