import { PROFILE_PICTURE_MAX_BYTES, RESET_LINK_TTL_MINUTES } from './constants.ts';

/**
 * Messages of the accounts feature that the product spec does not fix (its fixed ones live in
 * messages.ts and win wherever they apply). The server answers them; the app may show or match them.
 * Answers that must not reveal whether an email has an account are worded for both cases.
 * (An invalid Google token is answered with the spec's own toastMessages.googleSignInFailed.)
 */
export const accountMessages = {
  // login
  invalidCredentials: 'Invalid email or password',
  emailNotVerified:
    'Please verify your email address before signing in. Use "Resend Activation code" if you need a new code.',
  // sessions
  signInRequired: 'Please sign in to continue.',
  // registration and email codes
  passwordTooCommon: 'This password is too common. Please choose another one.',
  // Both resend answers are worded to be true for an unknown, a verified and a pending email alike
  // (the server answers the three the same way, see apps/server/src/modules/auth/README.md).
  codeSent:
    'If this email needs activation, a verification code is on its way. Check your inbox (and spam folder).',
  invalidOrExpiredCode: 'Invalid or expired code. Check the latest email or ask for a new code.',
  emailVerified: 'Your email address is verified. You can sign in now.',
  // forgot / reset password
  resetLinkSent:
    'If an account exists for this email, we have sent a link to reset your password. It is valid for ' +
    `${RESET_LINK_TTL_MINUTES} minutes.`,
  resetLinkInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  passwordReset: 'Your password has been changed. Please sign in with your new password.',
  // Google
  googleEmailNotVerified:
    'Your Google account email is not verified. Verify it with Google, or register with a password.',
  continueWithGoogle: 'Continue with Google sign-in to finish creating your account.',
  // profile
  profileUpdated: 'Your profile has been updated.',
  currentPasswordWrong: 'Your current password is not correct.',
  noPasswordYet:
    'This account has no password yet (it signs in with Google). Use "Forgot Password" to set one.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  pictureMissing: 'Choose a picture to upload.',
  pictureNotMultipart: 'Upload the picture as multipart/form-data in a field named "picture".',
  pictureTooLarge: `The picture is too large. The limit is ${PROFILE_PICTURE_MAX_BYTES / (1024 * 1024)} MB.`,
  pictureTypeUnsupported: 'The picture must be a JPEG, PNG or WebP image.',
  pictureUpdated: 'Your profile picture has been updated.',
} as const;

/**
 * Resend asked inside the cooldown while the latest code still works: when the next one can be
 * asked for, instead of pretending a code was sent (the answer carries `retryAfterSeconds` too).
 */
export function resendCodeWait(seconds: number): string {
  return `If this email needs activation, the latest code we sent still works. You can ask for a new code in ${seconds} s.`;
}
