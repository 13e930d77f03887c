import {
  formatPrice,
  lineChangeText,
  type OrderLineChange,
  type StoreOrderDetail,
  type SubstituteOffer,
  SUBSTITUTION_PREFERENCE_LABELS,
  substitutionText,
} from '@localmart/contract';
import { useState } from 'react';
import { useStoreDateTime } from '../../../lib/store-context.tsx';
import { useChangeOrderLines, useSubstituteOffers } from '../api/order-changes-api.ts';
import { ActionDialog } from './action-dialog.tsx';
import './order-changes.css';

type Item = StoreOrderDetail['items'][number];

interface Draft {
  handOver: number;
  substitute: SubstituteOffer | null;
  substituteQuantity: number;
  searching: boolean;
}

/** What the store changed so far, in words, and the proposals still waiting for the shopper. */
function ChangesSummary({ order }: { order: StoreOrderDetail }) {
  const formatDateTime = useStoreDateTime();
  const changes = order.changes;
  if (!changes || (changes.lines.length === 0 && changes.substitutions.length === 0)) return null;
  return (
    <section className="mys-card mo-chg-summary" aria-labelledby="mo-chg-summary-title">
      <h2 id="mo-chg-summary-title">Changes</h2>
      <ul>
        {changes.lines.map((line) => (
          <li key={line.itemId}>{lineChangeText(line)}</li>
        ))}
        {changes.substitutions.map((sub) => (
          <li key={sub.id}>
            Substitute: {substitutionText(sub)}{' '}
            <span className={`mo-chip mo-chg-status mo-chg-status-${sub.status}`}>
              {sub.status === 'proposed'
                ? `Waiting for the shopper until ${formatDateTime(sub.expiresAt)}`
                : sub.status === 'approved'
                  ? sub.decidedBy === 'timer'
                    ? 'Accepted (no answer: best match)'
                    : 'Accepted by the shopper'
                  : sub.decidedBy === 'timer'
                    ? 'Declined (no answer)'
                    : 'Declined by the shopper'}
            </span>
          </li>
        ))}
      </ul>
      <p className="mo-muted">
        Placed at {formatPrice(changes.originalTotal)}; now {formatPrice(order.total)}. The shopper
        pays only for what you hand over.
      </p>
    </section>
  );
}

/** The search of one line's substitute among the store's own items in stock. */
function SubstitutePicker({
  businessId,
  currency,
  onPick,
}: {
  businessId: string;
  currency: string;
  onPick: (offer: SubstituteOffer) => void;
}) {
  const [q, setQ] = useState('');
  const offers = useSubstituteOffers(businessId, q.trim(), q.trim().length >= 2);
  return (
    <div className="mo-chg-picker">
      <label className="mys-field">
        Find a substitute in your store
        <input
          type="search"
          value={q}
          placeholder="Type at least 2 letters"
          onChange={(event) => setQ(event.target.value)}
        />
      </label>
      {offers.isError ? <p className="mys-field-error">{offers.error.message}</p> : null}
      {offers.data && offers.data.length === 0 ? (
        <p className="mo-muted">Nothing in stock matches.</p>
      ) : null}
      {offers.data && offers.data.length > 0 ? (
        <ul className="mo-chg-results" aria-label="Substitutes">
          {offers.data
            .filter((offer) => offer.unitPrice.currency === currency)
            .map((offer) => (
              <li key={offer.offerId}>
                <button type="button" onClick={() => onPick(offer)}>
                  <span className="mo-chg-result-title">{offer.title}</span>
                  <span className="mo-chg-result-meta">
                    {formatPrice(offer.unitPrice)} · {offer.quantity} in stock
                  </span>
                </button>
              </li>
            ))}
        </ul>
      ) : null}
    </div>
  );
}

