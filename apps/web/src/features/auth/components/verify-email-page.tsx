import { labels } from '@localmart/contract';
import { useNavigate } from 'react-router-dom';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { LOGIN_PATH } from '../../../lib/paths.ts';
import { useEmailVerification } from '../model/use-email-verification.ts';
import { ResendCodeButton } from './resend-code-button.tsx';
import { VerificationFields } from './verification-fields.tsx';

/**
 * /mobile-verify, 'Verify your Email' (spec §2): the 6-box code, Verify Now and Resend OTP. A
 * successful verification goes to /login, where the visitor signs in.
 */
export function VerifyEmailPage() {
  const navigate = useNavigate();
  const verification = useEmailVerification({
    onVerified: () => navigate(LOGIN_PATH, { replace: true }),
  });
  const { form } = verification;
  return (
    <AppPage title={labels.verifyYourEmail}>
      <section className="lm-auth-page">
        <form ref={form.formRef} className="lm-auth-form" noValidate onSubmit={verification.submit}>
          <VerificationFields verification={verification} />
          <button
            type="submit"
            className="lm-button lm-button-primary"
            disabled={verification.verifying}
            aria-busy={verification.verifying || undefined}
          >
            {labels.verifyNow}
          </button>
          <p className="lm-auth-switch">
            Did not get it? <ResendCodeButton verification={verification} />
          </p>
        </form>
      </section>
    </AppPage>
  );
}
