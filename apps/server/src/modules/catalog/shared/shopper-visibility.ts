import {
  type BusinessStatus,
  formatClock,
  type OpeningHours,
  shortDateLabel,
  storeAvailabilityMessages,
  toLocalDateTime,
} from '@localmart/contract';
import { and, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import { businesses } from '../../../db/schema/index.ts';

/**
 * What shoppers may see and order (Manage Your Store approval flow): only `published` stores are
 * shown; a pending or rejected store answers the normal 404 and its offers, dishes, services and
 * flyers never appear. A published store paused by its owner (`paused_until` ahead) is still shown,
 * as closed, but takes no orders. One predicate on the businesses row every catalogue read already
 * joins: no extra subquery per offer (the status column is indexed and nearly always 'published').
 */

/** SQL: the business is shown to shoppers. */
export function shopperVisibleSql(): SQL {
  return eq(businesses.status, 'published');
}

/** SQL: the business is shown and takes orders at `now` (not paused). */
export function takesOrdersSql(now: Date): SQL {
  return and(
    shopperVisibleSql(),
    or(isNull(businesses.pausedUntil), lte(businesses.pausedUntil, now)),
  )!;
}

/** SQL: the business is paused at `now` (shown as closed, takes no orders). */
export function pausedSql(now: Date): SQL {
  return gt(businesses.pausedUntil, now);
}

/** The same rule in code, for rows already read. */
export function isPausedAt(pausedUntil: Date | null, now: Date): boolean {
  return pausedUntil !== null && pausedUntil.getTime() > now.getTime();
}

/** 'Mon Nov 23 09:00' in the store's own time zone. */
export function pausedUntilLabel(hours: Pick<OpeningHours, 'timeZone'>, until: Date): string {
  const local = toLocalDateTime(until, hours.timeZone);
  return `${shortDateLabel(local)} ${formatClock(local)}`;
}

export interface StoreOrderState {
  name: string;
  status: BusinessStatus;
  pausedUntil: Date | null;
  hours: Pick<OpeningHours, 'timeZone'>;
}

/**
 * Why the store takes no order at `now`, for the cart and checkout; null when it takes them. The
 * rule of takesOrdersSql, for rows already read.
 */
export function orderRefusalOf(store: StoreOrderState, now: Date): string | null {
  if (store.status !== 'published') return storeAvailabilityMessages.notAvailable;
  if (store.pausedUntil && isPausedAt(store.pausedUntil, now)) {
    return storeAvailabilityMessages.paused(
      store.name,
      pausedUntilLabel(store.hours, store.pausedUntil),
    );
  }
  return null;
}
