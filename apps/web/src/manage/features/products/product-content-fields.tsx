import {
  type ImageRef,
  PRODUCT_IMAGES_MAX,
  type ProductContentInput,
  STORE_IMAGE_TYPES,
  storeProductMessages,
} from '@localmart/contract';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { uploadStoreImage } from '../../lib/store-images.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useCategoryChoices } from '../../lib/category-choices.ts';

/** What the content form holds while it is typed: the shape the server takes, as text. */
export interface ContentDraft {
  title: string;
  brand: string;
  description: string;
  categoryId: string;
  images: ImageRef[];
  attributes: { name: string; value: string }[];
}

export const emptyContent: ContentDraft = {
  title: '',
  brand: '',
  description: '',
  categoryId: '',
  images: [],
  attributes: [],
};

/** The draft as the server takes it, or the first thing to fix in the retailer's words. */
export function contentOf(draft: ContentDraft): ProductContentInput | string {
  if (!draft.title.trim()) return storeProductMessages.titleRequired;
  if (!draft.categoryId) return 'Choose a product category.';
  const attributes = draft.attributes
    .map((a) => ({ name: a.name.trim(), value: a.value.trim() }))
    .filter((a) => a.name || a.value);
  if (attributes.some((a) => !a.name || !a.value)) {
    return 'Give each detail both a name (such as Weight) and a value (such as 800 g).';
  }
  return {
    title: draft.title.trim(),
    brand: draft.brand.trim(),
    description: draft.description.trim(),
    categoryId: draft.categoryId,
    images: draft.images,
    attributes,
  };
}

/**
 * Title, brand, category, description, details and photos of a product the store describes itself.
 * Photos are uploaded here (checked and resized by the server, kept in our media store): the only
 * way a picture reaches a product.
 */
export function ProductContentFields({
  businessId,
  draft,
  onChange,
  onProblem,
  onUploading,
}: {
  businessId: string;
  draft: ContentDraft;
  onChange: Dispatch<SetStateAction<ContentDraft>>;
  onProblem: (problem: string | null) => void;
  onUploading: (uploading: boolean) => void;
}) {
  const categories = useCategoryChoices('retail');
  const [uploading, setUploading] = useState(0);
  const set = <K extends keyof ContentDraft>(name: K, value: ContentDraft[K]) =>
    onChange((current) => ({ ...current, [name]: value }));
  const setAttribute = (index: number, part: 'name' | 'value', value: string) =>
    onChange((current) => ({
      ...current,
      attributes: current.attributes.map((a, i) => (i === index ? { ...a, [part]: value } : a)),
    }));

  async function upload(files: FileList | null) {
    const chosen = [...(files ?? [])];
    if (chosen.length === 0) return;
    if (draft.images.length + chosen.length > PRODUCT_IMAGES_MAX) {
      return onProblem(storeProductMessages.tooManyImages);
    }
    onProblem(null);
    setUploading((n) => n + chosen.length);
    onUploading(true);
    const added: ImageRef[] = [];
    try {
      for (const file of chosen) {
        added.push(await uploadStoreImage(businessId, file, draft.title.trim() || file.name));
      }
    } catch (failure) {
      onProblem(errorMessage(failure));
    } finally {
      // Functional: what was typed while the photos uploaded stays.
      onChange((current) => ({ ...current, images: [...current.images, ...added] }));
      setUploading(0);
      onUploading(false);
    }
  }

  return (
    <>
      <label className="mys-field mp-wide">
        <span>Product name</span>
        <input value={draft.title} onChange={(e) => set('title', e.target.value)} />
      </label>
      <label className="mys-field">
        <span>Brand (optional)</span>
        <input
          value={draft.brand}
          onChange={(e) => set('brand', e.target.value)}
          placeholder="Your store’s name"
        />
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
      <label className="mys-field mp-wide">
        <span>Description</span>
        <textarea
          rows={3}
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </label>
      <fieldset className="mp-wide mp-attributes">
        <legend>Details shoppers see (size, weight, ingredients…)</legend>
        {draft.attributes.map((attribute, index) => (
          <div key={index} className="mp-attribute">
            <label className="mys-field">
              <span>Detail {index + 1} name</span>
              <input
                value={attribute.name}
                onChange={(e) => setAttribute(index, 'name', e.target.value)}
              />
            </label>
            <label className="mys-field">
              <span>Detail {index + 1} value</span>
              <input
                value={attribute.value}
                onChange={(e) => setAttribute(index, 'value', e.target.value)}
              />
            </label>
            <button
              type="button"
              className="mp-button mp-button-danger"
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
        <button
          type="button"
          className="mp-button"
          onClick={() => set('attributes', [...draft.attributes, { name: '', value: '' }])}
        >
          Add a detail
        </button>
      </fieldset>
      <fieldset className="mp-wide mp-photos">
        <legend>Photos</legend>
        {draft.images.length > 0 ? (
          <ul className="mp-thumbs" aria-label="Product photos">
            {draft.images.map((image, index) => (
              <li key={image.url}>
                <img src={image.url} alt={image.alt} width={72} height={72} />
                <button
                  type="button"
                  className="mp-link"
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
        {uploading > 0 ? (
          <p role="status">Uploading {uploading === 1 ? 'photo' : 'photos'}…</p>
        ) : null}
      </fieldset>
    </>
  );
}
