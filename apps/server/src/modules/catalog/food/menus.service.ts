import type { ImageRef, Menu, MenuItem, MenuSection, MenuSummary } from '@localmart/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses, menuItems, menuSections, menus } from '../../../db/schema/index.ts';
import { shopperVisibleSql } from '../shared/shopper-visibility.ts';
import { businessRefColumns, toBusinessRef } from '../shared/business-ref.ts';

/** Restaurant menus: the menulist of a business and menu-details/{businessid}/{menuid}. */

/**
 * A business's menus in menu order, or undefined when there is no such business (a 404, unlike a
 * business with no menus, which is an empty list).
 */
export async function listBusinessMenus(
  db: Database,
  businessId: string,
  now: Date,
): Promise<MenuSummary[] | undefined> {
  // Joined, not only for the business: Drizzle qualifies column names only in joined selects, and
  // the correlated subqueries below need "menus"."id", not a bare "id".
  const rows = await db
    .select({
      id: menus.id,
      name: menus.name,
      description: menus.description,
      business: businessRefColumns,
      itemCount: sql<number>`(select count(*)::int from ${menuItems} where ${menuItems.menuId} = ${menus.id})`,
      // The card's picture: the first dish with a photo, in the order the menu shows its dishes.
      image: sql<ImageRef | null>`(select ${menuItems.image} from ${menuItems}
        join ${menuSections} on ${menuSections.id} = ${menuItems.sectionId}
        where ${menuItems.menuId} = ${menus.id} and ${menuItems.image} is not null
        order by ${menuSections.position}, ${menuSections.id}, ${menuItems.position}, ${menuItems.id}
        limit 1)`,
    })
    .from(menus)
    .innerJoin(businesses, eq(businesses.id, menus.businessId))
    .where(and(eq(menus.businessId, businessId), shopperVisibleSql()))
    .orderBy(asc(menus.position), asc(menus.name), asc(menus.id));

  if (rows.length === 0) {
    const [business] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.id, businessId), shopperVisibleSql()));
    return business ? [] : undefined;
  }
  return rows.map((row) => ({
    id: row.id,
    business: toBusinessRef(row.business, now),
    name: row.name,
    description: row.description,
    itemCount: row.itemCount,
    image: row.image,
  }));
}

type MenuItemRow = Pick<
  typeof menuItems.$inferSelect,
  | 'id'
  | 'sectionId'
  | 'name'
  | 'description'
  | 'priceAmount'
  | 'currency'
  | 'image'
  | 'dietaryTags'
  | 'optionGroups'
  | 'available'
>;

function toMenuItem(row: MenuItemRow): MenuItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: { amount: row.priceAmount, currency: row.currency },
    image: row.image,
    dietaryTags: row.dietaryTags,
    optionGroups: row.optionGroups,
    available: row.available,
  };
}

/** One menu of one business with its sections and dishes in menu order; undefined when not found. */
export async function findMenu(
  db: Database,
  businessId: string,
  menuId: string,
  now: Date,
): Promise<Menu | undefined> {
  const [menu] = await db
    .select({
      id: menus.id,
      name: menus.name,
      description: menus.description,
      business: businessRefColumns,
    })
    .from(menus)
    .innerJoin(businesses, eq(businesses.id, menus.businessId))
    // Both ids must match: a menu reached through another business's URL does not exist there.
    .where(and(eq(menus.id, menuId), eq(menus.businessId, businessId), shopperVisibleSql()));
  if (!menu) return undefined;

  const [sectionRows, itemRows] = await Promise.all([
    db
      .select({
        id: menuSections.id,
        name: menuSections.name,
        description: menuSections.description,
      })
      .from(menuSections)
      .where(eq(menuSections.menuId, menuId))
      .orderBy(asc(menuSections.position), asc(menuSections.id)),
    db
      .select({
        id: menuItems.id,
        sectionId: menuItems.sectionId,
        name: menuItems.name,
        description: menuItems.description,
        priceAmount: menuItems.priceAmount,
        currency: menuItems.currency,
        image: menuItems.image,
        dietaryTags: menuItems.dietaryTags,
        optionGroups: menuItems.optionGroups,
        available: menuItems.available,
      })
      .from(menuItems)
      .where(eq(menuItems.menuId, menuId))
      .orderBy(asc(menuItems.position), asc(menuItems.id)),
  ]);

  const sections = new Map<string, MenuSection>(
    sectionRows.map((section) => [section.id, { ...section, items: [] }]),
  );
  for (const item of itemRows) sections.get(item.sectionId)?.items.push(toMenuItem(item));

  return {
    id: menu.id,
    business: toBusinessRef(menu.business, now),
    name: menu.name,
    description: menu.description,
    sections: [...sections.values()],
  };
}
