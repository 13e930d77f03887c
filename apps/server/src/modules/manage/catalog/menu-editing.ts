import {
  type ManagedMenu,
  type ManagedMenuItem,
  type ManagedMenuSection,
  type MenuItemOptionGroup,
  type MenuOptionGroupEdit,
  type menuCreateRequest,
  type menuItemCreateRequest,
  type menuItemPatchRequest,
  type menuPatchRequest,
  type menuSectionCreateRequest,
  type menuSectionPatchRequest,
} from '@localmart/contract';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { businesses, menuItems, menuSections, menus } from '../../../db/schema/index.ts';
import { moveToPosition, nextPosition, type OrderedTable } from './positions.ts';
import { learnSearchWords } from '../../catalog/search/search-terms.ts';

/**
 * Menus of one store as its members edit them. Every lookup is by (record id, the caller's store):
 * a section or dish of another store is simply not found, never changed.
 */

const menuList: OrderedTable = { table: menus, id: menus.id, position: menus.position };
const sectionList: OrderedTable = {
  table: menuSections,
  id: menuSections.id,
  position: menuSections.position,
};
const itemList: OrderedTable = { table: menuItems, id: menuItems.id, position: menuItems.position };

type ItemRow = typeof menuItems.$inferSelect;

function toManagedItem(row: ItemRow): ManagedMenuItem {
  return {
    id: row.id,
    sectionId: row.sectionId,
    name: row.name,
    description: row.description,
    priceAmount: row.priceAmount,
    currency: row.currency,
    image: row.image,
    dietaryTags: row.dietaryTags,
    optionGroups: row.optionGroups,
    available: row.available,
  };
}

/**
 * The editor's option groups in the stored (shopper) shape: ids kept for existing groups and
 * options so saved choices keep pointing at them; new ones get fresh ids; prices in the store's
 * currency.
 */
export function toStoredOptionGroups(
  groups: readonly MenuOptionGroupEdit[],
  currency: string,
): MenuItemOptionGroup[] {
  return groups.map((group) => ({
    id: group.id ?? randomUUID(),
    name: group.name,
    minChoices: group.minChoices,
    maxChoices: group.maxChoices,
    options: group.options.map((option) => ({
      id: option.id ?? randomUUID(),
      name: option.name,
      priceDelta: { amount: option.priceDeltaAmount, currency },
    })),
  }));
}

async function currencyOf(db: Database, businessId: string): Promise<string> {
  const [row] = await db
    .select({ currency: businesses.currency })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!row) throw new Error(`business ${businessId} vanished`);
  return row.currency;
}

/** Every menu of the store with its sections and dishes, all in position order. */
export async function listManagedMenus(db: Database, businessId: string): Promise<ManagedMenu[]> {
  const [menuRows, sectionRows, itemRows] = await Promise.all([
    db
      .select({ id: menus.id, name: menus.name, description: menus.description })
      .from(menus)
      .where(eq(menus.businessId, businessId))
      .orderBy(asc(menus.position), asc(menus.id)),
    db
      .select({
        id: menuSections.id,
        menuId: menuSections.menuId,
        name: menuSections.name,
        description: menuSections.description,
      })
      .from(menuSections)
      .innerJoin(menus, eq(menus.id, menuSections.menuId))
      .where(eq(menus.businessId, businessId))
      .orderBy(asc(menuSections.position), asc(menuSections.id)),
    db
      .select()
      .from(menuItems)
      .where(eq(menuItems.businessId, businessId))
      .orderBy(asc(menuItems.position), asc(menuItems.id)),
  ]);
  const sections = new Map<string, ManagedMenuSection>(
    sectionRows.map((section) => [section.id, { ...section, items: [] }]),
  );
  for (const item of itemRows) sections.get(item.sectionId)?.items.push(toManagedItem(item));
  const byMenu = new Map<string, ManagedMenuSection[]>();
  for (const section of sections.values()) {
    byMenu.set(section.menuId, [...(byMenu.get(section.menuId) ?? []), section]);
  }
  return menuRows.map((menu) => ({ ...menu, sections: byMenu.get(menu.id) ?? [] }));
}

async function findManagedMenu(
  db: Database,
  businessId: string,
  menuId: string,
): Promise<ManagedMenu | undefined> {
  return (await listManagedMenus(db, businessId)).find((menu) => menu.id === menuId);
}

/** A new menu and its sections, in one transaction. */
export async function createMenu(
  db: Database,
  businessId: string,
  body: z.output<typeof menuCreateRequest>,
): Promise<ManagedMenu> {
  const menuId = await db.transaction(async (tx) => {
    const position = await nextPosition(tx, menuList, eq(menus.businessId, businessId));
    const [menu] = await tx
      .insert(menus)
      .values({ businessId, name: body.name, description: body.description, position })
      .returning({ id: menus.id });
    if (!menu) throw new Error('no menu inserted');
    if (body.sections.length > 0) {
      await tx.insert(menuSections).values(
        body.sections.map((section, index) => ({
          menuId: menu.id,
          name: section.name,
          description: section.description,
          position: index,
        })),
      );
    }
    return menu.id;
  });
  return (await findManagedMenu(db, businessId, menuId))!;
}

export async function updateMenu(
  db: Database,
  businessId: string,
  menuId: string,
  body: z.output<typeof menuPatchRequest>,
): Promise<ManagedMenu | undefined> {
  const found = await db.transaction(async (tx) => {
    const mine = and(eq(menus.id, menuId), eq(menus.businessId, businessId));
    const { position, ...fields } = body;
    const updated =
      Object.keys(fields).length > 0
        ? await tx.update(menus).set(fields).where(mine).returning({ id: menus.id })
        : await tx.select({ id: menus.id }).from(menus).where(mine);
    if (updated.length === 0) return false;
    if (position !== undefined) {
      await moveToPosition(tx, menuList, eq(menus.businessId, businessId), menuId, position);
    }
    return true;
  });
  return found ? findManagedMenu(db, businessId, menuId) : undefined;
}

