import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@localmart/contract';
import { http, type HttpClient, type HttpFailure } from '../../../lib/http.ts';

/** POST login (spec §7), no token. Email and password arrive trimmed from the contract's loginForm. */
export function login(
  body: LoginRequest,
  client: HttpClient = http,
): Promise<LoginResponse | HttpFailure> {
  return client.login(body);
}

export function useLogin() {
  return useMutation({ mutationFn: (body: LoginRequest) => login(body) });
}
