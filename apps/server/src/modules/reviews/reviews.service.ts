import {
  apiPaths,
  type ImageRef,
  type OwnReview,
  type RatingSummary,
  ratingOf,
  type Review,
  REVIEW_PAGE_SIZE,
  type ReviewForm,
  type ReviewSubjectKind,
  reviewMessages as m,
  type SaveReviewRequest,
} from '@localmart/contract';
import { type AnyColumn, and, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { businesses } from '../../db/schema/catalog.ts';
import { orderItems, orders } from '../../db/schema/commerce.ts';
import { media } from '../../db/schema/media.ts';
import { reviewAggregates, reviews } from '../../db/schema/reviews.ts';
import { HttpError } from '../../plugins/errors.ts';
import { cursorInstantSchema, decodeCursor, encodeCursor } from '../catalog/shared/cursor.ts';
import { deleteOwnedMedia } from '../media/media.service.ts';
import { sanitiseReviewText } from './review-text.ts';

/** The order line's column that names each kind of item (a store is the order's business). */
const ITEM_COLUMN = {
  product: orderItems.productId,
  menu_item: orderItems.menuItemId,
  service: orderItems.serviceId,
} as const;

/** An order line counts as bought when some of it was handed over (partial fulfilment). */
const handedOver = sql`${orderItems.quantity} > ${orderItems.removedQuantity}`;

// ---------------------------------------------------------------------------------------------
// Aggregates (ADR 0016): a subject's visible count and star total, changed in the same transaction
// as the review row, so a card reads them by primary key.

async function adjustAggregate(
  tx: Database,
  kind: ReviewSubjectKind,
  subjectId: string,
  countDelta: number,
  starDelta: number,
): Promise<void> {
  if (countDelta === 0 && starDelta === 0) return;
  if (countDelta < 0 || starDelta < 0) {
    // Less only ever follows more: the row exists. (An upsert would check the proposed negative
    // insert row against the CHECK before finding the conflict.)
    await tx
      .update(reviewAggregates)
      .set({
        reviewCount: sql`${reviewAggregates.reviewCount} + ${countDelta}`,
        starTotal: sql`${reviewAggregates.starTotal} + ${starDelta}`,
      })
      .where(
        and(eq(reviewAggregates.subjectKind, kind), eq(reviewAggregates.subjectId, subjectId)),
      );
    return;
  }
  await tx
    .insert(reviewAggregates)
    .values({ subjectKind: kind, subjectId, reviewCount: countDelta, starTotal: starDelta })
    .onConflictDoUpdate({
      target: [reviewAggregates.subjectKind, reviewAggregates.subjectId],
      set: {
        reviewCount: sql`${reviewAggregates.reviewCount} + ${countDelta}`,
        starTotal: sql`${reviewAggregates.starTotal} + ${starDelta}`,
      },
    });
}

/** Count and star total of each subject of `kind` among `ids` (one primary-key lookup per page). */
export async function aggregatesOf(
  db: Database,
  kind: ReviewSubjectKind,
  ids: readonly string[],
): Promise<Map<string, { count: number; starTotal: number }>> {
  const found = new Map<string, { count: number; starTotal: number }>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({
      id: reviewAggregates.subjectId,
      count: reviewAggregates.reviewCount,
      starTotal: reviewAggregates.starTotal,
    })
    .from(reviewAggregates)
    .where(
      and(
        eq(reviewAggregates.subjectKind, kind),
        inArray(reviewAggregates.subjectId, [...new Set(ids)]),
      ),
    );
  for (const row of rows) found.set(row.id, { count: row.count, starTotal: row.starTotal });
  return found;
}

/**
 * A subject's review count and star total as columns of a list's own statement (null when it has
 * no aggregate row): a page's ratings without a statement of their own (issue 18: each statement
 * is a round trip, the largest cost of a list request on a small machine). ratingFrom reads them.
 */
export function ratingColumnsOf(kind: ReviewSubjectKind, subjectId: SQL | AnyColumn) {
  const of = (column: AnyColumn) =>
    sql<number | null>`(select ${column} from ${reviewAggregates}
      where ${reviewAggregates.subjectKind} = ${kind} and ${reviewAggregates.subjectId} = ${subjectId})`;
  return {
    reviewCount: of(reviewAggregates.reviewCount),
    starTotal: of(reviewAggregates.starTotal),
  };
}

/** The aggregate ratingFrom reads, from ratingColumnsOf's columns. */
export function aggregateOfColumns(row: {
  reviewCount: number | null;
  starTotal: number | null;
}): { count: number; starTotal: number } | undefined {
  return row.reviewCount === null
    ? undefined
    : { count: row.reviewCount, starTotal: row.starTotal ?? 0 };
}

/** A card's rating from its aggregate row (none, or a count of 0, is no rating yet). */
export function ratingFrom(
  aggregate: { count: number; starTotal: number } | undefined,
): RatingSummary | null {
  return aggregate ? ratingOf(aggregate.count, aggregate.starTotal) : null;
}

// ---------------------------------------------------------------------------------------------
// Reading reviews

const authorName = sql<string>`coalesce(nullif(btrim(${users.displayName}), ''), ${users.firstName} || ' ' || left(${users.lastName}, 1) || '.')`;

const reviewColumns = {
  id: reviews.id,
  subjectKind: reviews.subjectKind,
  subjectId: reviews.subjectId,
  subjectTitle: reviews.subjectTitle,
  businessId: reviews.businessId,
  businessName: businesses.name,
  stars: reviews.stars,
  text: reviews.text,
  photoMediaId: reviews.photoMediaId,
  authorName,
  createdAt: reviews.createdAt,
  editedAt: reviews.editedAt,
  replyText: reviews.replyText,
  replyAt: reviews.replyAt,
  removedAt: reviews.removedAt,
  removedReason: reviews.removedReason,
};

type ReviewRow = {
  id: string;
  subjectKind: ReviewSubjectKind;
  subjectId: string;
  subjectTitle: string;
  businessId: string;
  businessName: string;
  stars: number;
  text: string;
  photoMediaId: string | null;
  authorName: string;
  createdAt: Date;
  editedAt: Date | null;
  replyText: string | null;
  replyAt: Date | null;
  removedAt: Date | null;
  removedReason: string | null;
};

function selectReviews(db: Database) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(businesses, eq(businesses.id, reviews.businessId));
}

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    subject: {
      kind: row.subjectKind,
      id: row.subjectId,
      // A store review is titled by the store's current name; an item by its name when bought.
      title: row.subjectKind === 'store' ? row.businessName : row.subjectTitle,
    },
    business: { id: row.businessId, name: row.businessName },
    stars: row.stars,
    text: row.text,
    photoUrl: row.photoMediaId ? apiPaths.media(row.photoMediaId) : null,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    reply:
      row.replyText !== null && row.replyAt !== null
        ? { text: row.replyText, at: row.replyAt.toISOString() }
        : null,
  };
}

