import { formatPrice, PRICE_MATCH_STATUS_LABELS, type PriceMatch } from '@localmart/contract';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../../components/catalog/list-states.tsx';
import { productDetailsPath } from '../../../components/catalog/product-card.tsx';
import { PRICE_MATCH_LABEL } from '../../../components/price-match/price-match-button.tsx';
import { ContentSkeleton } from '../../../components/ui/content-skeleton.tsx';
import { useCountry } from '../../../lib/location/use-country.ts';
import { useShopperEvents } from '../../../lib/shopper-live.ts';
import { usePriceMatches } from '../api/get-price-matches.ts';
import './price-match-list.css';

export const PRICE_MATCHES_TITLE = 'Price-match requests';
export const NO_PRICE_MATCHES_TITLE = 'No price-match requests yet.';
export const NO_PRICE_MATCHES_MESSAGE = `To ask a store to match a competitor's price, use the ${PRICE_MATCH_LABEL} button under the store's offer on a product page.`;

/**
 * The shopper's clock and language, as the order pages show dates (features/orders/model/format.ts;
 * features do not import each other).
 */
function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** When the approved match stops applying to orders; said in the past once it has. */
function matchedUntil(expiresAt: string, now: number): string {
  const verb = Date.parse(expiresAt) > now ? 'applies' : 'applied';
  return `Matched price ${verb} until`;
}

function PriceMatchItem({ request, locale }: { request: PriceMatch; locale: string }) {
  const decided = request.status !== 'pending';
  return (
    <li className="lm-card lm-price-match-item">
      <div className="lm-price-match-head">
        <Link className="lm-price-match-product" to={productDetailsPath(request.productId)}>
          {request.productTitle}
        </Link>
        <span className={`lm-price-match-chip lm-price-match-chip-${request.status}`}>
          {PRICE_MATCH_STATUS_LABELS[request.status]}
        </span>
      </div>
      <p className="lm-price-match-meta">
        {request.businessName} · Asked{' '}
        <time dateTime={request.createdAt}>{formatDate(request.createdAt)}</time>
      </p>
      <p className="lm-price-match-prices">
        <span>
          Competitor: {request.competitorName} {formatPrice(request.competitorPrice, locale)}
        </span>
        <span className="lm-price-match-vs"> vs </span>
        <span>Store price {formatPrice(request.storePrice, locale)}</span>
      </p>
      {request.status === 'approved' && request.expiresAt && (
        <p className="lm-price-match-until">
          {matchedUntil(request.expiresAt, Date.now())}{' '}
          <time dateTime={request.expiresAt}>{formatDate(request.expiresAt)}</time>
        </p>
      )}
      {decided && request.storeNote && (
        <p className="lm-price-match-note">
          {request.businessName}'s note: <q>{request.storeNote}</q>
        </p>
      )}
    </li>
  );
}

/**
 * The profile's list of the shopper's own price-match requests: the only place in the app where
 * they learn whether the store approved or declined one.
 */
export function PriceMatchList() {
  const query = usePriceMatches();
  const { country } = useCountry();
  // A store's decision arrives live (price_match.decided): read the list again.
  const { refetch } = query;
  useShopperEvents((event) => {
    if (event.data.kind === 'price_match.decided') void refetch();
  });
  const headingId = useId();

  let body;
  if (query.data) {
    body =
      query.data.length === 0 ? (
        <EmptyState title={NO_PRICE_MATCHES_TITLE} message={NO_PRICE_MATCHES_MESSAGE} />
      ) : (
        <ul className="lm-price-match-list" aria-labelledby={headingId}>
          {query.data.map((request) => (
            <PriceMatchItem key={request.id} request={request} locale={country.locale} />
          ))}
        </ul>
      );
  } else if (query.isError) {
    body = <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  } else {
    body = <ContentSkeleton label="Loading price-match requests" />;
  }

  return (
    <section className="lm-price-matches" aria-labelledby={headingId}>
      <h2 id={headingId} className="lm-section-title">
        {PRICE_MATCHES_TITLE}
      </h2>
      {body}
    </section>
  );
}
