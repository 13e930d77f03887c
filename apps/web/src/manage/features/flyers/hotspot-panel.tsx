import { FLYER_ITEM_TEXT_MAX, type ManagedOffer } from '@localmart/contract';
import { useId, useState } from 'react';
import { useCurrentStore } from '../../lib/store-context.tsx';
import type { DraftItem } from './box-math.ts';
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
            onChange={(event) => onChange({ priceText: event.target.value })}
          />
        </label>
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
          onClick={() => onChange({ offer: null })}
        >
          Unlink product
        </button>
      </div>
    );
  }

  const link = (offer: ManagedOffer) => {
    onChange({
      offer: { id: offer.id, title: offer.title, quantity: offer.quantity },
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
