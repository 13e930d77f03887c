import { commercePaths, unsafeTextReason } from '@localmart/contract';
import type { Config } from '../../../config.ts';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { shopperReturnUrl } from '../../payments/payment-provider.ts';
import { orderEffectsDeps } from '../orders/order-effects.ts';
import { handlePaymentReturn } from './payment-return.service.ts';

/**
 * PayU's surl/furl. The shopper's browser arrives here from PayU's page with a form post: no session
 * header and no CSRF token (neither can survive the trip through PayU), so the proof is the response
 * hash, re-checked with verify_payment. The answer is a 303 to the web page that fits the outcome.
 */
export const paymentReturnRoutes: ZodRoutes<{ config: Config }> = async (app, { config }) => {
  // Scoped to this plugin: everywhere else the API still refuses form posts (CSRF shape, ADR 0002).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  // rawInput: a hostile field (a NUL, half a surrogate pair) is dropped here rather than refused with
  // an envelope, so the shopper's browser still lands on a page; a return missing its fields is
  // handled as an unconfirmed payment.
  const routeConfig = { csrf: false, rawInput: true } as const;
  app.post(commercePaths.payuReturn, { config: routeConfig }, async (request, reply) => {
    const body = request.body;
    const fields: Record<string, string> = {};
    if (body && typeof body === 'object') {
      for (const [key, value] of Object.entries(body)) {
        if (typeof value !== 'string') continue;
        if (unsafeTextReason(key) || unsafeTextReason(value)) continue;
        fields[key] = value;
      }
    }
    const result = await handlePaymentReturn(orderEffectsDeps(app, config, request.log), fields);
    // Real PayU: APP_URL. The simulator: a path, so the shopper stays on the host they paid on.
    return reply.redirect(shopperReturnUrl(config, result.location), 303);
  });
};
