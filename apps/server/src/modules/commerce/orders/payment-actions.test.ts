import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { paymentActions, payments } from '../../../db/schema/commerce.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type {
  PaymentProvider,
  ProviderActionResult,
  ProviderPaymentRef,
} from '../../payments/payment-provider.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { signedInShopper } from '../cart/commerce-test-support.ts';
import { insertOrder } from './commerce-orders-test-support.ts';
import { applyOrderEffects } from './order-effects.ts';
import { transitionOrder } from './order-transitions.ts';
import { useTestApp } from '../../../test/app.ts';
import { queuedJobs } from '../../../test/jobs.ts';
import { PAYMENT_ACTION_BACKOFF_MS, PAYMENT_ACTION_QUEUE } from './payment-action-queue.ts';
import { runPaymentActionJob } from './payment-action.jobs.ts';
import { PAYMENT_ACTION_MAX_ATTEMPTS, sweepPaymentActions } from './payment-actions.ts';

const SECOND = 1000;

/** A provider whose void/refund/capture answer what `answers` says, in turn (the last one repeats). */
function scriptedProvider(answers: ProviderActionResult[]) {
  const calls: { kind: string; ref: ProviderPaymentRef }[] = [];
  const next = (kind: string) => async (ref: ProviderPaymentRef) => {
    calls.push({ kind, ref });
    return answers[Math.min(calls.length - 1, answers.length - 1)]!;
  };
  const unused = () => {
    throw new Error('not used by payment actions');
  };
  const provider: PaymentProvider = {
    name: 'scripted',
    createPayment: unused,
    authorise: unused,
    verifyCallback: unused,
    verifyPayment: unused,
    capture: next('capture'),
    void: next('void'),
    refund: next('refund'),
  };
  return { provider, calls };
}

const ok = { ok: true, message: 'done' };
const down = { ok: false, message: 'gateway timeout' };

