import {
  FLYER_PAGES_MAX,
  flyerDatesProblem,
  flyerEditMessages,
  flyerValidity,
  formatLocalDate,
  type FlyerCreateRequest,
  type FlyerItemEdit,
  type FlyerPatchRequest,
  type ImageRef,
  type ManagedFlyer,
  type ManagedFlyerItem,
  type ManagedFlyerPage,
  type ManagedFlyerSummary,
  toLocalDate,
} from '@localmart/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  businesses,
  flyerItems,
  flyerPages,
  flyers,
  offers,
  products,
} from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';
import {
  flyerCoverColumns,
  flyerItemColumns,
  pagesWithItems,
  selectFlyerPages,
} from '../../catalog/flyers/flyer-pages.ts';

/**
 * Flyer editing: a store's flyers, their pages (numbered 1..n without gaps) and each page's hotspots.
 * Every call takes the store's id and only ever finds that store's records, so another store's flyer
 * or page is simply "not found".
 */

/** The store's calendar day now, in its own time zone (flyer dates are local days). */
export async function storeToday(db: Database, businessId: string, now: Date): Promise<string> {
  const [row] = await db
    .select({ timeZone: sql<string>`${businesses.hours} ->> 'timeZone'` })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return formatLocalDate(toLocalDate(now, row?.timeZone ?? 'UTC'));
}

const summaryColumns = {
  id: flyers.id,
  title: flyers.title,
  validFrom: flyers.validFrom,
  validTo: flyers.validTo,
  ...flyerCoverColumns,
} as const;

type SummaryRow = Omit<ManagedFlyerSummary, 'validity'>;

const withValidity = (row: SummaryRow, today: string): ManagedFlyerSummary => ({
  ...row,
  validity: flyerValidity(today, row),
});

const VALIDITY_ORDER = { current: 0, upcoming: 1, ended: 2 } as const;

/**
 * The store's flyers: current, then upcoming (soonest first), then ended (latest first). A store
 * has a few dozen flyers at most, so the order is decided here rather than in SQL.
 */
export async function listStoreFlyers(
  db: Database,
  businessId: string,
  today: string,
): Promise<ManagedFlyerSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(flyers)
    // The join makes Drizzle qualify column names, which the correlated subqueries need.
    .innerJoin(businesses, eq(businesses.id, flyers.businessId))
    .where(eq(flyers.businessId, businessId))
    .orderBy(asc(flyers.validFrom), asc(flyers.id));
  const list = rows.map((row) => withValidity(row, today));
  return list.sort((a, b) => {
    const byValidity = VALIDITY_ORDER[a.validity] - VALIDITY_ORDER[b.validity];
    if (byValidity !== 0) return byValidity;
    return a.validity === 'ended' ? b.validTo.localeCompare(a.validTo) : 0;
  });
}

async function findSummary(
  db: Database,
  businessId: string,
  flyerId: string,
): Promise<SummaryRow | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(flyers)
    .innerJoin(businesses, eq(businesses.id, flyers.businessId))
    .where(and(eq(flyers.id, flyerId), eq(flyers.businessId, businessId)));
  return row;
}

/** One flyer with its pages in order and each page's hotspots (with the linked offer's title). */
export async function findStoreFlyer(
  db: Database,
  businessId: string,
  flyerId: string,
  today: string,
): Promise<ManagedFlyer | undefined> {
  const summary = await findSummary(db, businessId, flyerId);
  if (!summary) return undefined;
  const pageRows = await selectFlyerPages(db, flyerId);
  const itemRows = await db
    .select({
      ...flyerItemColumns,
      offerId: offers.id,
      offerTitle: products.title,
      offerQuantity: offers.quantity,
    })
    .from(flyerItems)
    .innerJoin(flyerPages, eq(flyerPages.id, flyerItems.pageId))
    .leftJoin(offers, eq(offers.id, flyerItems.offerId))
    .leftJoin(products, eq(products.id, offers.productId))
    .where(eq(flyerPages.flyerId, flyerId))
    .orderBy(asc(flyerItems.position), asc(flyerItems.id));

  const pages: ManagedFlyerPage[] = pagesWithItems(
    pageRows,
    itemRows,
    ({ offerId, offerTitle, offerQuantity, ...item }): ManagedFlyerItem => {
      const offer =
        offerId && offerTitle !== null && offerQuantity !== null
          ? { id: offerId, title: offerTitle, quantity: offerQuantity }
          : null;
      return { ...item, offer };
    },
  );
  return { ...withValidity(summary, today), pages };
}

