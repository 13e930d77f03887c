import {
  googleLoginRequest,
  googleRegisterRequest,
  isSuccess,
  toastMessages,
  toastTitles,
} from '@localmart/contract';
import { showError, showInfo, showSuccess } from '../../../components/ui/toasts/toasts.ts';
import { http, type HttpClient } from '../../../lib/http.ts';
import { logger } from '../../../lib/logger.ts';
import { startSession } from '../../../lib/session.ts';
import { demoGoogle, type DemoGoogleService } from '../api/demo-google.ts';
import { googleDemoLogin } from '../api/google-demo-login.ts';
import { googleRegister } from '../api/google-register.ts';
import { handleGoogle } from '../api/handle-google.ts';
import {
  GoogleSignInCancelled,
  type GoogleAdapter,
  type GoogleProfile,
  type GoogleSignIn,
} from '../google/google-adapter.ts';
import { failureMessage, isDemoFallback } from './answers.ts';

export interface GoogleFlowDeps {
  adapter: () => GoogleAdapter;
  client: HttpClient;
  startSession: typeof startSession;
  toast: { success: typeof showSuccess; error: typeof showError; info: typeof showInfo };
  demo: DemoGoogleService;
}

/** What the dialog does next: close and go to /home, stay (an error was shown), or nothing. */
export type GoogleOutcome =
  | { kind: 'signed-in'; demo: boolean }
  | { kind: 'failed'; unverified: boolean }
  | { kind: 'cancelled' };

export function googleFlowDeps(adapter: () => GoogleAdapter): GoogleFlowDeps {
  return {
    adapter,
    client: http,
    startSession,
    toast: { success: showSuccess, error: showError, info: showInfo },
    demo: demoGoogle,
  };
}

function profileOf(signIn: GoogleSignIn): GoogleProfile {
  const { id_token: _idToken, access_token: _accessToken, ...profile } = signIn;
  return profile;
}

/** Ask Google: its sign-in, 'cancelled' (to be silent about), or 'failed' (logged). */
async function askGoogle(adapter: GoogleAdapter): Promise<GoogleSignIn | 'cancelled' | 'failed'> {
  try {
    const answer = await adapter.signIn();
    const parsed = googleLoginRequest.safeParse(answer);
    if (parsed.success) return parsed.data;
    logger.error('Google sign-in answered an unusable profile', parsed.error);
    return 'failed';
  } catch (error) {
    if (error instanceof GoogleSignInCancelled) return 'cancelled';
    logger.error('Google sign-in failed', error);
    return 'failed';
  }
}

/**
 * The demo fallback's session: first the backend googleLogin service (a real session for a demo
 * shopper, so the cart and orders work); when that is absent too (404 or no answer: production
 * without Google), the spec's local-only demo, which the server grants nothing.
 * 'failed' when the backend service answered but refused (rate limit, server error).
 */
async function demoSession(
  deps: GoogleFlowDeps,
  local: () => ReturnType<DemoGoogleService['login']>,
  authToken: string | null,
): Promise<'signed-in' | 'failed'> {
  const served = await googleDemoLogin(deps.client);
  if (isSuccess(served)) {
    await deps.startSession({
      token: served.result.token,
      user: served.result.user,
      demoUser: null,
      authToken,
    });
    return 'signed-in';
  }
  if (!isDemoFallback(served)) {
    logger.warn('demo googleLogin service failed:', served.message);
    return 'failed';
  }
  const demo = await local();
  if (demo.status === 1) {
    await deps.startSession({
      token: demo.result.token,
      user: demo.result.user,
      demoUser: demo.result.user,
      authToken,
    });
    return 'signed-in';
  }
  logger.warn('demo Google login failed:', demo.message);
  return 'failed';
}

