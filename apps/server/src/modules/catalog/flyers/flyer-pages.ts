import type { ImageRef } from '@localmart/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { flyerItems, flyerPages, flyers } from '../../../db/schema/index.ts';

/**
 * What the shopper's flyer pages and the store's flyer editor both read of a flyer: its cover and
 * counts, its pages in order and each page's hotspots. Each side adds how it shows a hotspot's offer.
 */

/**
 * The cover (the first page, as on the printed flyer) and the counts. Correlated subqueries: the
 * query must join another table so Drizzle qualifies the flyer's column names.
 */
export const flyerCoverColumns = {
  cover: sql<ImageRef | null>`(select ${flyerPages.image} from ${flyerPages}
    where ${flyerPages.flyerId} = ${flyers.id} order by ${flyerPages.pageNumber} limit 1)`,
  pageCount: sql<number>`(select count(*)::int from ${flyerPages}
    where ${flyerPages.flyerId} = ${flyers.id})`,
  itemCount: sql<number>`(select count(*)::int from ${flyerItems}
    join ${flyerPages} on ${flyerPages.id} = ${flyerItems.pageId}
    where ${flyerPages.flyerId} = ${flyers.id})`,
} as const;

/** A hotspot's own fields (the offer it links to is read by each side its own way). */
export const flyerItemColumns = {
  id: flyerItems.id,
  pageId: flyerItems.pageId,
  box: flyerItems.box,
  title: flyerItems.title,
  priceText: flyerItems.priceText,
  saleStory: flyerItems.saleStory,
  validFrom: flyerItems.validFrom,
  validTo: flyerItems.validTo,
  productId: flyerItems.productId,
} as const;

interface PageRow {
  id: string;
  pageNumber: number;
  image: ImageRef;
}

/** The flyer's pages in order. */
export function selectFlyerPages(db: Database, flyerId: string): Promise<PageRow[]> {
  return db
    .select({ id: flyerPages.id, pageNumber: flyerPages.pageNumber, image: flyerPages.image })
    .from(flyerPages)
    .where(eq(flyerPages.flyerId, flyerId))
    .orderBy(asc(flyerPages.pageNumber));
}

/** Each hotspot row goes to its page (without its pageId), keeping the rows' order within a page. */
export function pagesWithItems<Row extends { pageId: string }, Item>(
  pageRows: PageRow[],
  itemRows: Row[],
  toItem: (row: Omit<Row, 'pageId'>) => Item,
): (PageRow & { items: Item[] })[] {
  const pages = new Map<string, PageRow & { items: Item[] }>(
    pageRows.map((page) => [page.id, { ...page, items: [] }]),
  );
  for (const { pageId, ...row } of itemRows) pages.get(pageId)?.items.push(toItem(row));
  return [...pages.values()];
}