/** Deletes the menu with its sections and dishes (cascade); false when the store has no such menu. */
export async function deleteMenu(db: Database, businessId: string, menuId: string) {
  const deleted = await db
    .delete(menus)
    .where(and(eq(menus.id, menuId), eq(menus.businessId, businessId)))
    .returning({ id: menus.id });
  return deleted.length > 0;
}

async function ownsMenu(db: Database, businessId: string, menuId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.id, menuId), eq(menus.businessId, businessId)));
  return row !== undefined;
}

/** The section with its menu id, when it belongs to the store. */
async function sectionOf(db: Database, businessId: string, sectionId: string) {
  const [row] = await db
    .select({ id: menuSections.id, menuId: menuSections.menuId })
    .from(menuSections)
    .innerJoin(menus, eq(menus.id, menuSections.menuId))
    .where(and(eq(menuSections.id, sectionId), eq(menus.businessId, businessId)));
  return row;
}

async function findManagedSection(db: Database, businessId: string, sectionId: string) {
  for (const menu of await listManagedMenus(db, businessId)) {
    const section = menu.sections.find((candidate) => candidate.id === sectionId);
    if (section) return section;
  }
  return undefined;
}

export async function createSection(
  db: Database,
  businessId: string,
  menuId: string,
  body: z.output<typeof menuSectionCreateRequest>,
): Promise<ManagedMenuSection | undefined> {
  const sectionId = await db.transaction(async (tx) => {
    if (!(await ownsMenu(tx, businessId, menuId))) return undefined;
    const position = await nextPosition(tx, sectionList, eq(menuSections.menuId, menuId));
    const [section] = await tx
      .insert(menuSections)
      .values({ menuId, name: body.name, description: body.description, position })
      .returning({ id: menuSections.id });
    return section?.id;
  });
  return sectionId ? findManagedSection(db, businessId, sectionId) : undefined;
}

export async function updateSection(
  db: Database,
  businessId: string,
  sectionId: string,
  body: z.output<typeof menuSectionPatchRequest>,
): Promise<ManagedMenuSection | undefined> {
  const found = await db.transaction(async (tx) => {
    const section = await sectionOf(tx, businessId, sectionId);
    if (!section) return false;
    const { position, ...fields } = body;
    if (Object.keys(fields).length > 0) {
      await tx.update(menuSections).set(fields).where(eq(menuSections.id, sectionId));
    }
    if (position !== undefined) {
      const scope = eq(menuSections.menuId, section.menuId);
      await moveToPosition(tx, sectionList, scope, sectionId, position);
    }
    return true;
  });
  return found ? findManagedSection(db, businessId, sectionId) : undefined;
}

/** Deletes the section and its dishes (cascade). */
export async function deleteSection(db: Database, businessId: string, sectionId: string) {
  const section = await sectionOf(db, businessId, sectionId);
  if (!section) return false;
  await db.delete(menuSections).where(eq(menuSections.id, sectionId));
  return true;
}

export async function createItem(
  db: Database,
  businessId: string,
  sectionId: string,
  body: z.output<typeof menuItemCreateRequest>,
): Promise<ManagedMenuItem | undefined> {
  return db.transaction(async (tx) => {
    const section = await sectionOf(tx, businessId, sectionId);
    if (!section) return undefined;
    const currency = await currencyOf(tx, businessId);
    const position = await nextPosition(tx, itemList, eq(menuItems.sectionId, sectionId));
    const [row] = await tx
      .insert(menuItems)
      .values({
        sectionId,
        menuId: section.menuId,
        businessId,
        name: body.name,
        description: body.description,
        priceAmount: body.priceAmount,
        currency,
        image: body.image,
        dietaryTags: body.dietaryTags,
        optionGroups: toStoredOptionGroups(body.optionGroups, currency),
        available: body.available,
        position,
      })
      .returning();
    await learnSearchWords(tx, body.name);
    return row && toManagedItem(row);
  });
}

export async function updateItem(
  db: Database,
  businessId: string,
  itemId: string,
  body: z.output<typeof menuItemPatchRequest>,
): Promise<ManagedMenuItem | undefined> {
  return db.transaction(async (tx) => {
    const mine = and(eq(menuItems.id, itemId), eq(menuItems.businessId, businessId));
    const [current] = await tx.select().from(menuItems).where(mine);
    if (!current) return undefined;
    const { position, optionGroups, ...fields } = body;
    const changes: Partial<typeof menuItems.$inferInsert> = { ...fields };
    if (optionGroups !== undefined) {
      changes.optionGroups = toStoredOptionGroups(optionGroups, current.currency);
    }
    if (Object.keys(changes).length > 0) {
      await tx.update(menuItems).set(changes).where(mine);
      if (fields.name !== undefined && fields.name !== current.name) {
        await learnSearchWords(tx, fields.name);
      }
    }
    if (position !== undefined) {
      const scope = eq(menuItems.sectionId, current.sectionId);
      await moveToPosition(tx, itemList, scope, itemId, position);
    }
    const [row] = await tx.select().from(menuItems).where(mine);
    return row && toManagedItem(row);
  });
}

/** Order lines that named the dish keep their copy of it (order_items.menu_item_id is set null). */
export async function deleteItem(db: Database, businessId: string, itemId: string) {
  const deleted = await db
    .delete(menuItems)
    .where(and(eq(menuItems.id, itemId), eq(menuItems.businessId, businessId)))
    .returning({ id: menuItems.id });
  return deleted.length > 0;
}
