import type { GoogleSignIn } from './google-adapter.ts';

/**
 * The Google profile used when Google sign-in is not configured (client-config's googleClientId is
 * null): no real Google token can be had, so the app still asks handleGoogle (which answers 404 when
 * Google is disabled) and then signs in through the demo fallback of spec §4 with this profile. That
 * keeps "Login with Google" demonstrable on a fresh install.
 */
export const DEMO_GOOGLE_SIGN_IN: GoogleSignIn = {
  google_id: 'demo-google-user',
  email: 'demo@localmart.example',
  first_name: 'Demo',
  last_name: 'User',
  name: 'Demo User',
  picture: '',
  id_token: 'demo-id-token',
  access_token: '',
};