function LineEditor({
  businessId,
  order,
  item,
  draft,
  setDraft,
}: {
  businessId: string;
  order: StoreOrderDetail;
  item: Item;
  draft: Draft;
  setDraft: (next: Draft) => void;
}) {
  const preference =
    order.changes?.preferences.find((entry) => entry.itemId === item.id)?.substitution ??
    'best_match';
  const changed = order.changes?.lines.find((line) => line.itemId === item.id);
  const handedNow = changed ? changed.handedOver : item.quantity;
  const hasSubstitute = order.changes?.substitutions.some((sub) => sub.itemId === item.id) ?? false;
  const missing = item.quantity - draft.handOver;
  const canSubstitute = preference !== 'refund' && missing > 0 && !hasSubstitute;
  const choices = Array.from({ length: handedNow + 1 }, (_, n) => handedNow - n);
  return (
    <li className="mo-chg-line">
      <div className="mo-chg-head">
        <span className="mo-item-title">
          {item.quantity} × {item.title}
        </span>
        <span className="mo-chg-pref">Shopper: {SUBSTITUTION_PREFERENCE_LABELS[preference]}</span>
      </div>
      <label className="mo-chg-handover">
        Hand over
        <select
          value={draft.handOver}
          aria-label={`Hand over: ${item.title}`}
          onChange={(event) => {
            const handOver = Number(event.target.value);
            setDraft({
              ...draft,
              handOver,
              substituteQuantity: Math.max(1, item.quantity - handOver),
              ...(handOver >= item.quantity ? { substitute: null, searching: false } : {}),
            });
          }}
        >
          {choices.map((n) => (
            <option key={n} value={n}>
              {n === 0 ? '0 (not available)' : `${n} of ${item.quantity}`}
            </option>
          ))}
        </select>
      </label>
      {hasSubstitute ? <p className="mo-muted">A substitute was already proposed.</p> : null}
      {preference === 'refund' && missing > 0 ? (
        <p className="mo-muted">The shopper wants no substitute: it is refunded.</p>
      ) : null}
      {canSubstitute && draft.substitute ? (
        <div className="mo-chg-picked">
          <span>
            Substitute: <strong>{draft.substitute.title}</strong> (
            {formatPrice(draft.substitute.unitPrice)} each)
          </span>
          <label className="mo-chg-handover">
            How many
            <select
              value={draft.substituteQuantity}
              aria-label={`How many of the substitute for ${item.title}`}
              onChange={(event) =>
                setDraft({ ...draft, substituteQuantity: Number(event.target.value) })
              }
            >
              {Array.from(
                { length: Math.max(1, Math.min(draft.substitute.quantity, missing * 2)) },
                (_, n) => n + 1,
              ).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="mys-action-button mys-action-button-quiet mys-action-button-small"
            onClick={() => setDraft({ ...draft, substitute: null, searching: false })}
          >
            Remove substitute
          </button>
        </div>
      ) : null}
      {canSubstitute && !draft.substitute ? (
        draft.searching ? (
          <SubstitutePicker
            businessId={businessId}
            currency={order.total.currency}
            onPick={(offer) => setDraft({ ...draft, substitute: offer, searching: false })}
          />
        ) : (
          <button
            type="button"
            className="mys-action-button mys-action-button-quiet mys-action-button-small"
            onClick={() => setDraft({ ...draft, searching: true })}
          >
            Propose a substitute
          </button>
        )
      ) : null}
    </li>
  );
}

/**
 * Accept with changes (a new order) or change items (an accepted one, until it is ready): per line
 * how many units are handed over (0: not available) and, where the shopper allows one, a substitute
 * from the store's own items. The server prices the order again and refuses a change the shopper's
 * card does not cover, in words shown here.
 */
export function OrderChanges({
  businessId,
  order,
}: {
  businessId: string;
  order: StoreOrderDetail;
}) {
  const change = useChangeOrderLines(businessId, order.id);
  const [open, setOpen] = useState(false);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const originals = order.items.filter((item) =>
    order.changes ? order.changes.preferences.some((entry) => entry.itemId === item.id) : true,
  );
  const handedOf = (item: Item) =>
    order.changes?.lines.find((line) => line.itemId === item.id)?.handedOver ?? item.quantity;
  const draftOf = (item: Item): Draft =>
    drafts[item.id] ?? {
      handOver: handedOf(item),
      substitute: null,
      substituteQuantity: 1,
      searching: false,
    };
  const changeable =
    (order.status === 'placed' && order.actions.includes('accept')) || order.status === 'accepted';
  const title = order.status === 'placed' ? 'Accept with changes' : 'Change items';

  function submit() {
    const lines: OrderLineChange[] = [];
    for (const item of originals) {
      const draft = draftOf(item);
      if (draft.handOver === handedOf(item) && !draft.substitute) continue;
      lines.push({
        itemId: item.id,
        handOver: draft.handOver,
        ...(draft.substitute
          ? {
              substituteOfferId: draft.substitute.offerId,
              substituteQuantity: draft.substituteQuantity,
            }
          : {}),
      });
    }
    if (lines.length === 0) {
      setNotice({ ok: false, text: 'Lower a quantity or propose a substitute first.' });
      return;
    }
    setNotice(null);
    change.mutate(
      { lines },
      {
        onSuccess: (result) => {
          setNotice({ ok: result.ok, text: result.message });
          if (result.ok) {
            setOpen(false);
            setDrafts({});
          }
        },
        onError: (failure) => setNotice({ ok: false, text: failure.message }),
      },
    );
  }

  return (
    <>
      <ChangesSummary order={order} />
      {notice && !open ? (
        <p className={notice.ok ? 'mo-chg-notice' : 'mys-field-error'} role="status">
          {notice.text}
        </p>
      ) : null}
      {changeable && !open ? (
        <div className="mo-chg-open">
          <button
            type="button"
            className="mys-action-button mys-action-button-quiet"
            onClick={() => {
              setNotice(null);
              setOpen(true);
            }}
          >
            {order.status === 'placed' ? 'Accept with changes…' : 'Change items…'}
          </button>
        </div>
      ) : null}
      {changeable && open ? (
        <ActionDialog
          title={title}
          submitLabel={order.status === 'placed' ? 'Accept with changes' : 'Save changes'}
          busy={change.isPending}
          error={notice && !notice.ok ? notice.text : null}
          onSubmit={submit}
          onClose={() => {
            setOpen(false);
            setNotice(null);
          }}
        >
          <p className="mo-muted">
            Say how many of each item you can hand over. The shopper is told at once and pays only
            for what they get.
          </p>
          <ul className="mo-chg-lines">
            {originals.map((item) => (
              <LineEditor
                key={item.id}
                businessId={businessId}
                order={order}
                item={item}
                draft={draftOf(item)}
                setDraft={(next) => setDrafts((all) => ({ ...all, [item.id]: next }))}
              />
            ))}
          </ul>
        </ActionDialog>
      ) : null}
    </>
  );
}

/** In the items table: "Not available" or "Hand over 1 of 2" on a line the store changed. */
export function HandedOverChip({ order, itemId }: { order: StoreOrderDetail; itemId: string }) {
  const line = order.changes?.lines.find((entry) => entry.itemId === itemId);
  const sub = order.changes?.substitutions.find((entry) => entry.itemId === itemId);
  if (!line && !sub) return null;
  return (
    <>
      {line ? (
        <span className="mo-chip mo-chip-danger mo-chg-chip">
          {line.handedOver === 0
            ? 'Not available'
            : `Hand over ${line.handedOver} of ${line.ordered}`}
        </span>
      ) : null}
      {sub && sub.status !== 'rejected' ? (
        <span className="mo-item-sub">
          {sub.status === 'proposed' ? 'Substitute proposed' : 'Replaced by'}: {sub.quantity} ×{' '}
          {sub.title}
        </span>
      ) : null}
    </>
  );
}
