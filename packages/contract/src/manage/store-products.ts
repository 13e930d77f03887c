import { z } from 'zod';
import { ADMIN_API, MANAGE_API } from './manage-paths.ts';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { catalogIdSchema, imageSchema, isoDateTimeSchema } from '../catalog/schemas/common.ts';
import { safeText } from '../schemas/safe-input.ts';
import { storeVariantSchema } from './product-variants.ts';

/**
 * Product content a store writes (ADR 0020): its own products without a barcode (house-made bread,
 * named by the store's SKU) and content for a barcode nobody has described yet. Such content is
 * 'store' content: it shows only with that store's own offer until a platform admin (or a brand
 * partner) confirms it, and only its store may edit it. 'confirmed' content is the shared catalogue.
 */

export const PRODUCT_CONTENT_STATUSES = ['store', 'confirmed'] as const;
export type ProductContentStatus = (typeof PRODUCT_CONTENT_STATUSES)[number];

/** How many photos a product keeps. */
export const PRODUCT_IMAGES_MAX = 8;
export const PRODUCT_ATTRIBUTES_MAX = 30;

const id = (value: string) => encodeURIComponent(value);

export const storeProductPaths = {
  /** GET the content of a product the store sells (with whether it may edit it); PUT new content. */
  product: (businessId: string, productId: string) =>
    `${MANAGE_API}/businesses/${id(businessId)}/products/${id(productId)}`,
  /** Admin: GET store-written content for a barcode, waiting to be confirmed. */
  adminPending: `${ADMIN_API}/product-content`,
  /** Admin: POST confirm a store's content for its barcode: it becomes the shared catalogue's. */
  adminConfirm: (productId: string) => `${ADMIN_API}/product-content/${id(productId)}/confirm`,
};

export const storeProductMessages = {
  pendingStoreNoBarcode:
    'Your store is still waiting for approval. Until then you can add products from the catalogue, or your own products without a barcode.',
  ownProductNeedsSku:
    'Give your own product a SKU (your item code) so you can find it and update its stock.',
  imageFromElsewhere: 'Upload the product photos here: pictures from other websites can’t be used.',
  imageUnknown: 'One of the photos is no longer available. Upload it again.',
  tooManyImages: `A product can have at most ${PRODUCT_IMAGES_MAX} photos.`,
  tooManyAttributes: `A product can have at most ${PRODUCT_ATTRIBUTES_MAX} details.`,
  titleRequired: 'Enter the product’s name.',
  contentShared:
    'This product’s details are shared by every store that sells it, so they can’t be changed here.',
  productNotInStore: 'That product is not in this store.',
  productSaved: 'Product details saved.',
  // Platform admin
  confirmNeedsBarcode: 'A product without a barcode belongs to its store and is not shared.',
  confirmStoreNotApproved:
    'Approve the store first: content from a store under review is never shared.',
  confirmBarcodeTaken: 'The catalogue already has a product with this barcode.',
  alreadyConfirmed: 'This content is already part of the shared catalogue.',
  confirmed: 'Confirmed: every store that sells this barcode can now show this content.',
  contentNotFound: 'That product is not in the catalogue.',
} as const;

/** The words a store's product row shows about its content. */
export const PRODUCT_CONTENT_LABELS = {
  ownProduct: 'Your own product',
  awaitingConfirmation: 'Shown only with your offer until Localmart confirms it',
} as const;

const attributeSchema = z.object({
  name: safeText().trim().min(1, { error: 'Give each detail a name.' }).max(80),
  value: safeText().trim().min(1, { error: 'Give each detail a value.' }).max(200),
});

/**
 * The content a store writes. Images are ImageRefs from the store's image upload; the server keeps
 * only its own media (uploaded by a member of this store, or already on the product) and reads
 * their real size from the stored bytes, whatever the client claims.
 */
export const productContentSchema = z.object({
  title: safeText().trim().min(1, { error: storeProductMessages.titleRequired }).max(200),
  /** Empty: the store's own name (a bakery's bread is its own brand). */
  brand: safeText().trim().max(120).default(''),
  description: safeText().trim().max(5000).default(''),
  categoryId: catalogIdSchema,
  images: z.array(imageSchema).default([]),
  attributes: z.array(attributeSchema).default([]),
});
export type ProductContentInput = z.input<typeof productContentSchema>;
export type ProductContent = z.output<typeof productContentSchema>;

/** GET/PUT answer: a product as the store's editor shows it. */
export const storeProductSchema = z.object({
  id: catalogIdSchema,
  title: safeText(),
  brand: safeText(),
  gtin: safeText().nullable(),
  description: safeText(),
  categoryId: catalogIdSchema,
  images: z.array(imageSchema),
  attributes: z.array(z.object({ name: safeText(), value: safeText() })),
  contentStatus: z.enum(PRODUCT_CONTENT_STATUSES),
  /** The store wrote this content and it is not shared yet, so it may change it. */
  editable: z.boolean(),
  /** The store's offer of it (its SKU names an own product). */
  offerId: catalogIdSchema,
  sku: safeText().nullable(),
  /** This product's size label ("800 g"), when it is part of a group of sizes. */
  variantLabel: safeText().nullable().default(null),
  /** The group's main product when this is one of its sizes; null on the main product. */
  variantOf: catalogIdSchema.nullable().default(null),
  /** Every size of its group this store sells, main product first; empty when it has none. */
  variants: z.array(storeVariantSchema).default([]),
});
export type StoreProduct = z.infer<typeof storeProductSchema>;
export const storeProductResponse = envelopeSchema(
  successEnvelopeSchema({ result: storeProductSchema }),
);

/** Admin: one store's content for a barcode, waiting for confirmation. */
export const pendingProductContentSchema = z.object({
  productId: catalogIdSchema,
  title: safeText(),
  brand: safeText(),
  gtin: safeText(),
  description: safeText(),
  images: z.array(imageSchema),
  storeId: catalogIdSchema,
  storeName: safeText(),
  storeApproved: z.boolean(),
  createdAt: isoDateTimeSchema,
});
export type PendingProductContent = z.infer<typeof pendingProductContentSchema>;
export const pendingProductContentResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(pendingProductContentSchema) }),
);
