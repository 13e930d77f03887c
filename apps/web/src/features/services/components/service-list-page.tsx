import type { BusinessSummary } from '@localmart/contract';
import { Link } from 'react-router-dom';
import { InfiniteList } from '../../../components/catalog/infinite-list.tsx';
import { EmptyState, ListSkeleton } from '../../../components/catalog/list-states.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { nearParams, useShopperLocation } from '../../../lib/location/use-shopper-location.ts';
import { useBusinessesOfKind, type BusinessPage } from '../../../lib/catalog/businesses-of-kind.ts';
import { LocationLine } from './location-line.tsx';
import { ProviderCard } from './provider-card.tsx';
import { ServicesTabs } from './services-tabs.tsx';
import './services.css';

export const NO_PROVIDERS = 'No service providers nearby';

/** servicelist: service providers near the shopper, nearest first, each with a few of its services. */
export function ServiceListPage({ title = 'Services' }: { title?: string }) {
  const { location } = useShopperLocation();
  const near = nearParams(location);
  const query = useBusinessesOfKind('service', near);
  return (
    <AppPage title={title}>
      <div className="lm-services">
        <ServicesTabs current="providers" />
        <LocationLine location={location} />
        <InfiniteList<BusinessPage, BusinessSummary>
          query={query}
          getItems={(page) => page.results}
          renderItem={(business, index) => (
            <ProviderCard business={business} near={near} eager={index === 0} />
          )}
          label="Service providers"
          skeleton={<ListSkeleton count={3} variant="card" />}
          empty={
            <EmptyState
              title={NO_PROVIDERS}
              message="There are no service providers within reach of your location yet."
              action={<Link to="/user-location">Change location</Link>}
            />
          }
        />
      </div>
    </AppPage>
  );
}
