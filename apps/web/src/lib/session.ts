import { STORAGE_KEYS } from '@localmart/contract';
import { sharedState } from './shared-state.ts';
import { storage, type AppStorage } from './storage.ts';

/** The user fields a session needs (spec §3 "User"); every sign-in answer carries them. */
export interface SessionUser {
  _id: string;
  first_name: string;
  last_name: string;
  display_name?: string;
}

/** Spec §3: `username` is the first and last name joined; the display name when both are empty. */
export function usernameOf(user: Pick<SessionUser, 'first_name' | 'last_name' | 'display_name'>) {
  const joined = [user.first_name, user.last_name]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return joined || user.display_name?.trim() || '';
}

export interface StartSessionInput {
  token: string;
  user: SessionUser;
  /**
   * Demo mode only (spec §3): the demo user record, kept as JSON in `userData`. null removes a
   * record left from an earlier demo session; undefined leaves storage as it is (a session renewed).
   */
  demoUser?: object | null;
  /** Google's access token of a Google sign-in, kept under `authToken` (spec §3); null removes it. */
  authToken?: string | null;
}

export interface SessionDeps {
  store: AppStorage;
  state: Pick<typeof sharedState, 'setProfile'>;
}

const defaultDeps: SessionDeps = { store: storage, state: sharedState };

/**
 * Remember a signed-in user (spec §3, §4): token, userId, username, isLoggedIn 'true', and the shared
 * profile data (name, id) the menu and pages render from.
 */
export async function startSession(
  input: StartSessionInput,
  deps: SessionDeps = defaultDeps,
): Promise<void> {
  const name = usernameOf(input.user);
  await deps.store.set(STORAGE_KEYS.token, input.token);
  await deps.store.set(STORAGE_KEYS.userId, input.user._id);
  await deps.store.set(STORAGE_KEYS.username, name);
  await deps.store.set(STORAGE_KEYS.isLoggedIn, 'true');
  if (input.demoUser) await deps.store.set(STORAGE_KEYS.userData, JSON.stringify(input.demoUser));
  else if (input.demoUser === null) await deps.store.remove(STORAGE_KEYS.userData);
  if (input.authToken) await deps.store.set(STORAGE_KEYS.authToken, input.authToken);
  else if (input.authToken === null) await deps.store.remove(STORAGE_KEYS.authToken);
  deps.state.setProfile({ name, id: input.user._id });
}

/** After the user renames themselves: the menu greeting and profile data follow. */
export async function renameSession(
  user: Pick<SessionUser, '_id' | 'first_name' | 'last_name' | 'display_name'>,
  deps: SessionDeps = defaultDeps,
): Promise<void> {
  const name = usernameOf(user);
  await deps.store.set(STORAGE_KEYS.username, name);
  deps.state.setProfile({ name, id: user._id });
}

/** Forget the session held on this device (a token the server no longer accepts). */
export async function forgetSession(deps: SessionDeps = defaultDeps): Promise<void> {
  await deps.store.remove(
    STORAGE_KEYS.token,
    STORAGE_KEYS.userId,
    STORAGE_KEYS.username,
    STORAGE_KEYS.isLoggedIn,
    STORAGE_KEYS.authToken,
    STORAGE_KEYS.userData,
  );
  deps.state.setProfile({ name: '', id: '' });
}
