import type { OpeningHours, Weekday } from '@localmart/contract';
import { WEEKDAYS } from '@localmart/contract';

/**
 * Weekly opening patterns real shops keep: long grocery days, a 24-hour pharmacy, bars open past
 * midnight on weekends, salons closed Sunday and Monday, split lunch/dinner service.
 */
type Spec = Partial<Record<Weekday | 'weekdays' | 'weekend' | 'daily', string>>;

function week(spec: Spec): OpeningHours['weekly'] {
  const intervalsFor = (day: Weekday): string | undefined => {
    const isWeekend = day === 'sat' || day === 'sun';
    return spec[day] ?? (isWeekend ? spec.weekend : spec.weekdays) ?? spec.daily;
  };
  return Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      (intervalsFor(day) ?? '')
        .split(',')
        .filter((range) => range && range !== 'closed')
        .map((range) => {
          const [open = '', close = ''] = range.split('-');
          return { open, close };
        }),
    ]),
  ) as OpeningHours['weekly'];
}

export const HOURS_PROFILES = {
  groceryLong: week({ daily: '08:00-22:00' }),
  groceryEarly: week({ daily: '07:00-23:00' }),
  convenienceLate: week({ daily: '07:00-01:00' }),
  allDay: week({ daily: '00:00-24:00' }),
  retail: week({ weekdays: '10:00-20:00', sat: '10:00-18:00', sun: '11:00-17:00' }),
  retailClosedSunday: week({ weekdays: '10:00-19:00', sat: '10:00-18:00', sun: 'closed' }),
  pharmacy: week({ weekdays: '08:00-22:00', weekend: '09:00-18:00' }),
  bakery: week({ mon: 'closed', weekdays: '07:00-16:00', weekend: '07:00-15:00' }),
  florist: week({ weekdays: '09:00-18:00', sat: '09:00-18:00', sun: '10:00-16:00' }),
  cafe: week({ weekdays: '07:00-18:00', weekend: '08:00-17:00' }),
  restaurantSplit: week({
    mon: 'closed',
    weekdays: '11:30-14:30,17:00-22:00',
    weekend: '11:30-14:30,17:00-22:30',
  }),
  restaurantLate: week({ daily: '17:00-23:00', fri: '17:00-02:00', sat: '17:00-02:00' }),
  restaurantAllDay: week({ daily: '11:00-22:00', fri: '11:00-23:00', sat: '11:00-23:00' }),
  dinerLate: week({ daily: '08:00-23:00', fri: '08:00-03:00', sat: '08:00-03:00' }),
  salon: week({ sun: 'closed', mon: 'closed', weekdays: '10:00-19:00', sat: '09:00-17:00' }),
  cleaners: week({ weekdays: '07:30-19:00', sat: '09:00-17:00', sun: 'closed' }),
  studio: week({ weekdays: '06:00-21:00', weekend: '08:00-16:00' }),
  repair: week({ weekdays: '10:00-19:00', sat: '10:00-19:00', sun: '12:00-17:00' }),
} as const satisfies Record<string, OpeningHours['weekly']>;

export type HoursProfile = keyof typeof HOURS_PROFILES;
