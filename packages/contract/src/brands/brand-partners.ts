import { z } from 'zod';
import { API_BASE } from '../api-paths.ts';
import { catalogIdSchema, imageSchema, isoDateTimeSchema } from '../catalog/schemas/common.ts';
import { isValidGtin, normalizedGtin } from '../catalog/gtin.ts';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { safeText } from '../schemas/safe-input.ts';
import { productContentSchema } from '../manage/store-products.ts';

/**
 * Brand partners (issue 16, spec §1 "brand partners supply product content", ADR 0022). An
 * organisation applies naming its brands and GS1 company prefixes; a platform admin approves it;
 * its members then write the shared content of every GTIN those cover, one by one or by CSV, and
 * that content is what every store selling the GTIN shows. Until approval it can edit nothing.
 */

export const BRAND_PARTNER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type BrandPartnerStatus = (typeof BRAND_PARTNER_STATUSES)[number];

/** A GS1 company prefix is 6 to 12 digits. */
export const GTIN_PREFIX_PATTERN = /^\d{6,12}$/;
export const BRAND_CLAIMS_MAX = 20;
/** Rows one content file may hold. */
export const BRAND_CSV_MAX_ROWS = 2000;
/** The multipart field of a content file and its dry-run switch. */
export const BRAND_CSV_FIELD = 'file';
export const BRAND_CSV_APPLY_FIELD = 'apply';
/** The columns a content file may have; `detail:<name>` columns become the product's details. */
export const BRAND_CSV_COLUMNS = ['gtin', 'title', 'brand', 'description', 'category'] as const;
export const BRAND_CSV_DETAIL_PREFIX = 'detail:';

const MANAGE_API = `${API_BASE}/manage`;
const ADMIN_API = `${API_BASE}/admin`;
const id = (value: string) => encodeURIComponent(value);
const brand = (brandId: string) => `${MANAGE_API}/brands/${id(brandId)}`;

export const brandPaths = {
  /** GET the signed-in user's brand partners; POST apply for a new one. */
  brands: `${MANAGE_API}/brands`,
  /** GET one brand partner (members). */
  brand: (brandId: string) => brand(brandId),
  /** GET the GTINs it owns (?q= title or GTIN). */
  products: (brandId: string) => `${brand(brandId)}/products`,
  /** GET / PUT the content of one GTIN (approved partners, GTIN inside its claims). */
  product: (brandId: string, gtin: string) => `${brand(brandId)}/products/${id(gtin)}`,
  /** POST multipart: a product photo to our media store (decoded, resized). */
  images: (brandId: string) => `${brand(brandId)}/images`,
  /** POST multipart: a content CSV; a dry run unless `apply` is 'true'. */
  contentFile: (brandId: string) => `${brand(brandId)}/content-file`,
  /** Admin: GET every application, newest waiting first. */
  adminList: `${ADMIN_API}/brand-partners`,
  /** Admin: POST approve. */
  adminApprove: (brandId: string) => `${ADMIN_API}/brand-partners/${id(brandId)}/approve`,
  /** Admin: POST {reason} reject. */
  adminReject: (brandId: string) => `${ADMIN_API}/brand-partners/${id(brandId)}/reject`,
} as const;

/** The manage site's pages. */
export const BRAND_PORTAL_PAGE = '/manage/brands';
export const brandPortalUrl = (brandId: string) => `${BRAND_PORTAL_PAGE}/${id(brandId)}`;

export const brandMessages = {
  nameRequired: 'Enter your organisation’s name.',
  claimsRequired: 'Name at least one brand or GS1 company prefix.',
  prefixDigits: 'A GS1 company prefix has 6 to 12 digits.',
  tooManyClaims: `Name at most ${BRAND_CLAIMS_MAX} brands and ${BRAND_CLAIMS_MAX} prefixes.`,
  applied:
    'Thank you. Localmart will check that you speak for these brands; you can edit their products once approved.',
  notFound: 'Brand partner not found.',
  notAMember: 'You are not a member of this brand partner.',
  notApproved:
    'Your brand partner application is waiting for approval. You can edit product content once Localmart has approved it.',
  rejectedNoEdit:
    'This brand partner application was not approved, so it cannot edit product content.',
  gtinInvalid:
    'Enter a barcode number (GTIN) of 8, 12, 13 or 14 digits with a correct check digit.',
  gtinNotYours:
    'This barcode is not one of your brands or GS1 company prefixes, so you can’t edit its content.',
  categoryRequired: 'Choose a category for a product the catalogue doesn’t have yet.',
  categoryUnknown: (name: string) => `No catalogue category is called “${name}”.`,
  contentSaved: 'Saved: every store that sells this product now shows this content.',
  imageFromElsewhere:
    'Upload your product photos here: pictures from other websites can’t be used.',
  csvMissing: 'Choose a CSV file to upload.',
  csvNoGtinColumn: 'The file needs a “gtin” column.',
  csvNoTitleColumn: 'The file needs a “title” column.',
  csvTooManyRows: `A content file can hold at most ${BRAND_CSV_MAX_ROWS} rows.`,
  csvUnreadable:
    'That file could not be read as CSV. Save it as CSV (comma separated) and try again.',
  csvTitleMissing: 'The title is empty.',
  csvImageColumn:
    'Photos can’t come from links in the file: upload them on the product’s page instead.',
  csvDuplicate: (line: number) => `The same barcode is already on line ${line}.`,
  csvChecked: 'Checked, nothing saved yet.',
  csvApplied: (count: number) =>
    `Saved ${count} ${count === 1 ? 'product' : 'products'}: every store that sells them now shows the new content.`,
  // Stores
  storeBrandContent: (brandName: string) =>
    `${brandName} supplies this product’s content, so it is the same in every store and can’t be changed here.`,
  // Platform admin
  approved: 'Approved: this brand partner can now edit the content of its products.',
  rejected: 'Rejected: the applicant sees your reason.',
  alreadyReviewed: 'This application has already been answered.',
  claimTaken: (claim: string, other: string) =>
    `“${claim}” already belongs to the approved brand partner ${other}.`,
  adminClaimedGtin: (brandName: string) =>
    `This barcode belongs to the brand partner ${brandName}: its content comes from the brand.`,
  reasonRequired: 'Tell the applicant why (they will see it).',
} as const;

