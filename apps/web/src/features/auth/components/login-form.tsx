import {
  isSuccess,
  labels,
  loginForm,
  normaliseRegistrationEmail,
  resendOtpRequest,
  STORAGE_KEYS,
  toastMessages,
  toastTitles,
} from '@localmart/contract';
import { useEffect, useRef, useState } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showError, showSuccess } from '../../../components/ui/toasts/toasts.ts';
import { authModals } from '../../../lib/auth-modals.ts';
import { startSession } from '../../../lib/session.ts';
import { storage } from '../../../lib/storage.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useLogin } from '../api/login.ts';
import { useResendOtp } from '../api/resend-otp.ts';
import { googleAdapter } from '../google/use-google-adapter.ts';
import { failureMessage } from '../model/answers.ts';
import { googleFlowDeps, signInWithGoogle } from '../model/google-sign-in.ts';
import { showResendAnswer } from '../model/use-email-verification.ts';
import { checkExistingSession } from '../model/session-check.ts';
import { GoogleButton } from './google-button.tsx';

export type SignedInBy = 'session' | 'password' | 'google';

/**
 * The login dialog's content (spec §2, §4, §5, §8).
 * - On opening, an existing session is checked (whoami) and, if valid, the dialog moves on.
 * - Sign In validates with the contract's loginForm (messages after a submit attempt; email and
 *   password trimmed), then stores the session and says 'Login Successfully'.
 * - A refusal flagged `showActivationLink` marks the account unverified: Sign In gives way to
 *   Resend Activation code, which needs the email ('Please enter email') and, once the code is sent,
 *   keeps user_email and opens registration at step 2 in activation mode.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (by: SignedInBy) => void }) {
  const form = useZodForm(loginForm, {
    // A visitor coming from registration or activation finds their email already there.
    email: storage.getSnapshot()[STORAGE_KEYS.userEmail] ?? '',
    password: '',
  });
  // Spec §4: set from showActivationLink of a failed login, for the email that was refused. It holds
  // while the field shows that email or is emptied (then Resend asks for it: 'Please enter email');
  // another email is another account, whose state is unknown until it is tried: Sign In is back.
  const [flaggedEmail, setFlaggedEmail] = useState<string | null>(null);
  const typedEmail = normaliseRegistrationEmail(form.values.email);
  const unverified = flaggedEmail !== null && (typedEmail === '' || typedEmail === flaggedEmail);
  const [googleBusy, setGoogleBusy] = useState(false);
  const login = useLogin();
  const resend = useResendOtp();
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;

  useEffect(() => {
    let cancelled = false;
    void checkExistingSession().then((result) => {
      if (!cancelled && result === 'restored') signedIn.current('session');
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const signIn = form.handleSubmit(async (credentials) => {
    const answer = await login.mutateAsync(credentials);
    if (isSuccess(answer)) {
      await startSession({
        token: answer.result.token,
        user: answer.result.user,
        demoUser: null,
        authToken: null,
      });
      showSuccess(toastTitles.success, toastMessages.loginSuccessfully);
      onSignedIn('password');
      return;
    }
    setFlaggedEmail(
      answer.showActivationLink === true ? normaliseRegistrationEmail(credentials.email) : null,
    );
    const message = failureMessage(answer);
    if (message) showError(toastTitles.loginError, message);
  });

  async function resendActivation() {
    const request = resendOtpRequest.safeParse({ email: form.values.email });
    if (!request.success) {
      // Spec §5/§8: 'Please enter email' (or the invalid-email message) as an error toast.
      showError(
        toastTitles.loginError,
        request.error.issues[0]?.message ?? toastMessages.pleaseEnterEmail,
      );
      return;
    }
    const answer = await resend.mutateAsync(request.data);
    if (isSuccess(answer)) {
      await storage.set(STORAGE_KEYS.userEmail, normaliseRegistrationEmail(request.data.email));
      // The countdown carries over to step 2's Resend OTP.
      showResendAnswer(request.data.email, answer);
      authModals.openRegistration({ activation: true });
      return;
    }
    const message = failureMessage(answer);
    if (message) showError(toastTitles.loginError, message);
  }

  async function googleSignIn() {
    setGoogleBusy(true);
    try {
      const outcome = await signInWithGoogle(googleFlowDeps(googleAdapter));
      if (outcome.kind === 'signed-in') onSignedIn('google');
      else if (outcome.kind === 'failed' && outcome.unverified) setFlaggedEmail(typedEmail);
    } finally {
      setGoogleBusy(false);
    }
  }

  const busy = login.isPending || resend.isPending;

  return (
    <form
      ref={form.formRef}
      className="lm-auth-form"
      noValidate
      onSubmit={(event) => {
        // Enter submits whichever action the form offers now.
        if (unverified) {
          event.preventDefault();
          void resendActivation();
        } else {
          signIn(event);
        }
      }}
    >
      <p className="lm-auth-lead">
        Sign in to reserve items, check out and follow your orders from local stores.
      </p>
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
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={form.values.password}
        onValueChange={(password) => form.setValue('password', password)}
        error={form.errors.password}
      />
      <div className="lm-auth-row-end">
        <button
          type="button"
          className="lm-link-button"
          onClick={() => authModals.openForgotPassword()}
        >
          {labels.forgotPasswordLink}
        </button>
      </div>
      {unverified ? (
        <>
          <p className="lm-auth-note" role="status">
            Your email address is not verified yet. We can send you a new activation code.
          </p>
          <button
            type="submit"
            className="lm-button lm-button-primary"
            disabled={busy}
            aria-busy={resend.isPending || undefined}
          >
            {labels.resendActivationCode}
          </button>
        </>
      ) : (
        <button
          type="submit"
          className="lm-button lm-button-primary"
          disabled={busy}
          aria-busy={login.isPending || undefined}
        >
          {labels.signIn}
        </button>
      )}
      <div className="lm-divider" role="separator">
        <span>or</span>
      </div>
      <GoogleButton label={labels.loginWithGoogle} busy={googleBusy} onClick={googleSignIn} />
      <p className="lm-auth-switch">
        New here?{' '}
        <button
          type="button"
          className="lm-link-button"
          onClick={() => authModals.openRegistration()}
        >
          {labels.createAccount}
        </button>
      </p>
    </form>
  );
}
