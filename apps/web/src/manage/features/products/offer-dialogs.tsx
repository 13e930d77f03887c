import {
  type ManagedOffer,
  offerPriceProblem,
  parseMoney,
  SKU_MAX_LENGTH,
} from '@localmart/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { useOfferEdit } from './offer-edits.ts';
import { offerKeys, removeOffer } from './products-api.ts';
import { moneyValueInputText } from '../../lib/money-input.ts';

const DAY_MS = 86_400_000;

/** yyyy-mm-dd of an instant in the browser's zone (the store's, at its desk). */
function dateOf(iso: string | null, minusDay = false): string {
  if (!iso) return '';
  const date = new Date(Date.parse(iso) - (minusDay ? DAY_MS : 0));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The sale runs from the start day's midnight to the midnight after the last day (end excluded). */
function startOf(day: string): string | null {
  return day ? new Date(`${day}T00:00:00`).toISOString() : null;
}
function endAfter(day: string): string | null {
  if (!day) return null;
  const next = new Date(`${day}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
}

/** Sale price, its first and last day, and the store's SKU. */
export function EditOfferDialog({
  businessId,
  offer,
  onClose,
}: {
  businessId: string;
  offer: ManagedOffer;
  onClose: () => void;
}) {
  const [sale, setSale] = useState(moneyValueInputText(offer.salePrice));
  const [from, setFrom] = useState(dateOf(offer.saleStartsAt));
  const [to, setTo] = useState(dateOf(offer.saleEndsAt, true));
  const [sku, setSku] = useState(offer.sku ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const edit = useOfferEdit(businessId);

  function submit(event: FormEvent) {
    event.preventDefault();
    const salePrice = sale.trim() === '' ? null : parseMoney(sale, offer.price.currency);
    if (sale.trim() !== '' && (salePrice === null || salePrice <= 0)) {
      return setProblem('Enter a sale price such as 3.99, or leave it empty for no sale.');
    }
    const fields = {
      price: offer.price.amount,
      salePrice,
      saleStartsAt: salePrice === null ? null : startOf(from),
      saleEndsAt: salePrice === null ? null : endAfter(to),
    };
    const rule = offerPriceProblem(fields);
    if (rule) return setProblem(rule);
    setProblem(null);
    edit.mutate(
      {
        offerId: offer.id,
        patch: {
          salePrice: fields.salePrice,
          saleStartsAt: fields.saleStartsAt,
          saleEndsAt: fields.saleEndsAt,
          sku: sku.trim() === '' ? null : sku.trim(),
        },
      },
      { onSuccess: onClose, onError: (error) => setProblem(error.message) },
    );
  }

  return (
    <ModalDialog
      title={`Edit ${offer.title}`}
      onClose={onClose}
      closeButton
      className="mys-dialog-wide"
    >
      <form className="mys-form-grid" onSubmit={submit} noValidate>
        <label className="mys-field">
          <span>Sale price</span>
          <input inputMode="decimal" value={sale} onChange={(e) => setSale(e.target.value)} />
        </label>
        <label className="mys-field">
          <span>Sale starts</span>
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="mys-field">
          <span>Sale ends (last day)</span>
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label className="mys-field">
          <span>SKU</span>
          <input value={sku} maxLength={SKU_MAX_LENGTH} onChange={(e) => setSku(e.target.value)} />
        </label>
        {problem ? (
          <p className="mys-field-error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="mp-dialog-actions">
          <button type="submit" className="mp-button mp-button-primary" disabled={edit.isPending}>
            Save changes
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function RemoveOfferDialog({
  businessId,
  offer,
  onClose,
}: {
  businessId: string;
  offer: ManagedOffer;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    const result = await removeOffer(businessId, offer.id);
    setBusy(false);
    if (!result.ok) return setProblem(result.message || 'The product could not be removed.');
    await queryClient.invalidateQueries({ queryKey: offerKeys.all(businessId) });
    onClose();
  }

  return (
    <ModalDialog
      title={`Remove ${offer.title}?`}
      onClose={onClose}
      closeButton
      className="mys-dialog-wide"
    >
      <p>Shoppers will no longer see it in your store. The catalogue product stays.</p>
      {problem ? (
        <p className="mys-field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="mp-dialog-actions">
        <button type="button" className="mp-button" onClick={onClose}>
          Keep it
        </button>
        <button
          type="button"
          className="mp-button mp-button-danger"
          disabled={busy}
          onClick={() => void confirm()}
        >
          Remove from store
        </button>
      </div>
    </ModalDialog>
  );
}