function toOwnReview(row: ReviewRow): OwnReview {
  return {
    ...toReview(row),
    removed:
      row.removedAt !== null
        ? { reason: row.removedReason ?? '', at: row.removedAt.toISOString() }
        : null,
  };
}

const pageCursor = z.tuple([cursorInstantSchema, z.uuid()]);

/** Newest first by (created_at, id), REVIEW_PAGE_SIZE a page, after `cursor` when given. */
async function pageOfReviews(
  db: Database,
  where: SQL | undefined,
  cursor: string | undefined,
): Promise<{ results: Review[]; nextCursor: string | null }> {
  let after: SQL | undefined;
  if (cursor !== undefined) {
    const [at, id] = decodeCursor(cursor, pageCursor);
    const instant = new Date(at);
    after = or(
      lt(reviews.createdAt, instant),
      and(eq(reviews.createdAt, instant), lt(reviews.id, id)),
    );
  }
  const rows = await selectReviews(db)
    .where(and(where, isNull(reviews.removedAt), after))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEW_PAGE_SIZE + 1);
  const page = rows.slice(0, REVIEW_PAGE_SIZE);
  const last = page.at(-1);
  return {
    results: page.map(toReview),
    nextCursor:
      rows.length > REVIEW_PAGE_SIZE && last
        ? encodeCursor([last.createdAt.toISOString(), last.id])
        : null,
  };
}