/**
 * Spec §4 Google login. Google's profile and tokens go to handleGoogle:
 * - status 1 (token and user at top level): the session is stored (token, username, userId,
 *   isLoggedIn, Google's access token as authToken), a success toast shows, and the caller closes the
 *   dialog and goes to /home;
 * - HTTP 404 or 0: the info toast of spec §8 and the demo googleLogin service (`demoSession`): the
 *   backend's real demo session where the server offers one, else the local-only demo, whose session
 *   is kept with the demo user record in `userData`;
 * - anything else: an error toast titled 'Error' with the server's message ('Google sign in failed'
 *   when there is none); `showActivationLink` is passed on for the Resend Activation code button.
 *
 * `signIn` reuses a Google sign-in already made (registration signs in right after registering).
 */
export async function signInWithGoogle(
  deps: GoogleFlowDeps,
  options: { signIn?: GoogleSignIn; successMessage?: string } = {},
): Promise<GoogleOutcome> {
  const google = options.signIn ?? (await askGoogle(deps.adapter()));
  if (google === 'cancelled') return { kind: 'cancelled' };
  if (google === 'failed') {
    deps.toast.error(toastTitles.loginError, toastMessages.googleSignInFailed);
    return { kind: 'failed', unverified: false };
  }

  const answer = await handleGoogle(google, deps.client);
  if (isSuccess(answer)) {
    await deps.startSession({
      token: answer.token,
      user: answer.user,
      demoUser: null,
      authToken: google.access_token || null,
    });
    deps.toast.success(
      toastTitles.success,
      options.successMessage ?? toastMessages.loginSuccessfully,
    );
    return { kind: 'signed-in', demo: false };
  }

  if (isDemoFallback(answer)) {
    deps.toast.info(toastTitles.info, toastMessages.demoGoogleLoginInfo);
    const demo = await demoSession(
      deps,
      () => deps.demo.login(profileOf(google)),
      google.access_token || null,
    );
    if (demo === 'signed-in') {
      deps.toast.success(toastTitles.success, toastMessages.demoSignedInWithGoogle);
      return { kind: 'signed-in', demo: true };
    }
    deps.toast.error(toastTitles.loginError, toastMessages.demoAuthenticationFailed);
    return { kind: 'failed', unverified: false };
  }

  deps.toast.error(
    toastTitles.loginError,
    failureMessage(answer, toastMessages.googleSignInFailed) ?? toastMessages.googleSignInFailed,
  );
  return { kind: 'failed', unverified: answer.showActivationLink === true };
}

/**
 * Spec §4 register-with-Google: google-register with the profile (no tokens); on success it signs in
 * with Google (handleGoogle, with the same Google sign-in) and says 'Account created with Google
 * successfully'. HTTP 404 or 0: the 'Demo Mode' info toast and the demo registration, whose session
 * is kept like a demo sign-in. Failures show 'Error!' toasts (registration area, spec §8).
 */
export async function registerWithGoogle(deps: GoogleFlowDeps): Promise<GoogleOutcome> {
  const google = await askGoogle(deps.adapter());
  if (google === 'cancelled') return { kind: 'cancelled' };
  if (google === 'failed') {
    deps.toast.error(toastTitles.registrationError, toastMessages.googleRegistrationFailed);
    return { kind: 'failed', unverified: false };
  }

  const profile = googleRegisterRequest.parse(profileOf(google));
  const answer = await googleRegister(profile, deps.client);
  if (isSuccess(answer)) {
    return signInWithGoogle(deps, {
      signIn: google,
      successMessage: toastMessages.accountCreatedWithGoogle,
    });
  }

  if (isDemoFallback(answer)) {
    deps.toast.info(toastTitles.demoMode, toastMessages.demoGoogleRegistrationInfo);
    const demo = await demoSession(
      deps,
      () => deps.demo.register(profile),
      google.access_token || null,
    );
    if (demo === 'signed-in') {
      deps.toast.success(toastTitles.success, toastMessages.demoGoogleRegistrationSuccessful);
      return { kind: 'signed-in', demo: true };
    }
    deps.toast.error(toastTitles.registrationError, toastMessages.googleRegistrationFailed);
    return { kind: 'failed', unverified: false };
  }

  deps.toast.error(
    toastTitles.registrationError,
    failureMessage(answer, toastMessages.googleRegistrationFailed) ??
      toastMessages.googleRegistrationFailed,
  );
  return { kind: 'failed', unverified: false };
}
