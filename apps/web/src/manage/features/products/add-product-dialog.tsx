import {
  type CatalogProductHit,
  normalizedGtin,
  optionalGtinProblem,
  parseMoney,
  SKU_MAX_LENGTH,
  storeProductMessages,
} from '@localmart/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useDeferredValue, useState } from 'react';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import {
  type ContentDraft,
  contentOf,
  emptyContent,
  ProductContentFields,
} from './product-content-fields.tsx';
import { addOffer, createProduct, offerKeys, useCatalogSearch } from './products-api.ts';

// Typed prices are read as 2-decimal amounts; the server files them in the store's own currency.
const CURRENCY = 'CAD';

/** Price and quantity boxes shared by both ways of adding; null (with a message) when not valid. */
function termsOf(price: string, quantity: string): { price: number; quantity: number } | string {
  const cents = parseMoney(price, CURRENCY);
  if (cents === null || cents <= 0) return 'Enter a price such as 4.99.';
  if (!/^\d+$/.test(quantity.trim())) return 'Quantity must be a whole number, 0 or more.';
  return { price: cents, quantity: Number(quantity) };
}

function TermsFields({
  price,
  quantity,
  onPrice,
  onQuantity,
}: {
  price: string;
  quantity: string;
  onPrice: (value: string) => void;
  onQuantity: (value: string) => void;
}) {
  return (
    <>
      <label className="mys-field">
        <span>Your price</span>
        <input inputMode="decimal" value={price} onChange={(e) => onPrice(e.target.value)} />
      </label>
      <label className="mys-field">
        <span>Quantity in stock</span>
        <input inputMode="numeric" value={quantity} onChange={(e) => onQuantity(e.target.value)} />
      </label>
    </>
  );
}

/**
 * "Add product": find the product in the shared catalogue by name or GTIN and add it with the store's
 * price and quantity; or, when it is not there, describe it (the store's own product without a
 * barcode, or content for a new barcode, shown with this store's offer until confirmed).
 */
export function AddProductDialog({
  businessId,
  onClose,
}: {
  businessId: string;
  onClose: (message?: string) => void;
}) {
  const [mode, setMode] = useState<'search' | 'create'>('search');
  return (
    <ModalDialog
      title="Add product"
      onClose={() => onClose()}
      closeButton
      className="mys-dialog-wide"
    >
      {mode === 'search' ? (
        <CatalogSearch
          businessId={businessId}
          onDone={onClose}
          onCreate={() => setMode('create')}
        />
      ) : (
        <CreateProductForm
          businessId={businessId}
          onDone={onClose}
          onBack={() => setMode('search')}
        />
      )}
    </ModalDialog>
  );
}

