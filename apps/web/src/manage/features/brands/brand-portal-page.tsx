import {
  type BrandCsvResult,
  type BrandGtin,
  brandMessages,
  type BrandPartner,
  type ImageRef,
  isValidGtin,
  normalizedGtin,
  PRODUCT_IMAGES_MAX,
  STORE_IMAGE_TYPES,
  storeProductMessages,
} from '@localmart/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { QueryStates } from '../../components/query-states.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { ManagePage } from '../../shell/manage-page.tsx';
import {
  brandKeys,
  saveBrandGtin,
  sendContentFile,
  uploadBrandImage,
  useBrandGtin,
  useBrandPartner,
  useBrandProducts,
} from './brands-api.ts';
import { useCategoryChoices } from '../../lib/category-choices.ts';
import { BrandStatusBadge } from './brand-status.tsx';
import '../../components/buttons.css';
import '../../components/visually-hidden.css';
import './brands.css';

/**
 * /manage/brands/:brandId, the brand portal (ADR 0022): the GTINs the partner owns, their content
 * edited one by one (what every store selling the GTIN shows), and a content CSV checked first,
 * then saved. A partner waiting for approval sees why it cannot edit yet.
 */
export function BrandPortalPage() {
  const { brandId = '' } = useParams();
  const partner = useBrandPartner(brandId);
  return (
    <QueryStates query={partner}>
      {(data) => (
        <ManagePage
          title={data.name}
          subtitle={
            <>
              <BrandStatusBadge status={data.status} />{' '}
              <span className="bp-claims">
                {[...data.brands, ...data.gtinPrefixes.map((p) => `prefix ${p}`)].join(' · ')}
              </span>
            </>
          }
          actions={<Link to="/manage/brands">All brand partners</Link>}
        >
          {data.status === 'approved' ? (
            <Portal partner={data} />
          ) : data.status === 'pending' ? (
            <p className="mys-card" role="status">
              {brandMessages.notApproved}
            </p>
          ) : (
            <div className="mys-card" role="status">
              <p>{brandMessages.rejectedNoEdit}</p>
              {data.rejectionReason ? <p>Localmart’s reason: {data.rejectionReason}</p> : null}
            </div>
          )}
        </ManagePage>
      )}
    </QueryStates>
  );
}

function Portal({ partner }: { partner: BrandPartner }) {
  const [gtin, setGtin] = useState<string | null>(null);
  return (
    <div className="bp-portal">
      <OpenByGtin onOpen={setGtin} />
      {gtin ? (
        <GtinEditor key={gtin} partner={partner} gtin={gtin} onClose={() => setGtin(null)} />
      ) : null}
      <ProductList partner={partner} onEdit={setGtin} />
      <ContentFile partner={partner} />
    </div>
  );
}

