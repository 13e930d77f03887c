import { forgotPasswordForm, isSuccess, labels, toastTitles } from '@localmart/contract';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showError, showSuccess } from '../../../components/ui/toasts/toasts.ts';
import { authModals } from '../../../lib/auth-modals.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { currentBaseUrl, useForgotPassword } from '../api/forgot-password.ts';
import { failureMessage } from '../model/answers.ts';

/**
 * The forgot-password dialog's content (spec §2, §4, §8): 'Please enter your email', an Email field
 * and Submit. Success shows the server's message and leads back to login; a failure shows
 * results.error (the message when there is none). The back arrow is the dialog's own.
 */
export function ForgotPasswordForm() {
  const form = useZodForm(forgotPasswordForm, { email: '' });
  const forgot = useForgotPassword();

  const submit = form.handleSubmit(async ({ email }) => {
    const answer = await forgot.mutateAsync({ email, baseurl: currentBaseUrl() });
    if (isSuccess(answer)) {
      if (answer.message) showSuccess(toastTitles.success, answer.message);
      authModals.openLogin();
      return;
    }
    const message = answer.results?.error ?? failureMessage(answer);
    if (message) showError(toastTitles.loginError, message);
  });

  return (
    <form ref={form.formRef} className="lm-auth-form" noValidate onSubmit={submit}>
      <p className="lm-auth-lead">{labels.forgotPasswordPrompt}</p>
      <p className="lm-auth-note">We will email you a link to choose a new password.</p>
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        value={form.values.email}
        onValueChange={(email) => form.setValue('email', email)}
        error={form.errors.email}
      />
      <button
        type="submit"
        className="lm-button lm-button-primary"
        disabled={forgot.isPending}
        aria-busy={forgot.isPending || undefined}
      >
        {labels.submit}
      </button>
    </form>
  );
}
