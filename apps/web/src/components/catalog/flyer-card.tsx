import { parseLocalDate, shortDateLabel, type FlyerSummary } from '@localmart/contract';
import { Link } from 'react-router-dom';
import { CatalogImage } from './catalog-image.tsx';
import { flyerEndsLabel } from './store-dates.ts';
import './flyer-card.css';

/** '2026-11-19' -> 'Thu Nov 19'; the text as given if it is not a calendar date. */
export function shortLocalDate(text: string): string {
  const date = parseLocalDate(text);
  if (!date) return text;
  return shortDateLabel(date);
}

/**
 * 'Valid Thu Nov 19 - Wed Nov 25', as flyer apps print it. The dates are the store's calendar days
 * (both included), so they are shown as written, never shifted into the shopper's time zone.
 */
export function flyerValidityLabel(validFrom: string, validTo: string): string {
  if (validFrom === validTo) return `Valid ${shortLocalDate(validFrom)}`;
  return `Valid ${shortLocalDate(validFrom)} - ${shortLocalDate(validTo)}`;
}

/** 'Ends today' / 'Ends tomorrow' stand out (the deal is about to go); later ends read plainly. */
export function FlyerEnds({ label, className }: { label: string; className: string }) {
  const soon = label === 'Ends today' || label === 'Ends tomorrow';
  return <p className={soon ? `${className} lm-flyer-ends-soon` : className}>{label}</p>;
}

export function flyerDetailsPath(flyerId: string): string {
  return `/flyer-details?id=${encodeURIComponent(flyerId)}`;
}

/**
 * A weekly flyer in a list (flyerlist, a store's Flyers tab): cover, store, dates with when it ends
 * on the store's clock ('Ends today'), page count.
 */
export function FlyerCard({
  flyer,
  eager = false,
  now,
}: {
  flyer: FlyerSummary;
  eager?: boolean;
  /** The instant 'Ends today' is read at; the current time unless a test gives one. */
  now?: Date;
}) {
  const ends = flyerEndsLabel(flyer.validTo, flyer.timeZone, now);
  const pages = `${flyer.pageCount} ${flyer.pageCount === 1 ? 'page' : 'pages'}`;
  return (
    <Link
      className="lm-flyer-card"
      to={flyerDetailsPath(flyer.id)}
      aria-label={`${flyer.business.name}: ${flyer.title}`}
    >
      <div className="lm-flyer-card-cover">
        <CatalogImage image={flyer.cover} eager={eager} sizes="(min-width: 768px) 33vw, 50vw" />
      </div>
      <div className="lm-flyer-card-body">
        <div className="lm-flyer-card-store">
          <CatalogImage image={flyer.business.logo} className="lm-flyer-card-logo" sizes="24px" />
          <span>{flyer.business.name}</span>
        </div>
        <p className="lm-flyer-card-title">{flyer.title}</p>
        <p className="lm-flyer-card-dates">{flyerValidityLabel(flyer.validFrom, flyer.validTo)}</p>
        {ends && <FlyerEnds label={ends} className="lm-flyer-card-ends" />}
        <p className="lm-flyer-card-meta">
          {pages}
          {flyer.itemCount > 0 && ` · ${flyer.itemCount} deals`}
        </p>
      </div>
    </Link>
  );
}
