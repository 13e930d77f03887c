import { commerceMessages, commercePaths, ok, priceMatchRequestSchema } from '@localmart/contract';
import type { Config } from '../../../config.ts';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { rateLimitRules } from '../../rate-limit/rate-limit-rules.ts';
import { listPriceMatches, requestPriceMatch } from './price-match.service.ts';

/** The signed-in shopper's price-match requests (terms text: match a local competitor's price). */
// A type alias, not an interface: ZodRoutes wants an index-signature-compatible options record.
type PriceMatchRouteOptions = { config: Pick<Config, 'appName' | 'appUrl'> };

export const priceMatchRoutes: ZodRoutes<PriceMatchRouteOptions> = async (app, { config }) => {
  const alerts = { mailer: app.mailer, brand: { appName: config.appName, appUrl: config.appUrl } };
  app.addHook('preValidation', app.requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(commercePaths.priceMatches, async (request) =>
    ok({ results: await listPriceMatches(app.db, request.user!.id, app.now()) }),
  );

  app.post(
    commercePaths.priceMatches,
    { schema: { body: priceMatchRequestSchema }, config: { rateLimit: rateLimitRules.priceMatch } },
    async (request, reply) => {
      const priceMatch = await requestPriceMatch(
        app.db,
        request.user!.id,
        request.body,
        app.now(),
        alerts,
      );
      return reply
        .code(201)
        .send(ok({ message: commerceMessages.priceMatchRequested, result: priceMatch }));
    },
  );
};
