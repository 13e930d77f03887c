import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';

/**
 * Serialise one shopper's writes to their own cart, address book or price-match requests: the rules
 * read before they write ("is there an equal line?", "is this the first address?", "is a request
 * already pending?"), and two taps arriving together must not both pass. Locks only the shopper's
 * user row, so other shoppers and the catalogue's stock rows are never held up by it.
 */
export async function lockShopper(tx: Database, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
