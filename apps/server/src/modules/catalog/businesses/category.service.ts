import type { BusinessKind, CategoryNode } from '@localmart/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { categories } from '../../../db/schema/index.ts';

interface CategoryRow {
  id: string;
  kind: BusinessKind;
  slug: string;
  name: string;
  parentId: string | null;
}

/** Every category of one kind (or all kinds), siblings in display order. The trees are small. */
async function categoryRows(db: Database, kind?: BusinessKind): Promise<CategoryRow[]> {
  return db
    .select({
      id: categories.id,
      kind: categories.kind,
      slug: categories.slug,
      name: categories.name,
      parentId: categories.parentId,
    })
    .from(categories)
    .where(kind === undefined ? undefined : eq(categories.kind, kind))
    .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
}

/**
 * The tree built from flat rows: roots first, children nested in display order. A row whose parent
 * is missing (or of another kind) is treated as a root rather than dropped, so nothing disappears.
 */
export function buildCategoryTree(rows: readonly CategoryRow[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>(
    rows.map((row) => [row.id, { ...row, children: [] }]),
  );
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id);
    if (!node) continue;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function categoryTree(db: Database, kind: BusinessKind): Promise<CategoryNode[]> {
  return buildCategoryTree(await categoryRows(db, kind));
}

/**
 * Ids of the category with `slug` and of all its descendants (filtering by "Grocery" includes
 * "Milk"). Without `kind`, a slug used by several kinds' trees matches in each. Empty when unknown.
 */
export async function categoryIdsUnder(
  db: Database,
  slug: string,
  kind?: BusinessKind,
): Promise<string[]> {
  const starts = await db
    .select({ id: categories.id, kind: categories.kind })
    .from(categories)
    .where(
      and(eq(categories.slug, slug), kind === undefined ? undefined : eq(categories.kind, kind)),
    );
  if (starts.length === 0) return [];
  const kinds = new Set(starts.map((start) => start.kind));
  const rows = (await categoryRows(db)).filter((row) => kinds.has(row.kind));
  const childrenOf = new Map<string, string[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const siblings = childrenOf.get(row.parentId) ?? [];
    siblings.push(row.id);
    childrenOf.set(row.parentId, siblings);
  }
  const found = new Set<string>();
  const queue = starts.map((start) => start.id);
  // Breadth-first; `found` also guards against a (corrupt) cycle in parent ids.
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(childrenOf.get(id) ?? []));
  }
  return [...found];
}
