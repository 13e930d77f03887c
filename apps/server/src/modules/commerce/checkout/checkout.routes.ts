import {
  checkoutQuoteRequest,
  commerceMessages as m,
  commercePaths,
  idParam,
  ok,
  placeCheckoutRequest,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import { users } from '../../../db/schema/accounts.ts';
import { HttpError } from '../../../plugins/errors.ts';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import { shopperReturnUrl } from '../../payments/payment-provider.ts';
import { keyedLimit } from '../../rate-limit/keyed-limit.ts';
import { checkoutQuotePerUser, rateLimitRules } from '../../rate-limit/rate-limit-rules.ts';
import { checkoutView, ownCheckout } from './checkout-view.ts';
import { paymentToMake } from './payment-to-make.ts';
import { newestUnpaidCheckout, releaseUnpaidCheckout } from './unpaid-checkouts.ts';
import { placeCheckout } from './place.service.ts';
import { planCheckout } from './quote.service.ts';

const CHECKOUT = routePattern(commercePaths.checkout(':checkoutId'));
const CHECKOUT_PAY = routePattern(commercePaths.checkoutPay(':checkoutId'));
const CHECKOUT_RELEASE = routePattern(commercePaths.checkoutRelease(':checkoutId'));
const checkoutParams = z.object({ checkoutId: idParam });

/** Quote, place, read and pay a checkout: the signed-in shopper's own only. */
export const checkoutRoutes: ZodRoutes<{ config: Config }> = async (app, { config }) => {
  app.addHook('preValidation', app.requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Coupon codes can be guessed: besides the per-IP rule, one account may only try so many.
  const limitPerUser = keyedLimit(
    app,
    checkoutQuotePerUser,
    (request) => `${rateLimitRules.checkoutQuote.name}:user:${request.user!.id}`,
  );

  app.post(
    commercePaths.checkoutQuote,
    {
      schema: { body: checkoutQuoteRequest },
      config: { rateLimit: rateLimitRules.checkoutQuote },
      preHandler: limitPerUser,
    },
    async (request) => {
      const plan = await planCheckout(app.db, request.user!.id, request.body, app.now());
      return ok({ result: plan.quote });
    },
  );

  app.post(
    commercePaths.checkouts,
    { schema: { body: placeCheckoutRequest }, config: { rateLimit: rateLimitRules.placeCheckout } },
    async (request, reply) => {
      const userId = request.user!.id;
      const placed = await placeCheckout(app.db, {
        userId,
        request: request.body,
        now: app.now(),
        provider: app.payments.name,
        jobs: app.jobs,
      });
      const view = await checkoutView(app.db, userId, placed.checkoutId);
      return reply
        .code(placed.created ? 201 : 200)
        .send(ok({ message: m.orderPlaced, result: view }));
    },
  );

  app.get(CHECKOUT, { schema: { params: checkoutParams } }, async (request) =>
    ok({ result: await checkoutView(app.db, request.user!.id, request.params.checkoutId) }),
  );

  // The shopper's unpaid checkout still holding stock: /payumoney offers to resume or release it.
  app.get(commercePaths.unpaidCheckout, async (request) => {
    const userId = request.user!.id;
    const checkoutId = await newestUnpaidCheckout(app.db, userId);
    return ok({ result: checkoutId ? await checkoutView(app.db, userId, checkoutId) : null });
  });

  app.post(CHECKOUT_RELEASE, { schema: { params: checkoutParams } }, async (request) => {
    const userId = request.user!.id;
    const checkout = await ownCheckout(app.db, userId, request.params.checkoutId);
    const released = await app.db.transaction((tx) =>
      releaseUnpaidCheckout(tx, checkout.id, {
        now: app.now(),
        actor: 'shopper',
        note: m.checkoutReleasedNote,
      }),
    );
    if (!released) throw new HttpError(409, m.checkoutCannotRelease);
    return ok({
      message: m.checkoutReleased,
      result: await checkoutView(app.db, userId, checkout.id),
    });
  });

  app.post(CHECKOUT_PAY, { schema: { params: checkoutParams } }, async (request) => {
    const userId = request.user!.id;
    const checkout = await ownCheckout(app.db, userId, request.params.checkoutId);
    const { payment, numbers } = await app.db.transaction((tx) =>
      paymentToMake(tx, checkout.id, app.now()),
    );
    const [user] = await app.db
      .select({ firstName: users.firstName, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    const returnUrl = shopperReturnUrl(config, commercePaths.payuReturn);
    const base = {
      txnid: payment.txnid,
      amount: { amount: payment.amount, currency: payment.currency },
      productInfo: `Localmart order ${numbers.join(', ')}`,
      firstName: user?.firstName ?? '',
      email: user?.email ?? '',
      phone: '',
      successUrl: returnUrl,
      failureUrl: returnUrl,
      udf: { udf1: checkout.id, udf2: payment.id },
    };
    // One card entry: the card is held for the checkout; each order captures its own share.
    const form = app.payments.authorise({ ...base, mode: 'preauth' });
    return ok({ result: form });
  });
};
