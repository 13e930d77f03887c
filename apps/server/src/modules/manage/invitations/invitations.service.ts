import { randomBytes } from 'node:crypto';
import {
  INVITATION_TTL_DAYS,
  type InvitationDetail,
  invitationMessages,
  type MemberRole,
  type PendingInvitation,
} from '@localmart/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/accounts.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { storeInvitations } from '../../../db/schema/invitations.ts';
import { businessMembers } from '../../../db/schema/manage.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { hashToken } from '../../auth/tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 256-bit link secret, base64url (43 characters); only its sha256 is stored. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

export function invitationExpiry(now: Date): Date {
  return new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
}

/**
 * Whether `email` belongs to a current member of the store. The owner sees the member list anyway,
 * so saying so reveals nothing new; whether the address has an account elsewhere is never asked.
 */
export async function isStoreMemberEmail(
  db: Database,
  businessId: string,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: businessMembers.userId })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(and(eq(businessMembers.businessId, businessId), eq(users.email, email)));
  return row !== undefined;
}

/**
 * Creates the pending invitation of `email` to the store, or renews the pending one (new token, role,
 * expiry and inviter: the old link stops working). One statement, so two owners inviting the same
 * address at once end with one row. Answers the row's id; the caller mails `token` in the same
 * transaction.
 */
export async function upsertInvitation(
  db: Database,
  input: {
    businessId: string;
    email: string;
    role: MemberRole;
    invitedBy: string;
    token: string;
    now: Date;
  },
): Promise<string> {
  const [row] = await db
    .insert(storeInvitations)
    .values({
      businessId: input.businessId,
      email: input.email,
      role: input.role,
      tokenHash: hashToken(input.token),
      invitedBy: input.invitedBy,
      createdAt: input.now,
      lastSentAt: input.now,
      expiresAt: invitationExpiry(input.now),
    })
    .onConflictDoUpdate({
      target: [storeInvitations.businessId, storeInvitations.email],
      targetWhere: sql`${storeInvitations.status} = 'pending'`,
      set: {
        role: input.role,
        tokenHash: hashToken(input.token),
        invitedBy: input.invitedBy,
        lastSentAt: input.now,
        expiresAt: invitationExpiry(input.now),
      },
    })
    .returning({ id: storeInvitations.id });
  if (!row) throw new Error('invitation upsert returned no row');
  return row.id;
}

/**
 * Gives a pending invitation a new token and expiry (resend); 404 when it is not pending. Answers
 * its email and role for the mail.
 */
export async function renewInvitation(
  db: Database,
  input: { businessId: string; invitationId: string; invitedBy: string; token: string; now: Date },
): Promise<{ email: string; role: MemberRole }> {
  const [row] = await db
    .update(storeInvitations)
    .set({
      tokenHash: hashToken(input.token),
      invitedBy: input.invitedBy,
      lastSentAt: input.now,
      expiresAt: invitationExpiry(input.now),
    })
    .where(pendingOf(input.businessId, input.invitationId))
    .returning({ email: storeInvitations.email, role: storeInvitations.role });
  if (!row) throw new HttpError(404, invitationMessages.notFound);
  return row;
}

function pendingOf(businessId: string, invitationId: string) {
  return and(
    eq(storeInvitations.id, invitationId),
    eq(storeInvitations.businessId, businessId),
    eq(storeInvitations.status, 'pending'),
  );
}

/** The pending email of a pending invitation (for the resend check), or 404. */
export async function pendingInvitationEmail(
  db: Database,
  businessId: string,
  invitationId: string,
): Promise<string> {
  const [row] = await db
    .select({ email: storeInvitations.email })
    .from(storeInvitations)
    .where(pendingOf(businessId, invitationId));
  if (!row) throw new HttpError(404, invitationMessages.notFound);
  return row.email;
}

/** Withdraws a pending invitation: its link stops working at once. */
export async function revokeInvitation(
  db: Database,
  input: { businessId: string; invitationId: string; now: Date },
): Promise<void> {
  const [row] = await db
    .update(storeInvitations)
    .set({ status: 'revoked', respondedAt: input.now })
    .where(pendingOf(input.businessId, input.invitationId))
    .returning({ id: storeInvitations.id });
  if (!row) throw new HttpError(404, invitationMessages.notFound);
}

