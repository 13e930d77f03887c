import { describe, expect, it } from 'vitest';
import { buildCategoryTree } from './category.service.ts';
import { prefixTsQuery } from './business-search.ts';

describe('prefixTsQuery', () => {
  it('makes every word a prefix, drops operators and lone letters', () => {
    expect(prefixTsQuery("Thompson's Bak")).toBe('thompson:* & bak:*');
    expect(prefixTsQuery('milk & !eggs | (2%)')).toBe('milk:* & eggs:*');
  });

  it('keeps a lone letter when it is all there is, and gives up on no word', () => {
    expect(prefixTsQuery('s')).toBe('s:*');
    expect(prefixTsQuery('%&!')).toBeNull();
  });
});

describe('buildCategoryTree', () => {
  it('nests children under their parents in row order, orphans as roots', () => {
    const row = (id: string, parentId: string | null) => ({
      id,
      parentId,
      kind: 'retail' as const,
      slug: id,
      name: id,
    });
    const tree = buildCategoryTree([
      row('grocery', null),
      row('dairy', 'grocery'),
      row('milk', 'dairy'),
      row('bakery', 'grocery'),
      row('lost', 'missing-parent'),
    ]);
    expect(tree.map((node) => node.id)).toEqual(['grocery', 'lost']);
    expect(tree[0]?.children.map((node) => node.id)).toEqual(['dairy', 'bakery']);
    expect(tree[0]?.children[0]?.children.map((node) => node.id)).toEqual(['milk']);
  });
});
