import { commerceMessages } from '@localmart/contract';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/catalog/list-states.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { PullToRefresh } from '../../../components/ui/pull-to-refresh.tsx';
import { useRequireSession } from '../../../lib/require-session.ts';
import { useCart } from '../api/get-cart.ts';
import { useClearCart } from '../api/clear-cart.ts';
import { useRemoveCartLine } from '../api/remove-cart-line.ts';
import { useUpdateCartLine } from '../api/update-cart-line.ts';
import { BROWSE_PATH, groupByStore } from '../model/cart-model.ts';
import { CartStoreGroup } from './cart-store-group.tsx';
import { CartSummary } from './cart-summary.tsx';
import { ClearCartButton } from './clear-cart-button.tsx';
import './cart.css';

export const CART_TITLE = 'Cart';
export const EMPTY_CART_MESSAGE =
  'Find something at a store near you and it will wait for you here.';
export const BROWSE_STORES_LABEL = 'Browse stores';

/**
 * /cart (spec §2; screen ours): the lines grouped by store, each with its stepper and notices, and
 * the summary with Checkout. Only for a signed-in shopper: an anonymous visitor is sent to sign in
 * and comes back here.
 */
export function CartPage({ title = CART_TITLE }: { title?: string }) {
  useRequireSession('cart');
  const query = useCart();
  const update = useUpdateCartLine();
  const remove = useRemoveCartLine();
  const clear = useClearCart();
  const busyLineId = update.isPending
    ? (update.variables?.lineId ?? null)
    : remove.isPending
      ? (remove.variables ?? null)
      : null;

  const refresher = <PullToRefresh refetch={() => query.refetch()} />;

  let body;
  if (query.isPending) {
    body = <ListSkeleton count={3} variant="row" />;
  } else if (query.isError && !query.data) {
    body = <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  } else if (query.data.lines.length === 0) {
    body = (
      <EmptyState
        title={commerceMessages.cartEmpty}
        message={EMPTY_CART_MESSAGE}
        action={
          <Link className="lm-button lm-button-primary" to={BROWSE_PATH}>
            {BROWSE_STORES_LABEL}
          </Link>
        }
      />
    );
  } else {
    const cart = query.data;
    body = (
      <div className="lm-cart-layout">
        <div className="lm-cart-stores">
          {groupByStore(cart).map((group) => (
            <CartStoreGroup
              key={group.store.id}
              group={group}
              busyLineId={busyLineId}
              onQuantity={(lineId, quantity) => update.mutate({ lineId, quantity })}
              onRemove={(lineId) => remove.mutate(lineId)}
            />
          ))}
          <ClearCartButton busy={clear.isPending} onClear={() => clear.mutate(undefined)} />
        </div>
        <CartSummary cart={cart} />
      </div>
    );
  }

  return (
    <AppPage title={title} contentClassName="lm-cart-content">
      {refresher}
      {body}
    </AppPage>
  );
}
