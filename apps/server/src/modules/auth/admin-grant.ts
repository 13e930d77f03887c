import { ADMIN_ROLE } from '@localmart/contract';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * ADMIN_EMAILS (config.ts): the platform admins named by the operator. Called where an account is
 * proven to own its email (password sign-in of a verified account, email verification, Google
 * sign-in). One conditional UPDATE: only a verified, listed email that lacks the role gains it, so
 * calling it again changes nothing and an unverified account never becomes an admin.
 */
export async function grantConfiguredAdmin(
  db: Database,
  userId: string,
  adminEmails: readonly string[],
): Promise<void> {
  if (adminEmails.length === 0) return;
  await db
    .update(users)
    .set({ roles: sql`array_append(${users.roles}, ${ADMIN_ROLE})` })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.emailVerifiedAt),
        inArray(users.email, [...adminEmails]),
        sql`not (${ADMIN_ROLE} = any(${users.roles}))`,
      ),
    );
}
