import { IonIcon } from '@ionic/react';
import { searchOutline } from 'ionicons/icons';
import { useState } from 'react';
import { InfiniteList } from '../../../../components/catalog/infinite-list.tsx';
import { EmptyState, ListSkeleton } from '../../../../components/catalog/list-states.tsx';
import { ProductCard } from '../../../../components/catalog/product-card.tsx';
import { nearParams, useShopperLocation } from '../../../../lib/location/use-shopper-location.ts';
import { useDebouncedValue } from '../../../../lib/use-debounced-value.ts';
import { type StoreProductSort, useBusinessProducts } from '../../api/get-business-products.ts';

export const STORE_PRODUCT_SEARCH_LABEL = 'Search this store’s products';
export const STORE_PRODUCT_SORT_LABEL = 'Sort';
export const STORE_PRODUCT_SORT_LABELS: Record<StoreProductSort, string> = {
  relevance: 'Best match',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

/**
 * A store's Products tab (issue 17): searchable, and sorted as the shopper picks (price either way,
 * or best match while searching) instead of the catalogue's internal order. Cards leave out the
 * store's name and distance: the whole page is that store.
 */
export function ProductsTab({ businessId }: { businessId: string }) {
  const { location } = useShopperLocation();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<StoreProductSort | null>(null);
  const q = useDebouncedValue(search).trim();
  // Searching ranks by best match until the shopper picks a price order; without words there is
  // nothing to match, so it is price, low to high.
  const sort: StoreProductSort =
    picked === 'relevance' || picked === null ? (q ? 'relevance' : 'price_asc') : picked;
  const query = useBusinessProducts(businessId, nearParams(location), { q, sort });
  const sorts: StoreProductSort[] = q
    ? ['relevance', 'price_asc', 'price_desc']
    : ['price_asc', 'price_desc'];
  return (
    <div className="lm-store-products">
      <div className="lm-store-products-tools">
        <label className="lm-search-box">
          <IonIcon icon={searchOutline} aria-hidden="true" className="lm-search-box-icon" />
          <span className="lm-visually-hidden">{STORE_PRODUCT_SEARCH_LABEL}</span>
          <input
            type="search"
            className="lm-search-box-input"
            placeholder="Search this store"
            value={search}
            enterKeyHint="search"
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        <label className="lm-store-products-sort">
          <span>{STORE_PRODUCT_SORT_LABEL}</span>
          <select
            value={sort}
            onChange={(event) => setPicked(event.target.value as StoreProductSort)}
          >
            {sorts.map((value) => (
              <option key={value} value={value}>
                {STORE_PRODUCT_SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <InfiniteList
        query={query}
        getItems={(page) => page.items}
        renderItem={(product) => <ProductCard product={product} showStore={false} />}
        layout="grid"
        label="Products at this store"
        skeleton={<ListSkeleton count={4} variant="card" />}
        empty={
          q ? (
            <EmptyState
              title="No matching products"
              message={`Nothing at this store matches “${q}”.`}
            />
          ) : (
            <EmptyState title="No products yet" message="This store has not listed products." />
          )
        }
      />
    </div>
  );
}
