import { commerceMessages } from '@localmart/contract';
import { Link, useLocation, useParams } from 'react-router-dom';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { useRequireSession } from '../../../lib/require-session.ts';
import { useSession } from '../../../lib/storage.ts';
import { useCheckoutResult } from '../api/get-checkout-result.ts';
import './orders.css';

export const TRY_AGAIN_LABEL = 'Try again';
export const BACK_TO_CART_LABEL = 'Back to cart';

/**
 * order-failure/{businessId}: the payment did not go through. The cart is intact, so "Try again"
 * goes back to checkout; the store's name comes from the checkout when the redirect names it.
 */
export function OrderFailurePage({ title }: { title: string }) {
  const { businessId = '' } = useParams();
  const search = useLocation().search;
  useRequireSession(`order-failure/${businessId}${search}`);
  const session = useSession();
  const checkoutId = new URLSearchParams(search).get('checkout') ?? '';
  const query = useCheckoutResult(checkoutId, session.isLoggedIn);
  const storeName =
    query.data?.orders.find((order) => order.store.id === businessId)?.store.name ?? null;

  return (
    <AppPage title={title} backTo="/cart">
      <section className="lm-orders lm-order-result" aria-label={title}>
        {storeName && <h2 className="lm-order-result-heading">{storeName}</h2>}
        <p role="alert">{commerceMessages.paymentFailed}</p>
        <Link className="lm-button lm-button-primary" to="/payumoney">
          {TRY_AGAIN_LABEL}
        </Link>
        <Link className="lm-button" to="/cart">
          {BACK_TO_CART_LABEL}
        </Link>
      </section>
    </AppPage>
  );
}
