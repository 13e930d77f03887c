import { STORAGE_KEYS } from '@localmart/contract';
import { useRequireSession } from '../../../lib/require-session.ts';
import { useSession, useStoredValue } from '../../../lib/storage.ts';
import { useProfile } from '../api/get-profile.ts';
import { useDemoUser } from './demo-user.ts';

/**
 * What both profile pages start from: an anonymous visitor is sent to sign in with
 * return_url=`page`; a demo Google session (spec §4) brings its demo user record and no server
 * call; a real session loads the profile from the server.
 */
export function useOwnProfile(page: 'profile' | 'edit-profile') {
  useRequireSession(page);
  const session = useSession();
  const userId = useStoredValue(STORAGE_KEYS.userId) ?? '';
  const demoUser = useDemoUser();
  const query = useProfile(userId, session.isLoggedIn && demoUser === null);
  return { session, demoUser, query };
}
