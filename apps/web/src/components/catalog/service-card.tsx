import {
  durationLabel,
  formatDistance,
  servicePriceLabel,
  type Service,
} from '@localmart/contract';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useCountry } from '../../lib/location/use-country.ts';
import { CatalogImage } from './catalog-image.tsx';
import { DistanceLabel } from './distance-label.tsx';
import './service-card.css';

/** service-details/{businessid}/{serviceid} */
export function serviceDetailsPath(businessId: string, serviceId: string): string {
  return `/service-details/${encodeURIComponent(businessId)}/${encodeURIComponent(serviceId)}`;
}

export interface ServiceCardProps {
  service: Service;
  /** Hide the provider line where the page is already about the provider. */
  showProvider?: boolean;
  eager?: boolean;
}

/**
 * A bookable service as booking apps list it: photo, name, provider and distance, then the price
 * ("From $120.00" when it depends on the job) and how long it takes. The card is one link named by
 * the service.
 */
export function ServiceCard({ service, showProvider = true, eager = false }: ServiceCardProps) {
  const { country } = useCountry();
  const detailsId = useId();
  const image = service.images[0];
  const price = servicePriceLabel(service.price, service.priceType, country.locale);
  const duration = durationLabel(service.durationMinutes);
  // One sentence for assistive technology: the visible pieces are separate boxes without punctuation.
  const description = [
    service.category.name,
    showProvider &&
      [
        service.business.name,
        service.distanceKm !== null && `${formatDistance(service.distanceKm, country.units)} away`,
      ]
        .filter(Boolean)
        .join(', '),
    `${price}, ${duration}`,
  ]
    .filter(Boolean)
    .join('. ');
  return (
    <Link
      className="lm-service-card"
      to={serviceDetailsPath(service.business.id, service.id)}
      aria-label={service.name}
      aria-describedby={detailsId}
    >
      {image && (
        <div className="lm-service-card-photo">
          <CatalogImage image={image} eager={eager} sizes="(min-width: 768px) 160px, 112px" />
        </div>
      )}
      <span id={detailsId} hidden>
        {description}
      </span>
      <div className="lm-service-card-text">
        <span className="lm-service-card-category">{service.category.name}</span>
        <span className="lm-service-card-name">{service.name}</span>
        {showProvider && (
          <span className="lm-service-card-provider">
            {service.business.name}
            {service.distanceKm !== null && (
              <>
                <span aria-hidden="true"> · </span>
                <DistanceLabel km={service.distanceKm} />
              </>
            )}
          </span>
        )}
        <span className="lm-service-card-meta">
          <span className="lm-service-card-price">{price}</span>
          <span aria-hidden="true"> · </span>
          <span className="lm-service-card-duration">{durationLabel(service.durationMinutes)}</span>
        </span>
      </div>
    </Link>
  );
}
