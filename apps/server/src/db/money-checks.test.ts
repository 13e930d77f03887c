import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CITY_NOW, useCatalogCity } from '../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../test/databases.ts';
import { businesses, menuItems, offers } from './schema/index.ts';

/**
 * The database's own guard against negative money (issue 12, migration 0007): whatever the
 * application checks, a direct write of a negative price, option delta or delivery fee is refused
 * by a CHECK constraint, on PGlite and on PostgreSQL alike.
 */

/** The PostgreSQL error of a failed statement: the drivers and drizzle wrap it in `cause`. */
function postgresError(error: unknown): { code?: string; constraint?: string; message: string } {
  let current: unknown = error;
  while (current instanceof Error) {
    if (
      'code' in current &&
      typeof current.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(current.code)
    ) {
      return current as { code: string; constraint?: string; message: string };
    }
    current = current.cause;
  }
  return { message: String(error) };
}

/** Runs `write` and answers the CHECK constraint that refused it. */
async function refusedBy(write: () => Promise<unknown>): Promise<string> {
  try {
    await write();
  } catch (error) {
    const found = postgresError(error);
    expect(found.code, found.message).toBe('23514'); // check_violation
    return found.constraint ?? /constraint "([^"]+)"/.exec(found.message)?.[1] ?? found.message;
  }
  throw new Error('the write was accepted');
}

for (const backend of testDatabases()) {
  describe(`money CHECK constraints on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    useCatalogCity(getDb);

    it('refuses a negative offer price or sale price, written directly', async () => {
      const { db } = getDb();
      const [offer] = await db.select().from(offers).limit(1);
      if (!offer) throw new Error('no offer in the city');
      expect(
        await refusedBy(() =>
          db.update(offers).set({ priceAmount: -500 }).where(eq(offers.id, offer.id)),
        ),
      ).toBe('offers_price_not_negative');
      expect(
        await refusedBy(() =>
          db.update(offers).set({ saleAmount: -1 }).where(eq(offers.id, offer.id)),
        ),
      ).toBe('offers_sale_not_negative');
      const [kept] = await db.select().from(offers).where(eq(offers.id, offer.id));
      expect(kept!.priceAmount).toBe(offer.priceAmount);
    });

    it('refuses a menu item whose option lowers the price, inserted or updated', async () => {
      const { db } = getDb();
      const [item] = await db.select().from(menuItems).limit(1);
      if (!item) throw new Error('no menu item in the city');
      const lowering = [
        {
          id: '00000000-0000-4000-8000-0000000000a1',
          name: 'Size',
          minChoices: 1,
          maxChoices: 1,
          options: [
            {
              id: '00000000-0000-4000-8000-0000000000a2',
              name: 'Bargain',
              priceDelta: { amount: -2000, currency: item.currency },
            },
          ],
        },
      ];
      expect(
        await refusedBy(() =>
          db.insert(menuItems).values({
            sectionId: item.sectionId,
            menuId: item.menuId,
            businessId: item.businessId,
            name: 'Negative Deal',
            priceAmount: 500,
            currency: item.currency,
            optionGroups: lowering,
          }),
        ),
      ).toBe('menu_items_option_deltas_not_negative');
      expect(
        await refusedBy(() =>
          db.update(menuItems).set({ optionGroups: lowering }).where(eq(menuItems.id, item.id)),
        ),
      ).toBe('menu_items_option_deltas_not_negative');
      // Raw SQL takes the same road: there is no way around the CHECK.
      expect(
        await refusedBy(() =>
          db.execute(
            sql`update menu_items set option_groups = ${JSON.stringify(lowering)}::jsonb
                where id = ${item.id}`,
          ),
        ),
      ).toBe('menu_items_option_deltas_not_negative');
      const [kept] = await db.select().from(menuItems).where(eq(menuItems.id, item.id));
      expect(kept!.optionGroups).toEqual(item.optionGroups);
    });

    it('refuses a negative delivery fee or minimum order on a store', async () => {
      const { db } = getDb();
      const [store] = await db.select().from(businesses).limit(1);
      if (!store) throw new Error('no store in the city');
      const terms = {
        radiusKm: 5,
        fee: { amount: 499, currency: store.currency },
        minimumOrder: { amount: 2500, currency: store.currency },
        cutoffTime: '15:00',
      };
      for (const delivery of [
        { ...terms, fee: { amount: -2000, currency: store.currency } },
        { ...terms, minimumOrder: { amount: -1, currency: store.currency } },
      ]) {
        expect(
          await refusedBy(() =>
            db.update(businesses).set({ delivery }).where(eq(businesses.id, store.id)),
          ),
        ).toBe('businesses_delivery_money_not_negative');
      }
      // Free delivery and no minimum are fine.
      await db
        .update(businesses)
        .set({
          delivery: {
            ...terms,
            fee: { amount: 0, currency: store.currency },
            minimumOrder: { amount: 0, currency: store.currency },
          },
          updatedAt: CITY_NOW,
        })
        .where(eq(businesses.id, store.id));
    });
  });
}
