import {
  type CmsPage,
  type CmsPageSummary,
  cmsSlug,
  int4,
  type PagesQuery,
  safeText,
} from '@localmart/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type CmsPageRow, cmsPages } from '../../db/schema/index.ts';
import { sanitizeCmsHtml } from './cms-html.ts';

/** A page as written by seeds (and, later, by the admin site). */
export const cmsPageInput = z.object({
  pageId: cmsSlug,
  pageName: safeText().trim().min(1).max(120),
  content: safeText().max(200_000),
  sortOrder: int4('the sort order').default(0),
  published: z.boolean().default(true),
});
export type CmsPageInput = z.input<typeof cmsPageInput>;

function toSummary(row: Pick<CmsPageRow, 'id' | 'pageId' | 'pageName'>): CmsPageSummary {
  return { _id: row.id, page_id: row.pageId, page_name: row.pageName };
}

/** Published pages for the side menu, in menu order (spec §2). */
export async function listPublishedPages(
  db: Database,
  query: PagesQuery,
): Promise<CmsPageSummary[]> {
  const rows = await db
    .select({ id: cmsPages.id, pageId: cmsPages.pageId, pageName: cmsPages.pageName })
    .from(cmsPages)
    .where(eq(cmsPages.published, true))
    .orderBy(asc(cmsPages.sortOrder), asc(cmsPages.pageName), asc(cmsPages.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return rows.map(toSummary);
}

/** One published page by its `_id`; undefined when there is none (or it is unpublished). */
export async function findPublishedPage(db: Database, id: string): Promise<CmsPage | undefined> {
  const [row] = await db
    .select()
    .from(cmsPages)
    .where(and(eq(cmsPages.id, id), eq(cmsPages.published, true)));
  if (!row) return undefined;
  return { ...toSummary(row), content: row.content, updated_at: row.updatedAt.toISOString() };
}

/** Create or replace the page with this slug; the HTML is sanitised before it is stored. */
export async function upsertPage(db: Database, input: CmsPageInput): Promise<CmsPageRow> {
  const page = cmsPageInput.parse(input);
  const values = { ...page, content: sanitizeCmsHtml(page.content) };
  const [row] = await db
    .insert(cmsPages)
    .values(values)
    .onConflictDoUpdate({
      target: cmsPages.pageId,
      set: {
        pageName: values.pageName,
        content: values.content,
        sortOrder: values.sortOrder,
        published: values.published,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error(`upsert of CMS page ${page.pageId} returned no row`);
  return row;
}

export async function countPages(db: Database): Promise<number> {
  const [row] = await db.select({ pages: count() }).from(cmsPages);
  return row?.pages ?? 0;
}
