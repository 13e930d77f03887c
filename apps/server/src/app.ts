import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AppDatabase } from './db/client.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { googleDemoRoutes } from './modules/auth/google-demo.routes.ts';
import { googleRoutes } from './modules/auth/google.routes.ts';
import { authJobsPlugin } from './modules/auth/auth.jobs.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { addressRoutes } from './modules/commerce/addresses/addresses.routes.ts';
import { cartRoutes } from './modules/commerce/cart/cart.routes.ts';
import { priceMatchRoutes } from './modules/commerce/price-match/price-match.routes.ts';
import { checkoutRoutes } from './modules/commerce/checkout/checkout.routes.ts';
import { appointmentRoutes } from './modules/appointments/appointments.routes.ts';
import { checkoutExpiryJobsPlugin } from './modules/commerce/checkout/payment-expiry.jobs.ts';
import { paymentRecheckJobsPlugin } from './modules/commerce/checkout/payment-recheck.jobs.ts';
import { orderMailJobsPlugin } from './modules/commerce/orders/order-mail.jobs.ts';
import { paymentActionJobsPlugin } from './modules/commerce/orders/payment-action.jobs.ts';
import { paymentReturnRoutes } from './modules/commerce/checkout/payment-return.routes.ts';
import { orderRoutes } from './modules/commerce/orders/orders.routes.ts';
import { buyAgainRoutes } from './modules/commerce/buy-again/buy-again.routes.ts';
import { reviewRoutes } from './modules/reviews/reviews.routes.ts';
import { answerTimesJobsPlugin } from './modules/reviews/answer-times.ts';
import { substitutionRoutes } from './modules/commerce/fulfilment/substitutions.routes.ts';
import { substitutionExpiryJobsPlugin } from './modules/commerce/fulfilment/substitution-expiry.jobs.ts';
import { cmsRoutes } from './modules/cms/cms.routes.ts';
import { type JobsOptions, jobsPlugin } from './modules/jobs/jobs.plugin.ts';
import {
  type FeedImportOptions,
  feedImportJobsPlugin,
} from './modules/manage/inventory/feed-import.jobs.ts';
import {
  type FeedFetchOptions,
  feedFetchJobsPlugin,
} from './modules/manage/inventory/feed-fetch.jobs.ts';
import { reconcilePlugin } from './reconcile.ts';
import type { MailRetry } from './modules/mail/mail-queue.ts';
import { mailPlugin } from './modules/mail/mail.plugin.ts';
import { devOutboxRoutes } from './modules/mail/outbox.routes.ts';
import { paymentsPlugin } from './modules/payments/payments.plugin.ts';
import { payuSimulatorRoutes } from './modules/payments/simulator/simulator.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { livePlugin } from './modules/live/live.plugin.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { manageGuardPlugin } from './modules/manage/access/manage-guard.ts';
import { manageRoutes } from './modules/manage/manage.routes.ts';
import { brandPartnerRoutes } from './modules/brands/brands.routes.ts';
import { invitationJobsPlugin } from './modules/manage/invitations/invitation-jobs.ts';
import { orderResponseJobsPlugin } from './modules/manage/orders/response.jobs.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { dealAlertsPlugin } from './modules/lists/deal-alerts.plugin.ts';
import { listsRoutes } from './modules/lists/lists.routes.ts';
import { pushPlugin } from './modules/notifications/push.jobs.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { type Clock, clockPlugin, offsetClock } from './plugins/clock.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { cookiesPlugin } from './plugins/cookies.ts';
import { corsPlugin } from './plugins/cors.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { databasePlugin } from './plugins/database.ts';
import { drainingPlugin } from './plugins/draining.ts';
import { errorsPlugin, replyWithError } from './plugins/errors.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { fastifyTrustProxy } from './plugins/trust-proxy.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { type ZodRoutes, type ZodTypeProvider, zodPlugin } from './plugins/zod.ts';

export interface BuildAppOptions {
  /**
   * Use this open, migrated database instead of opening one from config. The caller keeps it: the
   * app neither migrates nor closes it (tests share one database per file across many apps).
   */
  database?: AppDatabase;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Extra routes registered with the app's own (tests add routes that throw or take a body). */
  routes?: ZodRoutes;
  /** The app's clock (tests move it to expire codes, links and sessions). */
  now?: Clock;
  /**
   * Run the reconciliation cron behind the jobs (reconcile.ts) in a process that runs workers
   * (default: on, except when NODE_ENV=test, where tests call the sweeps with their own clock).
   */
  reconcile?: boolean;
  /** The job engine's worker polling, and the mail queue's retries (tests shorten both). */
  jobs?: JobsOptions & { mailRetry?: MailRetry };
  /** Inventory feed imports' batch size, retries and a hook after each batch (tests). */
  feedImports?: FeedImportOptions;
  /** Scheduled feed fetch's time and size limits (tests shorten the time). */
  feedFetch?: FeedFetchOptions;
}

/**
 * Time limits of the HTTP server, so no client holds a connection for long: REQUEST_TIMEOUT_MS bounds
 * receiving one whole request (a slowly sent body gets 408 and the socket closed), the headers alone
 * get at most 10 s of it, an idle socket (no bytes either way, handler time included) is closed after
 * two minutes (or twice the request timeout), and an idle keep-alive connection after 72 s (longer than the usual load
 * balancer's 60 s, so the balancer never reuses a socket the server is closing). Node checks the
 * request and header deadlines every `connectionsCheckingInterval` (30 s by default: far too coarse).
 */