function quietLog() {
  const log = {
    info: vi.fn(),
    warn: vi.fn(),
    error: vi.fn(),
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger & { warn: typeof log.warn; error: typeof log.error };
}

const mailer: Mailer = { kind: 'outbox', send: async () => true } as unknown as Mailer;

for (const backend of testDatabases()) {
  describe(`payment actions on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const makeApp = useTestApp(getDb);

    /** A placed reserve order with its card hold, cancelled by the shopper at CITY_NOW. */
    async function cancelledWithHold(
      providerRef: string | null = 'payu-123',
      jobs?: Parameters<typeof transitionOrder>[1]['jobs'],
    ) {
      const db = getDb().db;
      const shopper = await signedInShopper(db, CITY_NOW);
      const offer = [...city().offers].find((candidate) => candidate.quantity >= 5)!;
      const placed = await insertOrder(db, {
        userId: shopper.userId,
        businessId: offer.businessId,
        offerId: offer.id,
        status: 'placed',
        fulfilment: 'reserve_pickup',
        now: CITY_NOW,
        payment: { mode: 'preauth', status: 'authorised', ...(providerRef ? { providerRef } : {}) },
      });
      const change = await transitionOrder(db, {
        orderId: placed.orderId,
        to: 'cancelled',
        actor: 'shopper',
        now: CITY_NOW,
        jobs,
      });
      return { db, placed, change };
    }

    async function actionOf(orderId: string) {
      const [row] = await getDb()
        .db.select()
        .from(paymentActions)
        .where(eq(paymentActions.orderId, orderId));
      return row!;
    }

    async function paymentStatusOf(paymentId: string | null) {
      const [row] = await getDb()
        .db.select({ status: payments.status })
        .from(payments)
        .where(eq(payments.id, paymentId!));
      return row?.status;
    }

    it('records the call with the status change, and makes it right after the commit', async () => {
      const { db, placed, change } = await cancelledWithHold();
      expect(change.paymentActionIds).toHaveLength(1);
      expect(await actionOf(placed.orderId)).toMatchObject({
        action: 'void',
        status: 'pending',
        attempts: 0,
      });

      const { provider, calls } = scriptedProvider([ok]);
      const log = quietLog();
      await applyOrderEffects({ db, payments: provider, mailer, brand, log, now: () => CITY_NOW }, [
        change,
      ]);
      expect(calls.map((call) => call.kind)).toEqual(['void']);
      expect(calls[0]!.ref.providerRef).toBe('payu-123');
      expect(await paymentStatusOf(placed.paymentId)).toBe('voided');
      expect(await actionOf(placed.orderId)).toMatchObject({
        status: 'done',
        attempts: 1,
        amount: 1130,
      });
    });

    it('a call that fails is retried when due, and the hold is released then', async () => {
      const { db, placed, change } = await cancelledWithHold();
      const { provider, calls } = scriptedProvider([down, ok]);
      const log = quietLog();
      const deps = { db, payments: provider, mailer, brand, log, now: () => CITY_NOW };
      await applyOrderEffects(deps, [change]);
      expect(await paymentStatusOf(placed.paymentId)).toBe('authorised');
      const waiting = await actionOf(placed.orderId);
      expect(waiting).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: 'gateway timeout',
      });
      expect(waiting.nextAttemptAt.getTime()).toBe(
        CITY_NOW.getTime() + PAYMENT_ACTION_BACKOFF_MS[0],
      );
      expect(log.warn).toHaveBeenCalledTimes(1);

      // Not due yet: the provider is left alone.
      const early = new Date(CITY_NOW.getTime() + 30 * SECOND);
      expect(await sweepPaymentActions({ db, payments: provider, log }, early)).toEqual({
        done: 0,
        retry: 0,
        failed: 0,
      });
      expect(calls).toHaveLength(1);

      const due = new Date(CITY_NOW.getTime() + PAYMENT_ACTION_BACKOFF_MS[0]);
      expect(await sweepPaymentActions({ db, payments: provider, log }, due)).toMatchObject({
        done: 1,
      });
      expect(calls.map((call) => call.kind)).toEqual(['void', 'void']);
      expect(await paymentStatusOf(placed.paymentId)).toBe('voided');
      expect(await actionOf(placed.orderId)).toMatchObject({
        status: 'done',
        attempts: 2,
        lastError: null,
      });
    });

    it('a call a crash left unmade is made by the sweeper', async () => {
      const { db, placed } = await cancelledWithHold();
      // No applyOrderEffects: the process stopped right after the commit.
      const { provider, calls } = scriptedProvider([ok]);
      const report = await sweepPaymentActions(
        { db, payments: provider, log: quietLog() },
        CITY_NOW,
      );
      expect(report.done).toBeGreaterThanOrEqual(1);
      expect(calls.some((call) => call.ref.providerRef === 'payu-123')).toBe(true);
      expect(await paymentStatusOf(placed.paymentId)).toBe('voided');
      expect(await actionOf(placed.orderId)).toMatchObject({ status: 'done' });
    });

    it(`gives up after ${PAYMENT_ACTION_MAX_ATTEMPTS} attempts, logs an error and leaves the payment as it was`, async () => {
      const { db, placed, change } = await cancelledWithHold();
      const { provider, calls } = scriptedProvider([down]);
      const log = quietLog();
      await applyOrderEffects({ db, payments: provider, mailer, brand, log, now: () => CITY_NOW }, [
        change,
      ]);
      let at = CITY_NOW.getTime();
      for (const wait of PAYMENT_ACTION_BACKOFF_MS) {
        at += wait;
        await sweepPaymentActions({ db, payments: provider, log }, new Date(at));
      }
      const mine = calls.filter((call) => call.ref.providerRef === 'payu-123');
      expect(mine).toHaveLength(PAYMENT_ACTION_MAX_ATTEMPTS);
      expect(await actionOf(placed.orderId)).toMatchObject({
        status: 'failed',
        attempts: PAYMENT_ACTION_MAX_ATTEMPTS,
        lastError: 'gateway timeout',
      });
      expect(log.error).toHaveBeenCalledWith(
        expect.objectContaining({ orderId: placed.orderId, action: 'void' }),
        'payment provider call given up',
      );
      expect(await paymentStatusOf(placed.paymentId)).toBe('authorised');
      // Given up means given up: later sweeps leave it to support.
      await sweepPaymentActions({ db, payments: provider, log }, new Date(at + 86_400_000));
      expect(calls.filter((call) => call.ref.providerRef === 'payu-123')).toHaveLength(
        PAYMENT_ACTION_MAX_ATTEMPTS,
      );
    });

    it('a payment without a provider reference is given up at once (no retry can help)', async () => {
      const { db, placed, change } = await cancelledWithHold(null);
      const { provider, calls } = scriptedProvider([ok]);
      await applyOrderEffects(
        { db, payments: provider, mailer, brand, log: quietLog(), now: () => CITY_NOW },
        [change],
      );
      expect(calls).toHaveLength(0);
      expect(await actionOf(placed.orderId)).toMatchObject({ status: 'failed', attempts: 1 });
    });

    it('each call has a job, queued with it, that retries it when due and ends once it is made', async () => {
      // An app for its job engine only; the provider is scripted and the clock given per run.
      const app = await makeApp();
      const { db, placed, change } = await cancelledWithHold('payu-job', app.jobs);
      const actionId = change.paymentActionIds[0]!;
      const jobsOf = () => queuedJobs(db, PAYMENT_ACTION_QUEUE, { actionId });
      const [queued] = await jobsOf();
      // Due one backoff step after the commit: the request makes the first attempt itself.
      expect(queued?.dueInSeconds).toBeGreaterThan(PAYMENT_ACTION_BACKOFF_MS[0] / SECOND - 30);

      const { provider, calls } = scriptedProvider([down, ok]);
      const log = quietLog();
      let now = CITY_NOW;
      const deps = { db, payments: provider, log, jobs: app.jobs, now: () => now };
      await applyOrderEffects({ ...deps, mailer, brand }, [change]);
      expect(await actionOf(placed.orderId)).toMatchObject({ status: 'pending', attempts: 1 });

      // The job runs before the retry is due: no call, and it queues itself for that time.
      now = new Date(CITY_NOW.getTime() + 20 * SECOND);
      await runPaymentActionJob(deps, { actionId }, 'run-1');
      expect(calls).toHaveLength(1);
      const [, next] = await jobsOf();
      expect(next?.dueInSeconds).toBeGreaterThan(30);
      expect(next?.dueInSeconds).toBeLessThanOrEqual(41);
      // The same run retried (its worker died after queuing) queues no second successor.
      await runPaymentActionJob(deps, { actionId }, 'run-1');
      expect(await jobsOf()).toHaveLength(2);

      // Due: the call is made, and no further job follows.
      now = new Date(CITY_NOW.getTime() + PAYMENT_ACTION_BACKOFF_MS[0]);
      await runPaymentActionJob(deps, { actionId }, 'run-2');
      expect(calls.map((call) => call.kind)).toEqual(['void', 'void']);
      expect(await actionOf(placed.orderId)).toMatchObject({ status: 'done', attempts: 2 });
      expect(await paymentStatusOf(placed.paymentId)).toBe('voided');
      expect(await jobsOf()).toHaveLength(2);
    });

    it('two sweepers at once make the call once', async () => {
      const { db, placed } = await cancelledWithHold('payu-race');
      const { provider, calls } = scriptedProvider([ok]);
      const deps = { db, payments: provider, log: quietLog() };
      await Promise.all([
        sweepPaymentActions(deps, CITY_NOW),
        sweepPaymentActions(deps, CITY_NOW),
        sweepPaymentActions(deps, CITY_NOW),
      ]);
      expect(calls.filter((call) => call.ref.providerRef === 'payu-race')).toHaveLength(1);
      expect(await actionOf(placed.orderId)).toMatchObject({ status: 'done', attempts: 1 });
    });
  });
}

const brand = { appName: 'Localmart', appUrl: 'http://localhost:3000' };
