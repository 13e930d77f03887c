import { apiPaths, googleLoginResponse, type GoogleLoginRequest } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';

/** POST handleGoogle (spec §7), no token: the Google payload; token and user answer at top level. */
export function handleGoogle(body: GoogleLoginRequest, client: HttpClient = http) {
  return client.postNoToken(apiPaths.handleGoogle, body, googleLoginResponse);
}
