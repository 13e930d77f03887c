import { BUSINESS_KINDS } from '@localmart/contract';
import { CATEGORY_TREES, type CategoryDefinition } from './category-trees.ts';
import { demoUuid } from './ids.ts';
import type { DemoCategory } from './types.ts';

export interface CategoryIndex {
  /** Parents before children, ready to insert in order. */
  all: DemoCategory[];
  bySlug: ReadonlyMap<string, DemoCategory>;
  /** Leaf slugs under a node (the node itself when it is a leaf), in tree order. */
  leavesUnder(slug: string): string[];
}

export function buildCategories(seed: string): CategoryIndex {
  const all: DemoCategory[] = [];
  const bySlug = new Map<string, DemoCategory>();
  const leaves = new Map<string, string[]>();

  const visit = (
    definition: CategoryDefinition,
    kind: DemoCategory['kind'],
    parentId: string | null,
    position: number,
  ): string[] => {
    if (bySlug.has(definition.slug)) throw new Error(`duplicate category slug ${definition.slug}`);
    const category: DemoCategory = {
      id: demoUuid(seed, `category:${definition.slug}`),
      kind,
      slug: definition.slug,
      name: definition.name,
      parentId,
      position,
    };
    all.push(category);
    bySlug.set(category.slug, category);
    const children = definition.children ?? [];
    const under =
      children.length === 0
        ? [definition.slug]
        : children.flatMap((child, index) => visit(child, kind, category.id, index));
    leaves.set(definition.slug, under);
    return under;
  };

  for (const kind of BUSINESS_KINDS) {
    CATEGORY_TREES[kind].forEach((root, index) => visit(root, kind, null, index));
  }

  return {
    all,
    bySlug,
    leavesUnder: (slug) => {
      const under = leaves.get(slug);
      if (!under) throw new Error(`unknown category ${slug}`);
      return under;
    },
  };
}

/** The category with this slug; the definitions are ours, so a miss is a bug worth throwing on. */
export function categoryOf(index: CategoryIndex, slug: string): DemoCategory {
  const category = index.bySlug.get(slug);
  if (!category) throw new Error(`unknown category ${slug}`);
  return category;
}