/** A store's page: its own reviews and those of what was bought there, visible ones. */
export function storeReviewPage(db: Database, businessId: string, cursor?: string) {
  return pageOfReviews(db, eq(reviews.businessId, businessId), cursor);
}

/** A product's page: its reviews from every store that sold it, visible ones. */
export function productReviewPage(db: Database, productId: string, cursor?: string) {
  return pageOfReviews(
    db,
    and(eq(reviews.subjectKind, 'product'), eq(reviews.subjectId, productId)),
    cursor,
  );
}

/** The shopper's own reviews, newest first; a removed one says when and why. */
export async function myReviews(db: Database, userId: string): Promise<OwnReview[]> {
  const rows = await selectReviews(db)
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(200);
  return rows.map(toOwnReview);
}

/** The store's Reviews page (members): every visible review of the store or bought there. */
export async function reviewsOfStore(db: Database, businessId: string): Promise<Review[]> {
  const rows = await selectReviews(db)
    .where(and(eq(reviews.businessId, businessId), isNull(reviews.removedAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(200);
  return rows.map(toReview);
}

/** The admin's list: the newest reviews of every store, removed ones included. */
export async function latestReviews(db: Database): Promise<OwnReview[]> {
  const rows = await selectReviews(db)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(200);
  return rows.map(toOwnReview);
}

async function reviewById(db: Database, reviewId: string): Promise<ReviewRow | undefined> {
  const [row] = await selectReviews(db).where(eq(reviews.id, reviewId));
  return row;
}

// ---------------------------------------------------------------------------------------------
// The "Rate your order" form

interface ShopperOrder {
  id: string;
  number: string;
  status: string;
  businessId: string;
  businessName: string;
}

async function shopperOrder(
  db: Database,
  userId: string,
  orderId: string,
): Promise<ShopperOrder | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      businessId: orders.businessId,
      businessName: businesses.name,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row;
}

/** The store and each distinct item handed over in a completed order, with the shopper's reviews. */
export async function reviewForm(
  db: Database,
  userId: string,
  orderId: string,
): Promise<ReviewForm> {
  const order = await shopperOrder(db, userId, orderId);
  // Someone else's order is "not found": nobody learns which order ids exist.
  if (!order) throw new HttpError(404, m.orderNotFound);
  if (order.status !== 'completed') throw new HttpError(409, m.orderNotCompleted);

  const lines = await db
    .select({
      productId: orderItems.productId,
      menuItemId: orderItems.menuItemId,
      serviceId: orderItems.serviceId,
      title: orderItems.title,
      image: orderItems.image,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), handedOver))
    .orderBy(orderItems.id);

  const targets: {
    kind: ReviewSubjectKind;
    id: string;
    title: string;
    image: ImageRef | null;
  }[] = [{ kind: 'store', id: order.businessId, title: order.businessName, image: null }];
  const seen = new Set<string>();
  for (const line of lines) {
    const subject: { kind: ReviewSubjectKind; id: string } | null = line.productId
      ? { kind: 'product', id: line.productId }
      : line.menuItemId
        ? { kind: 'menu_item', id: line.menuItemId }
        : line.serviceId
          ? { kind: 'service', id: line.serviceId }
          : null;
    // A line whose item was deleted from the catalogue since has nothing left to rate.
    if (!subject || seen.has(`${subject.kind}:${subject.id}`)) continue;
    seen.add(`${subject.kind}:${subject.id}`);
    targets.push({ ...subject, title: line.title, image: line.image ?? null });
  }

  const own = await selectReviews(db).where(
    and(
      eq(reviews.userId, userId),
      inArray(
        reviews.subjectId,
        targets.map((target) => target.id),
      ),
    ),
  );
  const ownBySubject = new Map(own.map((row) => [`${row.subjectKind}:${row.subjectId}`, row]));
  return {
    order: {
      id: order.id,
      number: order.number,
      business: { id: order.businessId, name: order.businessName },
    },
    targets: targets.map((target) => {
      const row = ownBySubject.get(`${target.kind}:${target.id}`);
      return {
        subject: { kind: target.kind, id: target.id, title: target.title },
        image: target.image,
        review: row ? toOwnReview(row) : null,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Writing a review

interface Proof {
  orderId: string;
  businessId: string;
  title: string;
}

/**
 * The completed order that lets `userId` rate the subject: the one named (404 when not theirs, 409
 * while not completed, 403 when it does not hold the subject), else their latest completed order
 * holding it (403 when there is none: only buyers review).
 */
async function proofOf(
  db: Database,
  userId: string,
  input: Pick<SaveReviewRequest, 'orderId' | 'subject'>,
): Promise<Proof> {
  const { kind, id } = input.subject;
  if (input.orderId !== undefined) {
    const order = await shopperOrder(db, userId, input.orderId);
    if (!order) throw new HttpError(404, m.orderNotFound);
    if (order.status !== 'completed') throw new HttpError(409, m.orderNotCompleted);
    if (kind === 'store') {
      if (order.businessId !== id) throw new HttpError(403, m.notBought);
      return { orderId: order.id, businessId: order.businessId, title: order.businessName };
    }
    const [line] = await db
      .select({ title: orderItems.title })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(ITEM_COLUMN[kind], id), handedOver))
      .limit(1);
    if (!line) throw new HttpError(403, m.notBought);
    return { orderId: order.id, businessId: order.businessId, title: line.title };
  }

  if (kind === 'store') {
    const [order] = await db
      .select({ id: orders.id, businessName: businesses.name })
      .from(orders)
      .innerJoin(businesses, eq(businesses.id, orders.businessId))
      .where(
        and(eq(orders.userId, userId), eq(orders.businessId, id), eq(orders.status, 'completed')),
      )
      .orderBy(desc(orders.updatedAt))
      .limit(1);
    if (!order) throw new HttpError(403, m.noCompletedOrder);
    return { orderId: order.id, businessId: id, title: order.businessName };
  }
  const [line] = await db
    .select({ orderId: orders.id, businessId: orders.businessId, title: orderItems.title })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'completed'),
        eq(ITEM_COLUMN[kind], id),
        handedOver,
      ),
    )
    .orderBy(desc(orders.updatedAt))
    .limit(1);
  if (!line) throw new HttpError(403, m.noCompletedOrder);
  return line;
}

/** The photo must be an image this shopper uploaded to our media store (never an outside URL). */
async function checkPhoto(db: Database, userId: string, photoId: string | null): Promise<void> {
  if (photoId === null) return;
  const [row] = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.id, photoId), eq(media.ownerId, userId)));
  if (!row) throw new HttpError(400, m.photoNotYours);
}

