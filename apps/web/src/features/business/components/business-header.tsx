import { IonIcon } from '@ionic/react';
import type { BusinessDetail } from '@localmart/contract';
import { callOutline, locationOutline, navigateOutline } from 'ionicons/icons';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';
import { DistanceLabel } from '../../../components/catalog/distance-label.tsx';
import { OpenStateBadge } from '../../../components/catalog/open-state-badge.tsx';
import { AnswerTimeBadge, RatingLine } from '../../../components/reviews/rating-line.tsx';
import { FavouriteButton } from '../../../components/lists/favourite-button.tsx';
import { openExternalUrl } from '../../../lib/open-external.ts';
import { directionsUrl, mapUrl } from '../model/directions.ts';
import { addressText } from '../model/store-facts.ts';

export const DIRECTIONS_LABEL = 'Directions';

/** The top of the store page: cover, logo, name, open state, address with map and directions, phone. */
export function BusinessHeader({ business }: { business: BusinessDetail }) {
  const address = addressText(business.address);
  return (
    <header className="lm-store-head">
      <div className="lm-store-head-cover">
        <CatalogImage image={business.cover} eager sizes="100vw" />
      </div>
      <div className="lm-store-head-body">
        <CatalogImage image={business.logo} className="lm-store-head-logo" eager sizes="72px" />
        <h2 className="lm-store-head-name">{business.name}</h2>
        <div className="lm-store-head-status">
          <OpenStateBadge state={business.openState} />
          <DistanceLabel km={business.distanceKm} />
        </div>
        {(business.rating || business.answerMinutes != null) && (
          <div className="lm-store-head-rating">
            <RatingLine rating={business.rating} className="lm-store-card-rating" />
            <AnswerTimeBadge minutes={business.answerMinutes} />
          </div>
        )}
        {business.categories.length > 0 && (
          <p className="lm-store-head-categories">
            {business.categories.map((category) => category.name).join(' · ')}
          </p>
        )}
        {business.description && <p className="lm-store-head-about">{business.description}</p>}
        <div className="lm-store-head-contact">
          <a
            className="lm-store-head-line"
            href={mapUrl(business.lat, business.lng)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${address} (open map)`}
            onClick={(event) => {
              // The native shells open other sites in the system browser; the web opens a tab.
              event.preventDefault();
              void openExternalUrl(mapUrl(business.lat, business.lng));
            }}
          >
            <IonIcon icon={locationOutline} aria-hidden="true" />
            <span>{address}</span>
          </a>
          <a className="lm-store-head-line" href={`tel:${business.phone.replace(/[^\d+]/g, '')}`}>
            <IonIcon icon={callOutline} aria-hidden="true" />
            <span>{business.phone}</span>
          </a>
        </div>
        <div className="lm-store-head-actions">
          <button
            type="button"
            className="lm-button lm-button-primary"
            onClick={() => void openExternalUrl(directionsUrl(business.lat, business.lng))}
          >
            <IonIcon icon={navigateOutline} aria-hidden="true" className="lm-button-icon" />
            {DIRECTIONS_LABEL}
          </button>
          <a className="lm-button" href={`tel:${business.phone.replace(/[^\d+]/g, '')}`}>
            <IonIcon icon={callOutline} aria-hidden="true" className="lm-button-icon" />
            Call
          </a>
          <FavouriteButton kind="store" targetId={business.id} name={business.name} />
        </div>
      </div>
    </header>
  );
}
