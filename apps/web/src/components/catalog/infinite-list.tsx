import {
  IonInfiniteScroll,
  IonInfiniteScrollContent,
  type InfiniteScrollCustomEvent,
} from '@ionic/react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PullToRefresh } from '../ui/pull-to-refresh.tsx';
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
  const refresher = <PullToRefresh refetch={() => query.refetch()} />;

  if (query.isPending) return <>{skeleton}</>;
  if (query.isError && !query.data) {
    return (
      <>
        {refresher}
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const items = (query.data?.pages ?? []).flatMap((page) => getItems(page));
  if (items.length === 0) {
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
      <IonInfiniteScroll
        threshold="400px"
        disabled={!query.hasNextPage || query.isFetchNextPageError}
        onIonInfinite={(event: InfiniteScrollCustomEvent) => {
          void query.fetchNextPage().finally(() => void event.target.complete());
        }}
      >
        <IonInfiniteScrollContent loadingText="Loading more…" />
      </IonInfiniteScroll>
    </>
  );
}
