import type { BusinessSummary } from '@localmart/contract';
import { Link } from 'react-router-dom';
import { InfiniteList } from '../../../components/catalog/infinite-list.tsx';
import { EmptyState, ListSkeleton } from '../../../components/catalog/list-states.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { nearParams, useShopperLocation } from '../../../lib/location/use-shopper-location.ts';
import { useBusinessesOfKind, type BusinessPage } from '../../../lib/catalog/businesses-of-kind.ts';
import { FoodTabs } from './food-tabs.tsx';
import { RestaurantMenus } from './restaurant-menus.tsx';
import { LocationLine } from './location-line.tsx';
import './food.css';

export const NO_RESTAURANTS = 'No restaurants nearby';

/** menulist: restaurants near the shopper, nearest first, each with its menus. */
export function MenuListPage({ title = 'Food' }: { title?: string }) {
  const { location } = useShopperLocation();
  const query = useBusinessesOfKind('restaurant', nearParams(location));
  return (
    <AppPage title={title}>
      <div className="lm-food">
        <FoodTabs current="restaurants" />
        <LocationLine location={location} />
        <InfiniteList<BusinessPage, BusinessSummary>
          query={query}
          getItems={(page) => page.results}
          renderItem={(business, index) => (
            <RestaurantMenus business={business} eager={index < 2} />
          )}
          label="Restaurants"
          skeleton={<ListSkeleton count={4} variant="row" />}
          empty={
            <EmptyState
              title={NO_RESTAURANTS}
              message="There are no restaurants within reach of your location yet."
              action={<Link to="/user-location">Change location</Link>}
            />
          }
        />
      </div>
    </AppPage>
  );
}
