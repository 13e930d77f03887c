import {
  addDays,
  currentPrice,
  FLYER_PAGES_MAX,
  formatMoney,
  fromLocalDateTime,
  parseLocalDate,
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
  flyerItemPromos,
  flyerItems,
  flyerPages,
  flyers,
  offers,
  products,
} from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { updateStoreOffer } from '../offers/offers.service.ts';
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

async function storeTimeZone(db: Database, businessId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: sql<string | null>`${businesses.hours} ->> 'timeZone'` })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row?.timeZone ?? 'UTC';
}

/**
 * A deal's days as instants: from its first day's midnight to the midnight after its last day, on
 * the store's clock (a sale's end is excluded, see isSaleActive).
 */
export function dealWindow(
  validFrom: string,
  validTo: string,
  timeZone: string,
): { startsAt: Date; endsAt: Date } {
  const from = parseLocalDate(validFrom);
  const to = parseLocalDate(validTo);
  if (!from || !to) throw new Error(`not a date range: ${validFrom}..${validTo}`);
  const after = addDays(to, 1);
  return {
    startsAt: fromLocalDateTime({ ...from, hour: 0, minute: 0 }, timeZone),
    endsAt: fromLocalDateTime({ ...after, hour: 0, minute: 0 }, timeZone),
  };
}

/**
 * The amounts a deal's words name ("$7.99", "7,99 $", "Now 7.99"), in minor units. "2 for $5" names
 * a count and an amount: only amounts with a currency sign or decimals count, so such deals (and
 * "20% off") are not compared at all.
 */
export function amountsIn(text: string): number[] {
  const amounts: number[] = [];
  const pattern = /(\$\s*)?(\d{1,6})(?:[.,](\d{2}))?(?!\d|\s*%)/g;
  for (const match of text.matchAll(pattern)) {
    const [, sign, whole, cents] = match;
    if (!sign && cents === undefined) continue;
    amounts.push(Number(whole) * 100 + Number(cents ?? '0'));
  }
  return amounts;
}

