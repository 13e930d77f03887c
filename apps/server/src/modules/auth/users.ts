import type { User } from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';

/** Emails are compared lower-case with spaces removed, as the registration form types them (§5). */
export { normaliseRegistrationEmail as normaliseEmail } from '@localmart/contract';

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** "First Last", or whichever of the two is present. */
export function joinNames(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(' ');
}

/** The user as responses show it (spec §3). */
export function toPublicUser(
  row: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'displayName'>,
): User {
  return {
    _id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    display_name: row.displayName,
  };
}
