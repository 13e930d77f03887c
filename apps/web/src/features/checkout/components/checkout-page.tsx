import {
  commerceMessages,
  isSuccess,
  optionalPhoneField,
  type CartStore,
} from '@localmart/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../../components/catalog/list-states.tsx';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { ContentSkeleton } from '../../../components/ui/content-skeleton.tsx';
import { isNetworkFailure } from '../../../lib/http.ts';
import { useRequireSession } from '../../../lib/require-session.ts';
import { useSession } from '../../../lib/storage.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useCheckoutCart, type CheckoutCart } from '../api/get-cart.ts';
import { useSavedAddresses } from '../api/get-addresses.ts';
import { usePlaceCheckout } from '../api/place-checkout.ts';
import { useProfilePhone } from '../api/get-profile-phone.ts';
import { checkoutKeys } from '../api/query-keys.ts';
import { useCheckoutQuote } from '../api/quote-checkout.ts';
import { checkoutIdempotencyKey, forgetIdempotencyKey } from '../model/idempotency-key.ts';
import {
  effectiveAddressId,
  forgetChoices,
  initialChoice,
  missingDeliveryAddress,
  preferReserve,
  readStoredChoices,
  storeChoices,
  toSelection,
  type StoreChoice,
  type StoreChoices,
} from '../model/store-choices.ts';
import { CheckoutTotals } from './checkout-totals.tsx';
import { ContactPhoneField } from './contact-phone-field.tsx';
import { CouponField } from './coupon-field.tsx';
import { StoreCheckoutCard } from './store-checkout-card.tsx';
import { UnpaidCheckoutBanner } from './unpaid-checkout-banner.tsx';
import './checkout.css';

export const PLACE_ORDER_LABEL = 'Place order';
export const EMPTY_CART_TITLE = 'Nothing to check out';
export const NETWORK_RETRY_MESSAGE =
  'We could not reach the server. Check your connection and place the order again.';
/** Re-quote once the shopper pauses, not on every keystroke of a note. */
const QUOTE_DELAY_MS = 400;

/** payumoney: the checkout of the whole cart, one card per store, then Place order. */
export function CheckoutPage({ title }: { title: string }) {
  const routerLocation = useLocation();
  useRequireSession(`payumoney${routerLocation.search}`);
  const session = useSession();
  const cart = useCheckoutCart(session.isLoggedIn);

  let body;
  if (!session.isLoggedIn) body = null;
  else if (cart.isPending) body = <ContentSkeleton label="Loading checkout" />;
  else if (cart.isError)
    body = <ErrorState message={cart.error.message} onRetry={() => void cart.refetch()} />;
  else if (cart.data.lines.length === 0)
    body = (
      <EmptyState
        title={EMPTY_CART_TITLE}
        message={commerceMessages.cartEmpty}
        action={
          <Link className="lm-button lm-button-primary" to="/products">
            Browse products
          </Link>
        }
      />
    );
  else body = <CheckoutForm cart={cart.data} />;

  return (
    <AppPage title={title} backTo="/cart">
      <div className="lm-checkout">
        {session.isLoggedIn && <UnpaidCheckoutBanner />}
        {body}
      </div>
    </AppPage>
  );
}

