import { labels } from '@localmart/contract';
import { authModals } from '../../../lib/auth-modals.ts';
import { useEmailVerification } from '../model/use-email-verification.ts';
import { ResendCodeButton } from './resend-code-button.tsx';
import { VerificationFields } from './verification-fields.tsx';

/** Step 2's link to the stand-alone screen ("go to the mobile-verify route", spec §2). */
export const OPEN_VERIFY_PAGE_LABEL = 'Open verification page';

/**
 * Registration step 2, 'Verification' (spec §2, §4): Verify Email and Resend OTP. A successful
 * verification closes the dialog's registration and opens login.
 */
export function VerificationStep({ onOpenVerifyPage }: { onOpenVerifyPage: () => void }) {
  const verification = useEmailVerification({ onVerified: () => authModals.openLogin() });
  const { form } = verification;
  return (
    <form ref={form.formRef} className="lm-auth-form" noValidate onSubmit={verification.submit}>
      <VerificationFields verification={verification} />
      <button
        type="submit"
        className="lm-button lm-button-primary"
        disabled={verification.verifying}
        aria-busy={verification.verifying || undefined}
      >
        {labels.verifyEmail}
      </button>
      <p className="lm-auth-switch">
        Did not get it? <ResendCodeButton verification={verification} />
      </p>
      <p className="lm-auth-switch">
        Already verified?{' '}
        <button type="button" className="lm-link-button" onClick={() => authModals.openLogin()}>
          {labels.loginToYourAccount}
        </button>
      </p>
      <p className="lm-auth-switch">
        <button type="button" className="lm-link-button" onClick={onOpenVerifyPage}>
          {OPEN_VERIFY_PAGE_LABEL}
        </button>
      </p>
    </form>
  );
}
