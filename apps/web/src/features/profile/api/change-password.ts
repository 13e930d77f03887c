import { useMutation } from '@tanstack/react-query';
import { apiPaths, changePasswordResponse, type ChangePasswordRequest } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';

/** PUT profile/password: current_password and new_password. */
export function changePassword(body: ChangePasswordRequest, client: HttpClient = http) {
  return client.put(apiPaths.profilePassword, body, changePasswordResponse);
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordRequest) => changePassword(body) });
}
