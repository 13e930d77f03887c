import type { Address, addressInputSchema } from '@localmart/contract';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { addresses } from '../../../db/schema/index.ts';
import { lockShopper } from '../cart/shopper-lock.ts';

/** A validated add-address body (contract defaults applied). */
export type NewAddress = z.output<typeof addressInputSchema>;
export type AddressRow = typeof addresses.$inferSelect;

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    label: row.label,
    name: row.name,
    phone: row.phone,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    lat: row.lat,
    lng: row.lng,
    instructions: row.instructions,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The shopper's address book: the default first, then newest first. */
export async function listAddresses(db: Database, userId: string): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toAddress);
}

/** One of the shopper's addresses (checkout's delivery address), or undefined for anyone else's. */
export async function findAddress(
  db: Database,
  userId: string,
  addressId: string,
): Promise<Address | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  return row ? toAddress(row) : undefined;
}

/**
 * Save an address. The first one becomes the default whatever the form said (a shopper with addresses
 * always has a default); a new default takes the flag from the others in the same transaction.
 */
export function addAddress(
  db: Database,
  userId: string,
  input: NewAddress,
  now: Date,
): Promise<Address> {
  return db.transaction(async (tx) => {
    // Two first addresses saved at once must not both become the default.
    await lockShopper(tx, userId);
    const existing = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .limit(1);
    const isDefault = input.isDefault || existing.length === 0;
    const [row] = await tx
      .insert(addresses)
      .values({ ...input, userId, isDefault, createdAt: now })
      .returning();
    if (!row) throw new Error('insert returned no address');
    if (isDefault) {
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.userId, userId), ne(addresses.id, row.id)));
    }
    return toAddress(row);
  });
}

/**
 * Delete one of the shopper's addresses; false when it is not theirs. When the default goes, the
 * newest remaining address takes its place.
 */
export function deleteAddress(db: Database, userId: string, addressId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault });
    if (!removed) return false;
    if (removed.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.createdAt), desc(addresses.id))
        .limit(1);
      if (next)
        await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
    return true;
  });
}