export async function createFlyer(
  db: Database,
  businessId: string,
  body: FlyerCreateRequest,
): Promise<string> {
  const [row] = await db
    .insert(flyers)
    .values({ businessId, ...body })
    .returning({ id: flyers.id });
  if (!row) throw new Error('no flyer inserted');
  return row.id;
}

/** Applies the edit; the date rule is checked on the merged dates. False when not this store's. */
export async function updateFlyer(
  db: Database,
  businessId: string,
  flyerId: string,
  body: FlyerPatchRequest,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const mine = and(eq(flyers.id, flyerId), eq(flyers.businessId, businessId));
    const [current] = await tx
      .select({ validFrom: flyers.validFrom, validTo: flyers.validTo })
      .from(flyers)
      .where(mine)
      .for('update');
    if (!current) return false;
    const problem = flyerDatesProblem(
      body.validFrom ?? current.validFrom,
      body.validTo ?? current.validTo,
    );
    if (problem) throw new HttpError(400, problem);
    await tx.update(flyers).set(body).where(mine);
    return true;
  });
}

/** Deletes the flyer with its pages and hotspots (the foreign keys cascade). */
export async function deleteFlyer(
  db: Database,
  businessId: string,
  flyerId: string,
): Promise<boolean> {
  const gone = await db
    .delete(flyers)
    .where(and(eq(flyers.id, flyerId), eq(flyers.businessId, businessId)))
    .returning({ id: flyers.id });
  return gone.length > 0;
}

/** The flyer's title when it is this store's (checked before an upload is stored). */
export async function flyerTitleOf(
  db: Database,
  businessId: string,
  flyerId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ title: flyers.title })
    .from(flyers)
    .where(and(eq(flyers.id, flyerId), eq(flyers.businessId, businessId)));
  return row?.title;
}

/** Locks the flyer row so page numbering changes of one flyer run one at a time. */
async function lockFlyer(db: Database, businessId: string, flyerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: flyers.id })
    .from(flyers)
    .where(and(eq(flyers.id, flyerId), eq(flyers.businessId, businessId)))
    .for('update');
  return row !== undefined;
}

/** Appends a page (the next number). Undefined when the flyer is not this store's. */
export async function appendFlyerPage(
  db: Database,
  businessId: string,
  flyerId: string,
  image: ImageRef,
): Promise<ManagedFlyerPage | undefined> {
  return db.transaction(async (tx) => {
    if (!(await lockFlyer(tx, businessId, flyerId))) return undefined;
    const [count] = await tx
      .select({ pages: sql<number>`count(*)::int` })
      .from(flyerPages)
      .where(eq(flyerPages.flyerId, flyerId));
    const pages = count?.pages ?? 0;
    if (pages >= FLYER_PAGES_MAX) throw new HttpError(400, flyerEditMessages.tooManyPages);
    const [page] = await tx
      .insert(flyerPages)
      .values({ flyerId, pageNumber: pages + 1, image })
      .returning({ id: flyerPages.id, pageNumber: flyerPages.pageNumber, image: flyerPages.image });
    if (!page) throw new Error('no flyer page inserted');
    return { ...page, items: [] };
  });
}

/** The page and its flyer when both are this store's. */
async function findPage(
  db: Database,
  businessId: string,
  pageId: string,
): Promise<
  { flyerId: string; validFrom: string; validTo: string; pageNumber: number } | undefined
> {
  const [row] = await db
    .select({
      flyerId: flyerPages.flyerId,
      pageNumber: flyerPages.pageNumber,
      validFrom: flyers.validFrom,
      validTo: flyers.validTo,
    })
    .from(flyerPages)
    .innerJoin(flyers, eq(flyers.id, flyerPages.flyerId))
    .where(and(eq(flyerPages.id, pageId), eq(flyers.businessId, businessId)));
  return row;
}

/**
 * Numbers the flyer's pages 1..n in the order `pageIds` gives. The (flyer, page number) index is
 * unique and checked row by row, so every page first moves to a negative number, out of the way.
 */
