import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { Mailer } from './mailer.ts';
import { devOutboxMailer, disabledMailer, smtpMailer } from './transports.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** `app.mailer.send({ to, subject, text, html })`: SMTP, the dev outbox, or disabled. */
    mailer: Mailer;
  }
}

/** SMTP when SMTP_URL is set; else the dev outbox outside production; else nothing (with a warning). */
export function chooseMailer(app: FastifyInstance, config: Config): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom, app.log);
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

export const mailPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const mailer = chooseMailer(app, config);
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mailer', fastify: '5.x', dependencies: ['database'] },
);
