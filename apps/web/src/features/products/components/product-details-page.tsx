import { formatPrice, type ProductDetail, type SubstitutionPreference } from '@localmart/contract';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../../components/catalog/list-states.tsx';
import { PriceTag } from '../../../components/catalog/price-tag.tsx';
import { RatingLine } from '../../../components/reviews/rating-line.tsx';
import { ReviewsSectionSlot } from '../../../components/reviews/reviews-section-slot.tsx';
import { FavouriteButton } from '../../../components/lists/favourite-button.tsx';
import { AddToListButton } from '../../../components/lists/add-to-list-button.tsx';
import { storeCountLabel } from '../../../components/catalog/product-card.tsx';
import { AddSubstitutionChoice } from '../../../components/substitution/add-substitution-choice.tsx';
import { useSubstitutionDefault } from '../../../components/substitution/use-substitution-default.ts';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { nearParams, useShopperLocation } from '../../../lib/location/use-shopper-location.ts';
import { useSession } from '../../../lib/storage.ts';
import { useCountry } from '../../../lib/location/use-country.ts';
import { useProduct } from '../api/get-product.ts';
import { categoryProductsPath, DETAILS_PATH, PRODUCTS_PATH } from '../model/paths.ts';
import { usePageSearch } from '../model/use-page-search.ts';
import { ProductGallery } from './product-gallery.tsx';
import { StoreOffer } from './store-offer.tsx';
import '../products.css';

export const DETAILS_TITLE = 'Product details';
export const PRODUCT_NOT_FOUND = 'Product not found';
export const BACK_TO_PRODUCTS = 'Back to products';
export const NO_OFFERS = 'No store near you has this product right now.';

/**
 * /details?id=<productId>: photos, brand content, and every store's offer nearest first, each with
 * its price, stock wording, freshness, pickup promise and actions. An unknown or missing id shows a
 * not-found state with a way back, not an error.
 */
export function ProductDetailsPage() {
  const id = new URLSearchParams(usePageSearch(DETAILS_PATH)).get('id') ?? '';
  const { location } = useShopperLocation();
  const near = useMemo(() => nearParams(location), [location]);
  const query = useProduct(id, near);

  let body;
  if (id === '' || (query.isSuccess && !query.data.found)) {
    body = (
      <EmptyState
        title={PRODUCT_NOT_FOUND}
        message="This product is no longer listed, or the link is incomplete."
        action={
          <Link to={PRODUCTS_PATH} className="lm-button lm-button-primary">
            {BACK_TO_PRODUCTS}
          </Link>
        }
      />
    );
  } else if (query.isPending) {
    body = <DetailsSkeleton />;
  } else if (query.isError) {
    body = <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  } else if (query.data.found) {
    body = <ProductDetails key={query.data.product.id} product={query.data.product} />;
  }

  return (
    <AppPage title={DETAILS_TITLE} backTo={PRODUCTS_PATH} contentClassName="lm-pd-content">
      {body}
    </AppPage>
  );
}

/**
 * What the page shows for the chosen size (ADR 0020): each size is its own product with its store's
 * offer, so the title, the price, the stock and what Add to cart / Reserve adds follow the choice.
 */
function chosenSize(product: ProductDetail, chosenId: string) {
  const size = product.variants.find((variant) => variant.id === chosenId);
  if (!size || size.id === product.id) {
    return {
      id: product.id,
      title: product.title,
      attributes: product.attributes,
      offers: product.offers,
      lowestPrice: product.lowestPrice,
    };
  }
  return {
    id: size.id,
    title: size.title,
    attributes: size.attributes,
    offers: size.offer ? [size.offer] : [],
    lowestPrice: size.offer?.currentPrice ?? null,
  };
}

