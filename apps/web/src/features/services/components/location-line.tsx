import { Link } from 'react-router-dom';
import type { ShopperLocation } from '../../../lib/location/use-shopper-location.ts';

export const SET_LOCATION_LABEL = 'Set your location';

/** "Near Downtown Toronto · Change", or a prompt to set one so distances and sorting by it work. */
export function LocationLine({ location }: { location: ShopperLocation | null }) {
  return (
    <p className="lm-services-location">
      {location ? (
        <>
          Near <strong>{location.label}</strong> · <Link to="/user-location">Change</Link>
        </>
      ) : (
        <>
          <Link to="/user-location">{SET_LOCATION_LABEL}</Link> to see what is closest first.
        </>
      )}
    </p>
  );
}
