import type { BusinessKind, BusinessSummary } from '@localmart/contract';
import { Link } from 'react-router-dom';
import { CatalogImage } from './catalog-image.tsx';
import { DistanceLabel } from './distance-label.tsx';
import { OpenStateBadge } from './open-state-badge.tsx';
import { AnswerTimeBadge, RatingLine } from '../reviews/rating-line.tsx';
import './catalog.css';

/** The store page tab a card opens on: what that kind of business mainly sells. */
const FIRST_TAB: Record<BusinessKind, string> = {
  retail: 'products',
  restaurant: 'menu',
  service: 'services',
};

export function businessPath(business: Pick<BusinessSummary, 'id' | 'kind'>): string {
  return `/business-details/${encodeURIComponent(business.id)}/${FIRST_TAB[business.kind]}`;
}

export interface StoreCardProps {
  business: BusinessSummary;
  /** The first cards of a list are above the fold: their cover loads at once (LCP). */
  eager?: boolean;
}

/**
 * A store in the Stores list: cover, logo, name, open state, distance, pickup promise and address.
 * The name is the link (its accessible name is the store's name); the whole card is clickable.
 */
export function StoreCard({ business, eager = false }: StoreCardProps) {
  const categories = business.categories.slice(0, 2).map((category) => category.name);
  return (
    <article className="lm-store-card">
      <div className="lm-store-card-media">
        <CatalogImage
          image={business.cover}
          eager={eager}
          sizes="(min-width: 768px) 50vw, 100vw"
          className="lm-store-card-cover"
        />
        <CatalogImage image={business.logo} sizes="56px" className="lm-store-card-logo" />
      </div>
      <div className="lm-store-card-body">
        <h3 className="lm-store-card-name">
          <Link to={businessPath(business)} className="lm-stretched-link">
            {business.name}
          </Link>
        </h3>
        <div className="lm-store-card-meta">
          <OpenStateBadge state={business.openState} />
          {business.distanceKm !== null && (
            <>
              <span aria-hidden="true" className="lm-dot">
                ·
              </span>
              <DistanceLabel km={business.distanceKm} />
            </>
          )}
        </div>
        {business.pickupPromise && (
          <p className="lm-store-card-promise">{business.pickupPromise}</p>
        )}
        {/* Verified reviews and real answer times (ADR 0016): nothing shows without them. */}
        <RatingLine rating={business.rating} className="lm-store-card-rating" />
        <AnswerTimeBadge minutes={business.answerMinutes} />
        <p className="lm-store-card-address">
          {categories.length > 0 && (
            <span className="lm-store-card-categories">{categories.join(', ')} · </span>
          )}
          {business.addressLine}
        </p>
      </div>
    </article>
  );
}
