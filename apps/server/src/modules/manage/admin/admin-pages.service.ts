import type { AdminPage, AdminPageRequest, AdminPageSummary } from '@localmart/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { type CmsPageRow, cmsPages } from '../../../db/schema/cms.ts';
import { sanitizeCmsHtml } from '../../cms/cms-html.ts';

/** CMS pages as the admin edits them: drafts included, HTML sanitised before it is stored. */

function toSummary(row: CmsPageRow): AdminPageSummary {
  return {
    id: row.id,
    slug: row.pageId,
    title: row.pageName,
    published: row.published,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toPage(row: CmsPageRow): AdminPage {
  return { ...toSummary(row), html: row.content };
}

export async function listAdminPages(db: Database): Promise<AdminPageSummary[]> {
  const rows = await db
    .select()
    .from(cmsPages)
    .orderBy(asc(cmsPages.sortOrder), asc(cmsPages.pageName), asc(cmsPages.id));
  return rows.map(toSummary);
}

export async function findAdminPage(db: Database, id: string): Promise<AdminPage | undefined> {
  const [row] = await db.select().from(cmsPages).where(eq(cmsPages.id, id));
  return row ? toPage(row) : undefined;
}

/** Saves the title and the sanitised HTML; answers the page as stored (what shoppers will get). */
export async function saveAdminPage(
  db: Database,
  id: string,
  input: AdminPageRequest,
  now: Date,
): Promise<AdminPage | undefined> {
  const [row] = await db
    .update(cmsPages)
    .set({ pageName: input.title, content: sanitizeCmsHtml(input.html), updatedAt: now })
    .where(eq(cmsPages.id, id))
    .returning();
  return row ? toPage(row) : undefined;
}