const claimList = (item: z.ZodType<string>) =>
  z.array(item).max(BRAND_CLAIMS_MAX, { error: brandMessages.tooManyClaims }).default([]);

/** POST brands: an application. Brands are names; prefixes digits only. */
export const brandApplicationSchema = z
  .strictObject({
    name: safeText().trim().min(1, { error: brandMessages.nameRequired }).max(120),
    brands: claimList(safeText().trim().min(1).max(120)),
    gtinPrefixes: claimList(
      safeText().trim().regex(GTIN_PREFIX_PATTERN, { error: brandMessages.prefixDigits }),
    ),
    note: safeText().trim().max(1000).default(''),
  })
  .refine((value) => value.brands.length + value.gtinPrefixes.length > 0, {
    error: brandMessages.claimsRequired,
    path: ['brands'],
  });
export type BrandApplication = z.output<typeof brandApplicationSchema>;
export type BrandApplicationInput = z.input<typeof brandApplicationSchema>;

export const brandPartnerSchema = z.object({
  id: catalogIdSchema,
  name: safeText(),
  brands: z.array(safeText()),
  gtinPrefixes: z.array(safeText()),
  note: safeText(),
  status: z.enum(BRAND_PARTNER_STATUSES),
  rejectionReason: safeText(),
  createdAt: isoDateTimeSchema,
  reviewedAt: isoDateTimeSchema.nullable(),
});
export type BrandPartner = z.infer<typeof brandPartnerSchema>;
export const brandPartnerResponse = envelopeSchema(
  successEnvelopeSchema({ result: brandPartnerSchema }),
);
export const brandPartnersResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(brandPartnerSchema) }),
);

/** Admin list: with the applicant's address, so the admin can check who asks. */
export const adminBrandPartnerSchema = brandPartnerSchema.extend({
  applicantEmail: safeText(),
  applicantName: safeText(),
});
export type AdminBrandPartner = z.infer<typeof adminBrandPartnerSchema>;
export const adminBrandPartnersResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(adminBrandPartnerSchema) }),
);
export const brandRejectionSchema = z.strictObject({
  reason: safeText().trim().min(1, { error: brandMessages.reasonRequired }).max(500),
});

/** A GTIN path parameter: typed with or without spaces, valid check digit. */
export const gtinParamSchema = safeText()
  .transform((value) => normalizedGtin(value) ?? '')
  .refine(isValidGtin, { error: brandMessages.gtinInvalid });

/** One row of the portal's list: a GTIN it owns and what the catalogue shows for it. */
export const brandProductSchema = z.object({
  productId: catalogIdSchema,
  gtin: safeText(),
  title: safeText(),
  brand: safeText(),
  image: imageSchema.nullable(),
  categoryName: safeText(),
  /** Written by this brand partner (rather than demo or admin-confirmed content). */
  brandContent: z.boolean(),
  /** How many stores sell it. */
  storeCount: z.number().int().nonnegative(),
});
export type BrandProduct = z.infer<typeof brandProductSchema>;
export const brandProductsResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(brandProductSchema) }),
);

/** The content a brand writes for a GTIN: what a store writes, the category optional on edits. */
export const brandContentSchema = productContentSchema.strict();
export type BrandContent = z.output<typeof brandContentSchema>;
export type BrandContentInput = z.input<typeof brandContentSchema>;

/** GET/PUT one GTIN: the current content (null: the catalogue has none yet). */
export const brandGtinSchema = z.object({
  gtin: safeText(),
  product: z
    .object({
      id: catalogIdSchema,
      title: safeText(),
      brand: safeText(),
      description: safeText(),
      categoryId: catalogIdSchema,
      images: z.array(imageSchema),
      attributes: z.array(z.object({ name: safeText(), value: safeText() })),
      brandContent: z.boolean(),
    })
    .nullable(),
  storeCount: z.number().int().nonnegative(),
});
export type BrandGtin = z.infer<typeof brandGtinSchema>;
export const brandGtinResponse = envelopeSchema(successEnvelopeSchema({ result: brandGtinSchema }));

/** A content file's outcome, row by row; nothing is written on a dry run. */
export const brandCsvResultSchema = z.object({
  applied: z.boolean(),
  rows: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  errors: z.array(z.object({ line: z.number().int(), gtin: safeText(), message: safeText() })),
});
export type BrandCsvResult = z.infer<typeof brandCsvResultSchema>;
export const brandCsvResponse = envelopeSchema(
  successEnvelopeSchema({ result: brandCsvResultSchema }),
);
