import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PRODUCTS_PATH } from './paths.ts';
import {
  parseProductFilters,
  productFiltersSearch,
  type ProductFilters,
} from './product-filters.ts';
import { usePageSearch } from './use-page-search.ts';

export interface ProductFiltersState {
  filters: ProductFilters;
  /** Change some filters; the URL is replaced, not pushed, so Back leaves the screen. */
  setFilters: (changes: Partial<ProductFilters>) => void;
}

/** The Products filters, read from and written to the URL (see product-filters.ts). */
export function useProductFilters(): ProductFiltersState {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const search = usePageSearch(PRODUCTS_PATH);
  const filters = useMemo(() => parseProductFilters(search), [search]);
  const setFilters = useCallback(
    (changes: Partial<ProductFilters>) => {
      // A search typed just before tapping a card must not pull the shopper back from the product.
      if (pathname !== PRODUCTS_PATH) return;
      const next = productFiltersSearch({ ...filters, ...changes });
      if (next === search || (next === '' && search === '?')) return;
      navigate({ pathname: PRODUCTS_PATH, search: next }, { replace: true });
    },
    [filters, navigate, pathname, search],
  );
  return { filters, setFilters };
}
