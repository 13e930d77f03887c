import type { BusinessContactRequest } from '@localmart/contract';
import { escapeHtml } from '../../../lib/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export interface ContactStore {
  name: string;
  email: string;
}

/**
 * The store's copy of a contact-form message. Reply-to is the shopper, so the store answers with
 * its own mail client; everything the shopper typed is escaped in the HTML part.
 */
export function contactEmail(
  store: ContactStore,
  form: BusinessContactRequest,
  appName: string,
): MailMessage {
  const subject = `Message from ${form.name} via your ${store.name} page on ${appName}`;
  const phone = form.phone ? form.phone : null;
  const text = [
    `${form.name} <${form.email}>${phone ? `, phone ${phone}` : ''} wrote:`,
    '',
    form.message,
    '',
    'Reply to this email to answer them.',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<p><strong>${escapeHtml(form.name)}</strong> &lt;${escapeHtml(form.email)}&gt;${phone ? `, phone ${escapeHtml(phone)}` : ''} wrote:</p>
<blockquote style="margin:16px 0;padding:12px 16px;border-left:4px solid #3880ff;white-space:pre-wrap">${escapeHtml(form.message)}</blockquote>
<p>Reply to this email to answer them.</p>
</body></html>
`;
  return { to: store.email, subject, text, html, replyTo: form.email };
}
