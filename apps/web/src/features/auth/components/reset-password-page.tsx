import { isSuccess, resetPasswordForm, toastTitles, validationMessages } from '@localmart/contract';
import { useNavigate, useParams } from 'react-router-dom';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { showError, showSuccess } from '../../../components/ui/toasts/toasts.ts';
import { LOGIN_PATH } from '../../../lib/paths.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { failureMessage } from '../model/answers.ts';
import { NewPasswordFields } from '../../../components/ui/new-password-fields.tsx';

export const RESET_PASSWORD_TITLE = 'Reset password';
export const RESET_PASSWORD_SUBMIT = 'Reset password';

/**
 * /reset-password/{id}: the page the forgot-password email links to. A new password and its
 * confirmation (the contract's resetPasswordForm, worded like registration), sent with the link's id
 * as the token; success goes to /login with the server's message.
 */
export function ResetPasswordPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const form = useZodForm(
    resetPasswordForm,
    { password: '', confirmPassword: '' },
    {
      match: {
        field: 'confirmPassword',
        sameAs: 'password',
        message: validationMessages.registration.passwordsNotMatching,
      },
    },
  );
  const reset = useResetPassword();

  const submit = form.handleSubmit(async ({ password }) => {
    const answer = await reset.mutateAsync({ token: id, password });
    if (isSuccess(answer)) {
      showSuccess(toastTitles.success, answer.message ?? 'Your password has been changed.');
      navigate(LOGIN_PATH, { replace: true });
      return;
    }
    const message = failureMessage(answer);
    if (message) showError(toastTitles.loginError, message);
  });

  return (
    <AppPage title={RESET_PASSWORD_TITLE}>
      <section className="lm-auth-page">
        <form ref={form.formRef} className="lm-auth-form" noValidate onSubmit={submit}>
          <p className="lm-auth-lead">Choose a new password for your account.</p>
          <NewPasswordFields
            passwordLabel="New password"
            password={form.field('password')}
            confirmPassword={form.field('confirmPassword')}
          />
          <button
            type="submit"
            className="lm-button lm-button-primary"
            disabled={reset.isPending}
            aria-busy={reset.isPending || undefined}
          >
            {RESET_PASSWORD_SUBMIT}
          </button>
        </form>
      </section>
    </AppPage>
  );
}
