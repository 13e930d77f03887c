import { IonIcon } from '@ionic/react';
import { locationOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { USER_LOCATION_PATH } from '../model/paths.ts';

export interface ProductsSummaryProps {
  /** "All products", "Results for …", the category's name. */
  heading: string;
  /** The shopper's place ("Downtown Toronto"), or null before one is set. */
  locationLabel: string | null;
}

/**
 * The line above the product grid: what it shows, and where (a link to change the place). Also drawn
 * by the server-rendered first paint (app/first-paint), so both show the same line.
 */
export function ProductsSummary({ heading, locationLabel }: ProductsSummaryProps) {
  return (
    <div className="lm-products-summary">
      <h2 className="lm-products-heading">{heading}</h2>
      <Link to={USER_LOCATION_PATH} className="lm-products-location">
        <IonIcon icon={locationOutline} aria-hidden="true" />
        {locationLabel !== null ? (
          <span>
            Near <strong>{locationLabel}</strong>
            <span className="lm-visually-hidden">, change location</span>
          </span>
        ) : (
          <span>Set your location for nearby stock</span>
        )}
      </Link>
    </div>
  );
}