/** The editor's flag: the deal names one price and checkout charges another. */
function priceMismatchOf(priceText: string, charged: { amount: number; currency: string }) {
  const amounts = amountsIn(priceText);
  if (amounts.length !== 1 || amounts[0] === charged.amount) return null;
  return flyerEditMessages.priceMismatch(
    formatMoney(amounts[0]!, charged.currency),
    formatMoney(charged.amount, charged.currency),
  );
}

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
      priceAmount: offers.priceAmount,
      currency: offers.currency,
      saleAmount: offers.saleAmount,
      saleStartsAt: offers.saleStartsAt,
      saleEndsAt: offers.saleEndsAt,
      promoPrice: flyerItemPromos.amount,
    })
    .from(flyerItems)
    .innerJoin(flyerPages, eq(flyerPages.id, flyerItems.pageId))
    .leftJoin(offers, eq(offers.id, flyerItems.offerId))
    .leftJoin(products, eq(products.id, offers.productId))
    .leftJoin(flyerItemPromos, eq(flyerItemPromos.itemId, flyerItems.id))
    .where(eq(flyerPages.flyerId, flyerId))
    .orderBy(asc(flyerItems.position), asc(flyerItems.id));
  const timeZone = await storeTimeZone(db, businessId);

  const pages: ManagedFlyerPage[] = pagesWithItems(
    pageRows,
    itemRows,
    ({
      offerId,
      offerTitle,
      offerQuantity,
      priceAmount,
      currency,
      saleAmount,
      saleStartsAt,
      saleEndsAt,
      promoPrice,
      ...item
    }): ManagedFlyerItem => {
      if (!offerId || offerTitle === null || offerQuantity === null || priceAmount === null) {
        return { ...item, offer: null, promoPrice: null, priceMismatch: null };
      }
      const price = { amount: priceAmount, currency: currency! };
      // What checkout charges on the deal's first day (the flyer's promo is a sale from then on).
      const charged = currentPrice(
        {
          price,
          sale:
            saleAmount !== null && saleStartsAt && saleEndsAt
              ? {
                  price: { amount: saleAmount, currency: currency! },
                  startsAt: saleStartsAt.toISOString(),
                  endsAt: saleEndsAt.toISOString(),
                }
              : null,
        },
        dealWindow(item.validFrom, item.validTo, timeZone).startsAt,
      ).price;
      return {
        ...item,
        offer: {
          id: offerId,
          title: offerTitle,
          quantity: offerQuantity,
          price,
          chargedPrice: charged,
        },
        promoPrice,
        priceMismatch: priceMismatchOf(item.priceText, charged),
      };
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
 * another store, a promo not below the regular price) leaves the saved hotspots and offers as they
 * were. Linked items take the offer's product; missing dates take the flyer's. A promo price
 * becomes the linked offer's sale for the deal's days, written through the offers' own edit
 * (updateStoreOffer: its checks, and what hooks into it); a promo removed or changed ends the sale
 * it had set, unless the offer's sale was changed since. False when the page is not this store's.
 */
export async function replacePageItems(
  db: Database,
  businessId: string,
  pageId: string,
  items: FlyerItemEdit[],
  now: Date = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const page = await findPage(tx, businessId, pageId);
    if (!page || !(await lockFlyer(tx, businessId, page.flyerId))) return false;

    const offerIds = [...new Set(items.flatMap((item) => (item.offerId ? [item.offerId] : [])))];
    const storeOffers =
      offerIds.length === 0
        ? []
        : await tx
            .select({
              id: offers.id,
              productId: offers.productId,
              title: products.title,
              priceAmount: offers.priceAmount,
              currency: offers.currency,
            })
            .from(offers)
            .innerJoin(products, eq(products.id, offers.productId))
            .where(and(inArray(offers.id, offerIds), eq(offers.businessId, businessId)));
    const offerOf = new Map(storeOffers.map((offer) => [offer.id, offer]));
    if (offerIds.some((id) => !offerOf.has(id))) {
      throw new HttpError(400, flyerEditMessages.offerNotInStore);
    }
    const timeZone = await storeTimeZone(tx, businessId);

    const rows = items.map((item, position) => {
      const validFrom = item.validFrom ?? page.validFrom;
      const validTo = item.validTo ?? page.validTo;
      if (validTo < validFrom) throw new HttpError(400, flyerEditMessages.itemEndBeforeStart);
      const offerId = item.offerId ?? null;
      const offer = offerId ? offerOf.get(offerId) : undefined;
      const promo = offer && item.promoPrice != null ? item.promoPrice : null;
      if (offer && promo !== null && promo >= offer.priceAmount) {
        throw new HttpError(
          400,
          flyerEditMessages.promoNotBelowPrice(
            offer.title,
            formatMoney(offer.priceAmount, offer.currency),
          ),
        );
      }
      // The deal's words show the promo: a text that names another amount is replaced by it.
      const priceText =
        offer && promo !== null && !amountsIn(item.priceText).includes(promo)
          ? formatMoney(promo, offer.currency)
          : item.priceText;
      return {
        row: {
          pageId,
          box: item.box,
          title: item.title,
          priceText,
          saleStory: item.saleStory?.trim() || null,
          validFrom,
          validTo,
          offerId,
          productId: offer?.productId ?? null,
          position,
        },
        promo:
          offer && promo !== null
            ? { offerId: offer.id, amount: promo, ...dealWindow(validFrom, validTo, timeZone) }
            : null,
      };
    });

    const before = await tx
      .select({
        offerId: flyerItemPromos.offerId,
        amount: flyerItemPromos.amount,
        startsAt: flyerItemPromos.startsAt,
        endsAt: flyerItemPromos.endsAt,
      })
      .from(flyerItemPromos)
      .innerJoin(flyerItems, eq(flyerItems.id, flyerItemPromos.itemId))
      .where(eq(flyerItems.pageId, pageId));
    const samePromo = (
      a: { offerId: string; amount: number; startsAt: Date; endsAt: Date },
      b: typeof a,
    ) =>
      a.offerId === b.offerId &&
      a.amount === b.amount &&
      a.startsAt.getTime() === b.startsAt.getTime() &&
      a.endsAt.getTime() === b.endsAt.getTime();

    await tx.delete(flyerItems).where(eq(flyerItems.pageId, pageId));
    const inserted =
      rows.length > 0
        ? await tx
            .insert(flyerItems)
            .values(rows.map(({ row }) => row))
            .returning({ id: flyerItems.id, position: flyerItems.position })
        : [];
    const idAt = new Map(inserted.map((row) => [row.position, row.id]));
    const promos = rows.flatMap(({ promo }, position) =>
      promo ? [{ ...promo, itemId: idAt.get(position)! }] : [],
    );

    // Promos gone or changed: their sale ends, if it is still the one the flyer set.
    for (const old of before) {
      if (promos.some((promo) => samePromo(promo, old))) continue;
      const [offer] = await tx
        .select({
          saleAmount: offers.saleAmount,
          saleStartsAt: offers.saleStartsAt,
          saleEndsAt: offers.saleEndsAt,
        })
        .from(offers)
        .where(and(eq(offers.id, old.offerId), eq(offers.businessId, businessId)));
      if (
        offer &&
        offer.saleAmount === old.amount &&
        offer.saleStartsAt?.getTime() === old.startsAt.getTime() &&
        offer.saleEndsAt?.getTime() === old.endsAt.getTime()
      ) {
        await updateStoreOffer(tx, businessId, old.offerId, { salePrice: null }, now);
      }
    }
    // Written again even when unchanged: a feed or an edit may have replaced the sale meanwhile.
    for (const promo of promos) {
      await updateStoreOffer(
        tx,
        businessId,
        promo.offerId,
        {
          salePrice: promo.amount,
          saleStartsAt: promo.startsAt.toISOString(),
          saleEndsAt: promo.endsAt.toISOString(),
        },
        now,
      );
      await tx.insert(flyerItemPromos).values(promo);
    }
    return true;
  });
}
