import { useMutation } from '@tanstack/react-query';
import { apiPaths, forgotPasswordResponse, type ForgotPasswordRequest } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';
import { serverOrigin } from '../../../lib/platform.ts';

/**
 * Spec §3 `baseurl`: the current page address without its fragment. The native shells run on
 * capacitor://localhost, which the server cannot link to, so they send the server's own origin.
 */
export function currentBaseUrl(
  location: Pick<Location, 'href' | 'pathname' | 'search'> = window.location,
  origin: string = serverOrigin(),
): string {
  if (origin) return `${origin}${location.pathname}${location.search}`;
  return location.href.split('#')[0] ?? location.href;
}

/** POST forgot-password (spec §7), no token: email and baseurl. Failures carry results.error. */
export function forgotPassword(body: ForgotPasswordRequest, client: HttpClient = http) {
  return client.postNoToken(apiPaths.forgotPassword, body, forgotPasswordResponse);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (body: ForgotPasswordRequest) => forgotPassword(body) });
}
