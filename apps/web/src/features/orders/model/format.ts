import {
  ORDER_STATUS_FILTERS,
  type OrderStatus,
  type OrderStatusFilter,
} from '@localmart/contract';

/** 1300 basis points -> "13%"; 1375 -> "13.75%". */
export function formatTaxRate(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/** "Nov 21, 2026, 4:05 p.m.": the shopper's own clock and language. */
export function formatDateTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium' });
}

/** Which my-order group a status belongs to: the chip's colour. */
export function statusGroup(status: OrderStatus): OrderStatusFilter {
  for (const [group, statuses] of Object.entries(ORDER_STATUS_FILTERS) as [
    OrderStatusFilter,
    readonly OrderStatus[],
  ][]) {
    if (statuses.includes(status)) return group;
  }
  return 'active';
}

/** Google Maps directions to a point: the universal link that opens the maps app where installed. */
export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}
