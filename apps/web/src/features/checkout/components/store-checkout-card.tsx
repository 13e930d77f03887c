import {
  addressLine,
  APPOINTMENT_CHOICE_LEGEND,
  APPOINTMENT_METHODS,
  appointmentMessages,
  commerceMessages,
  formatPrice,
  FULFILMENT_HINTS,
  FULFILMENT_LABELS,
  isPickup,
  offeredMethods,
  type Address,
  type CartLine,
  type CartStore,
  type FulfilmentMethod,
  type QuotedStore,
} from '@localmart/contract';
import { Link } from 'react-router-dom';
import { catalogImageUrl } from '../../../components/catalog/catalog-image.tsx';
import type { StoreChoice } from '../model/store-choices.ts';
import { QuotedStoreTotals } from './quoted-store-totals.tsx';
import { SubstitutionSelect } from '../../../components/substitution/substitution-select.tsx';

export const ADD_ADDRESS_LABEL = 'Add a new address';
export const FULFILMENT_LEGEND = 'How do you want to get it?';
export const ADDRESS_LEGEND = 'Deliver to';
export const ADD_ADDRESS_PATH = '/add-address?return_url=payumoney';

export interface StoreCheckoutCardProps {
  store: CartStore;
  lines: readonly CartLine[];
  /** null when the store offers no method online. */
  choice: StoreChoice | null;
  addresses: readonly Address[];
  /** The address delivery uses now (chosen, just added or default). */
  addressId: string | null;
  quoted: QuotedStore | undefined;
  onChange: (patch: Partial<StoreChoice>) => void;
}

/** One store of the checkout: its lines, how the shopper gets them, where, a note, and its price. */
export function StoreCheckoutCard({
  store,
  lines,
  choice,
  addresses,
  addressId,
  quoted,
  onChange,
}: StoreCheckoutCardProps) {
  // A booking of services only speaks of its appointment, never of pickup or delivery (issue 15).
  const appointmentsOnly = lines.length > 0 && lines.every((line) => line.kind === 'service');
  const offered = offeredMethods(store.fulfilment).filter(
    (method) => !appointmentsOnly || method !== 'same_day_delivery',
  );
  const methodLabel = (method: FulfilmentMethod) =>
    appointmentsOnly ? APPOINTMENT_METHODS[method].label : FULFILMENT_LABELS[method];
  const methodHint = (method: FulfilmentMethod) =>
    appointmentsOnly ? APPOINTMENT_METHODS[method].hint : FULFILMENT_HINTS[method];
  const headingId = `checkout-store-${store.id}`;
  return (
    <section className="lm-card lm-checkout-store" aria-labelledby={headingId}>
      <header className="lm-checkout-store-head">
        <img
          className="lm-checkout-logo"
          src={catalogImageUrl(store.logo.url)}
          alt=""
          width={40}
          height={40}
        />
        <div>
          <h2 id={headingId} className="lm-section-title">
            {store.name}
          </h2>
          <p className="lm-checkout-muted">{store.addressLine}</p>
        </div>
      </header>

      <ul className="lm-checkout-lines" aria-label={`Items from ${store.name}`}>
        {lines.map((line) => (
          <li key={line.id}>
            <span>
              {line.quantity} × {line.title}
              {line.options.length > 0 && (
                <span className="lm-checkout-muted">
                  {' '}
                  ({line.options.map((option) => option.name).join(', ')})
                </span>
              )}
              {line.appointment && (
                <span className="lm-checkout-appointment">
                  {appointmentMessages.appointmentHeading}: {line.appointment.label}
                </span>
              )}
            </span>
            <span>{formatPrice(line.lineTotal)}</span>
            {line.substitution && (
              <SubstitutionSelect lineId={line.id} title={line.title} value={line.substitution} />
            )}
            {line.notices.map((notice) => (
              <p
                key={notice.code}
                className={notice.blocking ? 'lm-checkout-problem' : 'lm-checkout-muted'}
              >
                {notice.message}
              </p>
            ))}
          </li>
        ))}
      </ul>

      {choice === null ? (
        <p className="lm-checkout-problem" role="alert">
          {commerceMessages.storeSellsNothingOnline}
        </p>
      ) : (
        <>
          <fieldset className="lm-checkout-choice">
            <legend>{appointmentsOnly ? APPOINTMENT_CHOICE_LEGEND : FULFILMENT_LEGEND}</legend>
            {offered.map((method: FulfilmentMethod) => {
              // Why the store cannot deliver today (cut-off passed, closed for the day): said in
              // place of the hint, and the option cannot be picked.
              const unavailable = method === 'same_day_delivery' ? store.deliveryUnavailable : null;
              return (
                <label key={method} className="lm-checkout-option">
                  <input
                    type="radio"
                    name={`fulfilment-${store.id}`}
                    value={method}
                    checked={choice.fulfilment === method}
                    disabled={unavailable !== null && choice.fulfilment !== method}
                    onChange={() => onChange({ fulfilment: method })}
                    aria-describedby={`${store.id}-${method}-hint`}
                  />
                  <span className="lm-checkout-option-label">{methodLabel(method)}</span>
                  <span id={`${store.id}-${method}-hint`} className="lm-checkout-muted">
                    {unavailable ?? methodHint(method)}
                  </span>
                </label>
              );
            })}
          </fieldset>

          {isPickup(choice.fulfilment) && store.pickupPromise && !appointmentsOnly && (
            <p className="lm-checkout-promise">{store.pickupPromise}</p>
          )}

          {choice.fulfilment === 'same_day_delivery' && (
            <DeliveryDetails
              store={store}
              addresses={addresses}
              addressId={addressId}
              onChoose={(id) => onChange({ addressId: id })}
            />
          )}

          <label className="lm-field">
            <span className="lm-field-label">Note for {store.name}</span>
            <textarea
              className="lm-input lm-checkout-note"
              maxLength={500}
              rows={2}
              value={choice.note}
              onChange={(event) => onChange({ note: event.target.value })}
            />
          </label>
        </>
      )}

      {quoted && (
        <QuotedStoreTotals
          quoted={quoted}
          toldAbove={[commerceMessages.deliveryAddressRequired, store.deliveryUnavailable]}
        />
      )}
    </section>
  );
}

