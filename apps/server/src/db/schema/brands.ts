import type { BrandPartnerStatus } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { generatedId, timestamptz } from './columns.ts';

/**
 * Brand partners (issue 16, docs/decisions/0022-brand-partners.md): an organisation that supplies
 * the shared content of the products it makes. It names its brands and GS1 company prefixes when
 * it applies; a platform admin approves it, and only then may its members write content for the
 * GTINs those prefixes and brands cover. Brands are kept as typed (trimmed); the match is
 * case-insensitive. Prefixes are digits only (6 to 12).
 */
export const brandPartners = pgTable(
  'brand_partners',
  {
    id: generatedId(),
    name: text('name').notNull(),
    brands: text('brands')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    gtinPrefixes: text('gtin_prefixes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** What the applicant tells the admin (who they are, how to check it). */
    note: text('note').notNull().default(''),
    status: text('status').$type<BrandPartnerStatus>().notNull().default('pending'),
    appliedBy: uuid('applied_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz('reviewed_at'),
    /** Why an admin said no, shown to the applicant. */
    rejectionReason: text('rejection_reason').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('brand_partners_status_idx').on(table.status, table.createdAt),
    check(
      'brand_partners_status_known',
      sql`${table.status} in ('pending', 'approved', 'rejected')`,
    ),
  ],
);

/** Who acts for a brand partner. The applicant is its owner. */
export const brandPartnerMembers = pgTable(
  'brand_partner_members',
  {
    brandPartnerId: uuid('brand_partner_id')
      .notNull()
      .references(() => brandPartners.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'owner'>().notNull().default('owner'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.brandPartnerId, table.userId] }),
    index('brand_partner_members_user_idx').on(table.userId),
  ],
);
