import { apiPaths, googleRegisterResponse, type GoogleRegisterRequest } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';

/** POST google-register (spec §7), no token: the Google payload without its tokens. */
export function googleRegister(body: GoogleRegisterRequest, client: HttpClient = http) {
  return client.postNoToken(apiPaths.googleRegister, body, googleRegisterResponse);
}