function DeliveryDetails({
  store,
  addresses,
  addressId,
  onChoose,
}: {
  store: CartStore;
  addresses: readonly Address[];
  addressId: string | null;
  onChoose: (id: string) => void;
}) {
  return (
    <div className="lm-checkout-delivery">
      {store.delivery && (
        <p className="lm-checkout-muted">
          Delivery fee {formatPrice(store.delivery.fee)} · Minimum order{' '}
          {formatPrice(store.delivery.minimumOrder)} ·{' '}
          {store.deliveryUnavailable === null &&
            `Order by ${store.delivery.cutoffTime} for today · `}
          Within {store.delivery.radiusKm} km
        </p>
      )}
      <fieldset className="lm-checkout-choice">
        <legend>{ADDRESS_LEGEND}</legend>
        {addresses.map((address) => (
          <label key={address.id} className="lm-checkout-option">
            <input
              type="radio"
              name={`address-${store.id}`}
              value={address.id}
              checked={addressId === address.id}
              onChange={() => onChoose(address.id)}
            />
            <span className="lm-checkout-option-label">{address.label || address.name}</span>
            <span className="lm-checkout-muted">{addressLine(address)}</span>
          </label>
        ))}
        {/* A prompt, not an error: the shopper has not chosen yet. */}
        {addressId === null && (
          <p className="lm-checkout-muted">{commerceMessages.deliveryAddressRequired}</p>
        )}
        <Link className="lm-checkout-add-address" to={ADD_ADDRESS_PATH}>
          {ADD_ADDRESS_LABEL}
        </Link>
      </fieldset>
    </div>
  );
}
