import { escapeHtml } from '../../../lib/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { Brand } from '../../mail/templates.ts';

/** The review decision's email to a store's owners: where to go next, in the shopper app or /manage. */

/** The shopper app's page of the store: what an approved owner wants to look at first. */
export function shopperStoreLink(brand: Brand, businessId: string): string {
  return `${brand.appUrl}/business-details/${encodeURIComponent(businessId)}/products`;
}

/** The manage site's settings of the store: where a rejected owner fixes what the note asks. */
export function storeSettingsLink(brand: Brand, businessId: string): string {
  return `${brand.appUrl}/manage/stores/${encodeURIComponent(businessId)}/settings`;
}

function page(brand: Brand, subject: string, paragraphs: string[], link: string, label: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;padding:24px">
<h1 style="font-size:20px">${escapeHtml(brand.appName)}</h1>
${paragraphs.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p>
</body></html>
`;
}

export function storeApprovedEmail(
  brand: Brand,
  to: string,
  store: { id: string; name: string },
): MailMessage {
  const subject = `${store.name} is live on ${brand.appName}`;
  const link = shopperStoreLink(brand, store.id);
  const lines = [
    `Good news: ${store.name} has been approved and shoppers can now find it on ${brand.appName}.`,
    'Keep your inventory feed current and answer orders within the response time, and you are set.',
  ];
  const text = [...lines, '', `See your store as shoppers see it: ${link}`].join('\n');
  return {
    to,
    subject,
    text,
    html: page(brand, subject, lines, link, 'See your store as shoppers see it'),
  };
}

export function storeRejectedEmail(
  brand: Brand,
  to: string,
  store: { id: string; name: string; note: string },
): MailMessage {
  const subject = `Changes needed for ${store.name}`;
  const link = storeSettingsLink(brand, store.id);
  const lines = [
    `We reviewed ${store.name} and need a few changes before shoppers can see it:`,
    store.note,
    'Update the store, then submit it for approval again.',
  ];
  const text = [...lines, '', `Open your store's settings: ${link}`].join('\n');
  return {
    to,
    subject,
    text,
    html: page(brand, subject, lines, link, "Open your store's settings"),
  };
}
