import type { Database } from '../../db/client.ts';

/** One email as the app composes it: always both a plain-text and an HTML body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go when not to the sender (a store's contact form: the shopper). */
  replyTo?: string;
}

/** Where mail goes: real SMTP (through the job queue), the dev outbox, or nowhere (production without SMTP_URL). */
export type MailerKind = 'smtp' | 'dev-outbox' | 'disabled';

export interface SendOptions {
  /**
   * The caller's transaction: the mail is queued (or kept in the dev outbox) inside it, so it is
   * sent exactly when the change that causes it commits.
   */
  db?: Database;
}

export interface Mailer {
  readonly kind: MailerKind;
  /**
   * Queue (SMTP) or keep (dev outbox) one message. Never waits on SMTP: with SMTP_URL the message
   * becomes a job that a worker delivers with retries and backoff (mail-queue.ts). Never throws: a
   * failure is logged and answered `false`, because the caller's answer must not change with it (no
   * account enumeration, no leaked details).
   */
  send(message: MailMessage, options?: SendOptions): Promise<boolean>;
  close(): Promise<void>;
}
