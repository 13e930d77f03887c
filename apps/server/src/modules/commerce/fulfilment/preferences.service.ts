import {
  DEFAULT_SUBSTITUTION_PREFERENCE,
  substitutionMessages as sm,
  type SubstitutionPreference,
} from '@localmart/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { cartItems } from '../../../db/schema/commerce.ts';
import { shopperPreferences } from '../../../db/schema/fulfilment.ts';
import { HttpError } from '../../../plugins/errors.ts';

/** The shopper's remembered substitution preference: what a new cart line starts with. */
export async function shopperSubstitutionDefault(
  db: Database,
  userId: string,
): Promise<SubstitutionPreference> {
  const [row] = await db
    .select({ substitution: shopperPreferences.substitution })
    .from(shopperPreferences)
    .where(eq(shopperPreferences.userId, userId));
  return row?.substitution ?? DEFAULT_SUBSTITUTION_PREFERENCE;
}

export async function setShopperSubstitutionDefault(
  db: Database,
  userId: string,
  substitution: SubstitutionPreference,
  now: Date,
): Promise<void> {
  await db
    .insert(shopperPreferences)
    .values({ userId, substitution, updatedAt: now })
    .onConflictDoUpdate({
      target: shopperPreferences.userId,
      set: { substitution, updatedAt: now },
    });
}

/** One cart line's preference (products only: menu items and services have no substitute). */
export async function setCartLineSubstitution(
  db: Database,
  userId: string,
  lineId: string,
  substitution: SubstitutionPreference,
  now: Date,
): Promise<void> {
  const updated = await db
    .update(cartItems)
    .set({ substitution, updatedAt: now })
    .where(
      and(eq(cartItems.id, lineId), eq(cartItems.userId, userId), eq(cartItems.kind, 'product')),
    )
    .returning({ id: cartItems.id });
  if (updated.length === 0) throw new HttpError(404, sm.cartLineNotFound);
}