export interface SavedReview {
  review: OwnReview;
  created: boolean;
}

/**
 * Creates the shopper's review of a subject, or edits it (one per shopper and subject), and moves
 * the subject's aggregate by the difference, all in one transaction. A review removed by an admin
 * stays removed (409). A replaced photo is deleted from the media store.
 */
export async function saveReview(
  db: Database,
  userId: string,
  input: SaveReviewRequest,
  now: Date,
): Promise<SavedReview> {
  const proof = await proofOf(db, userId, input);
  await checkPhoto(db, userId, input.photoId);
  const text = sanitiseReviewText(input.text);
  const { kind, id } = input.subject;

  const saved = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(reviews)
      .values({
        userId,
        businessId: proof.businessId,
        orderId: proof.orderId,
        subjectKind: kind,
        subjectId: id,
        subjectTitle: proof.title,
        stars: input.stars,
        text,
        photoMediaId: input.photoId,
        createdAt: now,
      })
      .onConflictDoNothing({
        target: [reviews.userId, reviews.subjectKind, reviews.subjectId],
      })
      .returning({ id: reviews.id });
    if (inserted) {
      await adjustAggregate(tx, kind, id, 1, input.stars);
      return { id: inserted.id, created: true, oldPhoto: null };
    }

    // An edit: the row is locked so a concurrent edit or removal cannot skew the aggregate.
    const [existing] = await tx
      .select({
        id: reviews.id,
        stars: reviews.stars,
        photoMediaId: reviews.photoMediaId,
        removedAt: reviews.removedAt,
      })
      .from(reviews)
      .where(
        and(eq(reviews.userId, userId), eq(reviews.subjectKind, kind), eq(reviews.subjectId, id)),
      )
      .for('update');
    if (!existing) throw new Error('review vanished between insert and select');
    if (existing.removedAt !== null) throw new HttpError(409, m.reviewRemovedNoEdit);
    await tx
      .update(reviews)
      .set({
        stars: input.stars,
        text,
        photoMediaId: input.photoId,
        orderId: proof.orderId,
        businessId: proof.businessId,
        subjectTitle: proof.title,
        editedAt: now,
      })
      .where(eq(reviews.id, existing.id));
    await adjustAggregate(tx, kind, id, 0, input.stars - existing.stars);
    const oldPhoto =
      existing.photoMediaId !== null && existing.photoMediaId !== input.photoId
        ? existing.photoMediaId
        : null;
    if (oldPhoto) await deleteOwnedMedia(tx, oldPhoto, userId);
    return { id: existing.id, created: false, oldPhoto };
  });

  const row = await reviewById(db, saved.id);
  if (!row) throw new Error('saved review not found');
  return { review: toOwnReview(row), created: saved.created };
}

