import { createHash, randomBytes } from 'node:crypto';

/** Random secrets handed to a client, and the only form in which we keep them: a sha256. */

/** 256-bit session token, base64url (43 characters). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** 128-bit password-reset token, base64url (22 characters), for the emailed link. */
export function newResetToken(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * A plain sha256 is enough here (unlike for codes or passwords): the tokens carry 128 to 256 bits of
 * randomness, so the hash cannot be reversed by guessing.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function looksLikeSessionToken(value: string): boolean {
  return SESSION_TOKEN.test(value);
}
