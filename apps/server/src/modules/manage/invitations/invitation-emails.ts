import { INVITATION_TTL_DAYS, invitationPageUrl, type MemberRole } from '@localmart/contract';
import { escapeHtml } from '../../../lib/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { Brand } from '../../mail/templates.ts';

const ROLE_WORDS: Record<MemberRole, string> = {
  owner: 'an owner (settings, members and everything staff do)',
  staff: 'staff (orders, stock and the catalogue)',
};

/**
 * The store's name as the mail shows it: one line (no line breaks to fake paragraphs or headers),
 * at most 80 characters as the form allows, always inside quotation marks and escaped in HTML.
 */
export function quotedStoreName(name: string): string {
  const line = name.replace(/\s+/g, ' ').trim().slice(0, 80);
  return `“${line}”`;
}

/**
 * The invitation mail (docs/decisions/0018). Everything in it is our wording except the store's
 * name, which an admin approved (pending stores cannot invite) and which is quoted and marked as
 * the store's own words; no inviter name or message is included, since those are free text an
 * attacker could fill. The same mail goes whether or not the address has an account. The only
 * link is to this app's invitation page; it asks for nothing but to sign in there.
 */
export function invitationEmail(
  brand: Brand,
  to: string,
  facts: { storeName: string; role: MemberRole; token: string },
): MailMessage {
  const store = quotedStoreName(facts.storeName);
  const link = invitationPageUrl(brand.appUrl, facts.token);
  const subject = `${brand.appName}: invitation to help manage a store`;
  const lines = [
    `A store on ${brand.appName} has invited ${to} to help manage it as ${ROLE_WORDS[facts.role]}.`,
    `The store calls itself ${store}. That name is chosen by the store, not by ${brand.appName}.`,
    `To answer, open the link below and sign in to ${brand.appName} (or create an account) with this address. You can accept or decline there; nothing changes until you accept. The link works for ${INVITATION_TTL_DAYS} days.`,
    `${brand.appName} never asks for payment, passwords or personal details in an invitation. If you did not expect it, ignore this email.`,
  ];
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;padding:24px">
<h1 style="font-size:20px">${escapeHtml(brand.appName)}</h1>
${lines.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">Answer the invitation</a></p>
</body></html>
`;
  return {
    to,
    subject,
    text: [...lines, '', `Answer the invitation: ${link}`].join('\n'),
    html,
  };
}
