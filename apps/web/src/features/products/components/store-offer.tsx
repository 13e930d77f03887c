import type { Offer, SubstitutionPreference } from '@localmart/contract';
import { IonIcon } from '@ionic/react';
import { timeOutline } from 'ionicons/icons';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { CatalogImage } from '../../../components/catalog/catalog-image.tsx';
import { DistanceLabel } from '../../../components/catalog/distance-label.tsx';
import { OfferActions } from '../../../components/catalog/offer-actions.tsx';
import { OpenStateBadge } from '../../../components/catalog/open-state-badge.tsx';
import { PriceTag } from '../../../components/catalog/price-tag.tsx';
import { StockBadge } from '../../../components/catalog/stock-badge.tsx';
import { PriceMatchButton } from '../../../components/price-match/price-match-button.tsx';
import { storeProductsPath } from '../model/paths.ts';
import { stockUpdatedLabel } from '../model/time-ago.ts';

export interface StoreOfferProps {
  offer: Offer;
  /** "Now" for the freshness line; passed in so one render reads one clock. */
  now: Date;
  /** The page's "If the store runs out" choice, sent with Add to cart and Reserve. */
  substitution?: SubstitutionPreference | undefined;
}

/**
 * One store's offer on the product page: the store (a link to its Products tab), whether it is open
 * and how far, the price it charges (sale struck), its stock wording and how fresh that count is,
 * when an order is usually ready, the Reserve / Add to cart buttons its fulfilment allows, and a
 * way to ask the store to match a competitor's price.
 */
export function StoreOffer({ offer, now, substitution }: StoreOfferProps) {
  const nameId = useId();
  const { business } = offer;
  return (
    <article className="lm-pd-offer" aria-labelledby={nameId}>
      <div className="lm-pd-offer-head">
        <CatalogImage image={business.logo} sizes="44px" className="lm-pd-offer-logo" />
        <div className="lm-pd-offer-store">
          <h3 id={nameId} className="lm-pd-offer-name">
            <Link to={storeProductsPath(business.id)}>{business.name}</Link>
          </h3>
          <p className="lm-pd-offer-meta">
            <OpenStateBadge state={business.openState} />
            {offer.distanceKm !== null && (
              <>
                <span aria-hidden="true" className="lm-dot">
                  {' · '}
                </span>
                <DistanceLabel km={offer.distanceKm} />
              </>
            )}
          </p>
          <p className="lm-pd-offer-address">{business.addressLine}</p>
        </div>
        <div className="lm-pd-offer-price">
          <PriceTag price={offer.currentPrice} regular={offer.onSale ? offer.price : undefined} />
        </div>
      </div>
      <div className="lm-pd-offer-stock">
        <StockBadge stock={offer.stock} />
        <span className="lm-pd-offer-updated">{stockUpdatedLabel(offer.updatedAt, now)}</span>
      </div>
      {offer.pickupPromise && (
        <p className="lm-pd-offer-promise">
          <IonIcon icon={timeOutline} aria-hidden="true" />
          {offer.pickupPromise}
        </p>
      )}
      <OfferActions offer={offer} substitution={substitution} />
      {offer.quantity > 0 && <PriceMatchButton offer={offer} />}
    </article>
  );
}
