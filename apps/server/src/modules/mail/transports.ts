import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Database } from '../../db/client.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { saveToOutbox } from './outbox.service.ts';

/** One SMTP connection setting: delivers or throws (the mail worker retries; mail-queue.ts). */
export interface SmtpDelivery {
  deliver(message: MailMessage): Promise<void>;
  close(): void;
}

/** Real delivery over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function smtpDelivery(url: string, from: string): SmtpDelivery {
  const transport = createTransport(
    {
      url,
      // A slow or dead SMTP server holds one worker attempt, never a request (mail is queued);
      // these bound the attempt, which then fails and is retried later.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    },
    { from },
  );
  return {
    async deliver(message) {
      await transport.sendMail(message);
    },
    close() {
      transport.close();
    },
  };
}

/**
 * Development without SMTP: keep the message in the dev outbox (read at /dev/outbox) and print it
 * to the log, so a new user can finish sign-up on a laptop with nothing else installed.
 */
export function devOutboxMailer(db: Database, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'dev-outbox',
    async send(message, options) {
      try {
        await saveToOutbox(options?.db ?? db, message);
        log.info(
          `dev outbox: mail to ${message.to}: "${message.subject}" (read it at /dev/outbox)\n${message.text}`,
        );
        return true;
      } catch (error) {
        log.error({ err: error, subject: message.subject }, 'dev outbox: could not keep an email');
        return false;
      }
    },
    // Delivered (or not) at once: `send` answers the outcome itself, nothing to guard later.
    guard: () => undefined,
    close: async () => undefined,
  };
}

/**
 * Production without SMTP_URL: nothing can be delivered. The content is not logged, since codes and
 * reset links are credentials; start-up has already warned the operator.
 */
export function disabledMailer(log: FastifyBaseLogger): Mailer {
  return {
    kind: 'disabled',
    async send(message) {
      log.warn({ subject: message.subject }, 'email not sent: SMTP_URL is not configured');
      return false;
    },
    // Delivered (or not) at once: `send` answers the outcome itself, nothing to guard later.
    guard: () => undefined,
    close: async () => undefined,
  };
}
