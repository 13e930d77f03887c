import { useMutation } from '@tanstack/react-query';
import { apiPaths, resetPasswordResponse, type ResetPasswordRequest } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';

/** POST reset-password, no token: the `{id}` of the emailed link as `token`, and the new password. */
export function resetPassword(body: ResetPasswordRequest, client: HttpClient = http) {
  return client.postNoToken(apiPaths.resetPassword, body, resetPasswordResponse);
}

export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordRequest) => resetPassword(body) });
}
