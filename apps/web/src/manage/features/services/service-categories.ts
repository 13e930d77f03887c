import { catalogPaths, type CategoryNode, categoryTreeResponse } from '@localmart/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export interface CategoryChoice {
  id: string;
  /** Indented by depth: "Beauty › Hair". */
  label: string;
}

function flatten(nodes: readonly CategoryNode[], trail: string[] = []): CategoryChoice[] {
  return nodes.flatMap((node) => [
    { id: node.id, label: [...trail, node.name].join(' › ') },
    ...flatten(node.children, [...trail, node.name]),
  ]);
}

/** The service category tree (the public catalogue's), flattened for a select. */
export function useServiceCategories() {
  return useQuery({
    queryKey: ['catalog', 'categories', 'service'],
    queryFn: async () => {
      const answer = await http.get(
        catalogPaths.categories,
        { kind: 'service' },
        categoryTreeResponse,
      );
      if (answer.status !== 1) throw new Error(answer.message);
      return flatten(answer.results);
    },
    staleTime: 60 * 60 * 1000,
  });
}
