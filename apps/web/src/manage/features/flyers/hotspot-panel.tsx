import {
  currentPrice,
  FLYER_ITEM_TEXT_MAX,
  formatMoney,
  type ManagedOffer,
} from '@localmart/contract';
import { useId, useState } from 'react';
import { useCurrentStore } from '../../lib/store-context.tsx';
import { type DraftItem, promoCents } from './box-math.ts';
import { useOfferSearch } from './flyers-api.ts';
import '../../components/buttons.css';

/** The fields of the selected hotspot: texts, the linked offer (searched in the store), dates. */
export function HotspotPanel({
  item,
  index,
  onChange,
  onRemove,
}: {
  item: DraftItem;
  index: number;
  onChange: (changes: Partial<DraftItem>) => void;
  onRemove: () => void;
}) {
  const headingId = useId();
  return (
    <section className="mys-card fl-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Hotspot {index + 1}</h2>
      <div className="fl-panel-fields">
        <label className="mys-field">
          <span>Title</span>
          <input
            value={item.title}
            maxLength={FLYER_ITEM_TEXT_MAX}
            onChange={(event) => onChange({ title: event.target.value })}
          />
        </label>
        <label className="mys-field">
          <span>Price text</span>
          <input
            value={item.priceText}
            maxLength={FLYER_ITEM_TEXT_MAX}
            placeholder="$2.99 or 2 for $5"
            onChange={(event) => onChange({ priceText: event.target.value, priceMismatch: null })}
          />
        </label>
        {item.priceMismatch ? (
          <p className="fl-mismatch" role="status">
            {item.priceMismatch}
          </p>
        ) : null}
        <label className="mys-field">
          <span>Sale story</span>
          <input
            value={item.saleStory}
            maxLength={FLYER_ITEM_TEXT_MAX}
            placeholder="Save $1.50"
            onChange={(event) => onChange({ saleStory: event.target.value })}
          />
        </label>
        <OfferLink item={item} onChange={onChange} />
        {item.offer ? <PromoPrice item={item} onChange={onChange} /> : null}
        <label className="mys-field">
          <span>Deal starts</span>
          <input
            type="date"
            value={item.validFrom}
            onChange={(event) => onChange({ validFrom: event.target.value })}
          />
        </label>
        <label className="mys-field">
          <span>Deal ends</span>
          <input
            type="date"
            value={item.validTo}
            min={item.validFrom}
            onChange={(event) => onChange({ validTo: event.target.value })}
          />
        </label>
      </div>
      <button type="button" className="mys-plain-button mys-plain-button-danger" onClick={onRemove}>
        Delete hotspot
      </button>
    </section>
  );
}

/** The linked offer, or a search of this store's products to link one. */
function OfferLink({
  item,
  onChange,
}: {
  item: DraftItem;
  onChange: (changes: Partial<DraftItem>) => void;
}) {
  const { businessId } = useCurrentStore();
  const [q, setQ] = useState('');
  const search = useOfferSearch(businessId, q);

  if (item.offer) {
    return (
      <div className="fl-offer">
        <span>
          Linked to <strong>{item.offer.title}</strong> ({item.offer.quantity} in stock)
        </span>
        <button
          type="button"
          className="mys-plain-button"
          onClick={() => onChange({ offer: null, promoPrice: '', priceMismatch: null })}
        >
          Unlink product
        </button>
      </div>
    );
  }

  const link = (offer: ManagedOffer) => {
    const charged = currentPrice(
      {
        price: offer.price,
        sale:
          offer.salePrice && offer.saleStartsAt && offer.saleEndsAt
            ? { price: offer.salePrice, startsAt: offer.saleStartsAt, endsAt: offer.saleEndsAt }
            : null,
      },
      new Date(),
    ).price;
    onChange({
      offer: {
        id: offer.id,
        title: offer.title,
        quantity: offer.quantity,
        price: offer.price,
        chargedPrice: charged,
      },
      priceMismatch: null,
      // A new box takes the product's name when the owner has not typed one.
      ...(item.title.trim() ? {} : { title: offer.title }),
    });
    setQ('');
  };

  return (
    <div className="fl-offer">
      <label className="mys-field">
        <span>Link to a product</span>
        <input
          type="search"
          value={q}
          placeholder="Search your products"
          onChange={(event) => setQ(event.target.value)}
        />
      </label>
      {q.trim().length >= 2 ? (
        search.isPending ? (
          <p className="fl-muted" role="status">
            Searching…
          </p>
        ) : search.isError ? (
          <p className="mys-field-error" role="alert">
            {search.error.message}
          </p>
        ) : search.data.length === 0 ? (
          <p className="fl-muted" role="status">
            No products match.
          </p>
        ) : (
          <ul className="fl-offer-results" aria-label="Matching products">
            {search.data.slice(0, 8).map((offer) => (
              <li key={offer.id}>
                <button type="button" className="mys-plain-button" onClick={() => link(offer)}>
                  Link {offer.title}
                </button>{' '}
                <span className="fl-muted">
                  {offer.stock.label} · {offer.quantity} in stock
                </span>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

/**
 * The promo price of a linked hotspot: the offer's sale price for the deal's days, so checkout
 * charges what the flyer says (docs/decisions/0019). Shows the regular price beside it.
 */
function PromoPrice({
  item,
  onChange,
}: {
  item: DraftItem;
  onChange: (changes: Partial<DraftItem>) => void;
}) {
  const offer = item.offer!;
  const promo = promoCents(item.promoPrice);
  const currency = offer.price.currency;
  const problem =
    promo !== null && Number.isNaN(promo)
      ? 'Write the promo price like 7.99.'
      : promo !== null && promo >= offer.price.amount
        ? `The promo price must be lower than the regular price, ${formatMoney(offer.price.amount, currency)}.`
        : null;
  const id = useId();
  return (
    <div className="mys-field fl-promo">
      <label htmlFor={id}>Promo price</label>
      <input
        id={id}
        inputMode="decimal"
        value={item.promoPrice}
        placeholder={`Below ${formatMoney(offer.price.amount, currency)}`}
        aria-describedby={`${id}-help`}
        onChange={(event) => onChange({ promoPrice: event.target.value, priceMismatch: null })}
      />
      <p id={`${id}-help`} className="fl-muted">
        Regular {formatMoney(offer.price.amount, currency)}
        {offer.chargedPrice.amount !== offer.price.amount
          ? `, on sale at ${formatMoney(offer.chargedPrice.amount, currency)}`
          : ''}
        . A promo price is charged at checkout on the deal’s days only.
      </p>
      {problem ? (
        <p className="mys-field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
