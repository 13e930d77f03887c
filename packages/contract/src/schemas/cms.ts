import { z } from 'zod';
import { CMS_FIRST_PAGE, CMS_PAGE_SIZE } from '../constants.ts';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { safeText } from './safe-input.ts';

/** CMS page as listed in the menu (spec §3): page_id is the slug, _id the record id. */
export const cmsPageSummarySchema = z.object({
  _id: safeText(),
  page_id: safeText(),
  page_name: safeText(),
});
export type CmsPageSummary = z.infer<typeof cmsPageSummarySchema>;

export const cmsPageSchema = cmsPageSummarySchema.extend({
  /** Sanitised HTML (sanitised on write by the server, again on render by the app). */
  content: safeText(),
  updated_at: safeText(),
});
export type CmsPage = z.infer<typeof cmsPageSchema>;

const positiveInt = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(1, { error: `${name} must be at least 1` })
    .max(max, { error: `${name} must be at most ${max}` });

/** GET pages: page size 10, page 1 (spec §9). */
export const pagesQuery = z.object({
  page: positiveInt('page', 10_000).default(CMS_FIRST_PAGE),
  limit: positiveInt('limit', 50).default(CMS_PAGE_SIZE),
});
export type PagesQuery = z.infer<typeof pagesQuery>;

export const pagesResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(cmsPageSummarySchema) }),
);
export type PagesResponse = z.infer<typeof pagesResponse>;

export const pageResponse = envelopeSchema(successEnvelopeSchema({ result: cmsPageSchema }));
export type PageResponse = z.infer<typeof pageResponse>;

/** Slugs are URL-safe: lower-case letters, digits and dashes. */
export const cmsSlug = safeText()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'page_id must be a lower-case slug' });
