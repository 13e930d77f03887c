import type { InvitationStatus, MemberRole } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { businesses } from './catalog.ts';
import { generatedId, timestamptz } from './columns.ts';

/**
 * Invitations to manage a store (issue 16, docs/decisions/0018-member-invitations.md). The email is
 * kept as the owner typed it (normalised), never linked to an account: an account is only looked at
 * when someone signed in with that address accepts. The link's token is kept as a sha256 only.
 * Answered, revoked and expired rows stay (who invited whom, and when) but only one pending
 * invitation per store and address exists; inviting the address again renews that one.
 */
export const storeInvitations = pgTable(
  'store_invitations',
  {
    id: generatedId(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<MemberRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status').$type<InvitationStatus>().notNull().default('pending'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSentAt: timestamptz('last_sent_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    respondedAt: timestamptz('responded_at'),
    /** The account that accepted or declined (its address matched the invitation's). */
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('store_invitations_token_idx').on(table.tokenHash),
    uniqueIndex('store_invitations_pending_idx')
      .on(table.businessId, table.email)
      .where(sql`${table.status} = 'pending'`),
    index('store_invitations_business_idx').on(table.businessId, table.createdAt),
  ],
);
