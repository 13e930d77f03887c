import { labels } from '@localmart/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { InfiniteList } from '../../../components/catalog/infinite-list.tsx';
import { EmptyState, ListSkeleton } from '../../../components/catalog/list-states.tsx';
import { StoreCard } from '../../../components/catalog/store-card.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import {
  DEVICE_PREFERENCE_KEYS,
  devicePreferences,
  type DevicePreferences,
} from '../../../lib/location/device-preferences.ts';
import {
  nearParams,
  parseStoredLocation,
  useShopperLocation,
  type ShopperLocation,
} from '../../../lib/location/use-shopper-location.ts';
import {
  businessesQuery,
  useBusinesses,
  type BusinessFilters,
  type BusinessPage,
} from '../api/get-businesses.ts';
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

/** The list call of the page's filter values (`q` is the debounced search). */
export function storesListFilters(
  values: Omit<StoreFilterValues, 'search'>,
  q: string,
  location: Pick<ShopperLocation, 'lat' | 'lng'> | null,
): BusinessFilters {
  return {
    q: q || undefined,
    kind: values.kind === 'all' ? undefined : values.kind,
    category: values.category ?? undefined,
    openNow: values.openNow,
    ...nearParams(location),
  };
}

/**
 * Loads the first page of the list the page opens with (no search or filter, the stored location, as
 * useShopperLocation reads it) into `client` before the app's first render (main.tsx), so that render
 * already shows the cards and the cover (the LCP element) instead of a skeleton and then, a render and
 * a paint later, the cards. The list call itself is the one app/first-screen.ts started.
 */
export async function prefetchFirstStores(
  client: QueryClient,
  store: DevicePreferences = devicePreferences,
): Promise<void> {
  const location = parseStoredLocation(store.getSnapshot()[DEVICE_PREFERENCE_KEYS.location]);
  await client.prefetchInfiniteQuery(
    businessesQuery(storesListFilters(INITIAL_FILTERS, '', location)),
  );
}

/** /home (menu "Stores"): stores near the shopper, nearest first, with search and filters. */
export function StoresPage() {
  const { location } = useShopperLocation();
  const [filters, setFilters] = useState<StoreFilterValues>(INITIAL_FILTERS);
  const q = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const kind = filters.kind === 'all' ? undefined : filters.kind;

  const query: BusinessFilters = useMemo(
    () =>
      storesListFilters(
        { kind: filters.kind, category: filters.category, openNow: filters.openNow },
        q,
        location,
      ),
    [q, filters.kind, filters.category, filters.openNow, location],
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
