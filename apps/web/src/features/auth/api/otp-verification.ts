import { useMutation } from '@tanstack/react-query';
import {
  apiPaths,
  otpVerificationResponse,
  type OtpVerificationRequest,
} from '@localmart/contract';
import { http, type HttpClient } from '../../../lib/http.ts';

/** POST otp-verification (spec §7), no token: email and security_code. */
export function verifyOtp(body: OtpVerificationRequest, client: HttpClient = http) {
  return client.postNoToken(apiPaths.otpVerification, body, otpVerificationResponse);
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: (body: OtpVerificationRequest) => verifyOtp(body) });
}
