import { InfiniteList } from '../../../../components/catalog/infinite-list.tsx';
import { EmptyState, ListSkeleton } from '../../../../components/catalog/list-states.tsx';
import { ServiceCard } from '../../../../components/catalog/service-card.tsx';
import { useBusinessServices } from '../../api/get-business-services.ts';

export function ServicesTab({ businessId }: { businessId: string }) {
  const query = useBusinessServices(businessId);
  return (
    <InfiniteList
      query={query}
      getItems={(page) => page.items}
      renderItem={(service) => <ServiceCard service={service} showProvider={false} />}
      label="Services"
      skeleton={<ListSkeleton count={3} variant="row" />}
      empty={
        <EmptyState title="No services yet" message="This provider has not listed services." />
      }
    />
  );
}
