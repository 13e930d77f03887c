import {
  adminMessages,
  adminPaymentActionRetryResponse,
  adminPaymentActionsResponse,
  managePaths,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentActions, payments } from '../../../db/schema/commerce.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { signedInShopper } from '../../commerce/cart/commerce-test-support.ts';
import { insertOrder } from '../../commerce/orders/commerce-orders-test-support.ts';
import { transitionOrder } from '../../commerce/orders/order-transitions.ts';
import { manageClient, person, type Person } from '../manage-test-support.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000001';

for (const backend of testDatabases()) {
  describe(`payment calls for support on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const makeApp = useTestApp(getDb);
    const city = useCatalogCity(getDb);
    let admin: Person;

    beforeAll(async () => {
      admin = await person(getDb().db, CITY_NOW, { admin: true, name: 'Ada' });
    });

    /**
     * A cancelled reserve order whose hold release is recorded in `state`: the provider reference
     * is unknown to the payment simulator, so a real call to it fails.
     */
    async function owedVoid(
      state: { status: 'pending' | 'failed' | 'done'; lastError: string | null },
      createdAt: Date,
    ) {
      const { db } = getDb();
      const shopper = await signedInShopper(db, CITY_NOW);
      const offer = [...city().offers].find((candidate) => candidate.quantity >= 5)!;
      const placed = await insertOrder(db, {
        userId: shopper.userId,
        businessId: offer.businessId,
        offerId: offer.id,
        status: 'placed',
        fulfilment: 'reserve_pickup',
        now: CITY_NOW,
        payment: { mode: 'preauth', status: 'authorised', providerRef: 'no-such-payu-ref' },
      });
      const change = await transitionOrder(db, {
        orderId: placed.orderId,
        to: 'cancelled',
        actor: 'shopper',
        now: CITY_NOW,
      });
      await db
        .update(paymentActions)
        .set({ ...state, attempts: state.status === 'pending' ? 2 : 6, createdAt })
        .where(eq(paymentActions.id, change.paymentActionIds[0]!));
      return { id: change.paymentActionIds[0]!, paymentId: placed.paymentId! };
    }

    async function adminApi() {
      const app = await makeApp({ now: () => CITY_NOW });
      return manageClient(app, admin);
    }

    it('lists given-up calls first, then those waiting to retry; never the ones that went through', async () => {
      const minute = (n: number) => new Date(CITY_NOW.getTime() - n * 60_000);
      const waiting = await owedVoid({ status: 'pending', lastError: 'timeout' }, minute(30));
      const givenUp = await owedVoid({ status: 'failed', lastError: 'gateway down' }, minute(10));
      const done = await owedVoid({ status: 'done', lastError: null }, minute(20));
      const notYetTried = await owedVoid({ status: 'pending', lastError: null }, minute(40));

      const response = await (await adminApi()).get(managePaths.adminPaymentActions);
      expect(response.statusCode, response.body).toBe(200);
      const body = adminPaymentActionsResponse.parse(response.json());
      const ids = body.results.map((row) => row.id);
      expect(ids.indexOf(givenUp.id)).toBeLessThan(ids.indexOf(waiting.id));
      expect(ids).not.toContain(done.id);
      expect(ids).not.toContain(notYetTried.id);
      expect(body.results.find((row) => row.id === givenUp.id)).toMatchObject({
        action: 'void',
        status: 'failed',
        attempts: 6,
        lastError: 'gateway down',
        nextAttemptAt: null,
        amount: { amount: 1130, currency: 'CAD' },
      });
      expect(body.results.find((row) => row.id === waiting.id)?.nextAttemptAt).not.toBeNull();
    });

    it('retry now: a provider that refuses again leaves the call waiting on a fresh schedule', async () => {
      const givenUp = await owedVoid({ status: 'failed', lastError: 'gateway down' }, CITY_NOW);
      const response = await (
        await adminApi()
      ).post(managePaths.adminPaymentActionRetry(givenUp.id), {});
      expect(response.statusCode, response.body).toBe(200);
      const body = adminPaymentActionRetryResponse.parse(response.json());
      expect(body.result).toEqual({ done: false });
      expect(body.message).toMatch(/^The payment provider refused again \(.+\)\. It will be/);
      const [row] = await getDb()
        .db.select()
        .from(paymentActions)
        .where(eq(paymentActions.id, givenUp.id));
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    });

    it('retry now: a hold support already released is marked done', async () => {
      const givenUp = await owedVoid({ status: 'failed', lastError: 'gateway down' }, CITY_NOW);
      // Support released it at the provider and recorded it: nothing is left to call.
      await getDb()
        .db.update(payments)
        .set({ status: 'voided' })
        .where(eq(payments.id, givenUp.paymentId));
      const api = await adminApi();
      const response = await api.post(managePaths.adminPaymentActionRetry(givenUp.id), {});
      expect(response.json()).toMatchObject({
        status: 1,
        message: adminMessages.paymentActionDone,
        result: { done: true },
      });
      const again = await api.post(managePaths.adminPaymentActionRetry(givenUp.id), {});
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        status: 0,
        message: adminMessages.paymentActionAlreadyDone,
      });
    });

    it('answers 404 for an unknown call', async () => {
      const response = await (
        await adminApi()
      ).post(managePaths.adminPaymentActionRetry(UNKNOWN_ID), {});
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        status: 0,
        message: adminMessages.paymentActionNotFound,
      });
    });
  });
}