export function serverTimeouts(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: Math.max(2 * requestTimeoutMs, 120_000),
    keepAliveTimeout: 72_000,
    http: {
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeout: Math.min(10_000, requestTimeoutMs),
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(requestTimeoutMs / 4))),
    },
  };
}

/**
 * Assemble the app without listening (fastify/demo's shape): main.ts listens, tests `inject`.
 * Order matters: external capabilities (headers, database, cookies, CORS, rate limit) before app
 * plugins (CSRF, mailer, auth), then routes, then the web app and its not-found handler.
 */
export async function buildApp(
  config: Config,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...serverTimeouts(config.requestTimeoutMs),
    // Unique across instances and restarts, so a quoted id finds exactly one log line.
    genReqId: () => randomUUID(),
    // plugins/draining.ts answers with the envelope instead.
    return503OnClosing: false,
    // The database plugin may legitimately take long: creating the embedded database on first start
    // (seconds on a busy machine), or waiting for another instance to finish migrating.
    pluginTimeout: 120_000,
    // Errors raised before routing (e.g. a malformed URL) get the envelope too.
    frameworkErrors: (error, request, reply) => {
      replyWithError(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only; dropping text/plain also closes the classic form-post CSRF shape.
  app.removeContentTypeParser('text/plain');

  try {
    await app.register(zodPlugin);
    await app.register(errorsPlugin);
    await app.register(drainingPlugin);
    await app.register(clockPlugin, { now: options.now ?? offsetClock(config.clockOffsetMinutes) });

    await app.register(securityHeadersPlugin, { config });
    await app.register(compressionPlugin);
    await app.register(databasePlugin, { config, database: options.database });
    await app.register(jobsPlugin, { config, jobs: options.jobs });
    await app.register(cookiesPlugin, { config });
    await app.register(corsPlugin, { config });
    await app.register(rateLimitPlugin, { config });

    await app.register(csrfPlugin, { config });
    await app.register(mailPlugin, { config, retry: options.jobs?.mailRetry });
    await app.register(paymentsPlugin, { config });
    await app.register(authPlugin);
    await app.register(authJobsPlugin, { config });
    // Invitation mails are delivered only while their link works (workers deliver them too).
    await app.register(invitationJobsPlugin);
    await app.register(feedImportJobsPlugin, { options: options.feedImports });
    await app.register(manageGuardPlugin);
    await app.register(livePlugin, { config });
    // VAPID keys and the push queue: every role (api queues pushes, workers send them).
    await app.register(pushPlugin, { config });
    // Deal alerts: offer, feed and flyer writes queue their scans here (every role queues).
    await app.register(dealAlertsPlugin, { config });
    // Scheduled feed fetch (ADR 0023): every role queues "Fetch now"; the cron and runs in workers.
    await app.register(feedFetchJobsPlugin, { config, options: options.feedFetch });

    await app.register(systemRoutes, { config });
    // ROLE=worker serves /health only; ROLE=api runs no workers or sweepers (modules/jobs).
    if (config.role !== 'worker') await registerApi(app, config, options);
    // The timed work of orders and payments: queues in every role, workers where they run.
    await app.register(checkoutExpiryJobsPlugin, { config });
    await app.register(paymentRecheckJobsPlugin, { config });
    await app.register(orderResponseJobsPlugin, { config });
    await app.register(paymentActionJobsPlugin);
    await app.register(orderMailJobsPlugin, { config });
    await app.register(substitutionExpiryJobsPlugin, { config });
    await app.register(answerTimesJobsPlugin);
    if (options.reconcile ?? config.nodeEnv !== 'test') {
      await app.register(reconcilePlugin, { config });
    }
  } catch (error) {
    // Release what did open (the PGlite folder above all) before reporting the failure.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/**
 * Everything a browser or the app calls, and the web app itself: left out when ROLE=worker.
 * Registered on the app itself (not as a plugin), in the same order as before the roles.
 */
async function registerApi(
  app: FastifyInstance,
  config: Config,
  options: BuildAppOptions,
): Promise<void> {
  await app.register(cmsRoutes);
  await app.register(authRoutes, { config });
  // Unregistered without a client id: the 404 envelope sends the app to its demo fallback (§4).
  const { googleClientId } = config;
  if (googleClientId) await app.register(googleRoutes, { config: { ...config, googleClientId } });
  // The spec's googleLogin fallback: a real demo session, only without Google and not in production.
  else if (!config.isProduction) await app.register(googleDemoRoutes);
  await app.register(profileRoutes);
  await app.register(mediaRoutes);
  await app.register(catalogRoutes, { appName: config.appName });
  await app.register(cartRoutes);
  await app.register(addressRoutes);
  await app.register(priceMatchRoutes, { config });
  await app.register(checkoutRoutes, { config });
  await app.register(appointmentRoutes, { config });
  await app.register(paymentReturnRoutes, { config });
  await app.register(orderRoutes, { config });
  await app.register(buyAgainRoutes);
  await app.register(reviewRoutes);
  await app.register(substitutionRoutes, { config });
  await app.register(notificationRoutes);
  await app.register(listsRoutes);
  await app.register(manageRoutes, { config });
  await app.register(brandPartnerRoutes);
  await app.register(liveRoutes);
  // Dev-only: in production these paths do not exist.
  if (!config.isProduction) await app.register(devOutboxRoutes, { appName: config.appName });
  // The embedded PayU simulator stands in for PayU until PAYU_URL is set (modules/payments).
  if (!config.payu) await app.register(payuSimulatorRoutes, { config });
  if (options.routes) await app.register(options.routes);

  await app.register(webAppPlugin, { config });
}