function ProductDetails({ product }: { product: ProductDetail }) {
  // One clock per answer, so every "stock updated" line of the page agrees.
  const [now] = useState(() => new Date());
  const offersHeadingId = useId();
  const [chosenId, setChosenId] = useState(product.id);
  const shown = chosenSize(product, chosenId);
  const images = product.images.length > 0 ? product.images : product.image ? [product.image] : [];
  const inStockCount = shown.offers.filter((offer) => offer.stock.inStock).length;
  // "If the store runs out": starts from the shopper's remembered default until they pick here.
  const { isLoggedIn } = useSession();
  const remembered = useSubstitutionDefault(isLoggedIn);
  const [picked, setPicked] = useState<SubstitutionPreference | null>(null);
  const substitution = picked ?? remembered;
  return (
    <div className="lm-pd">
      <div className="lm-pd-top">
        <ProductGallery images={images} title={product.title} />
        <section className="lm-pd-info">
          {product.categoryPath.length > 0 && (
            <nav aria-label="Category" className="lm-pd-breadcrumb">
              <ol>
                {product.categoryPath.map((category) => (
                  <li key={category.id}>
                    <Link to={categoryProductsPath(category.slug)}>{category.name}</Link>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          {product.brand && <p className="lm-pd-brand">{product.brand}</p>}
          <h2 className="lm-pd-title">{shown.title}</h2>
          <RatingLine rating={product.rating} />
          {product.variants.length > 1 ? (
            <SizeChooser product={product} chosenId={shown.id} onChoose={setChosenId} />
          ) : null}
          {shown.lowestPrice ? (
            <p className="lm-pd-price">
              {shown.offers.length > 1 && <span className="lm-pd-from">From </span>}
              <PriceTag price={shown.lowestPrice} />
              <span className="lm-pd-stores">
                {` at ${storeCountLabel(shown.offers.length)}`}
                {inStockCount > 0 && ` · in stock at ${inStockCount}`}
              </span>
            </p>
          ) : (
            <p className="lm-pd-price lm-pd-stores">{NO_OFFERS}</p>
          )}
          <div className="lm-list-actions">
            <FavouriteButton kind="product" targetId={shown.id} name={shown.title} />
            <AddToListButton target={{ productId: shown.id }} name={shown.title} />
          </div>
          {product.description && <p className="lm-pd-description">{product.description}</p>}
          <table className="lm-pd-attributes">
            <caption>Product information</caption>
            <tbody>
              {shown.attributes.map((attribute) => (
                <tr key={attribute.name}>
                  <th scope="row">{attribute.name}</th>
                  <td>{attribute.value}</td>
                </tr>
              ))}
              {/* A store's own product (house-made bread) has no barcode. */}
              {product.gtin ? (
                <tr>
                  <th scope="row">GTIN</th>
                  <td>{product.gtin}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </section>
      </div>
      <section className="lm-pd-offers" aria-labelledby={offersHeadingId}>
        <h2 id={offersHeadingId} className="lm-pd-offers-heading">
          {shown.offers.length > 0
            ? `Available at ${storeCountLabel(shown.offers.length)}`
            : 'Where to buy'}
        </h2>
        {shown.offers.length === 0 ? (
          <p className="lm-pd-no-offers">{NO_OFFERS}</p>
        ) : (
          <>
            {inStockCount > 0 ? (
              <AddSubstitutionChoice value={substitution} onChange={setPicked} />
            ) : null}
            <ul className="lm-pd-offer-list">
              {shown.offers.map((offer) => (
                <li key={offer.id}>
                  <StoreOffer offer={offer} now={now} substitution={picked ?? undefined} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <ReviewsSectionSlot of={{ kind: 'product', productId: product.id }} />
    </div>
  );
}

/**
 * The sizes of a store's own product as a row of choices (a radio group drawn as chips), each with
 * its price and stock at the store; the chosen one drives the rest of the page.
 */
function SizeChooser({
  product,
  chosenId,
  onChoose,
}: {
  product: ProductDetail;
  chosenId: string;
  onChoose: (id: string) => void;
}) {
  const name = useId();
  const { country } = useCountry();
  return (
    <fieldset className="lm-pd-sizes">
      <legend>
        {product.variants.length} sizes
        <span className="lm-visually-hidden">: choose one</span>
      </legend>
      <div className="lm-pd-size-options">
        {product.variants.map((size) => (
          <label key={size.id} className="lm-pd-size">
            <input
              type="radio"
              name={name}
              value={size.id}
              checked={size.id === chosenId}
              onChange={() => onChoose(size.id)}
            />
            <span className="lm-pd-size-label">{size.label}</span>
            <span className="lm-pd-size-price">
              {size.offer ? formatPrice(size.offer.currentPrice, country.locale) : 'Not available'}
            </span>
            {size.offer ? (
              <span
                className={
                  size.offer.stock.inStock ? 'lm-pd-size-stock' : 'lm-pd-size-stock lm-pd-size-out'
                }
              >
                {size.offer.stock.label}
              </span>
            ) : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Grey shapes in the layout of the page (photo, title lines, offer rows), so nothing jumps. */
function DetailsSkeleton() {
  return (
    <div className="lm-pd" role="status" aria-live="polite" aria-busy="true">
      <span className="lm-visually-hidden">Loading product…</span>
      <div className="lm-pd-top" aria-hidden="true">
        <div className="lm-pd-gallery lm-pd-skeleton-photo lm-shimmer" />
        <div className="lm-pd-info">
          <div className="lm-pd-skeleton-line lm-shimmer" />
          <div className="lm-pd-skeleton-line lm-pd-skeleton-title lm-shimmer" />
          <div className="lm-pd-skeleton-line lm-pd-skeleton-short lm-shimmer" />
        </div>
      </div>
      <div aria-hidden="true">
        {[0, 1, 2].map((row) => (
          <div key={row} className="lm-pd-skeleton-offer lm-shimmer" />
        ))}
      </div>
    </div>
  );
}
