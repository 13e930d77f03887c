import { InfiniteList } from '../../../../components/catalog/infinite-list.tsx';
import { EmptyState, ListSkeleton } from '../../../../components/catalog/list-states.tsx';
import { ProductCard } from '../../../../components/catalog/product-card.tsx';
import { nearParams, useShopperLocation } from '../../../../lib/location/use-shopper-location.ts';
import { useBusinessProducts } from '../../api/get-business-products.ts';

export function ProductsTab({ businessId }: { businessId: string }) {
  const { location } = useShopperLocation();
  const query = useBusinessProducts(businessId, nearParams(location));
  return (
    <InfiniteList
      query={query}
      getItems={(page) => page.items}
      renderItem={(product) => <ProductCard product={product} showStore={false} />}
      layout="grid"
      label="Products at this store"
      skeleton={<ListSkeleton count={4} variant="card" />}
      empty={<EmptyState title="No products yet" message="This store has not listed products." />}
    />
  );
}
