import {
  IonInfiniteScroll,
  IonInfiniteScrollContent,
  type InfiniteScrollCustomEvent,
} from '@ionic/react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PullToRefresh } from '../ui/pull-to-refresh.tsx';
import { usePaintedOnce } from '../ui/use-painted-once.ts';
import { ErrorState } from './list-states.tsx';
import './catalog.css';

export interface InfiniteListProps<TPage, TItem extends { id: string }> {
  query: UseInfiniteQueryResult<InfiniteData<TPage>, Error>;
  getItems: (page: TPage) => readonly TItem[];
  renderItem: (item: TItem, index: number) => ReactNode;
  /** Shown when the first page came back with nothing. */
  empty: ReactNode;
  /** Shown while the first page loads. */
  skeleton: ReactNode;
  /** 'grid': two columns on a phone, more on wider screens (products); 'list': one column. */
  layout?: 'list' | 'grid';
  /** The list's accessible name, e.g. 'Stores near you'. */
  label?: string;
}

/**
 * How many items the list's first render shows: a phone's first screen (the grid is two columns there:
 * two rows of product cards fill a 390x844 screen below the products toolbar). The rest, the
 * pull-to-refresh and the infinite scroll follow right after the first paint. Rendering, laying out
 * and painting all 20 cards of a page, with Ionic's refresher and infinite scroll, in the render that
 * shows the first cover held the LCP back under mobile throttling (bench: vitals); so did the grid's
 * third and fourth rows, below the fold (8 cards instead of 4).
 */
export const FIRST_RENDER_ITEMS = { list: 4, grid: 4 } as const;

/**
 * A paged catalogue list with the behaviour every list shares: skeleton first, empty and error
 * states with Retry, pull to refresh, and the next page loaded as the shopper nears the end.
 * Place it directly inside IonContent: ion-refresher and ion-infinite-scroll attach to it.
 */
export function InfiniteList<TPage, TItem extends { id: string }>({
  query,
  getItems,
  renderItem,
  empty,
  skeleton,
  layout = 'list',
  label,
}: InfiniteListProps<TPage, TItem>) {
  const painted = usePaintedOnce();
  const refresher = painted && <PullToRefresh refetch={() => query.refetch()} />;

  if (query.isPending) return <>{skeleton}</>;
  if (query.isError && !query.data) {
    return (
      <>
        {refresher}
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const allItems = (query.data?.pages ?? []).flatMap((page) => getItems(page));
  const items = painted ? allItems : allItems.slice(0, FIRST_RENDER_ITEMS[layout]);
  if (allItems.length === 0) {
    return (
      <>
        {refresher}
        {empty}
      </>
    );
  }
  return (
    <>
      {refresher}
      <ul className={`lm-catalog-list lm-catalog-list-${layout}`} aria-label={label}>
        {items.map((item, index) => (
          <li key={item.id} className="lm-catalog-list-item">
            {renderItem(item, index)}
          </li>
        ))}
      </ul>
      {query.isFetchNextPageError && (
        <ErrorState message={query.error.message} onRetry={() => void query.fetchNextPage()} />
      )}
      {painted && (
        <IonInfiniteScroll
          threshold="400px"
          disabled={!query.hasNextPage || query.isFetchNextPageError}
          onIonInfinite={(event: InfiniteScrollCustomEvent) => {
            void query.fetchNextPage().finally(() => void event.target.complete());
          }}
        >
          <IonInfiniteScrollContent loadingText="Loading more…" />
        </IonInfiniteScroll>
      )}
    </>
  );
}
