import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import {
  businessCategories,
  businesses,
  categories,
  menuItems,
  menuSections,
} from '../../../db/schema/index.ts';
import { useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { executeRows } from './execute-rows.ts';

/** Names of the rows of `table` whose search vector matches search_query(q, labels). */
async function matching(db: Database, table: string, q: string, labels = ''): Promise<string[]> {
  const name = table === 'products' ? 'title' : 'name';
  const rows = await executeRows<{ name: string }>(
    db,
    sql`select ${sql.raw(name)} as name from ${sql.raw(table)}
        where search @@ search_query(${q}, ${labels}) order by 1`,
  );
  return rows.map((row) => row.name);
}

for (const backend of testDatabases()) {
  describe(`search keywords and synonyms on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);

    it('indexes a store under its categories and a dish under its section and cuisine', async () => {
      const { db } = getDb();
      const pizzeria = city().businesses.find((b) => b.type === 'pizzeria');
      if (!pizzeria) throw new Error('the demo city has no pizzeria');
      // The store's name need not say pizza: its category does (weight B, not the description).
      expect(await matching(db, 'businesses', 'pizza', 'ABD')).toContain(pizzeria.name);
      const sushi = city().businesses.find((b) => b.type === 'sushi');
      expect(await matching(db, 'businesses', 'japanese', 'ABD')).toContain(sushi?.name);
      // Dishes: the "Pizzas" section, and the restaurant's cuisine as context.
      const dishes = await matching(db, 'menu_items', 'pizza', 'ABD');
      expect(dishes).toEqual(expect.arrayContaining(['Margherita', 'Pepperoni']));
      expect(await matching(db, 'menu_items', 'japanese', 'ABD')).toContain('California Roll');
    });

    it('keeps keywords current when categories, sections and a store’s categories change', async () => {
      const { db } = getDb();
      const [section] = await db
        .select({ id: menuSections.id })
        .from(menuSections)
        .innerJoin(menuItems, eq(menuItems.sectionId, menuSections.id))
        .where(eq(menuItems.name, 'Margherita'))
        .limit(1);
      if (!section) throw new Error('no Margherita in the demo city');
      await db
        .update(menuSections)
        .set({ name: 'Flatbreads' })
        .where(eq(menuSections.id, section.id));
      expect(await matching(db, 'menu_items', 'flatbreads', 'ABD')).toContain('Margherita');

      // A renamed category reindexes its products (and those of the categories under it).
      const [batteries] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.slug, 'electrical'));
      if (!batteries) throw new Error('no electrical category');
      await db
        .update(categories)
        .set({ name: 'Light Bulbs, Batteries & Torches' })
        .where(eq(categories.id, batteries.id));
      const torches = await matching(db, 'products', 'torches', 'ABD');
      expect(torches.length).toBeGreaterThan(0);
      expect(torches.every((title) => /batter|bulb|cord/i.test(title))).toBe(true);

      // A store filed under a new category is found by it; taken out again, it is not.
      const [bookshop] = await db
        .select({ id: businesses.id, name: businesses.name })
        .from(businesses)
        .where(eq(businesses.type, 'bookshop'))
        .limit(1);
      const [flowers] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.slug, 'bouquets'));
      if (!bookshop || !flowers) throw new Error('no bookshop or bouquets category');
      await db
        .insert(businessCategories)
        .values({ businessId: bookshop.id, categoryId: flowers.id });
      expect(await matching(db, 'businesses', 'bouquets', 'ABD')).toContain(bookshop.name);
      await db.delete(businessCategories).where(eq(businessCategories.categoryId, flowers.id));
      expect(await matching(db, 'businesses', 'bouquets', 'ABD')).not.toContain(bookshop.name);
    });

    it('expands synonyms and phrases, and keeps the description out of the strict query', async () => {
      const { db } = getDb();
      // "pop" means soda: soft drinks whose titles never say pop.
      const pop = await matching(db, 'products', 'pop', 'ABD');
      expect(pop.some((title) => /cola|root beer|ginger ale|soda/i.test(title))).toBe(true);
      // "batteries" finds "battery" too (synonym terms are matched by their stems).
      const [row] = await executeRows<{ query: string }>(
        db,
        sql`select search_query('battery')::text as query`,
      );
      expect(row?.query).toContain("'aaa'");
      // "oat milk" is a phrase: no product is found by oats in its title and milk in its
      // description ("great with milk").
      expect(await matching(db, 'products', 'oat milk', 'ABD')).toEqual([]);
      expect(await matching(db, 'products', 'oat milk', '')).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/oats/i)]),
      );
      const muesli = await matching(db, 'products', 'milk', 'ABD');
      expect(muesli.some((title) => /muesli|granola/i.test(title))).toBe(false);
      // Only letters and digits reach to_tsquery: operators typed by a shopper are plain separators.
      const [safe] = await executeRows<{ query: string }>(
        db,
        sql`select search_query('milk & !(eggs | :*)')::text as query`,
      );
      expect(safe?.query).toContain("'milk'");
      expect(safe?.query).toContain("'egg'");
    });
  });
}
