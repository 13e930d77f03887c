import { type ProductDetail, type SubstitutionPreference } from '@localmart/contract';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../../components/catalog/list-states.tsx';
import { PriceTag } from '../../../components/catalog/price-tag.tsx';
import { storeCountLabel } from '../../../components/catalog/product-card.tsx';
import { AddSubstitutionChoice } from '../../../components/substitution/add-substitution-choice.tsx';
import { useSubstitutionDefault } from '../../../components/substitution/use-substitution-default.ts';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { nearParams, useShopperLocation } from '../../../lib/location/use-shopper-location.ts';
import { useSession } from '../../../lib/storage.ts';
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
    body = <ProductDetails product={query.data.product} />;
  }

  return (
    <AppPage title={DETAILS_TITLE} backTo={PRODUCTS_PATH} contentClassName="lm-pd-content">
      {body}
    </AppPage>
  );
}

function ProductDetails({ product }: { product: ProductDetail }) {
  // One clock per answer, so every "stock updated" line of the page agrees.
  const [now] = useState(() => new Date());
  const offersHeadingId = useId();
  const images = product.images.length > 0 ? product.images : product.image ? [product.image] : [];
  const inStockCount = product.offers.filter((offer) => offer.stock.inStock).length;
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
          <h2 className="lm-pd-title">{product.title}</h2>
          {product.lowestPrice ? (
            <p className="lm-pd-price">
              {product.offers.length > 1 && <span className="lm-pd-from">From </span>}
              <PriceTag price={product.lowestPrice} />
              <span className="lm-pd-stores">
                {` at ${storeCountLabel(product.offers.length)}`}
                {inStockCount > 0 && ` · in stock at ${inStockCount}`}
              </span>
            </p>
          ) : (
            <p className="lm-pd-price lm-pd-stores">{NO_OFFERS}</p>
          )}
          {product.description && <p className="lm-pd-description">{product.description}</p>}
          <table className="lm-pd-attributes">
            <caption>Product information</caption>
            <tbody>
              {product.attributes.map((attribute) => (
                <tr key={attribute.name}>
                  <th scope="row">{attribute.name}</th>
                  <td>{attribute.value}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">GTIN</th>
                <td>{product.gtin}</td>
              </tr>
            </tbody>
          </table>
        </section>
      </div>
      <section className="lm-pd-offers" aria-labelledby={offersHeadingId}>
        <h2 id={offersHeadingId} className="lm-pd-offers-heading">
          {product.offers.length > 0
            ? `Available at ${storeCountLabel(product.offers.length)}`
            : 'Where to buy'}
        </h2>
        {product.offers.length === 0 ? (
          <p className="lm-pd-no-offers">{NO_OFFERS}</p>
        ) : (
          <>
            {inStockCount > 0 ? (
              <AddSubstitutionChoice value={substitution} onChange={setPicked} />
            ) : null}
            <ul className="lm-pd-offer-list">
              {product.offers.map((offer) => (
                <li key={offer.id}>
                  <StoreOffer offer={offer} now={now} substitution={picked ?? undefined} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
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
