import { apiPaths, whoamiResponse } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';

/** GET whoami (spec §7) with the bearer token held: the session's user and (renewed) token. */
export function whoami(client: HttpClient = http) {
  return client.get(apiPaths.whoami, undefined, whoamiResponse);
}
