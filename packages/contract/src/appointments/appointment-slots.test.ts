import { describe, expect, it } from 'vitest';
import type { OpeningHours } from '../catalog/schemas/opening-hours.ts';
import {
  appointmentLabel,
  changeableUntil,
  defaultAvailability,
  offeredSlotAt,
  slotsOnDate,
} from './appointment-slots.ts';
import type { ServiceAvailability } from './appointment-schemas.ts';
import { orderStatusLabel } from './appointment-messages.ts';

const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const HOURS: OpeningHours = {
  timeZone: 'America/Toronto',
  weekly: {
    ...closed,
    fri: [{ open: '09:00', close: '17:00' }],
    sat: [{ open: '18:00', close: '02:00' }],
  },
  holidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
};
const FRIDAY = { year: 2026, month: 11, day: 27 };
const times = (slots: { start: Date }[]) =>
  slots.map((slot) =>
    slot.start.toLocaleTimeString('en-GB', {
      timeZone: 'America/Toronto',
      hour: '2-digit',
      minute: '2-digit',
    }),
  );

describe('appointment slots', () => {
  it('defaults to the store hours, slots as long as the service, one place, a day to change', () => {
    expect(defaultAvailability(45)).toEqual({
      weekly: null,
      slotMinutes: 45,
      capacity: 1,
      breaks: [],
      closures: [],
      cutoffHours: 24,
    });
    expect(defaultAvailability(2880).slotMinutes).toBe(480);
    const slots = slotsOnDate(defaultAvailability(120), HOURS, FRIDAY);
    expect(times(slots)).toEqual(['09:00', '11:00', '13:00', '15:00']);
    // 15:00 EST is 20:00 UTC.
    expect(slots[3]!.start.toISOString()).toBe('2026-11-27T20:00:00.000Z');
    expect(slots[3]!.end.toISOString()).toBe('2026-11-27T22:00:00.000Z');
  });

  it('leaves out breaks, closed days and the store holidays; own weekly hours replace the store', () => {
    const availability: ServiceAvailability = {
      ...defaultAvailability(60),
      breaks: [{ start: '12:30', end: '13:00' }],
      closures: ['2026-12-04'],
    };
    expect(times(slotsOnDate(availability, HOURS, FRIDAY))).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    expect(slotsOnDate(availability, HOURS, { year: 2026, month: 12, day: 4 })).toEqual([]);
    expect(slotsOnDate(availability, HOURS, { year: 2026, month: 12, day: 25 })).toEqual([]);
    const own = {
      ...availability,
      weekly: { ...closed, fri: [{ open: '07:00', close: '09:00' }] },
    };
    expect(times(slotsOnDate(own, HOURS, FRIDAY))).toEqual(['07:00', '08:00']);
  });

  it('ends an overnight window at midnight: an appointment never runs into the next day', () => {
    const saturday = { year: 2026, month: 11, day: 28 };
    expect(times(slotsOnDate(defaultAvailability(120), HOURS, saturday))).toEqual([
      '18:00',
      '20:00',
      '22:00',
    ]);
  });

  it('finds an offered slot by its exact start only, and words it on the store clock', () => {
    const availability = defaultAvailability(60);
    const start = new Date('2026-11-27T15:00:00.000Z'); // 10:00 in Toronto
    const slot = offeredSlotAt(availability, HOURS, start);
    expect(slot?.end.toISOString()).toBe('2026-11-27T16:00:00.000Z');
    expect(offeredSlotAt(availability, HOURS, new Date('2026-11-27T15:30:00.000Z'))).toBeNull();
    expect(appointmentLabel(slot!.start, slot!.end, HOURS.timeZone)).toBe(
      'Fri Nov 27, 10:00–11:00',
    );
    expect(changeableUntil(start, 24).toISOString()).toBe('2026-11-26T15:00:00.000Z');
  });

  it('skips a start that a spring-forward gap moves', () => {
    const sunday = { year: 2027, month: 3, day: 14 };
    const hours: OpeningHours = {
      ...HOURS,
      weekly: { ...closed, sun: [{ open: '01:00', close: '05:00' }] },
    };
    expect(times(slotsOnDate(defaultAvailability(60), hours, sunday))).toEqual([
      '01:00',
      '03:00',
      '04:00',
    ]);
  });

  it("words an appointment order's statuses without pickup", () => {
    expect(orderStatusLabel('ready_for_pickup', true)).toBe('Ready for your appointment');
    expect(orderStatusLabel('no_show', true)).toBe('Missed appointment');
    expect(orderStatusLabel('ready_for_pickup', false)).toBe('Ready for pickup');
    expect(orderStatusLabel('placed', true)).toBe('Placed');
  });
});
