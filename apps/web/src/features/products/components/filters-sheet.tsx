import { CATALOG_SORTS, formatMoney, parseMoney, type Country } from '@localmart/contract';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { USER_LOCATION_PATH } from '../model/paths.ts';
import { pricePresets, priceRangeLabel, type PriceRange } from '../model/price-ranges.ts';
import {
  DEFAULT_PRODUCT_FILTERS,
  RADIUS_OPTIONS_KM,
  radiusLabel,
  SORT_LABELS,
  type ProductFilters,
} from '../model/product-filters.ts';

export const FILTERS_TITLE = 'Filters & sort';
export const SHOW_RESULTS_LABEL = 'Show results';
export const CLEAR_ALL_LABEL = 'Clear all';
export const ANY_PRICE_LABEL = 'Any price';
export const ANY_DISTANCE_LABEL = 'Any distance';
export const NEEDS_LOCATION_NOTE = 'Set your location to sort and filter by distance.';

export interface FiltersSheetProps {
  isOpen: boolean;
  onClose: () => void;
  filters: ProductFilters;
  onChange: (changes: Partial<ProductFilters>) => void;
  /** Distance choices need the shopper's location. */
  located: boolean;
  country: Country;
}

/**
 * Sort, price, distance and availability in one sheet. Every choice applies at once (the grid behind
 * updates), as in shopping apps; "Show results" only closes the sheet.
 */
export function FiltersSheet({
  isOpen,
  onClose,
  filters,
  onChange,
  located,
  country,
}: FiltersSheetProps) {
  const sortName = useId();
  const inStockId = useId();
  return (
    <AppModal isOpen={isOpen} title={FILTERS_TITLE} onClose={onClose} onDidDismiss={onClose}>
      <div className="lm-filters-sheet">
        <fieldset className="lm-filters-section">
          <legend>Sort by</legend>
          {CATALOG_SORTS.map((sort) => {
            const disabled = sort === 'distance' && !located;
            return (
              <label
                key={sort}
                className={`lm-filters-radio${disabled ? ' lm-filters-radio-disabled' : ''}`}
              >
                <input
                  type="radio"
                  name={sortName}
                  value={sort}
                  checked={filters.sort === sort}
                  disabled={disabled}
                  onChange={() => onChange({ sort })}
                />
                <span>{SORT_LABELS[sort]}</span>
              </label>
            );
          })}
        </fieldset>

        <PriceSection
          // The typed bounds restart from the URL whenever it changes (a preset, Clear all).
          key={`${filters.minPrice}-${filters.maxPrice}`}
          filters={filters}
          onChange={onChange}
          country={country}
        />

        <fieldset className="lm-filters-section">
          <legend>Distance</legend>
          {!located && (
            <p className="lm-filters-note">
              {NEEDS_LOCATION_NOTE} <Link to={USER_LOCATION_PATH}>Set location</Link>
            </p>
          )}
          <div className="lm-filters-options">
            <button
              type="button"
              className="lm-filter-chip"
              aria-pressed={filters.radiusKm === null}
              disabled={!located}
              onClick={() => onChange({ radiusKm: null })}
            >
              {ANY_DISTANCE_LABEL}
            </button>
            {RADIUS_OPTIONS_KM.map((km) => (
              <button
                key={km}
                type="button"
                className="lm-filter-chip"
                aria-pressed={filters.radiusKm === km}
                disabled={!located}
                onClick={() => onChange({ radiusKm: km })}
              >
                {radiusLabel(km, country.units)}
              </button>
            ))}
          </div>
        </fieldset>

        <fieldset className="lm-filters-section">
          <legend>Availability</legend>
          <label className="lm-filters-checkbox" htmlFor={inStockId}>
            <input
              id={inStockId}
              type="checkbox"
              checked={filters.inStockOnly}
              onChange={(event) => onChange({ inStockOnly: event.target.checked })}
            />
            <span>In stock only</span>
          </label>
        </fieldset>

        <div className="lm-filters-footer">
          <button
            type="button"
            className="lm-button"
            onClick={() =>
              onChange({
                ...DEFAULT_PRODUCT_FILTERS,
                // Clearing filters keeps what the shopper searched for.
                q: filters.q,
              })
            }
          >
            {CLEAR_ALL_LABEL}
          </button>
          <button type="button" className="lm-button lm-button-primary" onClick={onClose}>
            {SHOW_RESULTS_LABEL}
          </button>
        </div>
      </div>
    </AppModal>
  );
}

interface PriceSectionProps {
  filters: ProductFilters;
  onChange: (changes: Partial<ProductFilters>) => void;
  country: Country;
}

function priceText(minor: number | null, country: Country): string {
  if (minor === null) return '';
  // The input takes a plain number ('12.5'); formatMoney's symbol would not parse back in every locale.
  return formatMoney(minor, country.currency, 'en-US').replace(/[^\d.]/g, '');
}

/** Preset bands (Under $5, ...) and a custom min/max applied with its own button. */
function PriceSection({ filters, onChange, country }: PriceSectionProps) {
  const minId = useId();
  const maxId = useId();
  const [min, setMin] = useState(() => priceText(filters.minPrice, country));
  const [max, setMax] = useState(() => priceText(filters.maxPrice, country));
  const [error, setError] = useState<string | null>(null);
  const presets = pricePresets(country.currency);
  const isCurrent = (range: PriceRange) =>
    range.min === filters.minPrice && range.max === filters.maxPrice;

  function choose(range: PriceRange) {
    setError(null);
    setMin(priceText(range.min, country));
    setMax(priceText(range.max, country));
    onChange({ minPrice: range.min, maxPrice: range.max });
  }

  function applyCustom(event: FormEvent) {
    event.preventDefault();
    const low = min.trim() === '' ? null : parseMoney(min, country.currency);
    const high = max.trim() === '' ? null : parseMoney(max, country.currency);
    if (
      (min.trim() !== '' && (low === null || low < 0)) ||
      (max.trim() !== '' && (high === null || high < 0))
    ) {
      setError('Enter prices as numbers, like 4.99');
      return;
    }
    if (low !== null && high !== null && low > high) {
      setError('The minimum price must not be more than the maximum');
      return;
    }
    setError(null);
    onChange({ minPrice: low, maxPrice: high });
  }

  return (
    <fieldset className="lm-filters-section">
      <legend>Price</legend>
      <div className="lm-filters-options">
        <button
          type="button"
          className="lm-filter-chip"
          aria-pressed={filters.minPrice === null && filters.maxPrice === null}
          onClick={() => choose({ min: null, max: null })}
        >
          {ANY_PRICE_LABEL}
        </button>
        {presets.map((range) => (
          <button
            key={`${range.min}-${range.max}`}
            type="button"
            className="lm-filter-chip"
            aria-pressed={isCurrent(range)}
            onClick={() => choose(range)}
          >
            {priceRangeLabel(range, country.currency, country.locale)}
          </button>
        ))}
      </div>
      <form className="lm-filters-price-custom" onSubmit={applyCustom} noValidate>
        <label htmlFor={minId}>Min</label>
        <input
          id={minId}
          inputMode="decimal"
          value={min}
          placeholder="0"
          onChange={(event) => setMin(event.target.value)}
          aria-invalid={error !== null}
        />
        <span aria-hidden="true">–</span>
        <label htmlFor={maxId}>Max</label>
        <input
          id={maxId}
          inputMode="decimal"
          value={max}
          placeholder="Any"
          onChange={(event) => setMax(event.target.value)}
          aria-invalid={error !== null}
        />
        <button type="submit" className="lm-button">
          Apply price
        </button>
      </form>
      {error && (
        <p className="lm-field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
