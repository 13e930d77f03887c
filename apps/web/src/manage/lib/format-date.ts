/**
 * Dates on the manage site: the browser's language, and the store's time zone when the API tells
 * us (a store owner on holiday still reads their store's clock). Undefined zone = the browser's.
 */

/** "Mar 6, 2026, 4:05 p.m." */
export function formatDateTime(iso: string, timeZone?: string | null, locale?: string): string {
  return new Date(iso).toLocaleString(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** "4:05 p.m." */
export function formatTime(iso: string, timeZone?: string | null, locale?: string): string {
  return new Date(iso).toLocaleTimeString(locale, {
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** 1 -> "1 item", 3 -> "3 items". */
export function itemCountText(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}
