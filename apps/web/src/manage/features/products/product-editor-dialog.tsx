import { type ManagedOffer, storeProductMessages } from '@localmart/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { type ContentDraft, contentOf, ProductContentFields } from './product-content-fields.tsx';
import { offerKeys, saveStoreProduct, useStoreProduct } from './products-api.ts';
import { VariantsSection } from './variants-section.tsx';

/**
 * "Edit product": the name, brand, category, description, details and photos of a product the store
 * described itself (its own product, or content for a barcode nobody confirmed yet). Shared
 * catalogue content is not the store's to change, and the row offers no such edit.
 */
export function ProductEditorDialog({
  businessId,
  offer,
  onClose,
}: {
  businessId: string;
  offer: ManagedOffer;
  onClose: (message?: string) => void;
}) {
  const product = useStoreProduct(businessId, offer.productId);
  return (
    <ModalDialog
      title={`Edit ${offer.title}`}
      onClose={() => onClose()}
      closeButton
      className="mys-dialog-wide"
    >
      {product.isPending ? <p role="status">Loading the product…</p> : null}
      {product.isError ? (
        <p role="alert" className="mys-field-error">
          {product.error.message}
        </p>
      ) : null}
      {product.data && !product.data.editable ? (
        <p className="mys-state">{storeProductMessages.contentShared}</p>
      ) : null}
      {product.data?.editable ? (
        <EditorForm
          businessId={businessId}
          productId={offer.productId}
          initial={{
            title: product.data.title,
            brand: product.data.brand,
            description: product.data.description,
            categoryId: product.data.categoryId,
            images: product.data.images,
            attributes: product.data.attributes,
          }}
          code={product.data.gtin ? `GTIN ${product.data.gtin}` : `SKU ${product.data.sku ?? ''}`}
          onDone={onClose}
        />
      ) : null}
      {/* Sizes are for the store's own products without a barcode (ADR 0020). */}
      {product.data?.editable && product.data.gtin === null ? (
        <VariantsSection
          businessId={businessId}
          product={product.data}
          currency={offer.price.currency}
        />
      ) : null}
    </ModalDialog>
  );
}

function EditorForm({
  businessId,
  productId,
  initial,
  code,
  onDone,
}: {
  businessId: string;
  productId: string;
  initial: ContentDraft;
  code: string;
  onDone: (message?: string) => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ContentDraft>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const content = contentOf(draft);
    if (typeof content === 'string') return setProblem(content);
    setProblem(null);
    setBusy(true);
    const result = await saveStoreProduct(businessId, productId, content);
    setBusy(false);
    if (!result.ok) return setProblem(result.message || 'The product could not be saved.');
    await queryClient.invalidateQueries({ queryKey: offerKeys.all(businessId) });
    onDone(result.message);
  }

  return (
    <form className="mys-form-grid mp-editor" onSubmit={(e) => void submit(e)} noValidate>
      <p className="mp-muted mp-wide">{code}</p>
      <ProductContentFields
        businessId={businessId}
        draft={draft}
        onChange={setDraft}
        onProblem={setProblem}
        onUploading={setUploading}
      />
      {problem ? (
        <p role="alert" className="mys-field-error mp-wide">
          {problem}
        </p>
      ) : null}
      <div className="mp-dialog-actions mp-wide">
        <button type="button" className="mp-button" onClick={() => onDone()}>
          Cancel
        </button>
        <button type="submit" className="mp-button mp-button-primary" disabled={busy || uploading}>
          Save product
        </button>
      </div>
    </form>
  );
}
