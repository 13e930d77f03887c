import { CODE_TTL_MINUTES, RESET_LINK_TTL_MINUTES } from '@localmart/contract';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The emails of the accounts feature, each as plain text and HTML. Branded with APP_NAME only: no
 * external images or fonts (they track opens and are blocked by most clients anyway). Every value
 * placed in HTML is escaped, names included, since users choose them.
 */

export interface Brand {
  appName: string;
  /** Public URL of the app, for "open the app" links. */
  appUrl: string;
}

function layout(brand: Brand, title: string, bodyHtml: string): string {
  const name = escapeHtml(brand.appName);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 28px;background:#3880ff;border-radius:8px 8px 0 0;color:#ffffff;font-size:20px;font-weight:bold">${name}</td></tr>
<tr><td style="padding:28px;font-size:16px;line-height:1.5">${bodyHtml}</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#6b7280">This email was sent by ${name}. If you did not expect it, you can ignore it.</td></tr>
</table></td></tr></table>
</body></html>
`;
}

function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#3880ff;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(label)}</a></p>`;
}

export function verificationCodeEmail(brand: Brand, to: string, code: string): MailMessage {
  const subject = `Your ${brand.appName} verification code`;
  const text = [
    `Your ${brand.appName} verification code is: ${code}`,
    '',
    `Enter it in the app to verify your email address. It expires in ${CODE_TTL_MINUTES} minutes and works once.`,
    '',
    'If you did not create an account, ignore this email: nothing happens without the code.',
  ].join('\n');
  const html = layout(
    brand,
    subject,
    `<p>Your verification code is:</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:8px;margin:16px 0">${escapeHtml(code)}</p>
<p>Enter it in the app to verify your email address. It expires in ${CODE_TTL_MINUTES} minutes and works once.</p>
<p>If you did not create an account, ignore this email: nothing happens without the code.</p>`,
  );
  return { to, subject, text, html };
}

export function passwordResetEmail(brand: Brand, to: string, link: string): MailMessage {
  const subject = `Reset your ${brand.appName} password`;
  const text = [
    `Someone (hopefully you) asked to reset the password of your ${brand.appName} account.`,
    '',
    `Open this link to choose a new password. It works once, for ${RESET_LINK_TTL_MINUTES} minutes:`,
    link,
    '',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n');
  const html = layout(
    brand,
    subject,
    `<p>Someone (hopefully you) asked to reset the password of your ${escapeHtml(brand.appName)} account.</p>
<p>Choose a new password with the button below. The link works once, for ${RESET_LINK_TTL_MINUTES} minutes.</p>
${button(link, 'Reset my password')}
<p style="font-size:13px;color:#6b7280">Or paste this address into your browser:<br>${escapeHtml(link)}</p>
<p>If you did not ask for this, ignore this email: your password stays as it is.</p>`,
  );
  return { to, subject, text, html };
}

export function welcomeEmail(brand: Brand, to: string, firstName: string): MailMessage {
  const subject = `Welcome to ${brand.appName}`;
  const text = [
    `Hi ${firstName},`,
    '',
    `Your email address is verified and your ${brand.appName} account is ready.`,
    'Browse the stores, products, food items, services and flyers of your neighbourhood, and reserve',
    'or buy for in-store pickup or same-day delivery.',
    '',
    `Open ${brand.appName}: ${brand.appUrl}`,
  ].join('\n');
  const html = layout(
    brand,
    subject,
    `<p>Hi ${escapeHtml(firstName)},</p>
<p>Your email address is verified and your ${escapeHtml(brand.appName)} account is ready.</p>
<p>Browse the stores, products, food items, services and flyers of your neighbourhood, and reserve or buy for in-store pickup or same-day delivery.</p>
${button(brand.appUrl, `Open ${brand.appName}`)}`,
  );
  return { to, subject, text, html };
}

/** Sent to the owner of a verified account when someone registers with its address. */
export function registrationAttemptEmail(brand: Brand, to: string): MailMessage {
  const subject = `Someone tried to register with your email on ${brand.appName}`;
  const text = [
    `Someone tried to create a ${brand.appName} account with this email address, which already has one.`,
    '',
    `If it was you: sign in instead, or use "Forgot Password" if you do not remember your password.`,
    `${brand.appUrl}`,
    '',
    'If it was not you, ignore this email: your account has not changed.',
  ].join('\n');
  const html = layout(
    brand,
    subject,
    `<p>Someone tried to create a ${escapeHtml(brand.appName)} account with this email address, which already has one.</p>
<p>If it was you: sign in instead, or use "Forgot Password" if you do not remember your password.</p>
${button(brand.appUrl, `Open ${brand.appName}`)}
<p>If it was not you, ignore this email: your account has not changed.</p>`,
  );
  return { to, subject, text, html };
}