function OpenByGtin({ onOpen }: { onOpen: (gtin: string) => void }) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const gtin = normalizedGtin(typed) ?? '';
    if (!isValidGtin(gtin)) return setProblem(brandMessages.gtinInvalid);
    setProblem(null);
    onOpen(gtin);
  }
  return (
    <form className="mys-card bp-open" onSubmit={submit} noValidate>
      <label className="mys-field">
        <span>Edit a product by its barcode (GTIN)</span>
        <input value={typed} inputMode="numeric" onChange={(e) => setTyped(e.target.value)} />
      </label>
      <button type="submit" className="mys-plain-button">
        Open
      </button>
      {problem ? (
        <p className="mys-field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function ProductList({
  partner,
  onEdit,
}: {
  partner: BrandPartner;
  onEdit: (gtin: string) => void;
}) {
  const [q, setQ] = useState('');
  const products = useBrandProducts(partner.id, q.trim(), true);
  return (
    <section className="mys-card" aria-labelledby="bp-products-title">
      <h2 id="bp-products-title">Your products in the catalogue</h2>
      <label className="mys-field">
        <span>Search by name or barcode</span>
        <input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </label>
      <QueryStates
        query={products}
        isEmpty={(rows) => rows.length === 0}
        emptyTitle="No products of your brands or prefixes are in the catalogue yet."
        emptyText="Open a barcode above to add one."
      >
        {(rows) => (
          <ul className="bp-products" aria-label="Your products">
            {rows.map((row) => (
              <li key={row.productId} className="bp-product">
                {row.image ? (
                  <img src={row.image.url} alt="" width={48} height={48} />
                ) : (
                  <span className="bp-no-photo" aria-hidden="true" />
                )}
                <div className="bp-product-text">
                  <strong>{row.title}</strong>
                  <span>
                    GTIN {row.gtin} · {row.categoryName} · sold by {row.storeCount}{' '}
                    {row.storeCount === 1 ? 'store' : 'stores'}
                  </span>
                  {row.brandContent ? (
                    <span className="mys-badge bp-badge-approved">Your content</span>
                  ) : null}
                </div>
                <button
                  type="button"
                  className="mys-plain-button mys-plain-button-small"
                  aria-label={`Edit ${row.title}`}
                  onClick={() => onEdit(row.gtin)}
                >
                  Edit
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}

interface Draft {
  title: string;
  brand: string;
  description: string;
  categoryId: string;
  images: ImageRef[];
  attributes: { name: string; value: string }[];
}

function draftOf(data: BrandGtin, partner: BrandPartner): Draft {
  const p = data.product;
  return {
    title: p?.title ?? '',
    brand: p?.brand ?? partner.brands[0] ?? partner.name,
    description: p?.description ?? '',
    categoryId: p?.categoryId ?? '',
    images: p?.images ?? [],
    attributes: p?.attributes ?? [],
  };
}

function GtinEditor({
  partner,
  gtin,
  onClose,
}: {
  partner: BrandPartner;
  gtin: string;
  onClose: () => void;
}) {
  const current = useBrandGtin(partner.id, gtin);
  return (
    <section className="mys-card bp-editor" aria-labelledby="bp-editor-title">
      <div className="bp-editor-head">
        <h2 id="bp-editor-title">Content of GTIN {gtin}</h2>
        <button type="button" className="mys-plain-button mys-plain-button-small" onClick={onClose}>
          Close
        </button>
      </div>
      <QueryStates query={current}>
        {(data) => <EditorForm partner={partner} data={data} />}
      </QueryStates>
    </section>
  );
}

function EditorForm({ partner, data }: { partner: BrandPartner; data: BrandGtin }) {
  const queryClient = useQueryClient();
  const categories = useCategoryChoices('retail');
  const [draft, setDraft] = useState<Draft>(() => draftOf(data, partner));
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  useEffect(() => setDraft(draftOf(data, partner)), [data, partner]);
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [name]: value }));

  const save = useMutation({
    mutationFn: () =>
      saveBrandGtin(partner.id, data.gtin, {
        title: draft.title.trim(),
        brand: draft.brand.trim(),
        description: draft.description.trim(),
        categoryId: draft.categoryId,
        images: draft.images,
        attributes: draft.attributes
          .map((a) => ({ name: a.name.trim(), value: a.value.trim() }))
          .filter((a) => a.name || a.value),
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(brandKeys.gtin(partner.id, data.gtin), answer.gtin);
      void queryClient.invalidateQueries({
        queryKey: ['manage', 'brands', partner.id, 'products'],
      });
    },
  });

  async function upload(files: FileList | null) {
    const chosen = [...(files ?? [])];
    if (chosen.length === 0) return;
    if (draft.images.length + chosen.length > PRODUCT_IMAGES_MAX) {
      return setProblem(storeProductMessages.tooManyImages);
    }
    setProblem(null);
    setUploading(true);
    const added: ImageRef[] = [];
    try {
      for (const file of chosen) {
        added.push(await uploadBrandImage(partner.id, file, draft.title.trim() || file.name));
      }
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setDraft((d) => ({ ...d, images: [...d.images, ...added] }));
      setUploading(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.title.trim()) return setProblem(storeProductMessages.titleRequired);
    if (!draft.categoryId) return setProblem('Choose a product category.');
    setProblem(null);
    save.mutate();
  }

  const failure = problem ?? (save.isError ? errorMessage(save.error) : null);
  return (
    <form className="bp-form" onSubmit={submit} noValidate>
      <p className="bp-hint">
        {data.product
          ? `Sold by ${data.storeCount} ${data.storeCount === 1 ? 'store' : 'stores'}. What you save here is what every one of them shows.`
          : 'The catalogue has no content for this barcode yet: what you save becomes it.'}
      </p>
      <label className="mys-field bp-wide">
        <span>Product name</span>
        <input value={draft.title} onChange={(e) => set('title', e.target.value)} />
      </label>
      <label className="mys-field">
        <span>Brand</span>
        <input value={draft.brand} onChange={(e) => set('brand', e.target.value)} />
      </label>
      <label className="mys-field">
        <span>Category</span>
        <select value={draft.categoryId} onChange={(e) => set('categoryId', e.target.value)}>
          <option value="">Choose a category</option>
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {category.label}
            </option>
          ))}
        </select>
      </label>
      <label className="mys-field bp-wide">
        <span>Description</span>
        <textarea
          rows={4}
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </label>
      <fieldset className="bp-wide bp-fieldset">
        <legend>Details shoppers see (size, ingredients…)</legend>
        {draft.attributes.map((attribute, index) => (
          <div key={index} className="bp-attribute">
            <label className="mys-field">
              <span>Detail {index + 1} name</span>
              <input
                value={attribute.name}
                onChange={(e) =>
                  set(
                    'attributes',
                    draft.attributes.map((a, i) =>
                      i === index ? { ...a, name: e.target.value } : a,
                    ),
                  )
                }
              />
            </label>
            <label className="mys-field">
              <span>Detail {index + 1} value</span>
              <input
                value={attribute.value}
                onChange={(e) =>
                  set(
                    'attributes',
                    draft.attributes.map((a, i) =>
                      i === index ? { ...a, value: e.target.value } : a,
                    ),
                  )
                }
              />
            </label>
            <button
              type="button"
              className="mys-plain-button mys-plain-button-small mys-plain-button-danger"
              aria-label={`Remove detail ${index + 1}`}
              onClick={() =>
                set(
                  'attributes',
                  draft.attributes.filter((_, i) => i !== index),
                )
              }
            >
              Remove
            </button>
          </div>
        ))}
        <div>
          <button
            type="button"
            className="mys-plain-button"
            onClick={() => set('attributes', [...draft.attributes, { name: '', value: '' }])}
          >
            Add a detail
          </button>
        </div>
      </fieldset>
      <fieldset className="bp-wide bp-fieldset">
        <legend>Photos</legend>
        {draft.images.length > 0 ? (
          <ul className="bp-thumbs" aria-label="Product photos">
            {draft.images.map((image, index) => (
              <li key={image.url}>
                <img src={image.url} alt={image.alt} width={72} height={72} />
                <button
                  type="button"
                  className="mys-plain-button mys-plain-button-small"
                  aria-label={`Remove photo ${index + 1}`}
                  onClick={() =>
                    set(
                      'images',
                      draft.images.filter((i) => i.url !== image.url),
                    )
                  }
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <label className="mys-field">
          <span>Add photos (JPEG, PNG or WebP; the first one is the main photo)</span>
          <input
            type="file"
            multiple
            accept={STORE_IMAGE_TYPES.join(',')}
            disabled={draft.images.length >= PRODUCT_IMAGES_MAX}
            onChange={(e) => {
              void upload(e.target.files);
              e.target.value = '';
            }}
          />
        </label>
        {uploading ? <p role="status">Uploading…</p> : null}
      </fieldset>
      {failure ? (
        <p className="mys-field-error bp-wide" role="alert">
          {failure}
        </p>
      ) : null}
      {save.isSuccess ? (
        <p className="bp-wide" role="status">
          {save.data.message}
        </p>
      ) : null}
      <div className="bp-wide">
        <button
          type="submit"
          className="mys-plain-button mys-plain-button-primary"
          disabled={save.isPending || uploading}
        >
          {save.isPending ? 'Saving…' : 'Save for every store'}
        </button>
      </div>
    </form>
  );
}

function ContentFile({ partner }: { partner: BrandPartner }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<{ result: BrandCsvResult; message: string } | null>(null);
  const send = useMutation({
    mutationFn: (apply: boolean) => sendContentFile(partner.id, file!, apply),
    onSuccess: (answer) => {
      setChecked(answer);
      if (answer.result.applied) {
        void queryClient.invalidateQueries({ queryKey: ['manage', 'brands', partner.id] });
      }
    },
  });
  const result = checked?.result;
  return (
    <section className="mys-card" aria-labelledby="bp-file-title">
      <h2 id="bp-file-title">Update many products with a CSV file</h2>
      <p className="bp-hint">
        Columns: gtin, title, and optionally brand, description, category (as listed in the editor,
        such as “Grocery › Snacks”) and details as “detail:Volume”. Empty cells keep what the
        catalogue has. Photos are uploaded on each product, never linked from the file.
      </p>
      <label className="mys-field">
        <span>Content file (CSV)</span>
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setChecked(null);
          }}
        />
      </label>
      <div className="bp-actions">
        <button
          type="button"
          className="mys-plain-button"
          disabled={!file || send.isPending}
          onClick={() => send.mutate(false)}
        >
          Check the file
        </button>
        {result && !result.applied && result.created + result.updated > 0 ? (
          <button
            type="button"
            className="mys-plain-button mys-plain-button-primary"
            disabled={send.isPending}
            onClick={() => send.mutate(true)}
          >
            Save {result.created + result.updated} products
          </button>
        ) : null}
      </div>
      {send.isError ? (
        <p className="mys-field-error" role="alert">
          {errorMessage(send.error)}
        </p>
      ) : null}
      {result ? (
        <div role="status" className="bp-file-result">
          <p>{checked.message}</p>
          <p>
            {result.rows} rows: {result.created} new, {result.updated} updated,{' '}
            {result.errors.length} with a problem.
          </p>
          {result.errors.length > 0 ? (
            <ul aria-label="Rows with a problem">
              {result.errors.map((error) => (
                <li key={`${error.line}-${error.gtin}`}>
                  Line {error.line}
                  {error.gtin ? ` (${error.gtin})` : ''}: {error.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
