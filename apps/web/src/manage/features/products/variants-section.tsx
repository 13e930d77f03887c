import {
  parseMoney,
  sameVariantLabel,
  type StoreProduct,
  type StoreVariant,
  variantLabelProblem,
  variantMessages,
} from '@localmart/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { moneyValueInputText } from '../../lib/money-input.ts';
import {
  addVariant,
  offerKeys,
  patchVariant,
  removeVariant,
  type VariantWriteResult,
} from './products-api.ts';

/**
 * "Sizes" in the editor of a store's own product (ADR 0020): each size or weight is its own product
 * with its own SKU, price and stock, grouped under the main product; shoppers choose among them on
 * the product page. A new size copies this product's name (with the size swapped), description,
 * photos, details and category. The main product's own size is named with the first one added.
 */
export function VariantsSection({
  businessId,
  product,
  currency,
}: {
  businessId: string;
  product: StoreProduct;
  currency: string;
}) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const sizes = product.variants;

  /** After any write: the editor and the products list read the group again. */
  async function written(result: VariantWriteResult): Promise<string | null> {
    if (!result.ok) return result.message || 'The size could not be saved.';
    setNotice(result.message);
    await queryClient.invalidateQueries({ queryKey: offerKeys.all(businessId) });
    return null;
  }

  return (
    <section className="mp-sizes" aria-labelledby={headingId}>
      <h3 id={headingId}>Sizes</h3>
      <p className="mp-muted">
        Sell this product in other sizes or weights. Each size has its own SKU, price and stock;
        shoppers choose the size on the product page.
      </p>
      {notice ? (
        <p role="status" className="mp-notice">
          {notice}
        </p>
      ) : null}
      {sizes.length > 0 ? (
        <ul className="mp-size-list" aria-label="Sizes of this product">
          {sizes.map((size) => (
            <li key={size.productId}>
              <SizeRow
                businessId={businessId}
                productId={product.id}
                size={size}
                others={sizes.filter((other) => other.productId !== size.productId)}
                current={size.productId === product.id}
                removable={!size.main || sizes.length === 1}
                currency={currency}
                onWritten={written}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {adding ? (
        <AddSizeForm
          businessId={businessId}
          product={product}
          currency={currency}
          onDone={async (result) => {
            if (!result) {
              setAdding(false);
              return null;
            }
            const problem = await written(result);
            if (problem === null) setAdding(false);
            return problem;
          }}
        />
      ) : (
        <button
          type="button"
          className="mp-button"
          onClick={() => {
            setNotice(null);
            setAdding(true);
          }}
        >
          Add a size
        </button>
      )}
    </section>
  );
}

/** A label the form refuses before asking the server: empty, too long, or already in the group. */
function labelProblem(label: string, taken: readonly (string | null)[]): string | null {
  const problem = variantLabelProblem(label);
  if (problem) return problem;
  if (taken.some((other) => other !== null && sameVariantLabel(other, label))) {
    return variantMessages.labelTaken;
  }
  return null;
}

/** "800 g" from a detail named Weight/Size/Volume, or from the end of the title; else empty. */
export function guessedSizeLabel(product: Pick<StoreProduct, 'title' | 'attributes'>): string {
  const detail = product.attributes.find((attribute) =>
    /^(weight|size|volume|net weight|pack size)$/i.test(attribute.name.trim()),
  );
  if (detail && !variantLabelProblem(detail.value)) return detail.value.trim();
  const match = /(\d+(?:[.,]\d+)?\s?(?:g|kg|ml|l|oz|lb|cl))$/i.exec(product.title.trim());
  return match?.[1] ?? '';
}

function sizeTerms(price: string, quantity: string, currency: string) {
  const cents = parseMoney(price, currency);
  if (cents === null || cents <= 0) return 'Enter a price such as 4.99.';
  if (!/^\d+$/.test(quantity.trim())) return 'Quantity must be a whole number, 0 or more.';
  return { price: cents, quantity: Number(quantity.trim()) };
}

function AddSizeForm({
  businessId,
  product,
  currency,
  onDone,
}: {
  businessId: string;
  product: StoreProduct;
  currency: string;
  onDone: (result: VariantWriteResult | null) => Promise<string | null>;
}) {
  const needsMainLabel = product.variantLabel === null;
  const [mainLabel, setMainLabel] = useState(() =>
    needsMainLabel ? guessedSizeLabel(product) : '',
  );
  const [label, setLabel] = useState('');
  const [sku, setSku] = useState('');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const taken = [
      ...product.variants.map((size) => size.label),
      needsMainLabel ? mainLabel : product.variantLabel,
    ];
    const check =
      (needsMainLabel ? variantLabelProblem(mainLabel) : null) ?? labelProblem(label, taken);
    if (check) return setProblem(check);
    if (!sku.trim()) {
      return setProblem(
        'Give the size a SKU (your item code) so you can find it and update its stock.',
      );
    }
    const terms = sizeTerms(price, quantity, currency);
    if (typeof terms === 'string') return setProblem(terms);
    setProblem(null);
    setBusy(true);
    const result = await addVariant(businessId, product.id, {
      label: label.trim(),
      ...(needsMainLabel ? { mainLabel: mainLabel.trim() } : {}),
      sku: sku.trim(),
      ...terms,
    });
    setBusy(false);
    setProblem(await onDone(result));
  }

  return (
    <form
      className="mys-form-grid mp-size-form"
      aria-label="Add a size"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      {needsMainLabel ? (
        <label className="mys-field mp-wide">
          <span>This product’s size</span>
          <input value={mainLabel} onChange={(event) => setMainLabel(event.target.value)} />
        </label>
      ) : null}
      <label className="mys-field">
        <span>New size</span>
        <input
          value={label}
          placeholder="400 g"
          onChange={(event) => setLabel(event.target.value)}
        />
      </label>
      <label className="mys-field">
        <span>SKU of the new size</span>
        <input value={sku} onChange={(event) => setSku(event.target.value)} />
      </label>
      <label className="mys-field">
        <span>Price of the new size</span>
        <input
          inputMode="decimal"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
      </label>
      <label className="mys-field">
        <span>Quantity in stock of the new size</span>
        <input
          inputMode="numeric"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
      </label>
      {problem ? (
        <p role="alert" className="mys-field-error mp-wide">
          {problem}
        </p>
      ) : null}
      <div className="mp-dialog-actions mp-wide">
        <button type="button" className="mp-button" onClick={() => void onDone(null)}>
          Cancel
        </button>
        <button type="submit" className="mp-button mp-button-primary" disabled={busy}>
          Add size
        </button>
      </div>
    </form>
  );
}

function SizeRow({
  businessId,
  productId,
  size,
  others,
  current,
  removable,
  currency,
  onWritten,
}: {
  businessId: string;
  productId: string;
  size: StoreVariant;
  others: readonly StoreVariant[];
  current: boolean;
  removable: boolean;
  currency: string;
  onWritten: (result: VariantWriteResult) => Promise<string | null>;
}) {
  const name = size.label ?? size.title;
  const [label, setLabel] = useState(size.label ?? '');
  const [sku, setSku] = useState(size.sku ?? '');
  const [price, setPrice] = useState(moneyValueInputText(size.price));
  const [quantity, setQuantity] = useState(String(size.quantity));
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const dirty =
    label !== (size.label ?? '') ||
    sku !== (size.sku ?? '') ||
    price !== moneyValueInputText(size.price) ||
    quantity !== String(size.quantity);

  async function save(event: FormEvent) {
    event.preventDefault();
    const check = labelProblem(
      label,
      others.map((other) => other.label),
    );
    if (check) return setProblem(check);
    const terms = sizeTerms(price, quantity, currency);
    if (typeof terms === 'string') return setProblem(terms);
    setProblem(null);
    setBusy(true);
    const result = await patchVariant(businessId, productId, size.productId, {
      ...(label.trim() !== size.label ? { label: label.trim() } : {}),
      ...(sku.trim() && sku.trim() !== size.sku ? { sku: sku.trim() } : {}),
      ...(terms.price !== size.price.amount ? { price: terms.price } : {}),
      ...(terms.quantity !== size.quantity ? { quantity: terms.quantity } : {}),
    });
    setBusy(false);
    setProblem(await onWritten(result));
  }

  async function remove() {
    setBusy(true);
    const result = await removeVariant(businessId, productId, size.productId);
    setBusy(false);
    setConfirming(false);
    setProblem(await onWritten(result));
  }

  return (
    <form
      className="mp-size-row"
      aria-label={`Size ${name}`}
      onSubmit={(event) => void save(event)}
      noValidate
    >
      <p className="mp-size-title">
        <strong>{size.title}</strong>
        {size.main ? <span className="mys-badge">Main</span> : null}
        {current ? <span className="mp-muted"> · this product</span> : null}
      </p>
      <label className="mys-field">
        <span>Size</span>
        <input value={label} onChange={(event) => setLabel(event.target.value)} />
      </label>
      <label className="mys-field">
        <span>SKU</span>
        <input value={sku} onChange={(event) => setSku(event.target.value)} />
      </label>
      <label className="mys-field">
        <span>Price</span>
        <input
          inputMode="decimal"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
      </label>
      <label className="mys-field">
        <span>In stock</span>
        <input
          inputMode="numeric"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
      </label>
      <div className="mp-size-actions">
        <button
          type="submit"
          className="mp-button mp-button-primary"
          disabled={!dirty || busy}
          aria-label={`Save size ${name}`}
        >
          Save
        </button>
        {removable && !current ? (
          confirming ? (
            <>
              <button
                type="button"
                className="mp-button mp-button-danger"
                disabled={busy}
                onClick={() => void remove()}
              >
                Remove {name} from your store
              </button>
              <button type="button" className="mp-button" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </>
          ) : (
            <button
              type="button"
              className="mp-button mp-button-danger"
              onClick={() => setConfirming(true)}
              aria-label={`Remove size ${name}`}
            >
              Remove
            </button>
          )
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="mys-field-error mp-size-problem">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
