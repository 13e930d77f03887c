import { MANAGE_SITE } from '@localmart/contract';
import { escapeHtml } from '../../../lib/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { Brand } from '../../mail/templates.ts';

function page(
  brand: Brand,
  subject: string,
  paragraphs: string[],
  link: { href: string; label: string },
) {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;padding:24px">
<h1 style="font-size:20px">${escapeHtml(brand.appName)}</h1>
${body}
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>
</body></html>
`;
}

/** The store's page on the manage site: where a new member starts. */
export function manageStoreLink(brand: Brand, businessId: string): string {
  return `${brand.appUrl}${MANAGE_SITE}/stores/${encodeURIComponent(businessId)}`;
}

/** To someone with an account who was just made a member of a store. */
export function memberAddedEmail(
  brand: Brand,
  to: string,
  facts: { storeName: string; businessId: string; invitedBy: string },
): MailMessage {
  const subject = `You can now manage ${facts.storeName}`;
  const link = manageStoreLink(brand, facts.businessId);
  const lines = [
    `${facts.invitedBy} added you to ${facts.storeName} on ${brand.appName} Manage Your Store.`,
    'Sign in with this email address to see its orders, stock and settings.',
  ];
  return {
    to,
    subject,
    text: [...lines, '', `Open the store: ${link}`].join('\n'),
    html: page(brand, subject, lines, { href: link, label: 'Open the store' }),
  };
}

/**
 * To an address with no (verified) account: an invitation to create one. Membership is not kept
 * for an address nobody owns yet; the owner adds them again once the account exists.
 */
export function memberInvitationEmail(
  brand: Brand,
  to: string,
  facts: { storeName: string; invitedBy: string },
): MailMessage {
  const subject = `${facts.invitedBy} invited you to manage ${facts.storeName}`;
  // Registration opens from the app's sign-in screen.
  const link = `${brand.appUrl}/login`;
  const lines = [
    `${facts.invitedBy} would like you to help manage ${facts.storeName} on ${brand.appName}.`,
    `Create a ${brand.appName} account with this email address (${to}), then ask them to add you again.`,
  ];
  return {
    to,
    subject,
    text: [...lines, '', `Create your account: ${link}`].join('\n'),
    html: page(brand, subject, lines, { href: link, label: 'Create your account' }),
  };
}
