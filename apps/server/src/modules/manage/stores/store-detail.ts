import type { ManagedStoreDetail, StoreAccess } from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { manageMessages } from '@localmart/contract';

export type BusinessRow = typeof businesses.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The store as its members see it: every field the settings page edits, and its review state. */
export function storeDetailOf(row: BusinessRow, access: StoreAccess): ManagedStoreDetail {
  return {
    id: row.id,
    slug: row.slug,
    storeCode: row.storeCode,
    name: row.name,
    kind: row.kind,
    type: row.type,
    description: row.description,
    logo: row.logo,
    cover: row.cover,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    phone: row.phone,
    email: row.email,
    website: row.website,
    currency: row.currency,
    hours: row.hours,
    fulfilment: row.fulfilment,
    delivery: row.delivery,
    pickupReadyMinutes: row.pickupReadyMinutes,
    noShowHoldMinutes: row.noShowHoldMinutes,
    taxRateBps: row.taxRateBps,
    status: row.status,
    reviewNote: row.reviewNote,
    reviewedAt: iso(row.reviewedAt),
    submittedAt: iso(row.submittedAt),
    pausedUntil: iso(row.pausedUntil),
    access,
  };
}

/** The business row, or 404 (the guard has checked it exists; a concurrent delete still may not). */
export async function businessRow(db: Database, businessId: string): Promise<BusinessRow> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  if (!row) throw new HttpError(404, manageMessages.storeNotFound);
  return row;
}

/** The one-line address the shopper app prints under a store's name. */
export function addressLineOf(address: { line1: string; city: string }): string {
  return `${address.line1}, ${address.city}`;
}
