/** One email as the app composes it: always both a plain-text and an HTML body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go when not to the sender (a store's contact form: the shopper). */
  replyTo?: string;
}

/** Where mail goes: real SMTP, the dev outbox, or nowhere (production without SMTP_URL). */
export type MailerKind = 'smtp' | 'dev-outbox' | 'disabled';

export interface Mailer {
  readonly kind: MailerKind;
  /**
   * Send (or keep) one message. Never throws: a transport failure is logged and answered `false`,
   * because the caller's answer must not change with it (no account enumeration, no leaked details).
   */
  send(message: MailMessage): Promise<boolean>;
  close(): Promise<void>;
}
