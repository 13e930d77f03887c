import {
  apiPaths,
  CATALOG_MAX_PAGE_SIZE,
  catalogPaths,
  manageMessages,
  REVIEW_PHOTO_FIELD,
  reviewMessages as m,
  reviewPaths,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { orderEvents, orderItems, orders } from '../../db/schema/commerce.ts';
import { reviewAggregates, reviews } from '../../db/schema/reviews.ts';
import { multipartFile } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import type { DemoOffer } from '../catalog/demo/types.ts';
import {
  cityShelf,
  expectFailure,
  type Shopper,
  signedInShopper,
} from '../commerce/cart/commerce-test-support.ts';
import { insertOrder } from '../commerce/orders/commerce-orders-test-support.ts';
import { addMember, manageClient, person } from '../manage/manage-test-support.ts';
import { refreshAnswerTimes } from './answer-times.ts';

const MINUTE = 60_000;
// A PNG's signature is what makes bytes a PNG to the server (magic numbers, not the file name).
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

for (const backend of testDatabases()) {
  describe(`verified reviews on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const shelf = cityShelf(useCatalogCity(getDb));
    const usedStores = new Set<string>();
    const now = CITY_NOW;
    // The app's clock moves a second a call, so reviews written one after another sort newest first.
    let ticks = 0;
    const ticking = () => new Date(now.getTime() + ++ticks * 1000);

    /** An offer of a store no other test of this file uses (aggregates stay this test's own). */
    function freshOffer(): DemoOffer {
      const offer = shelf.offer(
        (candidate) => candidate.quantity >= 5 && !usedStores.has(candidate.businessId),
      );
      usedStores.add(offer.businessId);
      return offer;
    }

    async function orderOf(
      shopper: Shopper,
      offer: DemoOffer,
      status: 'completed' | 'placed' = 'completed',
    ): Promise<string> {
      const db = getDb().db;
      const { orderId } = await insertOrder(db, {
        userId: shopper.userId,
        businessId: offer.businessId,
        offerId: offer.id,
        status,
        fulfilment: 'reserve_pickup',
        now,
      });
      // The order line names its product, as checkout writes it.
      await db
        .update(orderItems)
        .set({ productId: offer.productId, title: 'Reviewed product' })
        .where(eq(orderItems.orderId, orderId));
      return orderId;
    }

    function as(app: FastifyInstance, shopper: Shopper) {
      const headers = { authorization: `Bearer ${shopper.token}` };
      return {
        get: (url: string) => app.inject({ method: 'GET', url, headers }),
        put: (url: string, payload: object) => app.inject({ method: 'PUT', url, headers, payload }),
        upload: (bytes: Buffer) => {
          const form = multipartFile(REVIEW_PHOTO_FIELD, 'photo.png', 'image/png', bytes);
          return app.inject({
            method: 'POST',
            url: reviewPaths.photos,
            headers: { ...headers, ...form.headers },
            payload: form.payload,
          });
        },
      };
    }

    /** The store's card in the Stores list, found by searching its name. */
    async function storeCardOf(app: FastifyInstance, businessId: string) {
      const name = shelf.business(businessId).name;
      const response = await app.inject({
        url: `${catalogPaths.businesses}?q=${encodeURIComponent(name)}&limit=20`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const card = response
        .json<{ results: { id: string; rating: unknown; answerMinutes: unknown }[] }>()
        .results.find((entry) => entry.id === businessId);
      if (!card) throw new Error(`no card for ${name}`);
      return card;
    }

    /** The product's card in its store's Products tab, paging until it shows. */
    async function productCardOf(app: FastifyInstance, offer: DemoOffer) {
      let cursor: string | null = null;
      do {
        const query: string = `businessId=${offer.businessId}&limit=${CATALOG_MAX_PAGE_SIZE}`;
        const response: LightMyRequestResponse = await app.inject({
          url: `${catalogPaths.products}?${query}${cursor ? `&cursor=${cursor}` : ''}`,
        });
        expect(response.statusCode, response.body).toBe(200);
        const page: { results: { id: string; rating: unknown }[]; nextCursor: string | null } =
          response.json();
        const card = page.results.find((entry) => entry.id === offer.productId);
        if (card) return card;
        cursor = page.nextCursor;
      } while (cursor);
      throw new Error('no card for the product');
    }

    const storeSubject = (offer: DemoOffer) => ({ kind: 'store' as const, id: offer.businessId });
    const productSubject = (offer: DemoOffer) => ({
      kind: 'product' as const,
      id: offer.productId,
    });

    function resultOf<T>(response: LightMyRequestResponse): T {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ result: T }>().result;
    }

    async function aggregate(kind: 'store' | 'product', id: string) {
      const [row] = await getDb()
        .db.select()
        .from(reviewAggregates)
        .where(eq(reviewAggregates.subjectId, id));
      return row && row.subjectKind === kind
        ? { count: row.reviewCount, stars: row.starTotal }
        : undefined;
    }

    it('refuses a shopper without a completed order from the store, in words', async () => {
      const app = await makeApp({ now: ticking });
      const db = getDb().db;
      const offer = freshOffer();
      const stranger = await signedInShopper(db, now);
      const review = { subject: storeSubject(offer), stars: 5, text: 'Lovely', photoId: null };

      // No order at all: only buyers review.
      expectFailure(
        await as(app, stranger).put(reviewPaths.reviews, review),
        403,
        m.noCompletedOrder,
      );
      expectFailure(
        await as(app, stranger).put(reviewPaths.reviews, {
          ...review,
          subject: productSubject(offer),
        }),
        403,
        m.noCompletedOrder,
      );

      // An order still on its way: not yet.
      const waiting = await signedInShopper(db, now);
      const placed = await orderOf(waiting, offer, 'placed');
      expectFailure(
        await as(app, waiting).put(reviewPaths.reviews, { ...review, orderId: placed }),
        409,
        m.orderNotCompleted,
      );
      expectFailure(
        await as(app, waiting).get(reviewPaths.orderReviewForm(placed)),
        409,
        m.orderNotCompleted,
      );
      expectFailure(
        await as(app, waiting).put(reviewPaths.reviews, review),
        403,
        m.noCompletedOrder,
      );

      // Someone else's completed order proves nothing for the stranger (and is not found).
      const buyer = await signedInShopper(db, now);
      const completed = await orderOf(buyer, offer);
      expectFailure(
        await as(app, stranger).put(reviewPaths.reviews, { ...review, orderId: completed }),
        404,
        m.orderNotFound,
      );
      expectFailure(
        await as(app, stranger).get(reviewPaths.orderReviewForm(completed)),
        404,
        m.orderNotFound,
      );
      // The buyer cannot rate a product the order did not hold, nor another store.
      const other = freshOffer();
      expectFailure(
        await as(app, buyer).put(reviewPaths.reviews, {
          ...review,
          orderId: completed,
          subject: productSubject(other),
        }),
        403,
        m.notBought,
      );
      expectFailure(
        await as(app, buyer).put(reviewPaths.reviews, {
          ...review,
          orderId: completed,
          subject: storeSubject(other),
        }),
        403,
        m.notBought,
      );
      // Anonymous: sign in first.
      const anonymous = await app.inject({ method: 'GET', url: reviewPaths.mine });
      expect(anonymous.statusCode).toBe(401);

      const written = await db
        .select()
        .from(reviews)
        .where(eq(reviews.businessId, offer.businessId));
      expect(written).toEqual([]);
      expect(await aggregate('store', offer.businessId)).toBeUndefined();
    });

    it('rates a completed order: the form, sanitised text, one review per subject, aggregates on cards', async () => {
      const app = await makeApp({ now: ticking });
      const db = getDb().db;
      const offer = freshOffer();
      const [ann, bob] = [await signedInShopper(db, now), await signedInShopper(db, now)];
      const annOrder = await orderOf(ann, offer);
      const bobOrder = await orderOf(bob, offer);

      const form = resultOf<{
        order: { id: string; business: { id: string } };
        targets: { subject: { kind: string; id: string; title: string }; review: unknown }[];
      }>(await as(app, ann).get(reviewPaths.orderReviewForm(annOrder)));
      expect(form.order.business.id).toBe(offer.businessId);
      expect(form.targets.map((target) => [target.subject.kind, target.subject.id])).toEqual([
        ['store', offer.businessId],
        ['product', offer.productId],
      ]);
      expect(form.targets.every((target) => target.review === null)).toBe(true);

      // Markup and invisible characters go; the words stay.
      const saved = await as(app, ann).put(reviewPaths.reviews, {
        orderId: annOrder,
        subject: storeSubject(offer),
        stars: 5,
        text: '  <b>Friendly</b> staff<script>alert(1)</script>\u0007,\r\n\r\n\r\n\r\nquick <img src=x onerror=alert(1)>pickup  ',
        photoId: null,
      });
      expect(saved.json()).toMatchObject({ status: 1, message: m.reviewSaved });
      expect(resultOf<{ text: string }>(saved).text).toBe('Friendly staff,\n\nquick pickup');
      resultOf(
        await as(app, ann).put(reviewPaths.reviews, {
          orderId: annOrder,
          subject: productSubject(offer),
          stars: 4,
          text: 'Fresh',
          photoId: null,
        }),
      );
      // A second rating of the same store edits the first: still one review, the aggregate moves.
      const edited = await as(app, ann).put(reviewPaths.reviews, {
        orderId: annOrder,
        subject: storeSubject(offer),
        stars: 3,
        text: 'Good, slow pickup',
        photoId: null,
      });
      expect(edited.json()).toMatchObject({ status: 1, message: m.reviewUpdated });
      expect(resultOf<{ editedAt: string | null }>(edited).editedAt).not.toBeNull();
      expect(await aggregate('store', offer.businessId)).toEqual({ count: 1, stars: 3 });
      resultOf(
        await as(app, bob).put(reviewPaths.reviews, {
          orderId: bobOrder,
          subject: storeSubject(offer),
          stars: 4,
          text: '',
          photoId: null,
        }),
      );
      expect(await aggregate('store', offer.businessId)).toEqual({ count: 2, stars: 7 });
      expect(await aggregate('product', offer.productId)).toEqual({ count: 1, stars: 4 });

      // Out of range stars and an over-long text are refused in words.
      expectFailure(
        await as(app, bob).put(reviewPaths.reviews, {
          subject: storeSubject(offer),
          stars: 6,
          text: '',
          photoId: null,
        }),
        400,
        m.starsRange,
      );
      expectFailure(
        await as(app, bob).put(reviewPaths.reviews, {
          subject: storeSubject(offer),
          stars: 4,
          text: 'x'.repeat(2001),
          photoId: null,
        }),
        400,
        m.textTooLong,
      );

      // Cards and pages read the aggregate: store page, store list, product page, product cards.
      const store = resultOf<{ rating: unknown; answerMinutes: unknown }>(
        await app.inject({ url: catalogPaths.business(offer.businessId) }),
      );
      expect(store.rating).toEqual({ average: 3.5, count: 2 });
      expect(store.answerMinutes).toBeNull();
      const product = resultOf<{ rating: unknown }>(
        await app.inject({ url: catalogPaths.product(offer.productId) }),
      );
      expect(product.rating).toEqual({ average: 4, count: 1 });
      expect((await productCardOf(app, offer)).rating).toEqual({ average: 4, count: 1 });
      const storeCard = await storeCardOf(app, offer.businessId);
      expect(storeCard.rating).toEqual({ average: 3.5, count: 2 });

      // The public lists: newest first, the author's display name, the product's list too.
      const page = await app.inject({ url: reviewPaths.storeReviews(offer.businessId) });
      const body = page.json<{
        result: { rating: unknown };
        results: { stars: number; subject: { kind: string }; authorName: string }[];
      }>();
      expect(body.result.rating).toEqual({ average: 3.5, count: 2 });
      expect(body.results.map((review) => [review.subject.kind, review.stars])).toEqual([
        ['store', 4],
        ['product', 4],
        ['store', 3],
      ]);
      expect(body.results[0]!.authorName).toBe('Sam Shopper');
      const productPage = await app.inject({ url: reviewPaths.productReviews(offer.productId) });
      expect(productPage.json<{ results: unknown[] }>().results).toHaveLength(1);

      // The form now shows the shopper's own reviews.
      const again = resultOf<{ targets: { review: { stars: number } | null }[] }>(
        await as(app, ann).get(reviewPaths.orderReviewForm(annOrder)),
      );
      expect(again.targets.map((target) => target.review?.stars)).toEqual([3, 4]);
    });

    it('takes a photo only from our media store, uploaded by the reviewer', async () => {
      const app = await makeApp({ now: ticking });
      const db = getDb().db;
      const offer = freshOffer();
      const [ann, bob] = [await signedInShopper(db, now), await signedInShopper(db, now)];
      await orderOf(ann, offer);
      await orderOf(bob, offer);

      const notAnImage = await as(app, ann).upload(Buffer.from('<svg onload=alert(1)>'));
      expectFailure(notAnImage, 415, m.photoType);
      const photo = resultOf<{ id: string; url: string }>(await as(app, ann).upload(PNG));
      expect(photo.url).toBe(apiPaths.media(photo.id));

      // Bob cannot attach Ann's photo; an outside URL is not even an id.
      expectFailure(
        await as(app, bob).put(reviewPaths.reviews, {
          subject: storeSubject(offer),
          stars: 5,
          text: 'Nice',
          photoId: photo.id,
        }),
        400,
        m.photoNotYours,
      );
      const outside = await as(app, bob).put(reviewPaths.reviews, {
        subject: storeSubject(offer),
        stars: 5,
        text: 'Nice',
        photoId: 'https://example.com/x.png',
      });
      expect(outside.statusCode).toBe(400);

      const saved = resultOf<{ photoUrl: string }>(
        await as(app, ann).put(reviewPaths.reviews, {
          subject: storeSubject(offer),
          stars: 5,
          text: 'Nice',
          photoId: photo.id,
        }),
      );
      expect(saved.photoUrl).toBe(apiPaths.media(photo.id));
      const served = await app.inject({ url: saved.photoUrl });
      expect(served.headers['content-type']).toBe('image/png');
    });

    it('lets the store reply once (owner), and an admin remove a review with a reason', async () => {
      const app = await makeApp({ now: ticking });
      const db = getDb().db;
      const offer = freshOffer();
      const ann = await signedInShopper(db, now);
      const annOrder = await orderOf(ann, offer);
      const review = resultOf<{ id: string }>(
        await as(app, ann).put(reviewPaths.reviews, {
          orderId: annOrder,
          subject: storeSubject(offer),
          stars: 2,
          text: 'Rude at the counter',
          photoId: null,
        }),
      );
      const [owner, staff, outsider, admin] = await Promise.all([
        person(db, now, { name: 'Olive' }),
        person(db, now, { name: 'Stan' }),
        person(db, now, { name: 'Oscar' }),
        person(db, now, { name: 'Ada', admin: true }),
      ]);
      await addMember(db, offer.businessId, owner, 'owner');
      await addMember(db, offer.businessId, staff, 'staff');
      const replyUrl = reviewPaths.manageReply(offer.businessId, review.id);

      // Every member reads the store's reviews; only the owner answers for the store.
      const listed = await manageClient(app, staff).get(
        reviewPaths.manageReviews(offer.businessId),
      );
      expect(listed.json<{ results: { id: string }[] }>().results.map((r) => r.id)).toEqual([
        review.id,
      ]);
      expectFailure(
        await manageClient(app, staff).post(replyUrl, { text: 'Sorry' }),
        403,
        manageMessages.ownerOnly,
      );
      expectFailure(
        await manageClient(app, outsider).get(reviewPaths.manageReviews(offer.businessId)),
        403,
        manageMessages.notAMember,
      );
      expectFailure(
        await manageClient(app, owner).post(replyUrl, { text: '   ' }),
        400,
        m.replyEmpty,
      );
      const replied = await manageClient(app, owner).post(replyUrl, {
        text: 'Sorry <i>Ann</i>, we will do better.',
      });
      expect(resultOf<{ reply: { text: string } }>(replied).reply.text).toBe(
        'Sorry Ann, we will do better.',
      );
      expectFailure(
        await manageClient(app, owner).post(replyUrl, { text: 'And again' }),
        409,
        m.alreadyReplied,
      );
      // Another store's review id is not found through this store.
      const other = freshOffer();
      await addMember(db, other.businessId, outsider, 'owner');
      expectFailure(
        await manageClient(app, outsider).post(
          reviewPaths.manageReply(other.businessId, review.id),
          {
            text: 'Hi',
          },
        ),
        404,
        m.reviewNotFound,
      );
      const publicList = await app.inject({ url: reviewPaths.storeReviews(offer.businessId) });
      expect(
        publicList.json<{ results: { reply: { text: string } | null }[] }>().results[0]!.reply
          ?.text,
      ).toBe('Sorry Ann, we will do better.');
      expect(await aggregate('store', offer.businessId)).toEqual({ count: 1, stars: 2 });

      // Removal: admins only, with a reason.
      const removalUrl = reviewPaths.adminRemoval(review.id);
      expectFailure(
        await manageClient(app, owner).post(removalUrl, { reason: 'Unfair' }),
        403,
        manageMessages.adminOnly,
      );
      expectFailure(
        await manageClient(app, admin).post(removalUrl, { reason: ' ' }),
        400,
        m.reasonEmpty,
      );
      const removed = await manageClient(app, admin).post(removalUrl, {
        reason: 'Names a staff member personally',
      });
      expect(resultOf<{ removed: { reason: string } }>(removed).removed.reason).toBe(
        'Names a staff member personally',
      );
      expectFailure(
        await manageClient(app, admin).post(removalUrl, { reason: 'Twice' }),
        409,
        m.alreadyRemoved,
      );
      // It leaves the aggregate, the public list and the store's list in the same change...
      expect(await aggregate('store', offer.businessId)).toEqual({ count: 0, stars: 0 });
      const store = resultOf<{ rating: unknown }>(
        await app.inject({ url: catalogPaths.business(offer.businessId) }),
      );
      expect(store.rating).toBeNull();
      const after = await app.inject({ url: reviewPaths.storeReviews(offer.businessId) });
      expect(after.json<{ results: unknown[] }>().results).toEqual([]);
      const storeList = await manageClient(app, owner).get(
        reviewPaths.manageReviews(offer.businessId),
      );
      expect(storeList.json<{ results: unknown[] }>().results).toEqual([]);
      // ...its author sees that and why, and cannot bring it back by editing.
      const mine = await as(app, ann).get(reviewPaths.mine);
      expect(
        mine.json<{ results: { id: string; removed: { reason: string } | null }[] }>().results,
      ).toMatchObject([{ id: review.id, removed: { reason: 'Names a staff member personally' } }]);
      expectFailure(
        await as(app, ann).put(reviewPaths.reviews, {
          orderId: annOrder,
          subject: storeSubject(offer),
          stars: 5,
          text: 'Changed my mind',
          photoId: null,
        }),
        409,
        m.reviewRemovedNoEdit,
      );
      expect(await aggregate('store', offer.businessId)).toEqual({ count: 0, stars: 0 });
      const admins = await manageClient(app, admin).get(reviewPaths.adminReviews);
      expect(
        admins.json<{ results: { id: string }[] }>().results.some((r) => r.id === review.id),
      ).toBe(true);
    });

    it("says a store's answer time only from enough real answers in the last 30 days", async () => {
      const app = await makeApp({ now: ticking });
      const db = getDb().db;
      const offer = freshOffer();
      const shopper = await signedInShopper(db, now);

      /** An order placed `daysAgo`, answered by the store `minutes` later (or never). */
      async function answered(daysAgo: number, minutes: number | null, status = 'accepted') {
        const placedAt = new Date(now.getTime() - daysAgo * 24 * 60 * MINUTE);
        const orderId = await orderOf(shopper, offer, 'placed');
        await db.update(orders).set({ placedAt }).where(eq(orders.id, orderId));
        await db
          .insert(orderEvents)
          .values({ orderId, status: 'placed', actor: 'system', at: placedAt });
        if (minutes !== null) {
          await db.insert(orderEvents).values({
            orderId,
            status: status as 'accepted' | 'declined',
            actor: 'store',
            at: new Date(placedAt.getTime() + minutes * MINUTE),
          });
        }
      }

      // Four answers are too few to say anything.
      await answered(1, 4);
      await answered(2, 10);
      await answered(3, 12, 'declined');
      await answered(4, 30);
      await answered(5, null);
      await refreshAnswerTimes(db, now);
      const business = async () =>
        resultOf<{ answerMinutes: number | null }>(
          await app.inject({ url: catalogPaths.business(offer.businessId) }),
        );
      expect((await business()).answerMinutes).toBeNull();

      // A fifth makes the sample; the median of 4, 8, 10, 12, 30 is 10. An old answer (40 days)
      // does not count.
      await answered(6, 8);
      await answered(40, 500);
      await refreshAnswerTimes(db, now);
      expect((await business()).answerMinutes).toBe(10);
      expect((await storeCardOf(app, offer.businessId)).answerMinutes).toBe(10);

      // Thirty days on, every answer is out of the window and the badge goes.
      await refreshAnswerTimes(db, new Date(now.getTime() + 31 * 24 * 60 * MINUTE));
      expect((await business()).answerMinutes).toBeNull();
    });
  });
}