function CatalogSearch({
  businessId,
  onDone,
  onCreate,
}: {
  businessId: string;
  onDone: (message: string) => void;
  onCreate: () => void;
}) {
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const search = useCatalogSearch(businessId, deferred);
  const [chosen, setChosen] = useState<CatalogProductHit | null>(null);

  return (
    <div className="mp-add">
      <label className="mys-field">
        <span>Search the catalogue by name or GTIN</span>
        <input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </label>
      {search.isError ? (
        <p role="alert" className="mys-field-error">
          {search.error.message}
        </p>
      ) : null}
      {search.data && search.data.length === 0 ? (
        <p className="mys-state">No catalogue product matches “{deferred}”.</p>
      ) : null}
      {search.data && search.data.length > 0 ? (
        <ul className="mp-hits" aria-label="Catalogue products">
          {search.data.map((hit) => (
            <li key={hit.id}>
              <div>
                <strong>{hit.title}</strong>
                <div className="mp-muted">
                  {[hit.brand, hit.gtin, hit.categoryName].filter(Boolean).join(' · ')}
                </div>
              </div>
              {hit.offerId ? (
                <span className="mys-badge">In your store</span>
              ) : (
                <button
                  type="button"
                  className="mp-button"
                  onClick={() => setChosen(hit)}
                  aria-label={`Choose ${hit.title}`}
                >
                  Choose
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {chosen ? <AddOfferForm businessId={businessId} product={chosen} onDone={onDone} /> : null}
      <p>
        Not in the catalogue?{' '}
        <button type="button" className="mp-link" onClick={onCreate}>
          Create a new product
        </button>
      </p>
    </div>
  );
}

function AddOfferForm({
  businessId,
  product,
  onDone,
}: {
  businessId: string;
  product: CatalogProductHit;
  onDone: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const terms = termsOf(price, quantity);
    if (typeof terms === 'string') return setProblem(terms);
    setBusy(true);
    const result = await addOffer(businessId, { productId: product.id, ...terms });
    setBusy(false);
    if (!result.ok) return setProblem(result.message || 'The product could not be added.');
    await queryClient.invalidateQueries({ queryKey: offerKeys.all(businessId) });
    onDone(result.message);
  }

  return (
    <form className="mys-form-grid mp-add-form" onSubmit={(e) => void submit(e)} noValidate>
      <p>
        Add <strong>{product.title}</strong> to your store
      </p>
      <TermsFields price={price} quantity={quantity} onPrice={setPrice} onQuantity={setQuantity} />
      {problem ? (
        <p role="alert" className="mys-field-error">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="mp-button mp-button-primary" disabled={busy}>
        Add to my store
      </button>
    </form>
  );
}

function CreateProductForm({
  businessId,
  onDone,
  onBack,
}: {
  businessId: string;
  onDone: (message: string) => void;
  onBack: () => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ContentDraft>(emptyContent);
  const [offer, setOffer] = useState({ gtin: '', sku: '', price: '', quantity: '' });
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [existingId, setExistingId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof offer) => (value: string) =>
    setOffer((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setExistingId(null);
    const content = contentOf(draft);
    if (typeof content === 'string') return setProblem(content);
    const gtin = normalizedGtin(offer.gtin);
    const gtinProblem = optionalGtinProblem(gtin);
    if (gtinProblem) return setProblem(gtinProblem);
    const sku = offer.sku.trim();
    if (gtin === null && !sku) return setProblem(storeProductMessages.ownProductNeedsSku);
    const terms = termsOf(offer.price, offer.quantity);
    if (typeof terms === 'string') return setProblem(terms);
    setProblem(null);
    setBusy(true);
    const result = await createProduct(businessId, {
      ...content,
      gtin,
      offer: { ...terms, sku: sku || null },
    });
    setBusy(false);
    if (!result.ok) {
      setProblem(result.message || 'The product could not be created.');
      setExistingId(result.existingProductId ?? null);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: offerKeys.all(businessId) });
    onDone(result.message);
  }

  async function addExisting() {
    if (!existingId) return;
    const terms = termsOf(offer.price, offer.quantity);
    if (typeof terms === 'string') return setProblem(terms);
    const result = await addOffer(businessId, {
      productId: existingId,
      ...terms,
      sku: offer.sku.trim() || null,
    });
    if (!result.ok) return setProblem(result.message);
    await queryClient.invalidateQueries({ queryKey: offerKeys.all(businessId) });
    onDone(result.message);
  }

  return (
    <form className="mys-form-grid" onSubmit={(e) => void submit(e)} noValidate>
      <ProductContentFields
        businessId={businessId}
        draft={draft}
        onChange={setDraft}
        onProblem={setProblem}
        onUploading={setUploading}
      />
      <label className="mys-field">
        <span>Barcode number (GTIN), if it has one</span>
        <input
          inputMode="numeric"
          value={offer.gtin}
          onChange={(e) => set('gtin')(e.target.value)}
          aria-describedby="mp-gtin-hint"
        />
        <small id="mp-gtin-hint" className="mp-muted">
          Leave empty for what you make yourself, such as your own bread.
        </small>
      </label>
      <label className="mys-field">
        <span>Your SKU (item code)</span>
        <input
          value={offer.sku}
          maxLength={SKU_MAX_LENGTH}
          onChange={(e) => set('sku')(e.target.value)}
          aria-describedby="mp-sku-hint"
        />
        <small id="mp-sku-hint" className="mp-muted">
          Needed without a barcode: your feed and stock updates name the product by it.
        </small>
      </label>
      <TermsFields
        price={offer.price}
        quantity={offer.quantity}
        onPrice={set('price')}
        onQuantity={set('quantity')}
      />
      {problem ? (
        <div role="alert" className="mys-field-error mp-wide">
          <p>{problem}</p>
          {existingId ? (
            <button type="button" className="mp-button" onClick={() => void addExisting()}>
              Add the existing product instead
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="mp-dialog-actions mp-wide">
        <button type="button" className="mp-button" onClick={onBack}>
          Back to search
        </button>
        <button type="submit" className="mp-button mp-button-primary" disabled={busy || uploading}>
          Create product
        </button>
      </div>
    </form>
  );
}
