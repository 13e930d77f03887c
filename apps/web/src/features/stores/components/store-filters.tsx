import { IonIcon } from '@ionic/react';
import type { BusinessKind, CategoryNode } from '@localmart/contract';
import { searchOutline, timeOutline } from 'ionicons/icons';
import { KIND_OPTIONS } from '../model/kind-options.ts';

export const SEARCH_LABEL = 'Search stores';
export const OPEN_NOW_LABEL = 'Open now';

export interface StoreFilterValues {
  search: string;
  kind: BusinessKind | 'all';
  category: string | null;
  openNow: boolean;
}

export interface StoreFiltersProps {
  values: StoreFilterValues;
  onChange: (next: StoreFilterValues) => void;
  /** Root categories of the chosen kind; empty for "All" or while they load. */
  categories: readonly CategoryNode[];
}

/**
 * Search box, kind segment, and one scrolling row of chips: "Open now" first, then the chosen kind's
 * categories (as map and shop apps lay them out). Native controls styled like
 * Ionic's: they get labels, keyboard use and form semantics for free.
 */
export function StoreFilters({ values, onChange, categories }: StoreFiltersProps) {
  const set = (patch: Partial<StoreFilterValues>) => onChange({ ...values, ...patch });
  return (
    <div className="lm-store-filters">
      <label className="lm-search-box">
        <IonIcon icon={searchOutline} aria-hidden="true" className="lm-search-box-icon" />
        <span className="lm-visually-hidden">{SEARCH_LABEL}</span>
        <input
          type="search"
          className="lm-search-box-input"
          placeholder="Search stores, restaurants, services"
          value={values.search}
          enterKeyHint="search"
          onChange={(event) => set({ search: event.target.value })}
        />
      </label>

      <div className="lm-segment" role="group" aria-label="Kind of business">
        {KIND_OPTIONS.map((option) => (
          <button
            key={option.value}
            type="button"
            className="lm-segment-button"
            aria-pressed={values.kind === option.value}
            // A category belongs to one kind's tree, so it cannot survive a change of kind.
            onClick={() => set({ kind: option.value, category: null })}
          >
            {option.label}
          </button>
        ))}
      </div>

      <div className="lm-chips" role="group" aria-label="Filters">
        <button
          type="button"
          className="lm-chip lm-chip-toggle"
          aria-pressed={values.openNow}
          onClick={() => set({ openNow: !values.openNow })}
        >
          <IonIcon icon={timeOutline} aria-hidden="true" />
          {OPEN_NOW_LABEL}
        </button>
        {categories.length > 0 && (
          <>
            <span className="lm-chips-divider" aria-hidden="true" />
            {categories.map((category) => {
              const selected = values.category === category.slug;
              return (
                <button
                  key={category.id}
                  type="button"
                  className="lm-chip"
                  aria-pressed={selected}
                  onClick={() => set({ category: selected ? null : category.slug })}
                >
                  {category.name}
                </button>
              );
            })}
          </>
        )}
      </div>
    </div>
  );
}
