import { durationLabel, servicePriceLabel, type BusinessSummary } from '@localmart/contract';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';
import { DistanceLabel } from '../../../components/catalog/distance-label.tsx';
import { OpenStateBadge } from '../../../components/catalog/open-state-badge.tsx';
import { serviceDetailsPath } from '../../../components/catalog/service-card.tsx';
import { useCountry } from '../../../lib/location/use-country.ts';
import type { Near } from '../../../lib/catalog/businesses-of-kind.ts';
import { useProviderServices } from '../api/get-services.ts';

export const SERVICES_FAILED = 'Services could not be loaded.';

export function providerServicesPath(businessId: string): string {
  return `/business-details/${encodeURIComponent(businessId)}/services`;
}

/**
 * A service provider on servicelist: cover, logo, trade, open state and distance, then its first
 * few services with price and duration, each a link to service-details, and a link to all of them.
 */
export function ProviderCard({
  business,
  near,
  eager = false,
}: {
  business: BusinessSummary;
  near: Near;
  eager?: boolean;
}) {
  const { country } = useCountry();
  const services = useProviderServices(business.id, near);
  const headingId = useId();
  const trades = business.categories.map((category) => category.name).join(', ');
  return (
    <article className="lm-provider" aria-labelledby={headingId}>
      <div className="lm-provider-media">
        <CatalogImage
          image={business.cover}
          eager={eager}
          sizes="(min-width: 768px) 760px, 100vw"
          className="lm-provider-cover"
        />
        <CatalogImage image={business.logo} sizes="48px" className="lm-provider-logo" />
      </div>
      <div className="lm-provider-body">
        <h2 id={headingId} className="lm-provider-name">
          {business.name}
        </h2>
        {trades && <p className="lm-provider-trade">{trades}</p>}
        <p className="lm-provider-meta">
          <OpenStateBadge state={business.openState} />
          {business.distanceKm !== null && (
            <>
              <span aria-hidden="true"> · </span>
              <DistanceLabel km={business.distanceKm} />
            </>
          )}
        </p>
        {services.isPending && <div className="lm-provider-services-loading lm-shimmer" />}
        {services.isError && (
          <p className="lm-provider-services-error" role="alert">
            {SERVICES_FAILED}{' '}
            <button
              type="button"
              className="lm-link-button"
              onClick={() => void services.refetch()}
            >
              Retry
            </button>
          </p>
        )}
        {services.data && services.data.results.length > 0 && (
          <ul className="lm-provider-services" aria-label={`Services of ${business.name}`}>
            {services.data.results.map((service) => (
              <li key={service.id}>
                <Link
                  className="lm-provider-service"
                  to={serviceDetailsPath(business.id, service.id)}
                >
                  <span className="lm-provider-service-name">{service.name}</span>
                  <span className="lm-provider-service-price">
                    {servicePriceLabel(service.price, service.priceType, country.locale)}
                    <span aria-hidden="true"> · </span>
                    {durationLabel(service.durationMinutes)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link className="lm-provider-all" to={providerServicesPath(business.id)}>
          {`All services at ${business.name}`}
        </Link>
      </div>
    </article>
  );
}
