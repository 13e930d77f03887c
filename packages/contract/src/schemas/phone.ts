import { z } from 'zod';
import { safeText } from './safe-input.ts';

/**
 * The shopper's optional phone number (issue 15): on the profile and at checkout, so the store can
 * call about a pickup or a delivery. Typed the way people write numbers ("(416) 555-0123",
 * "+44 20 7946 0958"), kept in E.164 ("+14165550123"). A 10-digit number is North American (+1),
 * the demo city's; any other country needs its + and country code.
 */
export const phoneMessages = {
  invalid: 'Enter a phone number like (416) 555-0123, or +44 20 7946 0958 for another country.',
} as const;

/** "+1 (416) 555-0123" -> "+14165550123"; null when it is not a phone number we can dial. */
export function normalisePhone(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\+?[0-9 ().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    return /^[1-9][0-9]{7,14}$/.test(digits) ? `+${digits}` : null;
  }
  if (/^[2-9][0-9]{9}$/.test(digits)) return `+1${digits}`;
  if (/^1[2-9][0-9]{9}$/.test(digits)) return `+${digits}`;
  return null;
}

/** An E.164 number as people read it: "+1 416 555 0123" for North America, else as stored. */
export function formatPhone(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `+1 ${match[1]} ${match[2]} ${match[3]}` : e164;
}

/** An optional phone field: empty means none (null); anything else must be a number. */
export const optionalPhoneField = safeText()
  .trim()
  .max(40, { error: phoneMessages.invalid })
  .transform((text, context) => {
    if (text === '') return null;
    const phone = normalisePhone(text);
    if (!phone) {
      context.addIssue({ code: 'custom', message: phoneMessages.invalid });
      return z.NEVER;
    }
    return phone;
  });
