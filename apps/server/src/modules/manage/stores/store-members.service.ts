import { type MemberRole, type StoreMember, storeMessages } from '@localmart/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/accounts.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { businessMembers } from '../../../db/schema/manage.ts';
import { HttpError } from '../../../plugins/errors.ts';

export async function listStoreMembers(db: Database, businessId: string): Promise<StoreMember[]> {
  const rows = await db
    .select({
      userId: businessMembers.userId,
      name: users.displayName,
      email: users.email,
      role: businessMembers.role,
      since: businessMembers.createdAt,
    })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(eq(businessMembers.businessId, businessId))
    .orderBy(asc(businessMembers.createdAt), asc(users.email));
  return rows.map((row) => ({ ...row, since: row.since.toISOString() }));
}

/**
 * Removes a member; the last owner stays (a store nobody can manage would need support to recover).
 * The owner rows are locked first, so two owners removing each other at once cannot both succeed.
 */
export async function removeStoreMember(
  db: Database,
  businessId: string,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const owners = await tx
      .select({ userId: businessMembers.userId })
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.role, 'owner')))
      .for('update');
    const [target] = await tx
      .select({ role: businessMembers.role })
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
    if (!target) throw new HttpError(404, storeMessages.memberNotFound);
    if (target.role === 'owner' && owners.length <= 1) {
      throw new HttpError(409, storeMessages.lastOwner);
    }
    await tx
      .delete(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
    // businesses.ownerId names the owner shown to admins: keep it pointing at a remaining owner.
    if (target.role === 'owner') {
      const next = owners.find((owner) => owner.userId !== userId);
      const [store] = await tx
        .select({ ownerId: businesses.ownerId })
        .from(businesses)
        .where(eq(businesses.id, businessId));
      if (store?.ownerId === userId && next) {
        await tx
          .update(businesses)
          .set({ ownerId: next.userId })
          .where(eq(businesses.id, businessId));
      }
    }
  });
}

/**
 * Changes a member's role (owner only, checked by the route). The last owner cannot become staff:
 * the owner rows are locked first, so two owners demoting each other at once cannot both succeed.
 */
export async function changeStoreMemberRole(
  db: Database,
  input: { businessId: string; userId: string; role: MemberRole },
): Promise<void> {
  await db.transaction(async (tx) => {
    const owners = await tx
      .select({ userId: businessMembers.userId })
      .from(businessMembers)
      .where(
        and(eq(businessMembers.businessId, input.businessId), eq(businessMembers.role, 'owner')),
      )
      .for('update');
    const [target] = await tx
      .select({ role: businessMembers.role })
      .from(businessMembers)
      .where(
        and(
          eq(businessMembers.businessId, input.businessId),
          eq(businessMembers.userId, input.userId),
        ),
      )
      .for('update');
    if (!target) throw new HttpError(404, storeMessages.memberNotFound);
    if (target.role === input.role) return;
    if (target.role === 'owner' && owners.length <= 1) {
      throw new HttpError(409, storeMessages.lastOwner);
    }
    await tx
      .update(businessMembers)
      .set({ role: input.role })
      .where(
        and(
          eq(businessMembers.businessId, input.businessId),
          eq(businessMembers.userId, input.userId),
        ),
      );
    // businesses.ownerId names the owner shown to admins: keep it pointing at an owner.
    if (target.role === 'owner') {
      const next = owners.find((owner) => owner.userId !== input.userId);
      if (next) {
        await tx
          .update(businesses)
          .set({ ownerId: next.userId })
          .where(and(eq(businesses.id, input.businessId), eq(businesses.ownerId, input.userId)));
      }
    }
  });
}
