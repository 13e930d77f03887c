import { labels } from '@localmart/contract';
import type { useEmailVerification } from '../model/use-email-verification.ts';

/**
 * Resend OTP (spec §2). While the server says no new code can be asked for yet, it counts down
 * ('Resend OTP (42 s)') and is disabled, instead of pretending another code went out.
 */
export function ResendCodeButton({
  verification,
}: {
  verification: ReturnType<typeof useEmailVerification>;
}) {
  const waiting = verification.resendSecondsLeft > 0;
  return (
    <button
      type="button"
      className="lm-link-button"
      disabled={verification.resending || waiting}
      aria-busy={verification.resending || undefined}
      onClick={() => void verification.resendCode()}
    >
      {waiting ? `${labels.resendOtp} (${verification.resendSecondsLeft} s)` : labels.resendOtp}
    </button>
  );
}
