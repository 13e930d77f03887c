import { payuSimulatorPaths } from '@localmart/contract';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../../config.ts';
import { allowedOrigins } from '../../../plugins/cors.ts';
import { contentSecurityPolicy } from '../../../plugins/security-headers.ts';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { rateLimitRules } from '../../rate-limit/rate-limit-rules.ts';
import { acceptFormBodies, formFields } from '../form-body.ts';
import {
  SIMULATOR_SCRIPT_PATH,
  SIMULATOR_STYLESHEET_PATH,
  simulatorScript,
  simulatorStylesheet,
} from './simulator-assets.ts';
import { cardPage, errorPage, returnPage } from './simulator-pages.ts';
import {
  callbackFields,
  completePayment,
  isSameOriginPath,
  returnUrlOf,
  runCommand,
  SIM_OUTCOMES,
  startPayment,
} from './simulator.service.ts';

/**
 * The embedded PayU simulator (registered only when PAYU_URL is unset): PayU's hosted checkout,
 * its return post, and its merchant API, on our own server, so checkout runs end to end offline.
 * Not an API path: no CSRF token (PayU's posts carry none) and HTML answers, like PayU's.
 */
export const payuSimulatorRoutes: ZodRoutes<{ config: Config }> = async (app, { config }) => {
  // Scoped to this plugin: the rest of the API still refuses form bodies.
  acceptFormBodies(app);
  // The simulator only ever returns the shopper to this app (or its configured web origins).
  const returnOrigins = allowedOrigins(config);

  /**
   * The app's CSP allows forms to post to 'self' only. The return page posts to surl/furl: the app
   * makes them paths on the shopper's own host ('self'), but a caller may name another allowed
   * origin of this app (a web origin in CORS_ORIGINS): that page alone also allows that one origin.
   */
  function allowFormPostTo(reply: FastifyReply, target: string) {
    if (isSameOriginPath(target)) return;
    const directives = contentSecurityPolicy(config);
    directives['form-action'] = [...(directives['form-action'] ?? []), new URL(target).origin];
    const policy = Object.entries(directives)
      .map(([name, values]) => [name, ...values].join(' '))
      .join(';');
    reply.header('content-security-policy', policy);
  }

  function html(reply: FastifyReply, statusCode: number, body: string) {
    return reply
      .code(statusCode)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(body);
  }

  app.get(SIMULATOR_STYLESHEET_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/css; charset=utf-8')
      .send(simulatorStylesheet),
  );

  app.get(SIMULATOR_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send(simulatorScript),
  );

  const pageLimit = { config: { rateLimit: rateLimitRules.payuSimulatorPage } };

  app.post(payuSimulatorPaths.payment, pageLimit, async (request, reply) => {
    const result = await startPayment(app.db, formFields(request.body), returnOrigins, app.now());
    if (!result.ok) return html(reply, 400, errorPage(result.error));
    return html(reply, 200, cardPage(result.value, payuSimulatorPaths.complete));
  });

  app.post(payuSimulatorPaths.complete, pageLimit, async (request, reply) => {
    const fields = formFields(request.body);
    const outcome = SIM_OUTCOMES.find((o) => o === fields.outcome);
    if (!outcome || !fields.mihpayid) {
      return html(reply, 400, errorPage('Choose Pay, Simulate failure or Simulate pending'));
    }
    const result = await completePayment(app.db, fields.mihpayid, outcome, app.now());
    if (!result.ok) return html(reply, 400, errorPage(result.error));
    const row = result.value;
    const callback = callbackFields(row, {
      number: fields.ccnum ?? '',
      name: fields.ccname ?? row.firstname,
    });
    const target = returnUrlOf(row);
    allowFormPostTo(reply, target);
    return html(reply, 200, returnPage(row.status, target, callback));
  });

  // PayU answers its merchant API with HTTP 200 and `status: 0` for refusals; so does the simulator.
  app.post(
    payuSimulatorPaths.postservice,
    { config: { rateLimit: rateLimitRules.payuSimulatorApi } },
    async (request, reply) => {
      const answer = await runCommand(app.db, formFields(request.body), app.now());
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
};
