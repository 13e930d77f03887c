import { readSessionValue, removeSessionValue, writeSessionValue } from './session-value.ts';

export const IDEMPOTENCY_STORAGE_KEY = 'localmart.checkout.idempotencyKey';

/** A fresh key: a UUID without dashes (32 characters, inside the contract's 16-100 and charset). */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID().replaceAll('-', '');
}

/**
 * The key of this checkout visit, made on first use and kept in sessionStorage, so a double click, a
 * retry after a network error or a reload all place the same checkout once (issue 5, idempotency).
 */
export function checkoutIdempotencyKey(): string {
  const held = readSessionValue(IDEMPOTENCY_STORAGE_KEY);
  if (held) return held;
  const key = newIdempotencyKey();
  writeSessionValue(IDEMPOTENCY_STORAGE_KEY, key);
  return key;
}

/** Once the checkout is placed the next visit is a new checkout and needs a new key. */
export function forgetIdempotencyKey(): void {
  removeSessionValue(IDEMPOTENCY_STORAGE_KEY);
}