function CheckoutForm({ cart }: { cart: CheckoutCart }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = new URLSearchParams(useLocation().search);
  const reserveFor = params.get('reserve');
  const justAdded = params.get('address');
  const addresses = useSavedAddresses(true);
  const savedAddresses = useMemo(() => addresses.data ?? [], [addresses.data]);
  // ?reserve=<businessId> (a product page's "Reserve") wins over an earlier choice, once per visit.
  const [stored, setStored] = useState<StoreChoices>(() =>
    preferReserve(readStoredChoices(), cart.summary.stores, reserveFor),
  );
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const [placeError, setPlaceError] = useState<string | null>(null);
  // The stores' phone number: null until typed in (the profile's is shown and used).
  const [phone, setPhone] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const profilePhone = useProfilePhone(true);
  const place = usePlaceCheckout();

  const choices = useMemo(() => {
    const effective: Record<string, StoreChoice | null> = {};
    for (const store of cart.summary.stores) {
      effective[store.id] = initialChoice(store, stored[store.id]);
    }
    return effective;
  }, [cart.summary.stores, stored]);

  useEffect(() => {
    const chosen: StoreChoices = {};
    for (const [id, choice] of Object.entries(choices)) if (choice) chosen[id] = choice;
    storeChoices(chosen);
  }, [choices]);

  const selection = useMemo(() => {
    const chosen: StoreChoices = {};
    for (const [id, choice] of Object.entries(choices)) if (choice) chosen[id] = choice;
    return toSelection(cart.summary.stores, chosen, savedAddresses, justAdded, couponCode);
  }, [cart.summary.stores, choices, savedAddresses, justAdded, couponCode]);
  const settled = useDebouncedValue(selection, QUOTE_DELAY_MS);
  const quote = useCheckoutQuote(settled);
  const upToDate = settled === selection && !quote.isPlaceholderData && !quote.isFetching;

  function change(store: CartStore, patch: Partial<StoreChoice>) {
    const current = choices[store.id];
    if (!current) return;
    setStored((previous) => ({ ...previous, [store.id]: { ...current, ...patch } }));
  }

  const canPlace =
    upToDate &&
    quote.data?.canPlace === true &&
    !missingDeliveryAddress(selection) &&
    !place.isPending;

  async function placeOrder(event: FormEvent) {
    event.preventDefault();
    if (!canPlace) return;
    setPlaceError(null);
    const checkedPhone = phone === null ? null : optionalPhoneField.safeParse(phone);
    if (checkedPhone && !checkedPhone.success) {
      setPhoneError(checkedPhone.error.issues[0]?.message ?? null);
      return;
    }
    setPhoneError(null);
    const answer = await place.mutateAsync({
      ...selection,
      idempotencyKey: checkoutIdempotencyKey(),
      ...(phone === null ? {} : { contactPhone: phone }),
    });
    if (isSuccess(answer)) {
      forgetIdempotencyKey();
      forgetChoices();
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.cart() });
      navigate(`/checkout/${encodeURIComponent(answer.result.id)}`);
      return;
    }
    // The key is kept: trying again places this same checkout at most once.
    setPlaceError(isNetworkFailure(answer) ? NETWORK_RETRY_MESSAGE : answer.message);
    if (answer.message === commerceMessages.cartChangedSinceQuote) {
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.all });
    }
  }

  const linesOf = (store: CartStore) => cart.lines.filter((line) => line.businessId === store.id);

  return (
    <form className="lm-checkout-form" onSubmit={(event) => void placeOrder(event)} noValidate>
      {cart.summary.stores.map((store) => {
        const choice = choices[store.id] ?? null;
        return (
          <StoreCheckoutCard
            key={store.id}
            store={store}
            lines={linesOf(store)}
            choice={choice}
            addresses={savedAddresses}
            addressId={choice ? effectiveAddressId(choice, savedAddresses, justAdded) : null}
            quoted={quote.data?.stores.find((quoted) => quoted.businessId === store.id)}
            onChange={(patch) => change(store, patch)}
          />
        );
      })}

      <CouponField applied={couponCode} outcome={quote.data?.coupon} onApply={setCouponCode} />
      <ContactPhoneField
        value={phone}
        profilePhone={profilePhone.data}
        error={phoneError}
        onChange={(value) => {
          setPhone(value);
          setPhoneError(null);
        }}
      />

      {quote.isError && !quote.data && (
        <ErrorState message={quote.error.message} onRetry={() => void quote.refetch()} />
      )}
      {quote.data && (
        <CheckoutTotals
          quote={quote.data}
          appointmentsOnly={cart.lines.every((line) => line.kind === 'service')}
        />
      )}
      {quote.data && quote.data.problems.length > 0 && (
        <ul className="lm-checkout-problems" role="alert">
          {quote.data.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {placeError && (
        <p className="lm-checkout-problem" role="alert">
          {placeError}
        </p>
      )}
      <button
        type="submit"
        className="lm-button lm-button-primary"
        disabled={!canPlace}
        aria-busy={place.isPending}
      >
        {PLACE_ORDER_LABEL}
      </button>
    </form>
  );
}
