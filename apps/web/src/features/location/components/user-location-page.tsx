import { IonIcon } from '@ionic/react';
import { PLACES, type Place } from '@localmart/contract';
import { checkmark, locationOutline, navigateOutline, searchOutline } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { HOME_PATH } from '../../../lib/paths.ts';
import { useLocateMe } from '../../../lib/location/use-locate-me.ts';
import { useShopperLocation } from '../../../lib/location/use-shopper-location.ts';
import { goBack } from '../model/go-back.ts';
import { searchPlaces } from '../model/search-places.ts';
import './location.css';

export const USE_CURRENT_LOCATION_LABEL = 'Use my current location';
export const PLACE_SEARCH_LABEL = 'Search for a place';
export const NO_PLACES_MESSAGE = 'No place by that name. Try a neighbourhood or a city.';

/** "Downtown Toronto" with where it is: "Toronto, Ontario", or just "Ontario" for a town. */
function placeDetail(place: Place): string {
  return place.city === place.name ? place.region : `${place.city}, ${place.region}`;
}

/** /user-location: set the shopper's location from the device or the bundled place list. */
export function UserLocationPage() {
  const navigate = useNavigate();
  const routerLocation = useLocation();
  const { location, setLocation } = useShopperLocation();
  const { locate, busy, error } = useLocateMe();
  const [text, setText] = useState('');
  const places = useMemo(() => searchPlaces(text, PLACES), [text]);

  async function shareDeviceLocation() {
    if (await locate()) goBack(navigate, routerLocation);
  }

  async function pick(place: Place) {
    await setLocation({ lat: place.lat, lng: place.lng, label: place.name, source: 'place' });
    goBack(navigate, routerLocation);
  }

  return (
    <AppPage title="Your location" backTo={HOME_PATH}>
      <div className="lm-user-location">
        {location && (
          <p className="lm-current-location">
            <IonIcon icon={locationOutline} aria-hidden="true" />
            <span>
              Now shopping near <strong>{location.label}</strong>
            </span>
          </p>
        )}
        <button
          type="button"
          className="lm-button lm-button-primary"
          onClick={() => void shareDeviceLocation()}
          disabled={busy}
          aria-busy={busy}
        >
          <IonIcon icon={navigateOutline} aria-hidden="true" />
          {busy ? 'Finding you…' : USE_CURRENT_LOCATION_LABEL}
        </button>
        {error && (
          <p className="lm-user-location-error" role="alert">
            {error}
          </p>
        )}

        <h2 className="lm-user-location-heading">Or choose a place</h2>
        <label className="lm-place-search">
          <IonIcon icon={searchOutline} aria-hidden="true" />
          <span className="lm-visually-hidden">{PLACE_SEARCH_LABEL}</span>
          <input
            type="search"
            value={text}
            placeholder="Neighbourhood or city"
            enterKeyHint="search"
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        {places.length === 0 ? (
          <p className="lm-user-location-empty" role="status">
            {NO_PLACES_MESSAGE}
          </p>
        ) : (
          <ul className="lm-place-list" aria-label="Places">
            {places.map((place) => {
              const current =
                location?.source === 'place' &&
                location.lat === place.lat &&
                location.lng === place.lng;
              return (
                <li key={place.id}>
                  <button
                    type="button"
                    className="lm-place-option"
                    aria-current={current ? 'true' : undefined}
                    onClick={() => void pick(place)}
                  >
                    <span className="lm-place-name">{place.name}</span>
                    <span className="lm-place-detail">{placeDetail(place)}</span>
                    {current && (
                      <IonIcon icon={checkmark} aria-hidden="true" className="lm-place-check" />
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </AppPage>
  );
}
