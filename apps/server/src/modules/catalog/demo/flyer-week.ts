import {
  addDays,
  dayOfWeek,
  formatLocalDate,
  fromLocalDateTime,
  type LocalDate,
  toLocalDate,
} from '@localmart/contract';
import { DEMO_TIME_ZONE } from './businesses.ts';
import type { CityPlan } from './city-plan.ts';
import { Random } from './random.ts';

/** A flyer's week: local dates (both included) and the sale window instants they mean. */
export interface FlyerWeek {
  from: LocalDate;
  to: LocalDate;
  validFrom: string;
  validTo: string;
  /** Local midnight starting `from`. */
  startsAt: string;
  /** Local midnight ending `to` (the start of the day after). */
  endsAt: string;
}

const THURSDAY = 4;
const FRIDAY = 5;

/**
 * Canadian flyers start on a Thursday (some on a Friday). A demo flyer starts on the last such day
 * up to today in the store's time zone and runs two weeks, so every flyer is valid on the day the city
 * is generated and for at least a week after it (a one-week flyer seeded on a Wednesday ended that
 * very day: issue 17).
 */
export function flyerWeek(plan: CityPlan, businessIndex: number): FlyerWeek {
  const random = Random.for(plan.seed, `flyer-week:${businessIndex}`);
  const startDay = random.chance(0.7) ? THURSDAY : FRIDAY;
  const today = toLocalDate(plan.now, DEMO_TIME_ZONE);
  const from = addDays(today, -((dayOfWeek(today) - startDay + 7) % 7));
  const to = addDays(from, 13);
  const midnight = (date: LocalDate) =>
    fromLocalDateTime({ ...date, hour: 0, minute: 0 }, DEMO_TIME_ZONE).toISOString();
  return {
    from,
    to,
    validFrom: formatLocalDate(from),
    validTo: formatLocalDate(to),
    startsAt: midnight(from),
    endsAt: midnight(addDays(to, 1)),
  };
}
