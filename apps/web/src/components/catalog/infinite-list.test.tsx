import {
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_RENDER_ITEMS, InfiniteList } from './infinite-list.tsx';

interface Page {
  items: { id: string; name: string }[];
  nextCursor: string | null;
}

const page: Page = {
  items: Array.from({ length: 20 }, (_, index) => ({ id: `id-${index}`, name: `Item ${index}` })),
  nextCursor: null,
};

function List({ layout }: { layout: 'list' | 'grid' }) {
  const query = useInfiniteQuery({
    queryKey: ['items'],
    queryFn: () => Promise.resolve(page),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page) => last.nextCursor,
    staleTime: Infinity,
  });
  return (
    <InfiniteList
      query={query}
      layout={layout}
      label="Items"
      getItems={(p) => p.items}
      renderItem={(item) => <span>{item.name}</span>}
      empty={<p>Nothing</p>}
      skeleton={<p>Loading</p>}
    />
  );
}

/** Renders the list with its first page already in the cache, as main.tsx primes it. */
function renderPrimed(layout: 'list' | 'grid') {
  const client = new QueryClient();
  client.setQueryData<InfiniteData<Page, string | null>>(['items'], {
    pages: [page],
    pageParams: [null],
  });
  render(
    <QueryClientProvider client={client}>
      <List layout={layout} />
    </QueryClientProvider>,
  );
}

describe('InfiniteList', () => {
  it.each(['grid', 'list'] as const)(
    'renders a first screen of items (%s), then the whole page once painted',
    async (layout) => {
      renderPrimed(layout);
      expect(screen.getAllByRole('listitem')).toHaveLength(FIRST_RENDER_ITEMS[layout]);
      expect(screen.getByText('Item 0')).toBeInTheDocument();
      expect(await screen.findByText('Item 19')).toBeInTheDocument();
      expect(screen.getAllByRole('listitem')).toHaveLength(20);
    },
  );
});
