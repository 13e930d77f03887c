import { useMutation } from '@tanstack/react-query';
import { apiPaths, resendOtpResponse, type ResendOtpRequest } from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';

/** POST resend-otp (spec §7), no token: email. Serves Resend Activation code and Resend OTP. */
export function resendOtp(body: ResendOtpRequest, client: HttpClient = http) {
  return client.postNoToken(apiPaths.resendOtp, body, resendOtpResponse);
}

export function useResendOtp() {
  return useMutation({ mutationFn: (body: ResendOtpRequest) => resendOtp(body) });
}
