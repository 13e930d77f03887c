import type { CategoryNode } from '@localmart/contract';

/** The nodes from a root down to the category with `slug` (Grocery > Dairy & Eggs > Milk), or null. */
export function categoryTrail(roots: readonly CategoryNode[], slug: string): CategoryNode[] | null {
  for (const node of roots) {
    if (node.slug === slug) return [node];
    const below = categoryTrail(node.children, slug);
    if (below) return [node, ...below];
  }
  return null;
}

/**
 * Where the browser opens when a category is already chosen: at its parent's level, so the chosen
 * one is in view with its siblings. A leaf opens at its parent; a node with children opens at itself.
 */
export function initialTrail(roots: readonly CategoryNode[], slug: string | null): CategoryNode[] {
  if (!slug) return [];
  const trail = categoryTrail(roots, slug);
  if (!trail) return [];
  const last = trail[trail.length - 1];
  return last && last.children.length > 0 ? trail : trail.slice(0, -1);
}