async function renumberPages(db: Database, flyerId: string, pageIds: string[]): Promise<void> {
  if (pageIds.length === 0) return;
  await db
    .update(flyerPages)
    .set({ pageNumber: sql`-${flyerPages.pageNumber}` })
    .where(eq(flyerPages.flyerId, flyerId));
  const values = sql.join(
    pageIds.map((id, index) => sql`(${id}::uuid, ${index + 1}::int)`),
    sql`, `,
  );
  await db.execute(sql`update ${flyerPages} set page_number = ordered.page_number
    from (values ${values}) as ordered(id, page_number)
    where ${flyerPages.id} = ordered.id`);
}

async function pageOrder(db: Database, flyerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: flyerPages.id })
    .from(flyerPages)
    .where(eq(flyerPages.flyerId, flyerId))
    .orderBy(asc(flyerPages.pageNumber));
  return rows.map((row) => row.id);
}

/** Moves a page to `pageNumber` (clamped to the last) and renumbers the others, in one transaction. */
export async function moveFlyerPage(
  db: Database,
  businessId: string,
  pageId: string,
  pageNumber: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const page = await findPage(tx, businessId, pageId);
    if (!page || !(await lockFlyer(tx, businessId, page.flyerId))) return false;
    const ids = (await pageOrder(tx, page.flyerId)).filter((id) => id !== pageId);
    ids.splice(Math.min(pageNumber - 1, ids.length), 0, pageId);
    await renumberPages(tx, page.flyerId, ids);
    return true;
  });
}

/** Deletes a page (its hotspots cascade) and closes the gap in the numbering. */
export async function deleteFlyerPage(
  db: Database,
  businessId: string,
  pageId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const page = await findPage(tx, businessId, pageId);
    if (!page || !(await lockFlyer(tx, businessId, page.flyerId))) return false;
    await tx.delete(flyerPages).where(eq(flyerPages.id, pageId));
    await renumberPages(tx, page.flyerId, await pageOrder(tx, page.flyerId));
    return true;
  });
}

/** The flyer a page belongs to, when it is this store's (the answer of a page edit). */
export async function flyerOfPage(
  db: Database,
  businessId: string,
  pageId: string,
): Promise<string | undefined> {
  return (await findPage(db, businessId, pageId))?.flyerId;
}

/**
 * Replaces the page's hotspots with `items`, in one transaction: a refused list (an offer of
 * another store) leaves the saved hotspots as they were. Linked items take the offer's product;
 * missing dates take the flyer's. False when the page is not this store's.
 */
export async function replacePageItems(
  db: Database,
  businessId: string,
  pageId: string,
  items: FlyerItemEdit[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const page = await findPage(tx, businessId, pageId);
    if (!page || !(await lockFlyer(tx, businessId, page.flyerId))) return false;

    const offerIds = [...new Set(items.flatMap((item) => (item.offerId ? [item.offerId] : [])))];
    const storeOffers =
      offerIds.length === 0
        ? []
        : await tx
            .select({ id: offers.id, productId: offers.productId })
            .from(offers)
            .where(and(inArray(offers.id, offerIds), eq(offers.businessId, businessId)));
    const productOf = new Map(storeOffers.map((offer) => [offer.id, offer.productId]));
    if (offerIds.some((id) => !productOf.has(id))) {
      throw new HttpError(400, flyerEditMessages.offerNotInStore);
    }

    const rows = items.map((item, position) => {
      const validFrom = item.validFrom ?? page.validFrom;
      const validTo = item.validTo ?? page.validTo;
      if (validTo < validFrom) throw new HttpError(400, flyerEditMessages.itemEndBeforeStart);
      const offerId = item.offerId ?? null;
      return {
        pageId,
        box: item.box,
        title: item.title,
        priceText: item.priceText,
        saleStory: item.saleStory?.trim() || null,
        validFrom,
        validTo,
        offerId,
        productId: offerId ? (productOf.get(offerId) ?? null) : null,
        position,
      };
    });
    await tx.delete(flyerItems).where(eq(flyerItems.pageId, pageId));
    if (rows.length > 0) await tx.insert(flyerItems).values(rows);
    return true;
  });
}
