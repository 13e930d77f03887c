import {
  isSuccess,
  labels,
  normaliseRegistrationEmail,
  registrationForm,
  registrationSuccessful,
  STORAGE_KEYS,
  toastMessages,
  toastTitles,
  validationMessages,
  type RegistrationForm as RegistrationValues,
} from '@localmart/contract';
import { useEffect, useState } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showError, showSuccess } from '../../../components/ui/toasts/toasts.ts';
import { authModals } from '../../../lib/auth-modals.ts';
import { isNetworkFailure } from '../../../lib/http.ts';
import { storage } from '../../../lib/storage.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useAppName } from '../api/client-config.ts';
import { registrationPayload, useRegister } from '../api/registration.ts';
import { googleAdapter } from '../google/use-google-adapter.ts';
import { failureMessage } from '../model/answers.ts';
import { googleFlowDeps, registerWithGoogle } from '../model/google-sign-in.ts';
import { GoogleButton } from './google-button.tsx';
import { NewPasswordFields } from '../../../components/ui/new-password-fields.tsx';

export const EMPTY_REGISTRATION: RegistrationValues = {
  firstname: '',
  lastname: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/**
 * Registration step 1, 'Create your account' (spec §2, §4, §5, §8): first name, last name, email
 * (lower-cased with spaces removed as typed), password and confirmation, validated by the contract's
 * registrationForm after a submit attempt. Sign up calls registration; status 1 keeps the email as
 * user_email, says 'Registration successful! Welcome to {product}' and moves to step 2.
 *
 * `initial`/`onDraftChange` let the dialog keep what was typed while the terms are read.
 */
export function RegistrationForm({
  initial,
  onDraftChange,
  onGoogleSignedIn,
}: {
  initial: RegistrationValues;
  onDraftChange: (values: RegistrationValues) => void;
  onGoogleSignedIn: () => void;
}) {
  const form = useZodForm(registrationForm, initial, {
    match: {
      field: 'confirmPassword',
      sameAs: 'password',
      message: validationMessages.registration.passwordsNotMatching,
    },
  });
  const register = useRegister();
  const appName = useAppName();
  const [googleBusy, setGoogleBusy] = useState(false);

  useEffect(() => onDraftChange(form.values), [form.values, onDraftChange]);

  const signUp = form.handleSubmit(async (values) => {
    const payload = registrationPayload(values);
    const answer = await register.mutateAsync(payload);
    if (isSuccess(answer)) {
      await storage.set(STORAGE_KEYS.userEmail, payload.email);
      showSuccess(toastTitles.success, registrationSuccessful(appName));
      authModals.openRegistration({ step: 2 });
      return;
    }
    // Spec §8: the server's message; 'Registration failed' when it gave none, 'Registration
    // failed. Please try again.' when its answer could not be read; a network error is logged only.
    const message =
      !isNetworkFailure(answer) && answer.message.trim() === ''
        ? toastMessages.registrationFailed
        : failureMessage(answer, toastMessages.registrationFailedTryAgain);
    if (message) showError(toastTitles.registrationError, message);
  });

  async function googleRegister() {
    setGoogleBusy(true);
    try {
      const outcome = await registerWithGoogle(googleFlowDeps(googleAdapter));
      if (outcome.kind === 'signed-in') onGoogleSignedIn();
    } finally {
      setGoogleBusy(false);
    }
  }

  return (
    <form ref={form.formRef} className="lm-auth-form" noValidate onSubmit={signUp}>
      <p className="lm-auth-lead">
        Reserve items, pick them up today or get same-day delivery from stores near you.
      </p>
      <div className="lm-field-row">
        <TextField
          label="First name"
          autoComplete="given-name"
          value={form.values.firstname}
          onValueChange={(value) => form.setValue('firstname', value)}
          error={form.errors.firstname}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={form.values.lastname}
          onValueChange={(value) => form.setValue('lastname', value)}
          error={form.errors.lastname}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        value={form.values.email}
        // Spec §5: lower-cased and spaces removed as typed.
        onValueChange={(value) => form.setValue('email', normaliseRegistrationEmail(value))}
        error={form.errors.email}
      />
      <NewPasswordFields
        passwordLabel="Password"
        password={form.field('password')}
        confirmPassword={form.field('confirmPassword')}
      />
      <p className="lm-auth-note">
        By signing up you agree to our{' '}
        <button type="button" className="lm-link-button" onClick={() => authModals.openTerms()}>
          {labels.termsAndConditions}
        </button>
        .
      </p>
      <button
        type="submit"
        className="lm-button lm-button-primary"
        disabled={register.isPending}
        aria-busy={register.isPending || undefined}
      >
        {labels.signUp}
      </button>
      <div className="lm-divider" role="separator">
        <span>or</span>
      </div>
      <GoogleButton label={labels.registerWithGoogle} busy={googleBusy} onClick={googleRegister} />
      <p className="lm-auth-switch">
        Already have an account?{' '}
        <button type="button" className="lm-link-button" onClick={() => authModals.openLogin()}>
          {labels.loginToYourAccount}
        </button>
      </p>
      <p className="lm-auth-switch">
        Already have a code?{' '}
        <button
          type="button"
          className="lm-link-button"
          onClick={() => authModals.openRegistration({ step: 2 })}
        >
          {ENTER_CODE_LABEL}
        </button>
      </p>
    </form>
  );
}

/** Step 1's way to the OTP step ("open the OTP dialog", spec §2). */
export const ENTER_CODE_LABEL = 'Enter verification code';
