import {
  MINUTE_MS,
  OPEN_STATE_WORDS,
  type BusinessRef,
  type FulfilmentFlags,
  openStateLabel,
  type OpenState,
  type OpeningHours,
  pickupPromiseLabel,
} from '@localmart/contract';
import { businesses } from '../../../db/schema/index.ts';
import { isPausedAt, pausedUntilLabel } from './shopper-visibility.ts';

/**
 * The columns every answer that embeds a business (offers, menus, flyers, services) selects, and the
 * one function that turns them into the contract's BusinessRef. The open state is decided here, at
 * answer time from the request clock, so "Open now · closes 21:00" is never stale.
 */
export const businessRefColumns = {
  id: businesses.id,
  slug: businesses.slug,
  name: businesses.name,
  kind: businesses.kind,
  logo: businesses.logo,
  addressLine: businesses.addressLine,
  lat: businesses.lat,
  lng: businesses.lng,
  hours: businesses.hours,
  pausedUntil: businesses.pausedUntil,
} as const;

export interface BusinessRefRow {
  id: string;
  slug: string;
  name: string;
  kind: BusinessRef['kind'];
  logo: BusinessRef['logo'];
  addressLine: string;
  lat: number;
  lng: number;
  hours: OpeningHours;
  /** The owner's temporary pause: shown as closed until then. */
  pausedUntil: Date | null;
}

/**
 * Open states already worked out, by moment and hours. One answer lists many stores and offers at
 * one instant, and stores share a few weekly patterns (a page of 20 stores near downtown has about
 * 12), while each label costs dozens of time-zone conversions: the most JS time of a stores-near-me
 * answer (issue 18). Bounded, oldest out first.
 *
 * The moment is the instant's minute, shared by every request in it: an open state can only change
 * at a whole minute (hours are HH:MM wall-clock times, days and holidays start at local midnight,
 * and every time zone's offset is whole minutes for any date a store is open), and so can the words
 * "closes 21:00" / "closes Mon 21:00", which switch a whole day or week before a change. The one
 * instant that may differ from the rest of its minute is the minute itself (open from 09:00:00.000,
 * "a day ahead" until exactly then), so a whole-minute instant is a moment of its own.
 */
const OPEN_STATE_MEMO_SIZE = 256;
const openStateMemo = new Map<string, OpenState>();

/** The memo's moment of `now`: its minute, or the exact instant when it falls on one. */
export function openStateMoment(now: Date): string {
  const ms = now.getTime();
  return ms % MINUTE_MS === 0 ? `at ${ms}` : `in ${Math.floor(ms / MINUTE_MS)}`;
}

export function openStateAt(
  hours: OpeningHours,
  now: Date,
  pausedUntil: Date | null = null,
): OpenState {
  if (isPausedAt(pausedUntil, now)) return pausedState(hours, pausedUntil!);
  const key = `${openStateMoment(now)}|${JSON.stringify(hours)}`;
  const known = openStateMemo.get(key);
  if (known) return { ...known };
  const label = openStateLabel(hours, now);
  const state: OpenState = {
    open: label.open,
    status: label.status,
    detail: label.detail,
    text: label.text,
    changesAt: label.changesAt?.toISOString() ?? null,
  };
  if (openStateMemo.size >= OPEN_STATE_MEMO_SIZE) {
    const oldest = openStateMemo.keys().next();
    if (!oldest.done) openStateMemo.delete(oldest.value);
  }
  openStateMemo.set(key, state);
  return { ...state };
}

/** 'Closed · paused until Mon Nov 23 09:00': a paused store takes no orders until then. */
function pausedState(hours: OpeningHours, until: Date): OpenState {
  const detail = `${PAUSED_WORDS} ${pausedUntilLabel(hours, until)}`;
  return {
    open: false,
    status: OPEN_STATE_WORDS.closed,
    detail,
    text: `${OPEN_STATE_WORDS.closed}${OPEN_STATE_WORDS.separator}${detail}`,
    changesAt: until.toISOString(),
  };
}

const PAUSED_WORDS = 'paused until';

export function toBusinessRef(row: BusinessRefRow, now: Date): BusinessRef {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    logo: row.logo,
    addressLine: row.addressLine,
    lat: row.lat,
    lng: row.lng,
    openState: openStateAt(row.hours, now, row.pausedUntil),
  };
}

/** 'Usually ready in 2 h', or null when the business offers no pickup. */
export function pickupPromiseOf(
  readyMinutes: number | null,
  fulfilment: FulfilmentFlags,
): string | null {
  if (readyMinutes === null) return null;
  if (!fulfilment.reservePickup && !fulfilment.buyOnlinePickup) return null;
  return pickupPromiseLabel(readyMinutes);
}

/** Distances travel rounded to 10 m: enough for "1.2 km", and no false precision. */
export function roundKm(km: number | null | undefined): number | null {
  return km === null || km === undefined ? null : Math.round(km * 100) / 100;
}
