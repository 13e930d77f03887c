import { formatPrice } from '@localmart/contract';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { CartData } from '../../../lib/cart/cart-cache.ts';
import { useCountry } from '../../../lib/location/use-country.ts';
import {
  checkoutBlocker,
  CHECKOUT_PATH,
  itemCountLabel,
  subtotalsByCurrency,
} from '../model/cart-model.ts';

export const SUBTOTAL_LABEL = 'Subtotal';
export const CHECKOUT_LABEL = 'Checkout';
export const TAXES_NOTE = 'Taxes, delivery and coupons are worked out at checkout.';

/** The cart's footer: how many items, the subtotal (one per currency), and Checkout or why not. */
export function CartSummary({ cart }: { cart: CartData }) {
  const { country } = useCountry();
  const reasonId = useId();
  const blocker = checkoutBlocker(cart);
  const subtotals = subtotalsByCurrency(cart.summary.stores);
  return (
    <aside className="lm-cart-summary" aria-label="Order summary">
      <div className="lm-cart-summary-row">
        <span>
          {SUBTOTAL_LABEL}{' '}
          <span className="lm-cart-summary-count">({itemCountLabel(cart.summary.itemCount)})</span>
        </span>
        <span className="lm-cart-summary-amounts">
          {subtotals.map((money) => (
            <strong key={money.currency}>{formatPrice(money, country.locale)}</strong>
          ))}
        </span>
      </div>
      <p className="lm-cart-summary-note">{TAXES_NOTE}</p>
      {blocker === null ? (
        <Link className="lm-button lm-button-primary lm-cart-checkout" to={CHECKOUT_PATH}>
          {CHECKOUT_LABEL}
        </Link>
      ) : (
        <>
          <button
            type="button"
            className="lm-button lm-button-primary lm-cart-checkout"
            disabled
            aria-describedby={reasonId}
          >
            {CHECKOUT_LABEL}
          </button>
          <p id={reasonId} className="lm-cart-summary-blocker">
            {blocker}
          </p>
        </>
      )}
    </aside>
  );
}
