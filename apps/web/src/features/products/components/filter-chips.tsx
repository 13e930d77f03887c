import { IonIcon } from '@ionic/react';
import type { Country } from '@localmart/contract';
import { chevronDownOutline, optionsOutline } from 'ionicons/icons';
import { priceRangeLabel } from '../model/price-ranges.ts';
import {
  activeFilterCount,
  radiusLabel,
  SORT_LABELS,
  type ProductFilters,
} from '../model/product-filters.ts';

export const FILTERS_LABEL = 'Filters';
export const IN_STOCK_LABEL = 'In stock';

export interface FilterChipsProps {
  filters: ProductFilters;
  onChange: (changes: Partial<ProductFilters>) => void;
  /** The chosen category's name, once the tree has loaded. */
  categoryName: string | null;
  country: Country;
  onOpenCategories: () => void;
  onOpenFilters: () => void;
}

/**
 * The row of chips under the search box, as shopping apps show them: each says what is on, a tap
 * opens its choice (the In stock chip toggles at once). Native buttons, so they are named, focusable
 * and pressed-state aware for assistive technology.
 */
export function FilterChips({
  filters,
  onChange,
  categoryName,
  country,
  onOpenCategories,
  onOpenFilters,
}: FilterChipsProps) {
  const count = activeFilterCount(filters);
  const price = priceRangeLabel(
    { min: filters.minPrice, max: filters.maxPrice },
    country.currency,
    country.locale,
  );
  const chip = (on: boolean) => `lm-filter-chip${on ? ' lm-filter-chip-on' : ''}`;
  return (
    <div className="lm-filter-chips" role="toolbar" aria-label="Filters and sort">
      <button
        type="button"
        className={chip(count > 0)}
        onClick={onOpenFilters}
        aria-label={count > 0 ? `${FILTERS_LABEL}, ${count} on` : FILTERS_LABEL}
      >
        <IonIcon icon={optionsOutline} aria-hidden="true" />
        <span>{FILTERS_LABEL}</span>
        {count > 0 && (
          <span className="lm-filter-chip-count" aria-hidden="true">
            {count}
          </span>
        )}
      </button>
      <button
        type="button"
        className={chip(filters.category !== null)}
        onClick={onOpenCategories}
        aria-label={filters.category ? `Category: ${categoryName ?? filters.category}` : 'Category'}
      >
        <span>{filters.category ? (categoryName ?? 'Category') : 'Category'}</span>
        <IonIcon icon={chevronDownOutline} aria-hidden="true" />
      </button>
      <button
        type="button"
        className={chip(filters.inStockOnly)}
        aria-pressed={filters.inStockOnly}
        onClick={() => onChange({ inStockOnly: !filters.inStockOnly })}
      >
        {IN_STOCK_LABEL}
      </button>
      <button type="button" className={chip(price !== null)} onClick={onOpenFilters}>
        <span>{price ?? 'Price'}</span>
        <IonIcon icon={chevronDownOutline} aria-hidden="true" />
      </button>
      <button type="button" className={chip(filters.radiusKm !== null)} onClick={onOpenFilters}>
        <span>
          {filters.radiusKm !== null ? radiusLabel(filters.radiusKm, country.units) : 'Distance'}
        </span>
        <IonIcon icon={chevronDownOutline} aria-hidden="true" />
      </button>
      <button type="button" className={chip(filters.sort !== 'relevance')} onClick={onOpenFilters}>
        <span>{`Sort: ${SORT_LABELS[filters.sort]}`}</span>
        <IonIcon icon={chevronDownOutline} aria-hidden="true" />
      </button>
    </div>
  );
}
