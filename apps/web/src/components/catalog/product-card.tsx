import type { ProductSummary } from '@localmart/contract';
import { Link } from 'react-router-dom';
import { CatalogImage } from './catalog-image.tsx';
import { DistanceLabel } from './distance-label.tsx';
import { PriceTag } from './price-tag.tsx';
import { RatingLine } from '../reviews/rating-line.tsx';
import { StockBadge } from './stock-badge.tsx';
import './product-card.css';

export const NOT_NEARBY_LABEL = 'Not available nearby';
export const SALE_LABEL = 'Sale';

/** details?id=<productId> (route table: the product page takes its id in the query string). */
export function productDetailsPath(productId: string): string {
  return `/details?id=${encodeURIComponent(productId)}`;
}

/** '1 store' / '4 stores'. */
export function storeCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'store' : 'stores'}`;
}

export interface ProductCardProps {
  product: ProductSummary;
  /** The first cards of the grid are above the fold: their image loads at once (LCP). */
  eager?: boolean;
  /**
   * Whether the card names the offer's store and its distance. Off inside a store's own page (its
   * Products tab), where every card would repeat the store the shopper is looking at.
   */
  showStore?: boolean;
}

/**
 * A product in a grid (Products, a store's Products tab), as shopping apps show one: packshot, brand,
 * title, the lowest price nearby (the regular price struck when that price is a sale), and the offer
 * the card leads with (its store, distance and stock wording), then how many stores carry it. The
 * title is the link; a stretched link makes the whole card tappable.
 */
export function ProductCard({ product, eager = false, showStore = true }: ProductCardProps) {
  const best = product.bestOffer;
  // A store's own product in several sizes is one card (ADR 0020): "2 sizes", from its lowest price.
  const sizes = product.sizes ?? null;
  const lowest = sizes ? sizes.from : product.lowestPrice;
  // Strike the regular price only when the lowest price is the best offer's sale price; a struck
  // price from another store than the one shown would mislead.
  const regular =
    best && lowest && best.onSale && best.currentPrice.amount === lowest.amount
      ? best.price
      : undefined;
  return (
    <article className="lm-product-card">
      <div className="lm-product-card-media">
        {product.image ? (
          <CatalogImage
            image={product.image}
            eager={eager}
            sizes="(min-width: 1200px) 20vw, (min-width: 768px) 30vw, 50vw"
            className="lm-product-card-image"
          />
        ) : (
          <div className="lm-product-card-noimage" aria-hidden="true" />
        )}
        {regular && <span className="lm-product-card-sale">{SALE_LABEL}</span>}
      </div>
      <div className="lm-product-card-body">
        {product.brand && <p className="lm-product-card-brand">{product.brand}</p>}
        <h3 className="lm-product-card-title">
          <Link to={productDetailsPath(product.id)} className="lm-stretched-link">
            {product.title}
          </Link>
        </h3>
        {sizes && <p className="lm-product-card-sizes">{sizes.count} sizes</p>}
        <RatingLine rating={product.rating} />
        {lowest ? (
          <div className="lm-product-card-price">
            {(product.offerCount > 1 || sizes) && (
              <span className="lm-product-card-from">From </span>
            )}
            <PriceTag price={lowest} regular={regular} />
          </div>
        ) : (
          <p className="lm-product-card-unavailable">{NOT_NEARBY_LABEL}</p>
        )}
        {best && (
          <div className="lm-product-card-offer">
            {showStore && (
              <p className="lm-product-card-store">
                <span className="lm-product-card-store-name">{best.business.name}</span>
                {best.distanceKm !== null && (
                  <>
                    <span aria-hidden="true" className="lm-dot">
                      {' · '}
                    </span>
                    <DistanceLabel km={best.distanceKm} />
                  </>
                )}
              </p>
            )}
            <StockBadge stock={best.stock} />
          </div>
        )}
        {product.offerCount > 0 && (
          <p className="lm-product-card-stores">{storeCountLabel(product.offerCount)}</p>
        )}
      </div>
    </article>
  );
}
