import { formatPrice, type Money } from '@localmart/contract';
import { useCountry } from '../../lib/location/use-country.ts';
import './catalog.css';

export interface PriceTagProps {
  /** What the shopper pays now (the offer's currentPrice). */
  price: Money;
  /** The regular price; struck through when it is above `price` (a sale). */
  regular?: Money | undefined;
  className?: string;
}

/** A price in the shopper's country's number format; on sale, the regular price struck beside it. */
export function PriceTag({ price, regular, className }: PriceTagProps) {
  const { country } = useCountry();
  const onSale =
    regular !== undefined && regular.currency === price.currency && regular.amount > price.amount;
  return (
    <span
      className={['lm-price-tag', onSale && 'lm-price-tag-sale', className]
        .filter(Boolean)
        .join(' ')}
    >
      <span className="lm-price-now">{formatPrice(price, country.locale)}</span>
      {onSale && (
        <>
          <span className="lm-visually-hidden">, regular price </span>
          <s className="lm-price-regular">{formatPrice(regular, country.locale)}</s>
        </>
      )}
    </span>
  );
}
