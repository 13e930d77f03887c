import { isSuccess, STORAGE_KEYS, toastTitles } from '@localmart/contract';
import { showError } from '../../../components/ui/toasts/toasts.ts';
import { httpStatusOf, type HttpClient } from '../../../lib/http.ts';
import { forgetSession, startSession } from '../../../lib/session.ts';
import { currentToken, storage } from '../../../lib/storage.ts';
import { whoami } from '../api/whoami.ts';
import { failureMessage } from './answers.ts';

export interface SessionCheckDeps {
  client?: HttpClient;
  token: () => string | null;
  /** True while a demo Google session (spec §4) is held: it exists on this device only. */
  demoSession: () => boolean;
  startSession: typeof startSession;
  forgetSession: typeof forgetSession;
  toastError: typeof showError;
}

const defaultDeps: SessionCheckDeps = {
  token: currentToken,
  demoSession: () => storage.getSnapshot()[STORAGE_KEYS.userData] !== null,
  startSession,
  forgetSession,
  toastError: showError,
};

/**
 * Spec §2: on opening, sign-in checks for an existing session. With no token there is nothing to
 * check (and nothing to say). With one, whoami answers the user: the session is stored again and
 * the caller moves on (a demo session, unknown to the server, counts as it is). A failure shows the error (spec §8), except a network error (logged only);
 * a token the server refuses (401) is forgotten, since it can never work again.
 */
export async function checkExistingSession(
  deps: SessionCheckDeps = defaultDeps,
): Promise<'restored' | 'none'> {
  if (!deps.token()) return 'none';
  // The server has never heard of a demo session: it is the session, as it stands.
  if (deps.demoSession()) return 'restored';
  const answer = await whoami(deps.client);
  if (isSuccess(answer)) {
    await deps.startSession({ token: answer.result.token, user: answer.result.user });
    return 'restored';
  }
  const message = failureMessage(answer);
  if (message) deps.toastError(toastTitles.loginError, message);
  if (httpStatusOf(answer) === 401) await deps.forgetSession();
  return 'none';
}
