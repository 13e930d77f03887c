import { IonButton } from '@ionic/react';
import { labels } from '@localmart/contract';
import { Link } from 'react-router-dom';
import { FlyerCard } from '../../../components/catalog/flyer-card.tsx';
import { InfiniteList } from '../../../components/catalog/infinite-list.tsx';
import { EmptyState, ListSkeleton } from '../../../components/catalog/list-states.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { nearParams, useShopperLocation } from '../../../lib/location/use-shopper-location.ts';
import { useFlyers } from '../api/get-flyers.ts';
import './flyers.css';

export const NO_FLYERS_TITLE = 'No flyers this week';
export const NO_FLYERS_MESSAGE = 'Stores near you have not published a flyer for this week yet.';

/** /flyerlist: this week's flyers, nearest store first once the shopper has set a location. */
export function FlyerListPage() {
  const { location } = useShopperLocation();
  const query = useFlyers(nearParams(location));
  return (
    <AppPage title={labels.menuFlyers}>
      <p className="lm-flyer-near">
        {location ? (
          <>
            Flyers near <strong>{location.label}</strong>{' '}
            <Link to="/user-location">Change location</Link>
          </>
        ) : (
          <>
            <Link to="/user-location">Set your location</Link> to see the nearest stores first.
          </>
        )}
      </p>
      <InfiniteList
        query={query}
        getItems={(page) => page.flyers}
        renderItem={(flyer, index) => <FlyerCard flyer={flyer} eager={index < 2} />}
        layout="grid"
        label="This week's flyers"
        skeleton={<ListSkeleton count={4} variant="card" />}
        empty={
          <EmptyState
            title={NO_FLYERS_TITLE}
            message={NO_FLYERS_MESSAGE}
            action={
              <IonButton routerLink="/home" fill="outline">
                Browse stores
              </IonButton>
            }
          />
        }
      />
    </AppPage>
  );
}
