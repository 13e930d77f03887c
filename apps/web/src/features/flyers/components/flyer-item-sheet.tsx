import type { FlyerItem } from '@localmart/contract';
import { Link } from 'react-router-dom';
import { DistanceLabel } from '../../../components/catalog/distance-label.tsx';
import { AddToListButton } from '../../../components/lists/add-to-list-button.tsx';
import { flyerValidityLabel } from '../../../components/catalog/flyer-card.tsx';
import { OfferActions } from '../../../components/catalog/offer-actions.tsx';
import { OpenStateBadge } from '../../../components/catalog/open-state-badge.tsx';
import { PriceTag } from '../../../components/catalog/price-tag.tsx';
import { productDetailsPath } from '../../../components/catalog/product-card.tsx';
import { StockBadge } from '../../../components/catalog/stock-badge.tsx';

export const VIEW_PRODUCT_LABEL = 'View product details';
export const IN_STORE_ONLY = 'This deal is available in store.';

/**
 * What a tapped hotspot shows: the flyer's printed deal, and for a linked item the LIVE offer
 * (today's price and stock at the store), since the flyer was printed days ago and stock moves.
 */
export function FlyerItemSheet({ item, onNavigate }: { item: FlyerItem; onNavigate: () => void }) {
  const offer = item.offer;
  return (
    <div className="lm-flyer-sheet">
      <p className="lm-flyer-sheet-price">{item.priceText}</p>
      {item.saleStory && <p className="lm-flyer-sheet-story">{item.saleStory}</p>}
      <p className="lm-flyer-sheet-dates">{flyerValidityLabel(item.validFrom, item.validTo)}</p>
      <div className="lm-list-actions">
        {/* Issue 17: "Clip" puts this deal on the shopper's list with the flyer's price. */}
        <AddToListButton target={{ flyerItemId: item.id }} name={item.title} clip />
      </div>
      {offer ? (
        <section className="lm-flyer-sheet-offer" aria-label="Live offer">
          <h3 className="lm-flyer-sheet-heading">Now at {offer.business.name}</h3>
          <div className="lm-flyer-sheet-row">
            <PriceTag price={offer.currentPrice} regular={offer.onSale ? offer.price : undefined} />
            <StockBadge stock={offer.stock} />
          </div>
          <div className="lm-flyer-sheet-row lm-flyer-sheet-store">
            <OpenStateBadge state={offer.business.openState} />
            <DistanceLabel km={offer.distanceKm} />
          </div>
          {offer.pickupPromise && <p className="lm-flyer-sheet-note">{offer.pickupPromise}</p>}
          <OfferActions offer={offer} onNavigate={onNavigate} />
        </section>
      ) : (
        !item.productId && <p className="lm-flyer-sheet-note">{IN_STORE_ONLY}</p>
      )}
      {item.productId && (
        <Link
          className="lm-flyer-sheet-link"
          to={productDetailsPath(item.productId)}
          onClick={onNavigate}
        >
          {VIEW_PRODUCT_LABEL}
        </Link>
      )}
    </div>
  );
}