// ---------------------------------------------------------------------------------------------
// The store's reply and the admin's removal

/** The store's one reply to a visible review of it (or of something bought there). */
export async function replyToReview(
  db: Database,
  input: { businessId: string; reviewId: string; userId: string; text: string; now: Date },
): Promise<Review> {
  const text = sanitiseReviewText(input.text);
  if (text === '') throw new HttpError(400, m.replyEmpty);
  const [updated] = await db
    .update(reviews)
    .set({ replyText: text, replyAt: input.now, replyUserId: input.userId })
    .where(
      and(
        eq(reviews.id, input.reviewId),
        eq(reviews.businessId, input.businessId),
        isNull(reviews.removedAt),
        // Once: a second reply (or a race of two) finds no row to change.
        isNull(reviews.replyText),
      ),
    )
    .returning({ id: reviews.id });
  if (!updated) {
    const row = await reviewById(db, input.reviewId);
    if (!row || row.businessId !== input.businessId || row.removedAt !== null) {
      throw new HttpError(404, m.reviewNotFound);
    }
    throw new HttpError(409, m.alreadyReplied);
  }
  const row = await reviewById(db, input.reviewId);
  return toReview(row!);
}

/**
 * An admin takes a review down with a reason its author reads: it leaves the lists and the
 * aggregate in the same transaction; the row stays (the author's "My reviews" shows why).
 */
export async function removeReview(
  db: Database,
  input: { reviewId: string; adminId: string; reason: string; now: Date },
): Promise<OwnReview> {
  const reason = sanitiseReviewText(input.reason);
  if (reason === '') throw new HttpError(400, m.reasonEmpty);
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .update(reviews)
      .set({ removedAt: input.now, removedReason: reason, removedBy: input.adminId })
      .where(and(eq(reviews.id, input.reviewId), isNull(reviews.removedAt)))
      .returning({
        kind: reviews.subjectKind,
        subjectId: reviews.subjectId,
        stars: reviews.stars,
      });
    if (!removed) {
      const [row] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(eq(reviews.id, input.reviewId));
      throw row ? new HttpError(409, m.alreadyRemoved) : new HttpError(404, m.reviewNotFound);
    }
    await adjustAggregate(tx, removed.kind, removed.subjectId, -1, -removed.stars);
  });
  const row = await reviewById(db, input.reviewId);
  return toOwnReview(row!);
}
