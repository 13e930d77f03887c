import {
  accountMessages,
  isSuccess,
  normaliseRegistrationEmail,
  otpVerificationRequest,
  resendOtpRequest,
  type ResendOtpResult,
  STORAGE_KEYS,
  toastMessages,
  toastTitles,
} from '@localmart/contract';
import { useState } from 'react';
import { showError, showInfo, showSuccess } from '../../../components/ui/toasts/toasts.ts';
import { storage } from '../../../lib/storage.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useVerifyOtp } from '../api/otp-verification.ts';
import { useResendOtp } from '../api/resend-otp.ts';
import { failureMessage } from './answers.ts';
import { startResendCountdown, useResendCountdown } from './resend-countdown.ts';

type ResendOtpAnswer = { message?: string | undefined; result?: ResendOtpResult | undefined };

/**
 * The email-code step shared by registration step 2 and the Verify your Email screen (spec §2, §4,
 * §5): the email kept in user_email (asked for when none is known), the code, verification and
 * resending. Validation is the contract's otpVerificationRequest, shown after a submit attempt
 * ('Please enter your email verification code' when the code is missing). Toasts are titled
 * 'Error!' (registration area, spec §8) or 'Success' with the server's message.
 */
export function useEmailVerification({ onVerified }: { onVerified: () => void }) {
  const [knownEmail] = useState(() => storage.getSnapshot()[STORAGE_KEYS.userEmail] ?? '');
  const form = useZodForm(otpVerificationRequest, { email: knownEmail, security_code: '' });
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const resendSecondsLeft = useResendCountdown(form.values.email);

  const submit = form.handleSubmit(async (request) => {
    const answer = await verify.mutateAsync(request);
    if (isSuccess(answer)) {
      if (answer.message) showSuccess(toastTitles.success, answer.message);
      onVerified();
      return;
    }
    const message = failureMessage(answer);
    if (message) showError(toastTitles.registrationError, message);
  });

  async function resendCode() {
    const request = resendOtpRequest.safeParse({ email: form.values.email });
    if (!request.success) {
      showError(
        toastTitles.registrationError,
        request.error.issues[0]?.message ?? toastMessages.pleaseEnterEmail,
      );
      return;
    }
    const answer = await resend.mutateAsync(request.data);
    if (isSuccess(answer)) {
      await storage.set(STORAGE_KEYS.userEmail, normaliseRegistrationEmail(request.data.email));
      showResendAnswer(request.data.email, answer);
      return;
    }
    const message = failureMessage(answer);
    if (message) showError(toastTitles.registrationError, message);
  }

  return {
    form,
    /** The email the code went to, or '' when none is known (the form then asks for it). */
    knownEmail,
    submit,
    resendCode,
    verifying: verify.isPending,
    resending: resend.isPending,
    /** Seconds before a new code may be asked for (the server's retryAfterSeconds); 0: now. */
    resendSecondsLeft,
  };
}

/**
 * A resend answer, as both resend buttons show it: the countdown the server gave, and its message:
 * 'Success' when a code went out (if the email needed one), 'Info' when it said to wait.
 */
export function showResendAnswer(email: string, answer: ResendOtpAnswer): void {
  const seconds = answer.result?.retryAfterSeconds;
  if (seconds !== undefined) startResendCountdown(email, seconds);
  if (!answer.message) return;
  if (answer.message === accountMessages.codeSent || seconds === undefined) {
    showSuccess(toastTitles.success, answer.message);
  } else {
    showInfo(toastTitles.info, answer.message);
  }
}
