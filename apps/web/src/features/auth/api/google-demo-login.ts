import { apiPaths, googleDemoLoginResponse } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';

/**
 * The backend googleLogin fallback service (spec §7), no token, empty body: status, result.token,
 * result.user of a demo shopper. It exists only on a development server without Google; elsewhere
 * it answers 404 and the app keeps the spec's local-only demo.
 */
export function googleDemoLogin(client: HttpClient = http) {
  return client.postNoToken(apiPaths.googleDemoLogin, {}, googleDemoLoginResponse);
}
