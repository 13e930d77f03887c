import {
  type CatalogProductHit,
  isValidGtin,
  type ImageRef,
  offersMessages,
  parseMoney,
  STORE_IMAGE_TYPES,
} from '@localmart/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useDeferredValue, useState } from 'react';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { uploadStoreImage } from '../../lib/store-images.ts';
import {
  addOffer,
  createProduct,
  offerKeys,
  useCatalogSearch,
  useRetailCategories,
} from './products-api.ts';
import { errorMessage } from '../../lib/error-message.ts';

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
 * price and quantity; or, when it is not there, create it (brand content) with the store's offer.
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
                  {hit.brand} · {hit.gtin} · {hit.categoryName}
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
  const categories = useRetailCategories();
  const [fields, setFields] = useState({
    title: '',
    brand: '',
    gtin: '',
    description: '',
    categoryId: '',
    price: '',
    quantity: '',
  });
  const [attributes, setAttributes] = useState<{ name: string; value: string }[]>([]);
  const [images, setImages] = useState<ImageRef[]>([]);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [existingId, setExistingId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof fields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const image = await uploadStoreImage(businessId, file, fields.title || file.name);
      setImages((current) => [...current, image]);
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setUploading(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setExistingId(null);
    if (!fields.title.trim() || !fields.brand.trim())
      return setProblem('Enter a title and a brand.');
    if (!isValidGtin(fields.gtin.trim())) return setProblem(offersMessages.gtinCheckDigit);
    if (!fields.categoryId) return setProblem(offersMessages.categoryNotRetail);
    const terms = termsOf(fields.price, fields.quantity);
    if (typeof terms === 'string') return setProblem(terms);
    setProblem(null);
    setBusy(true);
    const result = await createProduct(businessId, {
      title: fields.title.trim(),
      brand: fields.brand.trim(),
      gtin: fields.gtin.trim(),
      description: fields.description.trim(),
      categoryId: fields.categoryId,
      images,
      attributes: attributes.filter((a) => a.name.trim() && a.value.trim()),
      offer: terms,
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
    const terms = termsOf(fields.price, fields.quantity);
    if (typeof terms === 'string') return setProblem(terms);
    const result = await addOffer(businessId, { productId: existingId, ...terms });
    if (!result.ok) return setProblem(result.message);
    await queryClient.invalidateQueries({ queryKey: offerKeys.all(businessId) });
    onDone(result.message);
  }

  return (
    <form className="mys-form-grid" onSubmit={(e) => void submit(e)} noValidate>
      <label className="mys-field">
        <span>Title</span>
        <input value={fields.title} onChange={(e) => set('title')(e.target.value)} />
      </label>
      <label className="mys-field">
        <span>Brand</span>
        <input value={fields.brand} onChange={(e) => set('brand')(e.target.value)} />
      </label>
      <label className="mys-field">
        <span>GTIN (barcode number)</span>
        <input
          inputMode="numeric"
          value={fields.gtin}
          onChange={(e) => set('gtin')(e.target.value)}
        />
      </label>
      <label className="mys-field">
        <span>Category</span>
        <select value={fields.categoryId} onChange={(e) => set('categoryId')(e.target.value)}>
          <option value="">Choose a category</option>
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {category.label}
            </option>
          ))}
        </select>
      </label>
      <label className="mys-field mp-wide">
        <span>Description</span>
        <textarea
          rows={3}
          value={fields.description}
          onChange={(e) => set('description')(e.target.value)}
        />
      </label>
      <fieldset className="mp-wide mp-attributes">
        <legend>Attributes</legend>
        {attributes.map((attribute, index) => (
          <div key={index} className="mp-attribute">
            <label className="mys-field">
              <span>Attribute {index + 1} name</span>
              <input
                value={attribute.name}
                onChange={(e) =>
                  setAttributes((list) =>
                    list.map((a, i) => (i === index ? { ...a, name: e.target.value } : a)),
                  )
                }
              />
            </label>
            <label className="mys-field">
              <span>Attribute {index + 1} value</span>
              <input
                value={attribute.value}
                onChange={(e) =>
                  setAttributes((list) =>
                    list.map((a, i) => (i === index ? { ...a, value: e.target.value } : a)),
                  )
                }
              />
            </label>
          </div>
        ))}
        <button
          type="button"
          className="mp-button"
          onClick={() => setAttributes((list) => [...list, { name: '', value: '' }])}
        >
          Add attribute
        </button>
      </fieldset>
      <div className="mp-wide">
        <label className="mys-field">
          <span>Product image</span>
          <input
            type="file"
            accept={STORE_IMAGE_TYPES.join(',')}
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </label>
        {uploading ? <p role="status">Uploading…</p> : null}
        <div className="mp-thumbs">
          {images.map((image) => (
            <img key={image.url} src={image.url} alt={image.alt} width={64} height={64} />
          ))}
        </div>
      </div>
      <TermsFields
        price={fields.price}
        quantity={fields.quantity}
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
