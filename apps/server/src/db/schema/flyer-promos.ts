import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { flyerItems, offers } from './catalog.ts';
import { timestamptz } from './columns.ts';

/**
 * A flyer hotspot's promo price (docs/decisions/0019-feeds-dry-run-and-flyer-prices.md): the price
 * the flyer advertises for its linked offer, which becomes that offer's sale price for the hotspot's
 * days (the window below, the store's local midnights as instants), so checkout charges what the
 * flyer says. The window is kept so that removing the promo ends only the sale the flyer set.
 */
export const flyerItemPromos = pgTable(
  'flyer_item_promos',
  {
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => flyerItems.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
  },
  (table) => [
    index('flyer_item_promos_offer_idx').on(table.offerId),
    check('flyer_item_promos_amount_not_negative', sql`${table.amount} >= 0`),
    check('flyer_item_promos_window', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);
