import type { CatalogSort, Service } from '@localmart/contract';
import { useMemo, useState } from 'react';
import { InfiniteList } from '../../../components/catalog/infinite-list.tsx';
import { EmptyState, ListSkeleton } from '../../../components/catalog/list-states.tsx';
import { ServiceCard } from '../../../components/catalog/service-card.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { useCountry } from '../../../lib/location/use-country.ts';
import { nearParams, useShopperLocation } from '../../../lib/location/use-shopper-location.ts';
import { useServiceCategories } from '../api/get-service-categories.ts';
import { useServices, type ServiceFilters, type ServicePage } from '../api/get-services.ts';
import { priceBands, SORT_LABELS, sortsFor } from '../../../lib/list-filters.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { LocationLine } from './location-line.tsx';
import { ServicesTabs } from './services-tabs.tsx';
import './services.css';

export const NO_SERVICES = 'No services match';
export const CLEAR_FILTERS = 'Clear filters';
export const SEARCH_SERVICES = 'Search services';
export const ALL_CATEGORIES = 'All';
export const ANY_PRICE = 'Any price';

/** Price bands of a service, in minor units. */
const SERVICE_PRICE_CUTS = [5000, 10000, 20000] as const;

/**
 * services: every service near the shopper, searchable, by trade (category chips), price band and
 * sort. Each card opens service-details.
 */
export function ServicesPage({ title = 'Services' }: { title?: string }) {
  const { location } = useShopperLocation();
  const { country } = useCountry();
  const categories = useServiceCategories();
  const [text, setText] = useState('');
  const [category, setCategory] = useState<string | undefined>();
  const [bandId, setBandId] = useState('');
  const [chosenSort, setChosenSort] = useState<CatalogSort | undefined>();
  const q = useDebouncedValue(text.trim());

  const bands = useMemo(() => priceBands(SERVICE_PRICE_CUTS, country.currency), [country.currency]);
  const band = bands.find((candidate) => candidate.id === bandId);
  const sorts = sortsFor(location !== null);
  const sort: CatalogSort =
    chosenSort && sorts.includes(chosenSort) ? chosenSort : location ? 'distance' : 'relevance';

  const filters: ServiceFilters = {
    q: q || undefined,
    category,
    minPrice: band?.minPrice,
    maxPrice: band?.maxPrice,
    sort,
    near: nearParams(location),
  };
  const query = useServices(filters);
  const filtered = q !== '' || category !== undefined || band !== undefined;

  function clearFilters() {
    setText('');
    setCategory(undefined);
    setBandId('');
  }

  return (
    <AppPage title={title}>
      <div className="lm-services">
        <ServicesTabs current="services" />
        <LocationLine location={location} />
        <div className="lm-services-filters" role="search" aria-label="Filter services">
          <input
            type="search"
            className="lm-input lm-services-filters-search"
            placeholder="Haircut, plumber, yoga…"
            aria-label={SEARCH_SERVICES}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          {categories.data && categories.data.length > 0 && (
            <div className="lm-services-chips" role="group" aria-label="Category">
              <button
                type="button"
                className="lm-services-chip"
                aria-pressed={category === undefined}
                onClick={() => setCategory(undefined)}
              >
                {ALL_CATEGORIES}
              </button>
              {categories.data.map((node) => (
                <button
                  key={node.id}
                  type="button"
                  className="lm-services-chip"
                  aria-pressed={category === node.slug}
                  onClick={() => setCategory(category === node.slug ? undefined : node.slug)}
                >
                  {node.name}
                </button>
              ))}
            </div>
          )}
          <div className="lm-services-filters-row">
            <label className="lm-services-select">
              <span>Price</span>
              <select value={bandId} onChange={(event) => setBandId(event.target.value)}>
                <option value="">{ANY_PRICE}</option>
                {bands.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="lm-services-select">
              <span>Sort</span>
              <select
                value={sort}
                onChange={(event) =>
                  setChosenSort(sorts.find((candidate) => candidate === event.target.value))
                }
              >
                {sorts.map((candidate) => (
                  <option key={candidate} value={candidate}>
                    {SORT_LABELS[candidate]}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>
        <InfiniteList<ServicePage, Service>
          query={query}
          getItems={(page) => page.results}
          renderItem={(service, index) => <ServiceCard service={service} eager={index < 3} />}
          label="Services"
          skeleton={<ListSkeleton count={5} variant="row" />}
          empty={
            <EmptyState
              title={NO_SERVICES}
              message={
                filtered
                  ? 'Try another search or fewer filters.'
                  : 'No service provider near you has listed a service yet.'
              }
              action={
                filtered ? (
                  <button type="button" className="lm-button" onClick={clearFilters}>
                    {CLEAR_FILTERS}
                  </button>
                ) : undefined
              }
            />
          }
        />
      </div>
    </AppPage>
  );
}
