import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import {
  DEFAULT_MAIL_RETRY,
  MAIL_QUEUE,
  type MailRetry,
  queuedMailer,
  startMailWorker,
} from './mail-queue.ts';
import type { MailGuard, Mailer } from './mailer.ts';
import { devOutboxMailer, disabledMailer, smtpDelivery } from './transports.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** `app.mailer.send({ to, subject, text, html }, { db: tx })`: queued for SMTP, the dev outbox, or disabled. */
    mailer: Mailer;
  }
}

/**
 * SMTP through the job queue when SMTP_URL is set; else the dev outbox outside production (kept at
 * once, in the caller's transaction: nothing to retry); else nothing (with a warning).
 */
export function chooseMailer(
  app: FastifyInstance,
  config: Config,
  retry: MailRetry,
  guards: Map<string, MailGuard>,
): Mailer {
  if (config.smtpUrl) return queuedMailer(app.jobs, app.log, retry, guards);
  if (!config.isProduction) {
    app.log.warn(
      `No SMTP_URL: emails go to the dev outbox (${config.appUrl}/dev/outbox), which anyone who can reach this server can read. Never expose it without NODE_ENV=production.`,
    );
    return devOutboxMailer(app.db, app.log);
  }
  app.log.warn(
    'SMTP_URL is not set: emails (verification codes, password reset links) cannot be delivered, so new users cannot finish signing up. Set SMTP_URL=smtp://user:password@host:587.',
  );
  return disabledMailer(app.log);
}

export interface MailPluginOptions {
  config: Config;
  /** Retries of a failed SMTP delivery (tests shorten the wait). */
  retry?: MailRetry | undefined;
}

export const mailPlugin = fp(
  async (app: FastifyInstance, { config, retry = DEFAULT_MAIL_RETRY }: MailPluginOptions) => {
    await app.jobs.createQueue(MAIL_QUEUE);
    // Filled by the modules that send guarded mail (auth's codes) as they register.
    const guards = new Map<string, MailGuard>();
    const mailer = chooseMailer(app, config, retry, guards);
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
    if (config.smtpUrl && app.jobs.runsWorkers) {
      const smtp = smtpDelivery(config.smtpUrl, config.mailFrom);
      await startMailWorker(app.jobs, smtp, app.log.child({ module: 'mail' }), guards);
      // onClose runs after the job engine stopped (preClose): no attempt is using the transport.
      app.addHook('onClose', async () => smtp.close());
    }
  },
  { name: 'mailer', fastify: '5.x', dependencies: ['database', 'jobs'] },
);
