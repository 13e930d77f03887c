import { describe, expect, it } from 'vitest';
import { validationMessages as v } from '../messages.ts';
import {
  forgotPasswordRequest,
  loginForm,
  otpVerificationRequest,
  registrationForm,
  registrationRequest,
  resendOtpRequest,
  resendOtpResponse,
  resetPasswordForm,
} from './auth.ts';
import { resendCodeWait } from '../account-messages.ts';
import { changePasswordForm } from './profile.ts';

/** First error message per field, as a form shows them. */
function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0]);
    errors[key] ??= issue.message;
  }
  return errors;
}

describe('login form (spec §5)', () => {
  it('requires email and password with the login wording', () => {
    expect(fieldErrors(loginForm.safeParse({ email: '', password: '' }))).toEqual({
      email: v.login.emailRequired,
      password: v.login.passwordRequired,
    });
    expect(fieldErrors(loginForm.safeParse({}))).toEqual({
      email: 'Please enter your email address',
      password: 'Please enter password',
    });
  });

  it('rejects a malformed email and a short password', () => {
    expect(fieldErrors(loginForm.safeParse({ email: 'nope', password: '12345' }))).toEqual({
      email: 'Please enter a valid email address',
      password: 'Invalid password',
    });
  });

  it('trims email and password before sending', () => {
    expect(loginForm.parse({ email: '  a@b.co ', password: ' secret1 ' })).toEqual({
      email: 'a@b.co',
      password: 'secret1',
    });
  });
});

describe('registration form (spec §5)', () => {
  it('uses the registration wording for every field', () => {
    expect(
      fieldErrors(
        registrationForm.safeParse({
          firstname: '',
          lastname: '',
          email: '',
          password: '',
          confirmPassword: '',
        }),
      ),
    ).toEqual({
      firstname: 'Please enter first name',
      lastname: 'Please enter last name',
      email: 'Please enter email id',
      password: 'Enter password',
      confirmPassword: 'Confirm your password',
    });
    expect(
      fieldErrors(
        registrationForm.safeParse({
          firstname: 'A',
          lastname: 'B',
          email: 'x@',
          password: '123',
          confirmPassword: '123',
        }),
      ).email,
    ).toBe('Please enter valid email id');
  });

  it('says passwords are not matching only when both are filled', () => {
    const result = registrationForm.safeParse({
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      password: 'secret1',
      confirmPassword: 'secret2',
    });
    expect(fieldErrors(result)).toEqual({ confirmPassword: v.registration.passwordsNotMatching });
  });

  it('lower-cases the email and removes spaces in the API payload', () => {
    const parsed = registrationRequest.parse({
      first_name: ' Ada ',
      last_name: 'Lovelace',
      email: 'Ada.Love@Example.COM',
      password: 'secret1',
    });
    expect(parsed).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada.love@example.com',
      password: 'secret1',
    });
  });
});

describe('codes and emails of the other flows', () => {
  it('needs a verification code', () => {
    expect(
      fieldErrors(otpVerificationRequest.safeParse({ email: 'a@b.co', security_code: '' })),
    ).toEqual({
      security_code: 'Please enter your email verification code',
    });
    expect(
      otpVerificationRequest.safeParse({ email: 'a@b.co', security_code: '123456' }).success,
    ).toBe(true);
    expect(
      otpVerificationRequest.safeParse({ email: 'a@b.co', security_code: '12a456' }).success,
    ).toBe(false);
  });

  it('resend activation needs an email', () => {
    expect(fieldErrors(resendOtpRequest.safeParse({ email: '' }))).toEqual({
      email: 'Please enter email',
    });
  });

  it("resend's answer carries when the next code can be asked for (the app's countdown)", () => {
    const wait = { status: 1, message: resendCodeWait(42), result: { retryAfterSeconds: 42 } };
    expect(resendOtpResponse.parse(wait)).toEqual(wait);
    // an older server's bare answer still reads
    expect(resendOtpResponse.safeParse({ status: 1, message: 'sent' }).success).toBe(true);
    expect(
      resendOtpResponse.safeParse({ status: 1, result: { retryAfterSeconds: -1 } }).success,
    ).toBe(false);
  });

  it('forgot password needs an email and an absolute baseurl', () => {
    expect(
      fieldErrors(forgotPasswordRequest.safeParse({ email: '', baseurl: 'http://localhost/' }))
        .email,
    ).toBe('Please enter your email address');
    expect(forgotPasswordRequest.safeParse({ email: 'a@b.co', baseurl: 'not a url' }).success).toBe(
      false,
    );
  });
});

describe('forms with a password confirmation share one rule', () => {
  it.each([
    ['reset password', resetPasswordForm, {}],
    ['change password', changePasswordForm, { currentPassword: 'old-secret' }],
  ] as const)('%s: confirmation required, then must match', (_name, schema, extra) => {
    expect(
      fieldErrors(schema.safeParse({ ...extra, password: 'secret12', confirmPassword: '' })),
    ).toEqual({
      confirmPassword: v.registration.confirmPasswordRequired,
    });
    expect(
      fieldErrors(
        schema.safeParse({ ...extra, password: 'secret12', confirmPassword: 'secret13' }),
      ),
    ).toEqual({
      confirmPassword: v.registration.passwordsNotMatching,
    });
    expect(
      schema.safeParse({ ...extra, password: 'secret12', confirmPassword: 'secret12' }).success,
    ).toBe(true);
  });
});
