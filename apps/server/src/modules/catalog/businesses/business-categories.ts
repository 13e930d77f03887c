import type { CategoryRef } from '@localmart/contract';
import { type AnyColumn, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businessCategories, categories } from '../../../db/schema/index.ts';

/** The categories of each business (store cards' chips), in the tree's sibling order. */
export async function categoryRefsOf(
  db: Database,
  businessIds: readonly string[],
): Promise<Map<string, CategoryRef[]>> {
  const refs = new Map<string, CategoryRef[]>();
  if (businessIds.length === 0) return refs;
  const rows = await db
    .select({
      businessId: businessCategories.businessId,
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
    })
    .from(businessCategories)
    .innerJoin(categories, eq(categories.id, businessCategories.categoryId))
    .where(inArray(businessCategories.businessId, [...businessIds]))
    .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
  for (const { businessId, ...ref } of rows) {
    const list = refs.get(businessId) ?? [];
    list.push(ref);
    refs.set(businessId, list);
  }
  return refs;
}

/**
 * The same chips as categoryRefsOf, as a JSON column of a list's own statement (a page's chips
 * without a statement of their own), in the same order.
 */
export function categoryRefsSql(businessId: SQL | AnyColumn): SQL<CategoryRef[]> {
  return sql<CategoryRef[]>`(select coalesce(json_agg(json_build_object('id', ${categories.id},
      'slug', ${categories.slug}, 'name', ${categories.name})
      order by ${categories.position}, ${categories.name}, ${categories.id}), '[]'::json)
    from ${businessCategories}
    inner join ${categories} on ${categories.id} = ${businessCategories.categoryId}
    where ${businessCategories.businessId} = ${businessId})`;
}
