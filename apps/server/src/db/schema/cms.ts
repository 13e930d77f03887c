import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { generatedId, timestamptz } from './columns.ts';

/** CMS pages listed in the side menu (spec §2, §3): `page_id` is the slug, `id` the `_id` of the API. */
export const cmsPages = pgTable(
  'cms_pages',
  {
    id: generatedId(),
    pageId: text('page_id').notNull().unique(),
    pageName: text('page_name').notNull(),
    /** Sanitised HTML: cleaned on every write by cms.service.ts, never stored raw. */
    content: text('content').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    published: boolean('published').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  // The menu lists published pages in this order on every app start.
  (table) => [
    index('cms_pages_menu_order_idx').on(table.published, table.sortOrder, table.pageName),
  ],
);

export type CmsPageRow = typeof cmsPages.$inferSelect;
export type NewCmsPageRow = typeof cmsPages.$inferInsert;
