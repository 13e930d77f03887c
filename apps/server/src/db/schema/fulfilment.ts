import type { ImageRef, SubstitutionPreference, SubstitutionStatus } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { offers } from './catalog.ts';
import { orderItems, orders } from './commerce.ts';
import { generatedId, timestamptz } from './columns.ts';

/**
 * Partial fulfilment and substitutions (issue 15, ADR 0012). What a line was handed over lives on
 * `order_items` (`removed_quantity`, and `substitute_for_item_id` on a line that replaces another);
 * the store's proposals and the shopper's answers live here.
 */

/** The shopper's default substitution preference for new cart lines (profile setting). */
export const shopperPreferences = pgTable('shopper_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  substitution: text('substitution').$type<SubstitutionPreference>().notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * A substitute the store proposes for a line it cannot hand over (whole or part): one of its own
 * offers, priced when proposed. The shopper answers before `expires_at`; after it the line's
 * preference applies (best_match: approved, otherwise rejected), by the `substitution-expiry` job.
 * Approved, the substitute becomes an order line of its own (`substitute_item_id`).
 */
export const orderSubstitutions = pgTable(
  'order_substitutions',
  {
    id: generatedId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    image: jsonb('image').$type<ImageRef>(),
    quantity: integer('quantity').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    lineAmount: integer('line_amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<SubstitutionStatus>().notNull().default('proposed'),
    decidedBy: text('decided_by').$type<'shopper' | 'timer'>(),
    proposedAt: timestamptz('proposed_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    decidedAt: timestamptz('decided_at'),
    substituteItemId: uuid('substitute_item_id').references(() => orderItems.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    index('order_substitutions_order_idx').on(table.orderId),
    // One substitute per line.
    uniqueIndex('order_substitutions_item_key').on(table.orderItemId),
    check(
      'order_substitutions_amounts',
      sql`${table.quantity} > 0 and ${table.unitAmount} >= 0 and ${table.lineAmount} >= 0`,
    ),
  ],
);
