import {
  type BusinessKind,
  catalogPaths,
  type CategoryNode,
  categoryTreeResponse,
} from '@localmart/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { assertSuccess } from './api-answer.ts';

/** A category with its path ("Grocery › Dairy & Eggs › Milk"): an option of the editors' selects. */
export interface CategoryChoice {
  id: string;
  label: string;
}

function flatten(nodes: readonly CategoryNode[], prefix: string, into: CategoryChoice[]) {
  for (const node of nodes) {
    const label = prefix ? `${prefix} › ${node.name}` : node.name;
    into.push({ id: node.id, label });
    flatten(node.children, label, into);
  }
  return into;
}

/**
 * The catalogue's public category tree of one kind (GET categories?kind=…), flattened: retail for
 * the store and brand product editors, service for the services editor.
 */
export function useCategoryChoices(kind: BusinessKind) {
  return useQuery({
    queryKey: ['catalog', 'categories', kind],
    queryFn: async () => {
      const answer = await http.get(catalogPaths.categories, { kind }, categoryTreeResponse);
      assertSuccess(answer);
      return flatten(answer.results, '', []);
    },
    staleTime: 60 * 60_000,
  });
}
