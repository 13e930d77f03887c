import { IonIcon } from '@ionic/react';
import { chevronForward, locationOutline, navigateOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { useLocateMe } from '../../../lib/location/use-locate-me.ts';
import { useShopperLocation } from '../../../lib/location/use-shopper-location.ts';
import { USER_LOCATION_PATH } from '../model/stores-paths.ts';

export const USE_MY_LOCATION_LABEL = 'Use my location';
export const CHOOSE_PLACE_LABEL = 'Choose a place';
export const LOCATION_PROMPT_TITLE = 'See the stores closest to you';

/**
 * The top of the Stores screen: "Near Downtown Toronto ▸ Change" once a location is set; before
 * that, a card asking for one (device or bundled place), since every distance depends on it.
 */
export function LocationBar() {
  const { location } = useShopperLocation();
  const { locate, busy, error } = useLocateMe();

  if (location) {
    return (
      <Link to={USER_LOCATION_PATH} className="lm-location-bar">
        <IonIcon icon={locationOutline} aria-hidden="true" className="lm-location-bar-icon" />
        <span className="lm-location-bar-text">
          Near <strong>{location.label}</strong>
        </span>
        <span className="lm-location-bar-change">
          Change
          <IonIcon icon={chevronForward} aria-hidden="true" />
        </span>
      </Link>
    );
  }

  return (
    <section className="lm-location-prompt" aria-labelledby="lm-location-prompt-title">
      <h2 id="lm-location-prompt-title" className="lm-location-prompt-title">
        {LOCATION_PROMPT_TITLE}
      </h2>
      <p className="lm-location-prompt-text">
        Set your location to sort stores by distance and see what is open near you.
      </p>
      <div className="lm-location-prompt-actions">
        <button
          type="button"
          className="lm-button lm-button-primary"
          onClick={() => void locate()}
          disabled={busy}
          aria-busy={busy}
        >
          <IonIcon icon={navigateOutline} aria-hidden="true" />
          {busy ? 'Finding you…' : USE_MY_LOCATION_LABEL}
        </button>
        <Link to={USER_LOCATION_PATH} className="lm-button lm-location-prompt-secondary">
          {CHOOSE_PLACE_LABEL}
        </Link>
      </div>
      {error && (
        <p className="lm-location-prompt-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
