import { z } from 'zod';
import { failureEnvelopeSchema, successEnvelopeSchema, envelopeSchema } from '../envelope.ts';
import { validationMessages as v } from '../messages.ts';
import {
  emailField,
  nameField,
  normaliseRegistrationEmail,
  passwordField,
  verificationCodeField,
  withPasswordConfirmation,
} from './fields.ts';
import { safeText } from './safe-input.ts';

/** User as seen in responses (spec §3). */
export const userSchema = z.object({
  _id: safeText(),
  first_name: safeText(),
  last_name: safeText(),
  display_name: safeText(),
});
export type User = z.infer<typeof userSchema>;

/** Demo-mode user record kept in `userData` (spec §3). */
export const demoUserSchema = userSchema.extend({
  email: safeText(),
  google_id: safeText(),
  picture: safeText(),
  created_at: safeText(),
  updated_at: safeText(),
});
export type DemoUser = z.infer<typeof demoUserSchema>;

const sessionResult = z.object({ token: safeText(), user: userSchema });

// --- login (POST, no token) -------------------------------------------------------------
export const loginForm = z.object({
  email: emailField({ required: v.login.emailRequired, invalid: v.login.emailInvalid }),
  password: passwordField({
    required: v.login.passwordRequired,
    tooShort: v.login.passwordTooShort,
  })
    // spec §5: login password is trimmed before sending
    .transform((s) => s.trim()),
});
export const loginRequest = loginForm;
export type LoginRequest = z.infer<typeof loginRequest>;
export const loginResponse = envelopeSchema(successEnvelopeSchema({ result: sessionResult }));
export type LoginResponse = z.infer<typeof loginResponse>;

// --- whoami (GET, token) ------------------------------------------------------------------
export const whoamiResponse = envelopeSchema(successEnvelopeSchema({ result: sessionResult }));
export type WhoamiResponse = z.infer<typeof whoamiResponse>;

// --- registration (POST, no token) ----------------------------------------------------------
const registrationEmail = emailField({
  required: v.registration.emailRequired,
  invalid: v.registration.emailInvalid,
});
const registrationPassword = passwordField({
  required: v.registration.passwordRequired,
  tooShort: v.registration.passwordTooShort,
});

/** The form's own field names (spec §3: firstname, lastname, email, password, confirmPassword). */
export const registrationForm = withPasswordConfirmation({
  firstname: nameField(v.registration.firstNameRequired),
  lastname: nameField(v.registration.lastNameRequired),
  email: registrationEmail,
  password: registrationPassword,
});
export type RegistrationForm = z.infer<typeof registrationForm>;

export const registrationRequest = z.object({
  first_name: nameField(v.registration.firstNameRequired),
  last_name: nameField(v.registration.lastNameRequired),
  email: registrationEmail.transform(normaliseRegistrationEmail),
  password: registrationPassword,
});
export type RegistrationRequest = z.infer<typeof registrationRequest>;

export const messageOnlyResponse = envelopeSchema(successEnvelopeSchema({}));
export type MessageOnlyResponse = z.infer<typeof messageOnlyResponse>;
export const registrationResponse = messageOnlyResponse;

// --- otp-verification / resend-otp (POST, no token) ---------------------------------------------
export const otpVerificationRequest = z.object({
  email: registrationEmail.transform(normaliseRegistrationEmail),
  security_code: verificationCodeField(v.verification.codeRequired),
});
export type OtpVerificationRequest = z.infer<typeof otpVerificationRequest>;
export const otpVerificationResponse = messageOnlyResponse;

export const resendOtpRequest = z.object({
  email: emailField({
    required: v.resendActivation.emailRequired,
    invalid: v.login.emailInvalid,
  }),
});
export type ResendOtpRequest = z.infer<typeof resendOtpRequest>;
/**
 * `retryAfterSeconds`: when a new code can be asked for (the app counts down on its resend button).
 * Optional in the schema only so that an older server's bare `{ status, message }` still reads.
 */
export const resendOtpResult = z.object({ retryAfterSeconds: z.number().int().nonnegative() });
export type ResendOtpResult = z.infer<typeof resendOtpResult>;
export const resendOtpResponse = envelopeSchema(
  successEnvelopeSchema({ result: resendOtpResult.optional() }),
);
export type ResendOtpResponse = z.infer<typeof resendOtpResponse>;

// --- forgot-password (POST, no token) ------------------------------------------------------
export const forgotPasswordForm = z.object({
  email: emailField({
    required: v.forgotPassword.emailRequired,
    invalid: v.forgotPassword.emailInvalid,
  }),
});
export const forgotPasswordRequest = forgotPasswordForm.extend({
  /** Current page address without fragment; must belong to a configured app origin. */
  baseurl: z.url({ error: 'baseurl must be an absolute URL' }).max(2048),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;
export const forgotPasswordResponse = envelopeSchema(successEnvelopeSchema({}));

// --- Google (POST, no token) -----------------------------------------------------------------
export const googleRegisterRequest = z.object({
  google_id: safeText().max(255),
  email: safeText().max(320),
  first_name: safeText().max(80),
  last_name: safeText().max(80),
  name: safeText().max(160),
  picture: safeText().max(2048),
});
export type GoogleRegisterRequest = z.infer<typeof googleRegisterRequest>;
export const googleLoginRequest = googleRegisterRequest.extend({
  id_token: safeText().min(1).max(8192),
  access_token: safeText().max(8192),
});
export type GoogleLoginRequest = z.infer<typeof googleLoginRequest>;
/** Google login answers token and user at top level (spec §3). */
export const googleLoginResponse = z.union([
  z.object({
    status: z.literal(1),
    message: safeText().optional(),
    token: safeText(),
    user: userSchema,
  }),
  failureEnvelopeSchema,
]);
export type GoogleLoginResponse = z.infer<typeof googleLoginResponse>;
export const googleRegisterResponse = messageOnlyResponse;
/**
 * The googleLogin fallback service (spec §7): no payload (nothing the client says is trusted), and
 * status, result.token, result.user like login.
 */
export const googleDemoLoginRequest = z.object({}).strict();
export const googleDemoLoginResponse = envelopeSchema(
  successEnvelopeSchema({ result: sessionResult }),
);
export type GoogleDemoLoginResponse = z.infer<typeof googleDemoLoginResponse>;

// --- logout (POST, token, empty body) --------------------------------------------------------------
export const logoutRequest = z.object({}).strict();
export const logoutResponse = messageOnlyResponse;

// --- reset-password (POST, no token; not in the spec's table) ------------------------------------
/** The reset page's form: new password and confirmation, worded like registration (spec §5). */
export const resetPasswordForm = withPasswordConfirmation({ password: registrationPassword });
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

export const resetPasswordRequest = z.object({
  /** The `{id}` of the emailed `reset-password/{id}` link. */
  token: safeText().min(1, { error: 'token is required' }).max(256),
  password: registrationPassword,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;
export const resetPasswordResponse = messageOnlyResponse;
