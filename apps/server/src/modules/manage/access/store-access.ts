import { ADMIN_ROLE, type ManagedStore, type StoreAccess } from '@localmart/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { businessMembers } from '../../../db/schema/manage.ts';
import type { SessionUser } from '../../auth/sessions.ts';

export function isAdmin(user: Pick<SessionUser, 'roles'>): boolean {
  return user.roles.includes(ADMIN_ROLE);
}

/**
 * The caller's access to one store: their member role, `admin` for platform admins (any store), or
 * null when they are neither. `undefined` when the store does not exist at all.
 */
export async function storeAccessOf(
  db: Database,
  user: Pick<SessionUser, 'id' | 'roles'>,
  businessId: string,
): Promise<StoreAccess | null | undefined> {
  const [row] = await db
    .select({ id: businesses.id, role: businessMembers.role })
    .from(businesses)
    .leftJoin(
      businessMembers,
      and(eq(businessMembers.businessId, businesses.id), eq(businessMembers.userId, user.id)),
    )
    .where(eq(businesses.id, businessId));
  if (!row) return undefined;
  if (row.role) return row.role;
  return isAdmin(user) ? 'admin' : null;
}

/** The stores a user is a member of, for the manage site's store switcher. */
export async function storesOf(db: Database, userId: string): Promise<ManagedStore[]> {
  return db
    .select({
      id: businesses.id,
      name: businesses.name,
      kind: businesses.kind,
      status: businesses.status,
      role: businessMembers.role,
      timeZone: sql<string>`${businesses.hours}->>'timeZone'`,
    })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, userId))
    .orderBy(asc(businesses.name));
}
