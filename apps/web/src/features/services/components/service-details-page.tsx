import {
  appointmentLabel,
  type AppointmentSlot,
  commonMessages,
  durationLabel,
  servicePriceLabel,
  type Service,
} from '@localmart/contract';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';
import { DistanceLabel } from '../../../components/catalog/distance-label.tsx';
import { ErrorState, ListSkeleton } from '../../../components/catalog/list-states.tsx';
import { OpenStateBadge } from '../../../components/catalog/open-state-badge.tsx';
import { useAddToCartAction } from '../../../components/catalog/use-add-to-cart-action.ts';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { useCountry } from '../../../lib/location/use-country.ts';
import { nearParams, useShopperLocation } from '../../../lib/location/use-shopper-location.ts';
import { useService } from '../api/get-service.ts';
import { AppointmentPicker } from '../../../components/appointments/appointment-picker.tsx';
import { useServiceSlots } from '../../../components/appointments/service-slots.ts';
import { providerServicesPath } from './provider-card.tsx';
import './services.css';

export const SERVICE_MISSING = 'This service is no longer offered';
export const CONTACT_LABEL = 'Contact';
export const BOOK_LABEL = 'Book';
export const PICK_A_TIME_HINT = 'Pick a time above to book.';

export function contactsPath(businessId: string): string {
  return `/contacts?business=${encodeURIComponent(businessId)}`;
}

function ServiceBody({ service }: { service: Service }) {
  const { country } = useCountry();
  const { business } = service;
  const [hero, ...more] = service.images;
  // Ionic keeps earlier pages in the DOM (another service's page may be one of them): unique ids.
  const nameId = useId();
  const providerId = useId();
  const cart = useAddToCartAction();
  const slots = useServiceSlots(service.id);
  const [picked, setPicked] = useState<AppointmentSlot | null>(null);
  const pickedLabel =
    picked && slots.data
      ? appointmentLabel(new Date(picked.startsAt), new Date(picked.endsAt), slots.data.timeZone)
      : null;
  return (
    <article className="lm-service-details" aria-labelledby={nameId}>
      {hero && (
        <div className="lm-service-hero">
          <CatalogImage image={hero} eager sizes="(min-width: 768px) 760px, 100vw" />
        </div>
      )}
      <p className="lm-service-category">{service.category.name}</p>
      <h2 id={nameId} className="lm-service-name">
        {service.name}
      </h2>
      <dl className="lm-service-facts">
        <div>
          <dt>Price</dt>
          <dd className="lm-service-price">
            {servicePriceLabel(service.price, service.priceType, country.locale)}
          </dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{durationLabel(service.durationMinutes)}</dd>
        </div>
      </dl>
      <p className="lm-service-description">{service.description}</p>
      {slots.isPending ? (
        <ListSkeleton count={1} variant="card" />
      ) : slots.isError ? (
        <ErrorState message={slots.error.message} onRetry={() => void slots.refetch()} />
      ) : (
        <AppointmentPicker
          slots={slots.data}
          value={picked?.startsAt ?? null}
          onChange={setPicked}
        />
      )}
      <div className="lm-service-booking">
        <p className="lm-service-picked" aria-live="polite">
          {pickedLabel ?? PICK_A_TIME_HINT}
        </p>
        <button
          type="button"
          className="lm-button lm-button-primary lm-service-book"
          disabled={cart.isPending || picked === null}
          aria-label={`${BOOK_LABEL} ${service.name}`}
          onClick={() =>
            picked &&
            cart.add({
              kind: 'service',
              itemId: service.id,
              quantity: 1,
              appointmentStartsAt: picked.startsAt,
            })
          }
        >
          {BOOK_LABEL}
        </button>
      </div>
      {more.length > 0 && (
        <ul className="lm-service-gallery" aria-label="More photos">
          {more.map((image) => (
            <li key={image.url}>
              <CatalogImage image={image} sizes="(min-width: 768px) 240px, 45vw" />
            </li>
          ))}
        </ul>
      )}
      <section className="lm-service-provider" aria-labelledby={providerId}>
        <h3 className="lm-service-provider-heading">Offered by</h3>
        <div className="lm-service-provider-card">
          <CatalogImage image={business.logo} sizes="56px" className="lm-service-provider-logo" />
          <div className="lm-service-provider-text">
            <p id={providerId} className="lm-service-provider-name">
              <Link to={providerServicesPath(business.id)}>{business.name}</Link>
            </p>
            <p className="lm-service-provider-meta">
              <OpenStateBadge state={business.openState} />
              {service.distanceKm !== null && (
                <>
                  <span aria-hidden="true"> · </span>
                  <DistanceLabel km={service.distanceKm} />
                </>
              )}
            </p>
            <p className="lm-service-provider-address">{business.addressLine}</p>
          </div>
        </div>
        <div className="lm-service-actions">
          <Link className="lm-button lm-service-contact" to={contactsPath(business.id)}>
            {CONTACT_LABEL}
          </Link>
        </div>
      </section>
    </article>
  );
}

/** service-details/{businessid}/{serviceid}: photos, price, duration, description and provider. */
export function ServiceDetailsPage({ backTo = '/services' }: { backTo?: string | undefined }) {
  const { businessid = '', serviceid = '' } = useParams();
  const { location } = useShopperLocation();
  const query = useService(businessid, serviceid, nearParams(location));

  let title = 'Service';
  let body;
  if (query.isPending) {
    body = <ListSkeleton count={1} variant="card" />;
  } else if (query.isError) {
    body = <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  } else if (!query.data.found) {
    title = commonMessages.pageNotFound;
    body = (
      <section className="lm-list-state" aria-label={SERVICE_MISSING}>
        <h2 className="lm-list-state-title">{SERVICE_MISSING}</h2>
        <p className="lm-list-state-message">
          <Link to="/services">See services near you</Link>
        </p>
      </section>
    );
  } else {
    title = query.data.service.business.name;
    body = <ServiceBody service={query.data.service} />;
  }

  return (
    <AppPage title={title} backTo={backTo}>
      <div className="lm-services">{body}</div>
    </AppPage>
  );
}
