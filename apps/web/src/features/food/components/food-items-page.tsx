import {
  DIETARY_TAG_LABELS,
  DIETARY_TAGS,
  type CatalogSort,
  type DietaryTag,
  type FoodItemSummary,
} from '@localmart/contract';
import { useMemo, useState } from 'react';
import { FoodItemCard, menuDetailsPath } from '../../../components/catalog/food-item-card.tsx';
import { InfiniteList } from '../../../components/catalog/infinite-list.tsx';
import { EmptyState, ListSkeleton } from '../../../components/catalog/list-states.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { useCountry } from '../../../lib/location/use-country.ts';
import { nearParams, useShopperLocation } from '../../../lib/location/use-shopper-location.ts';
import { useFoodItems, type FoodItemFilters, type FoodItemPage } from '../api/get-food-items.ts';
import { priceBands, SORT_LABELS, sortsFor } from '../../../lib/list-filters.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { FoodTabs } from './food-tabs.tsx';
import { LocationLine } from './location-line.tsx';
import './food.css';

export const NO_DISHES = 'No dishes match';
export const CLEAR_FILTERS = 'Clear filters';
export const SEARCH_DISHES = 'Search dishes';
export const ANY_PRICE = 'Any price';

/** Price bands of a dish, in minor units. */
const DISH_PRICE_CUTS = [1000, 2000] as const;

/**
 * food-items: dishes across nearby restaurants, searchable, filtered by one dietary need and a price
 * band, sorted by match, distance or price. Each card opens its dish on its restaurant's menu.
 */
export function FoodItemsPage({ title = 'Food items' }: { title?: string }) {
  const { location } = useShopperLocation();
  const { country } = useCountry();
  const [text, setText] = useState('');
  const [dietary, setDietary] = useState<DietaryTag | undefined>();
  const [bandId, setBandId] = useState('');
  const [chosenSort, setChosenSort] = useState<CatalogSort | undefined>();
  const q = useDebouncedValue(text.trim());

  const bands = useMemo(() => priceBands(DISH_PRICE_CUTS, country.currency), [country.currency]);
  const band = bands.find((candidate) => candidate.id === bandId);
  const sorts = sortsFor(location !== null);
  // Nearest first by default when the shopper is located; a sort that needs a location drops out.
  const sort: CatalogSort =
    chosenSort && sorts.includes(chosenSort) ? chosenSort : location ? 'distance' : 'relevance';
  const near = nearParams(location);

  const filters: FoodItemFilters = {
    q: q || undefined,
    dietary,
    minPrice: band?.minPrice,
    maxPrice: band?.maxPrice,
    sort,
    near,
  };
  const query = useFoodItems(filters);
  const filtered = q !== '' || dietary !== undefined || band !== undefined;

  function clearFilters() {
    setText('');
    setDietary(undefined);
    setBandId('');
  }

  return (
    <AppPage title={title}>
      <div className="lm-food">
        <FoodTabs current="dishes" />
        <LocationLine location={location} />
        <div className="lm-food-filters" role="search" aria-label="Filter dishes">
          <input
            type="search"
            className="lm-input lm-food-filters-search"
            placeholder="Pizza, pho, latte…"
            aria-label={SEARCH_DISHES}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <div className="lm-food-chips" role="group" aria-label="Dietary">
            {DIETARY_TAGS.map((tag) => (
              <button
                key={tag}
                type="button"
                className="lm-food-chip"
                aria-pressed={dietary === tag}
                onClick={() => setDietary(dietary === tag ? undefined : tag)}
              >
                {DIETARY_TAG_LABELS[tag]}
              </button>
            ))}
          </div>
          <div className="lm-food-filters-row">
            <label className="lm-food-select">
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
            <label className="lm-food-select">
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
        <InfiniteList<FoodItemPage, FoodItemSummary>
          query={query}
          getItems={(page) => page.results}
          renderItem={(item, index) => (
            <FoodItemCard
              item={item}
              business={item.business}
              distanceKm={item.distanceKm}
              to={menuDetailsPath(item.business.id, item.menuId, item.id)}
              eager={index < 4}
            />
          )}
          label="Dishes"
          skeleton={<ListSkeleton count={6} variant="row" />}
          empty={
            <EmptyState
              title={NO_DISHES}
              message={
                filtered
                  ? 'Try another search or fewer filters.'
                  : 'No restaurant near you has put its menu online yet.'
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
