import {
  DIETARY_TAG_LABELS,
  formatDistance,
  formatPrice,
  type BusinessRef,
  type DietaryTag,
  type MenuItem,
} from '@localmart/contract';
import { useId, type ReactNode } from 'react';
import { useCountry } from '../../lib/location/use-country.ts';
import { Link } from 'react-router-dom';
import { CatalogImage } from './catalog-image.tsx';
import { DistanceLabel } from './distance-label.tsx';
import { PriceTag } from './price-tag.tsx';
import './food-item-card.css';

export const SOLD_OUT_LABEL = 'Sold out';

/** menu-details/{businessid}/{menuid}; with `itemId` the page opens that dish's options at once. */
export function menuDetailsPath(businessId: string, menuId: string, itemId?: string): string {
  const path = `/menu-details/${encodeURIComponent(businessId)}/${encodeURIComponent(menuId)}`;
  return itemId ? `${path}?item=${encodeURIComponent(itemId)}` : path;
}

/**
 * Dietary tags as small pills. Spans, not a list: the card can be a button, whose content must be
 * phrasing content (and whose children are presentational anyway); the card's description reads them.
 */
export function DietaryTags({ tags }: { tags: readonly DietaryTag[] }) {
  if (tags.length === 0) return null;
  return (
    <span className="lm-dietary-tags">
      {tags.map((tag) => (
        <span key={tag} className={`lm-dietary-tag lm-dietary-${tag.replace('_', '-')}`}>
          {DIETARY_TAG_LABELS[tag]}
        </span>
      ))}
    </span>
  );
}

export type FoodItemCardItem = Pick<
  MenuItem,
  'name' | 'description' | 'price' | 'image' | 'dietaryTags' | 'available'
>;

export interface FoodItemCardProps {
  item: FoodItemCardItem;
  /** The restaurant line, on lists that mix restaurants (food-items). */
  business?: Pick<BusinessRef, 'name'> | undefined;
  distanceKm?: number | null | undefined;
  /** A link to the dish's menu... */
  to?: string | undefined;
  /** ...or a button (the menu page opens the options sheet). */
  onSelect?: (() => void) | undefined;
  eager?: boolean;
}

/**
 * A dish as delivery apps list it: text on the left (name, restaurant, description, price, dietary
 * tags), a square photo on the right, "Sold out" when the kitchen has run out today. The whole row is
 * one link or button named by the dish; the rest of the row describes it.
 */
export function FoodItemCard({
  item,
  business,
  distanceKm,
  to,
  onSelect,
  eager = false,
}: FoodItemCardProps) {
  const { country } = useCountry();
  const detailsId = useId();
  const hasDistance = distanceKm !== undefined && distanceKm !== null;
  // One sentence for assistive technology: the visible pieces are separate boxes without punctuation.
  const description = [
    business &&
      (hasDistance
        ? `${business.name}, ${formatDistance(distanceKm, country.units)} away`
        : business.name),
    item.description,
    formatPrice(item.price, country.locale),
    !item.available && SOLD_OUT_LABEL,
    item.dietaryTags.map((tag) => DIETARY_TAG_LABELS[tag]).join(', '),
  ]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .map((part) => (/[.!?]$/.test(part) ? part : `${part}.`))
    .join(' ');
  const body: ReactNode = (
    <>
      <span id={detailsId} hidden>
        {description}
      </span>
      <span className="lm-food-card-text">
        <span className="lm-food-card-name">{item.name}</span>
        {business && (
          <span className="lm-food-card-business">
            {business.name}
            {hasDistance && (
              <>
                <span aria-hidden="true"> · </span>
                <DistanceLabel km={distanceKm} />
              </>
            )}
          </span>
        )}
        {item.description && <span className="lm-food-card-description">{item.description}</span>}
        <span className="lm-food-card-meta">
          <PriceTag price={item.price} />
          {!item.available && <span className="lm-sold-out">{SOLD_OUT_LABEL}</span>}
        </span>
        <DietaryTags tags={item.dietaryTags} />
      </span>
      {item.image && (
        <span className="lm-food-card-photo">
          <CatalogImage image={item.image} eager={eager} sizes="96px" />
        </span>
      )}
    </>
  );
  const className = ['lm-food-card', !item.available && 'lm-food-card-unavailable']
    .filter(Boolean)
    .join(' ');
  if (to !== undefined) {
    return (
      <Link className={className} to={to} aria-label={item.name} aria-describedby={detailsId}>
        {body}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={className}
      onClick={onSelect}
      aria-label={item.name}
      aria-describedby={detailsId}
    >
      {body}
    </button>
  );
}
