import { useParams } from 'react-router-dom';
import { CheckoutPage } from './checkout-page.tsx';
import { PaymentPage } from './payment-page.tsx';

/**
 * Spec §2: checkout/{id} is the same payment page as payumoney. One module serves both: without an
 * id it is the checkout of the cart; with one, the payment of that placed checkout.
 */
export function PaymentRoutePage({ title }: { title: string }) {
  const { id } = useParams();
  return id ? <PaymentPage title={title} checkoutId={id} /> : <CheckoutPage title={title} />;
}
