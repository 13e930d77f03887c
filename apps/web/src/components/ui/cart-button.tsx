import { IonIcon } from '@ionic/react';
import { cartOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { useCartRecords } from '../../lib/shared-state.ts';
import { useSession } from '../../lib/storage.ts';
import './cart-button.css';

export const CART_BUTTON_PATH = '/cart';

/** "Cart, 3 items": the badge's number said in words, since the dot alone means nothing aloud. */
export function cartButtonLabel(records: number): string {
  return `Cart, ${records} ${records === 1 ? 'item' : 'items'}`;
}

/**
 * The toolbar's cart with its badge (spec §3 cart data `records`: units, the cart's "3 items").
 * Shown to a signed-in shopper only: a visitor has no cart yet, and every Add to cart asks them to
 * sign in.
 */
export function CartButton() {
  const { isLoggedIn } = useSession();
  const records = useCartRecords();
  if (!isLoggedIn) return null;
  return (
    <Link to={CART_BUTTON_PATH} className="lm-cart-button" aria-label={cartButtonLabel(records)}>
      <IonIcon icon={cartOutline} aria-hidden="true" />
      {records > 0 && (
        <span className="lm-cart-badge" aria-hidden="true">
          {records > 99 ? '99+' : records}
        </span>
      )}
    </Link>
  );
}
