import { fromLocalDateTime, toLocalDate } from '@localmart/contract';

/** The demo city's time zone (apps/server/src/modules/catalog/demo/businesses.ts). */
export const DEMO_TIME_ZONE = 'America/Toronto';

/**
 * The commerce server's local time of day: stores are open and before every same-day delivery
 * cut-off (the demo's earliest is 14:00), so checkout specs pass at any hour of the real day.
 */
export const COMMERCE_LOCAL_TIME = { hour: 11, minute: 0 } as const;

/** Minutes to add to the real clock so it reads `time` today in the demo city. */
export function minutesUntilLocalTime(
  time: { hour: number; minute: number },
  now = new Date(),
): number {
  const target = fromLocalDateTime(
    { ...toLocalDate(now, DEMO_TIME_ZONE), ...time },
    DEMO_TIME_ZONE,
  );
  return Math.round((target.getTime() - now.getTime()) / 60_000);
}
