import { normaliseRegistrationEmail } from '@localmart/contract';
import { useEffect, useState } from 'react';

/**
 * When each email may ask for a new code again, as the server said (resend-otp's
 * `result.retryAfterSeconds`). Kept for the whole page, not one component: a resend from the login
 * dialog's "Resend Activation code" counts down on the Resend OTP button of the step it opens.
 */
const availableAt = new Map<string, number>();
const listeners = new Set<() => void>();

function keyOf(email: string): string {
  return normaliseRegistrationEmail(email);
}

/** Record the server's answer: no new code for `email` before `seconds` from now. */
export function startResendCountdown(email: string, seconds: number): void {
  availableAt.set(keyOf(email), Date.now() + seconds * 1000);
  for (const listener of listeners) listener();
}

/** Forget every countdown (tests). */
export function clearResendCountdowns(): void {
  availableAt.clear();
  for (const listener of listeners) listener();
}

/** Whole seconds until `email` may ask for a new code; 0 when it may now. Ticks every second. */
export function useResendCountdown(email: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const listener = () => setNow(Date.now());
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  const until = availableAt.get(keyOf(email)) ?? 0;
  useEffect(() => {
    if (until <= Date.now()) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}
