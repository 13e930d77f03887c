import {
  IonButtons,
  IonContent,
  IonHeader,
  IonMenuButton,
  IonPage,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { labels, type ProductSummary } from '@localmart/contract';
import { useCallback, useMemo, useState } from 'react';
import { InfiniteList } from '../../../components/catalog/infinite-list.tsx';
import { EmptyState, ListSkeleton } from '../../../components/catalog/list-states.tsx';
import { ProductCard } from '../../../components/catalog/product-card.tsx';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { CartButton } from '../../../components/ui/cart-button.tsx';
import { SignInButton } from '../../../components/ui/sign-in-button.tsx';
import { usePaintedOnce } from '../../../components/ui/use-painted-once.ts';
import { useCountry } from '../../../lib/location/use-country.ts';
import { nearParams, useShopperLocation } from '../../../lib/location/use-shopper-location.ts';
import { useCategories } from '../api/get-categories.ts';
import { useProducts, type ProductPage } from '../api/get-products.ts';
import { categoryTrail } from '../model/category-tree.ts';
import {
  activeFilterCount,
  DEFAULT_PRODUCT_FILTERS,
  productListParams,
  type ProductFilters,
} from '../model/product-filters.ts';
import { useProductFilters } from '../model/use-product-filters.ts';
import { CategoryBrowser } from './category-browser.tsx';
import { FilterChips } from './filter-chips.tsx';
import { FiltersSheet } from './filters-sheet.tsx';
import { ProductSearchField } from './product-search-field.tsx';
import { ProductsSummary } from './products-summary.tsx';
import '../products.css';

// main.tsx loads the first grid through the page's module, before the first render.
export { prefetchFirstProducts } from '../api/get-products.ts';

export const CLEAR_FILTERS_LABEL = 'Clear filters';
export const CLEAR_SEARCH_LABEL = 'Clear search';

/** Said above the grid when a typo was corrected, so "mlik" showing milk is no mystery. */
export function correctedQueryText(correctedQuery: string): string {
  return `Showing results for “${correctedQuery}”`;
}

/** The empty grid's title: "No products match 'mlik'" names what was searched. */
export function emptyTitle(filters: ProductFilters): string {
  return filters.q ? `No products match '${filters.q}'` : 'No products found';
}

/** The first row of cards is above the fold on a phone and a desktop: load its images at once. */
const EAGER_CARDS = 4;

/**
 * /products: the product grid with search, category, price, availability and distance filters and
 * sort, all kept in the URL. Distances and "nearest store" follow the shopper's location when set.
 */
export function ProductsPage() {
  const { filters, setFilters } = useProductFilters();
  const { location } = useShopperLocation();
  const { country } = useCountry();
  const [sheet, setSheet] = useState<'filters' | 'categories' | null>(null);
  const params = useMemo(
    () => productListParams(filters, nearParams(location)),
    [filters, location],
  );
  const query = useProducts(params);
  const correctedQuery = query.data?.pages[0]?.correctedQuery ?? null;
  // The sheets and the category tree (for the chip's name and the Categories sheet) wait for the first
  // paint, unless a category is chosen: nobody opens a sheet before it, and their Ionic modals and the
  // tree's request and parse were work in the render and the frames that show the first cards (LCP).
  const painted = usePaintedOnce();
  const categories = useCategories('retail', painted || filters.category !== null);
  const categoryName = useMemo(() => {
    if (!filters.category || !categories.data) return null;
    return categoryTrail(categories.data, filters.category)?.at(-1)?.name ?? null;
  }, [categories.data, filters.category]);
  const onSearch = useCallback((q: string) => setFilters({ q }), [setFilters]);
  const closeSheet = useCallback(() => setSheet(null), []);
  const filtered = activeFilterCount(filters) > 0;

  const heading = filters.q
    ? `Results for “${filters.q}”`
    : (categoryName ?? (filtered ? 'Filtered products' : 'All products'));

  return (
    <IonPage>
      <IonHeader>
        <IonToolbar color="primary">
          <IonButtons slot="start">
            <IonMenuButton />
          </IonButtons>
          <IonTitle>
            <h1 className="lm-page-title">{labels.menuProducts}</h1>
          </IonTitle>
          <IonButtons slot="end">
            <CartButton />
            <SignInButton />
          </IonButtons>
        </IonToolbar>
        <IonToolbar className="lm-products-toolbar">
          <ProductSearchField value={filters.q} onSearch={onSearch} />
          <FilterChips
            filters={filters}
            onChange={setFilters}
            categoryName={categoryName}
            country={country}
            onOpenCategories={() => setSheet('categories')}
            onOpenFilters={() => setSheet('filters')}
          />
        </IonToolbar>
      </IonHeader>
      <IonContent className="lm-products-content">
        <ProductsSummary heading={heading} locationLabel={location?.label ?? null} />
        {correctedQuery && (
          <p className="lm-products-corrected" role="status">
            {correctedQueryText(correctedQuery)}
          </p>
        )}
        <div
          className="lm-products-results"
          aria-busy={query.isFetching && !query.isFetchingNextPage}
        >
          <InfiniteList<ProductPage, ProductSummary>
            query={query}
            layout="grid"
            label="Products"
            getItems={(page) => page.products}
            renderItem={(product, index) => (
              <ProductCard product={product} eager={index < EAGER_CARDS} />
            )}
            skeleton={<ListSkeleton count={6} variant="card" />}
            empty={
              <EmptyState
                title={emptyTitle(filters)}
                message={
                  filtered
                    ? 'Try another word, or remove a filter to see more.'
                    : 'Try another word or a more general one, like “milk” or “bread”.'
                }
                action={
                  filtered || filters.q ? (
                    <button
                      type="button"
                      className="lm-button"
                      onClick={() => setFilters(DEFAULT_PRODUCT_FILTERS)}
                    >
                      {filtered ? CLEAR_FILTERS_LABEL : CLEAR_SEARCH_LABEL}
                    </button>
                  ) : undefined
                }
              />
            }
          />
        </div>
      </IonContent>
      {painted && (
        <>
          <FiltersSheet
            isOpen={sheet === 'filters'}
            onClose={closeSheet}
            filters={filters}
            onChange={setFilters}
            located={location !== null}
            country={country}
          />
          <AppModal
            isOpen={sheet === 'categories'}
            title="Categories"
            onClose={closeSheet}
            onDidDismiss={closeSheet}
          >
            <CategoryBrowser
              kind="retail"
              selected={filters.category}
              onChoose={(category) => {
                setFilters({ category: category?.slug ?? null });
                closeSheet();
              }}
            />
          </AppModal>
        </>
      )}
    </IonPage>
  );
}
