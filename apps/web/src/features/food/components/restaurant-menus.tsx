import type { BusinessSummary } from '@localmart/contract';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';
import { DistanceLabel } from '../../../components/catalog/distance-label.tsx';
import { menuDetailsPath } from '../../../components/catalog/food-item-card.tsx';
import { OpenStateBadge } from '../../../components/catalog/open-state-badge.tsx';
import { useBusinessMenus } from '../../../lib/catalog/business-menus.ts';

export const MENUS_FAILED = 'Menus could not be loaded.';

function itemCount(count: number): string {
  return `${count} ${count === 1 ? 'dish' : 'dishes'}`;
}

/**
 * A restaurant in menulist: logo, name, cuisine, open state and distance, then each of its menus as
 * a link to menu-details. Menus load per restaurant, so one slow restaurant does not hold the list.
 */
export function RestaurantMenus({
  business,
  eager = false,
}: {
  business: BusinessSummary;
  eager?: boolean;
}) {
  const menus = useBusinessMenus(business.id);
  const headingId = useId();
  const cuisines = business.categories.map((category) => category.name).join(', ');
  return (
    <article className="lm-restaurant" aria-labelledby={headingId}>
      <header className="lm-restaurant-head">
        <CatalogImage
          image={business.logo}
          sizes="48px"
          className="lm-restaurant-logo"
          eager={eager}
        />
        <div className="lm-restaurant-title">
          <h2 id={headingId} className="lm-restaurant-name">
            {business.name}
          </h2>
          {cuisines && <p className="lm-restaurant-cuisine">{cuisines}</p>}
          <p className="lm-restaurant-meta">
            <OpenStateBadge state={business.openState} />
            {business.distanceKm !== null && (
              <>
                <span aria-hidden="true"> · </span>
                <DistanceLabel km={business.distanceKm} />
              </>
            )}
          </p>
          {business.pickupPromise && (
            <p className="lm-restaurant-promise">{business.pickupPromise}</p>
          )}
        </div>
      </header>
      {menus.isPending && (
        <div className="lm-restaurant-menus-loading lm-shimmer" aria-hidden="true" />
      )}
      {menus.isError && (
        <p className="lm-restaurant-menus-error" role="alert">
          {MENUS_FAILED}{' '}
          <button type="button" className="lm-link-button" onClick={() => void menus.refetch()}>
            Retry
          </button>
        </p>
      )}
      {menus.data && menus.data.length > 0 && (
        <ul className="lm-restaurant-menus" aria-label={`Menus of ${business.name}`}>
          {menus.data.map((menu) => (
            <li key={menu.id}>
              <Link className="lm-menu-link" to={menuDetailsPath(business.id, menu.id)}>
                {menu.image && (
                  <CatalogImage image={menu.image} sizes="72px" className="lm-menu-link-image" />
                )}
                <span className="lm-menu-link-text">
                  <span className="lm-menu-link-name">{menu.name}</span>
                  <span className="lm-menu-link-count">{itemCount(menu.itemCount)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {menus.data?.length === 0 && <p className="lm-restaurant-no-menu">No menu online yet.</p>}
    </article>
  );
}
