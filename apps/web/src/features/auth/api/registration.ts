import { useMutation } from '@tanstack/react-query';
import {
  apiPaths,
  normaliseRegistrationEmail,
  registrationResponse,
  type RegistrationForm,
  type RegistrationRequest,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';

/** The form's fields (spec §3: firstname, lastname...) mapped to the call's payload. */
export function registrationPayload(form: RegistrationForm): RegistrationRequest {
  return {
    first_name: form.firstname,
    last_name: form.lastname,
    email: normaliseRegistrationEmail(form.email),
    password: form.password,
  };
}

/** POST registration (spec §7), no token: first_name, last_name, email, password. */
export function register(body: RegistrationRequest, client: HttpClient = http) {
  return client.postNoToken(apiPaths.registration, body, registrationResponse);
}

export function useRegister() {
  return useMutation({ mutationFn: (body: RegistrationRequest) => register(body) });
}
