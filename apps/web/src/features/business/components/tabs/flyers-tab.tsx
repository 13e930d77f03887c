import { FlyerCard } from '../../../../components/catalog/flyer-card.tsx';
import { InfiniteList } from '../../../../components/catalog/infinite-list.tsx';
import { EmptyState, ListSkeleton } from '../../../../components/catalog/list-states.tsx';
import { useBusinessFlyers } from '../../api/get-business-flyers.ts';

export function FlyersTab({ businessId }: { businessId: string }) {
  const query = useBusinessFlyers(businessId);
  return (
    <InfiniteList
      query={query}
      getItems={(page) => page.items}
      renderItem={(flyer) => <FlyerCard flyer={flyer} />}
      layout="grid"
      label="Flyers"
      skeleton={<ListSkeleton count={2} variant="card" />}
      empty={
        <EmptyState title="No flyer this week" message="Check back when the next one is out." />
      }
    />
  );
}
