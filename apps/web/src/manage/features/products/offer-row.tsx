import {
  formatPrice,
  type ManagedOffer,
  parseMoney,
  PRODUCT_CONTENT_LABELS,
} from '@localmart/contract';
import { useState } from 'react';
import { useOfferEdit } from './offer-edits.ts';
import { moneyValueInputText } from '../../lib/money-input.ts';
import '../../components/visually-hidden.css';

const updatedFormat = new Intl.DateTimeFormat('en-CA', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function stockBadgeClass(offer: ManagedOffer): string {
  if (offer.stock.level === 'out_of_stock') return 'mys-badge mys-badge-danger';
  if (offer.stock.level === 'in_stock') return 'mys-badge';
  return 'mys-badge mys-badge-warning';
}

/**
 * One row of the products table: quantity and price edit in place (Save per row, optimistic); the
 * sale, its dates and the SKU open the edit dialog; Remove asks first.
 */
export function OfferRow({
  businessId,
  offer,
  onEdit,
  onEditProduct,
  onRemove,
}: {
  businessId: string;
  offer: ManagedOffer;
  onEdit: (offer: ManagedOffer) => void;
  onEditProduct: (offer: ManagedOffer) => void;
  onRemove: (offer: ManagedOffer) => void;
}) {
  // Drafts hold what is typed; null shows the saved (or optimistically saving) value.
  const [quantityDraft, setQuantityDraft] = useState<string | null>(null);
  const [priceDraft, setPriceDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const edit = useOfferEdit(businessId);
  const quantity = quantityDraft ?? String(offer.quantity);
  const price = priceDraft ?? moneyValueInputText(offer.price);

  const parsedQuantity = /^\d+$/.test(quantity.trim()) ? Number(quantity) : null;
  const parsedPrice = parseMoney(price, offer.price.currency);
  const dirty = quantity !== String(offer.quantity) || price !== moneyValueInputText(offer.price);
  const name = offer.title;
  const shownProblem = problem ?? (edit.isError ? edit.error.message : null);

  function save() {
    if (parsedQuantity === null) return setProblem('Quantity must be a whole number, 0 or more.');
    if (parsedPrice === null || parsedPrice <= 0) return setProblem('Enter a price such as 4.99.');
    setProblem(null);
    // The optimistic list now shows the new values; on a refusal it rolls back to the saved ones.
    setQuantityDraft(null);
    setPriceDraft(null);
    edit.mutate({
      offerId: offer.id,
      patch: {
        ...(parsedQuantity !== offer.quantity ? { quantity: parsedQuantity } : {}),
        ...(parsedPrice !== offer.price.amount ? { price: parsedPrice } : {}),
      },
    });
  }

  return (
    <tr className={offer.variantOf ? 'mp-variant-row' : undefined}>
      <td className="mp-image-cell">
        {offer.image ? (
          <img src={offer.image.url} alt="" width={48} height={48} loading="lazy" />
        ) : (
          <span className="mp-no-image" aria-hidden="true" />
        )}
      </td>
      <td>
        <strong>{offer.title}</strong>
        {offer.variantLabel ? (
          <span className="mp-size-tag">
            {offer.variantOf ? `Size ${offer.variantLabel}` : `Main size ${offer.variantLabel}`}
          </span>
        ) : null}
        <div className="mp-muted">{offer.brand}</div>
        {offer.contentStatus === 'store' ? (
          <div className="mp-content-note">
            {offer.gtin
              ? PRODUCT_CONTENT_LABELS.awaitingConfirmation
              : PRODUCT_CONTENT_LABELS.ownProduct}
          </div>
        ) : null}
      </td>
      <td className="mp-codes">
        {offer.gtin ? <div>{offer.gtin}</div> : null}
        {offer.sku ? (
          <div className={offer.gtin ? 'mp-muted' : undefined}>SKU {offer.sku}</div>
        ) : null}
      </td>
      <td>
        <label className="mp-inline-field">
          <span className="mys-visually-hidden">Price of {name}</span>
          <input
            inputMode="decimal"
            value={price}
            onChange={(event) => setPriceDraft(event.target.value)}
          />
        </label>
        {offer.salePrice ? (
          <div className="mp-sale">Sale {formatPrice(offer.salePrice)}</div>
        ) : null}
      </td>
      <td>
        <label className="mp-inline-field">
          <span className="mys-visually-hidden">Quantity of {name}</span>
          <input
            inputMode="numeric"
            value={quantity}
            onChange={(event) => setQuantityDraft(event.target.value)}
          />
        </label>
        <span className={stockBadgeClass(offer)}>{offer.stock.label}</span>
      </td>
      <td className="mp-muted">{updatedFormat.format(new Date(offer.stockUpdatedAt))}</td>
      <td className="mp-actions">
        <button
          type="button"
          className="mp-button mp-button-primary"
          disabled={!dirty || edit.isPending}
          onClick={save}
          aria-label={`Save ${name}`}
        >
          Save
        </button>
        {offer.contentEditable ? (
          <button
            type="button"
            className="mp-button"
            onClick={() => onEditProduct(offer)}
            aria-label={`Edit product ${name}`}
          >
            Edit product
          </button>
        ) : null}
        <button
          type="button"
          className="mp-button"
          onClick={() => onEdit(offer)}
          aria-label={`Edit sale and SKU of ${name}`}
        >
          Sale & SKU
        </button>
        <button
          type="button"
          className="mp-button mp-button-danger"
          onClick={() => onRemove(offer)}
          aria-label={`Remove ${name}`}
        >
          Remove
        </button>
        {shownProblem ? (
          <p className="mys-field-error" role="alert">
            {shownProblem}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
