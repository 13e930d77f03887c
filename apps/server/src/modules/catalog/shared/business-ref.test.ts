import { type OpeningHours, openStateLabel, WEEKDAYS } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { openStateAt, openStateMoment } from './business-ref.ts';

function everyDay(interval: string, holidays: string[] = []): OpeningHours {
  const [open = '', close = ''] = interval.split('-');
  return {
    timeZone: 'America/Toronto',
    weekly: Object.fromEntries(
      WEEKDAYS.map((day) => [day, [{ open, close }]]),
    ) as OpeningHours['weekly'],
    holidays: holidays.map((date) => ({ date, name: 'Holiday' })),
  };
}

/** What the contract says, in the wire shape: the answer the memo must never change. */
function expectedState(hours: OpeningHours, now: Date) {
  const label = openStateLabel(hours, now);
  return {
    open: label.open,
    status: label.status,
    detail: label.detail,
    text: label.text,
    changesAt: label.changesAt?.toISOString() ?? null,
  };
}

describe('openStateAt', () => {
  // A Thursday in Toronto: 14:30 local, and 23:30 local the same day.
  const afternoon = new Date('2026-11-19T19:30:00.000Z');
  const lateEvening = new Date('2026-11-20T04:30:00.000Z');
  const shop = everyDay('09:00-21:00');

  it('answers as the contract does, again and again, at each instant', () => {
    for (const now of [afternoon, lateEvening, afternoon, lateEvening]) {
      expect(openStateAt(shop, now)).toEqual(expectedState(shop, now));
    }
    expect(openStateAt(shop, afternoon).text).toBe('Open now · closes 21:00');
    expect(openStateAt(shop, lateEvening).text).toBe('Closed · opens 09:00');
  });

  it('tells apart hours that differ only in a holiday', () => {
    const closedToday = everyDay('09:00-21:00', ['2026-11-19']);
    expect(openStateAt(shop, afternoon).open).toBe(true);
    expect(openStateAt(closedToday, afternoon).open).toBe(false);
    expect(openStateAt(closedToday, afternoon)).toEqual(expectedState(closedToday, afternoon));
  });

  it('hands out copies: changing one answer does not change the next', () => {
    const first = openStateAt(shop, afternoon);
    first.text = 'changed by a caller';
    expect(openStateAt(shop, afternoon).text).toBe('Open now · closes 21:00');
  });

  it('stays right past its bound, when the oldest answers have been dropped', () => {
    const start = afternoon.getTime();
    for (let minute = 0; minute < 600; minute++) {
      openStateAt(shop, new Date(start + minute * 60_000));
    }
    for (const minute of [0, 299, 599]) {
      const now = new Date(start + minute * 60_000);
      expect(openStateAt(shop, now)).toEqual(expectedState(shop, now));
    }
  });

  it('shares one answer across a minute and still answers as the contract does at every instant near a change', () => {
    // Around closing (21:00 local = 02:00Z), opening (09:00 = 14:00Z), the switch from "closes 21:00"
    // to "closes Fri 21:00" a day before a change, and a night when the clocks go back (Nov 1).
    const stores = [
      shop,
      everyDay('09:00-21:00', ['2026-11-20']),
      { ...everyDay('08:30-17:45'), timeZone: 'Asia/Kolkata' },
    ];
    const around = [
      '2026-11-20T02:00:00.000Z',
      '2026-11-20T14:00:00.000Z',
      '2026-11-19T02:00:00.000Z',
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-20T03:00:00.000Z',
      '2026-11-20T12:15:00.000Z',
    ].map((text) => new Date(text).getTime());
    const offsets = [-60_000, -59_999, -30_000, -1, 0, 1, 29_999, 59_999, 60_000, 60_001];
    for (const hours of stores) {
      for (const base of around) {
        // Asked in one order, then in the reverse: whichever instant of a minute came first, the
        // others get what the contract says for them.
        const instants = offsets.map((offset) => new Date(base + offset));
        for (const now of [...instants, ...instants.reverse()]) {
          expect(openStateAt(hours, now), now.toISOString()).toEqual(expectedState(hours, now));
        }
      }
    }
  });

  it('keys whole-minute instants apart from the rest of their minute', () => {
    const minute = new Date('2026-11-20T02:00:00.000Z');
    expect(openStateMoment(minute)).not.toBe(openStateMoment(new Date(minute.getTime() + 1)));
    expect(openStateMoment(new Date(minute.getTime() + 1))).toBe(
      openStateMoment(new Date(minute.getTime() + 59_999)),
    );
    expect(openStateMoment(new Date(minute.getTime() - 1))).not.toBe(
      openStateMoment(new Date(minute.getTime() + 1)),
    );
  });
});