/** Pending invitations, newest first: the address as typed, never an account's name. */
export async function listPendingInvitations(
  db: Database,
  businessId: string,
  now: Date,
): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: storeInvitations.id,
      email: storeInvitations.email,
      role: storeInvitations.role,
      invitedAt: storeInvitations.createdAt,
      lastSentAt: storeInvitations.lastSentAt,
      expiresAt: storeInvitations.expiresAt,
      // The inviter is a member (or was): their name is no one else's secret.
      invitedBy: users.displayName,
    })
    .from(storeInvitations)
    .leftJoin(users, eq(users.id, storeInvitations.invitedBy))
    .where(and(eq(storeInvitations.businessId, businessId), eq(storeInvitations.status, 'pending')))
    .orderBy(desc(storeInvitations.lastSentAt), desc(storeInvitations.id));
  return rows.map((row) => ({
    ...row,
    invitedAt: row.invitedAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
  }));
}

/** Whether the mail of this token is still worth delivering (the queue's guard). */
export async function invitationMailLive(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ expiresAt: storeInvitations.expiresAt })
    .from(storeInvitations)
    .where(and(eq(storeInvitations.tokenHash, tokenHash), eq(storeInvitations.status, 'pending')));
  return row !== undefined && row.expiresAt.getTime() > now.getTime();
}

// ---------------------------------------------------------------------------------------------
// The invitee

interface Invitee {
  id: string;
  email: string;
}

/**
 * The pending invitation of `token` and its store, or an error a person can act on: 404 for a token
 * that names nothing pending (unknown, withdrawn, answered: one message for all), 410 once expired.
 * `lock` takes the row for update (accept and decline).
 */
async function openInvitation(db: Database, token: string, now: Date, lock: boolean) {
  const query = db
    .select({
      id: storeInvitations.id,
      businessId: storeInvitations.businessId,
      email: storeInvitations.email,
      role: storeInvitations.role,
      expiresAt: storeInvitations.expiresAt,
      storeName: businesses.name,
    })
    .from(storeInvitations)
    .innerJoin(businesses, eq(businesses.id, storeInvitations.businessId))
    .where(
      and(eq(storeInvitations.tokenHash, hashToken(token)), eq(storeInvitations.status, 'pending')),
    );
  const [row] = lock ? await query.for('update', { of: storeInvitations }) : await query;
  if (!row) throw new HttpError(404, invitationMessages.linkInvalid);
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw new HttpError(410, invitationMessages.expired);
  }
  return row;
}

function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** What the signed-in invitee is invited to. */
export async function lookupInvitation(
  db: Database,
  invitee: Invitee,
  token: string,
  now: Date,
): Promise<InvitationDetail> {
  const row = await openInvitation(db, token, now, false);
  return {
    storeName: row.storeName,
    role: row.role,
    email: row.email,
    expiresAt: row.expiresAt.toISOString(),
    forYou: sameAddress(row.email, invitee.email),
  };
}

/**
 * Accepts: only an account whose (verified) address is the invited one becomes a member, in one
 * transaction with closing the invitation. Someone already a member keeps their role: an invitation
 * never demotes (that could leave a store without an owner).
 */
export async function acceptInvitation(
  db: Database,
  invitee: Invitee,
  token: string,
  now: Date,
): Promise<{ businessId: string; storeName: string }> {
  return db.transaction(async (tx) => {
    const row = await openInvitation(tx, token, now, true);
    if (!sameAddress(row.email, invitee.email)) {
      throw new HttpError(403, invitationMessages.wrongAccount(row.email));
    }
    await tx
      .insert(businessMembers)
      .values({ businessId: row.businessId, userId: invitee.id, role: row.role, createdAt: now })
      .onConflictDoNothing({ target: [businessMembers.businessId, businessMembers.userId] });
    await tx
      .update(storeInvitations)
      .set({ status: 'accepted', respondedAt: now, answeredBy: invitee.id })
      .where(eq(storeInvitations.id, row.id));
    return { businessId: row.businessId, storeName: row.storeName };
  });
}

/** Declines: the invitation is closed and nobody is added. Only the invited address may. */
export async function declineInvitation(
  db: Database,
  invitee: Invitee,
  token: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await openInvitation(tx, token, now, true);
    if (!sameAddress(row.email, invitee.email)) {
      throw new HttpError(403, invitationMessages.wrongAccount(row.email));
    }
    await tx
      .update(storeInvitations)
      .set({ status: 'declined', respondedAt: now, answeredBy: invitee.id })
      .where(eq(storeInvitations.id, row.id));
  });
}
