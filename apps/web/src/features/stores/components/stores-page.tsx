import { labels } from '@localmart/contract';
import { useMemo, useState } from 'react';
import { InfiniteList } from '../../../components/catalog/infinite-list.tsx';
import { EmptyState, ListSkeleton } from '../../../components/catalog/list-states.tsx';
import { StoreCard } from '../../../components/catalog/store-card.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { nearParams, useShopperLocation } from '../../../lib/location/use-shopper-location.ts';
import { useBusinesses, type BusinessFilters, type BusinessPage } from '../api/get-businesses.ts';
import { useCategories } from '../api/get-categories.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { LocationBar } from './location-bar.tsx';
import { StoreFilters, type StoreFilterValues } from './store-filters.tsx';
import './stores.css';

export const SEARCH_DEBOUNCE_MS = 300;
export const STORES_LIST_LABEL = 'Stores near you';
export const NO_STORES_TITLE = 'No stores found';
export const CLEAR_FILTERS_LABEL = 'Clear filters';

const INITIAL_FILTERS: StoreFilterValues = {
  search: '',
  kind: 'all',
  category: null,
  openNow: false,
};

/** How many cards are above the fold on a phone: their covers load eagerly (LCP). */
const EAGER_CARDS = 2;

const storesOf = (page: BusinessPage) => page.results;

/** /home (menu "Stores"): stores near the shopper, nearest first, with search and filters. */
export function StoresPage() {
  const { location } = useShopperLocation();
  const [filters, setFilters] = useState<StoreFilterValues>(INITIAL_FILTERS);
  const q = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const kind = filters.kind === 'all' ? undefined : filters.kind;

  const query: BusinessFilters = useMemo(
    () => ({
      q: q || undefined,
      kind,
      category: filters.category ?? undefined,
      openNow: filters.openNow,
      ...nearParams(location),
    }),
    [q, kind, filters.category, filters.openNow, location],
  );
  const businesses = useBusinesses(query);
  const categories = useCategories(kind);
  const filtered = q !== '' || kind !== undefined || filters.category !== null || filters.openNow;

  return (
    <AppPage title={labels.menuStores} contentClassName="lm-stores-content">
      <LocationBar />
      <StoreFilters values={filters} onChange={setFilters} categories={categories.data ?? []} />
      <InfiniteList
        query={businesses}
        label={STORES_LIST_LABEL}
        getItems={storesOf}
        renderItem={(business, index) => (
          <StoreCard business={business} eager={index < EAGER_CARDS} />
        )}
        skeleton={<ListSkeleton count={4} variant="card" />}
        empty={
          <EmptyState
            title={NO_STORES_TITLE}
            message={
              filtered
                ? 'Nothing matches these filters. Try another search or fewer filters.'
                : 'There are no stores near this location yet. Try another place.'
            }
            action={
              filtered ? (
                <button
                  type="button"
                  className="lm-button lm-button-primary"
                  onClick={() => setFilters(INITIAL_FILTERS)}
                >
                  {CLEAR_FILTERS_LABEL}
                </button>
              ) : undefined
            }
          />
        }
      />
    </AppPage>
  );
}
