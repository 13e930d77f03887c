import type { Database } from '../../db/client.ts';

/** One email as the app composes it: always both a plain-text and an HTML body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go when not to the sender (a store's contact form: the shopper). */
  replyTo?: string;
  /** A calendar event (.ics) sent with the mail, as nodemailer's `icalEvent` (appointments). */
  icalEvent?: { filename: string; method: string; content: string };
}

/** Where mail goes: real SMTP (through the job queue), the dev outbox, or nowhere (production without SMTP_URL). */
export type MailerKind = 'smtp' | 'dev-outbox' | 'disabled';

export interface SendOptions {
  /**
   * The caller's transaction: the mail is queued (or kept in the dev outbox) inside it, so it is
   * sent exactly when the change that causes it commits.
   */
  db?: Database;
  /**
   * What the mail is only worth delivering with (a verification code that still works): checked by
   * the worker before each SMTP attempt, told when an attempt fails (mail-queue.ts MailGuard).
   */
  guard?: MailGuardRef;
}

/** A mail's guard: its kind (registered with the mailer) and the guarded thing's reference. */
export interface MailGuardRef {
  kind: string;
  ref: string;
}

/** A check the queue worker runs for mails carrying a `guard` of its kind. */
export interface MailGuard {
  /** Still worth delivering? false: the mail is dropped without an attempt. */
  live(ref: string): Promise<boolean>;
  /** The last attempt failed (the mail is given up): e.g. the code dies, so resend sends anew. */
  failed(ref: string): Promise<void>;
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
  /** Registers the guard of a kind of mail (queued SMTP only; others deliver at once). */
  guard(kind: string, guard: MailGuard): void;
  close(): Promise<void>;
}
