/** Every API call lives under one base prefix (spec §7). */
export const API_BASE = '/api/v1';

export const apiPaths = {
  health: `${API_BASE}/health`,
  csrf: `${API_BASE}/csrf`,
  // accounts (spec §7)
  login: `${API_BASE}/login`,
  whoami: `${API_BASE}/whoami`,
  registration: `${API_BASE}/registration`,
  otpVerification: `${API_BASE}/otp-verification`,
  resendOtp: `${API_BASE}/resend-otp`,
  forgotPassword: `${API_BASE}/forgot-password`,
  handleGoogle: `${API_BASE}/handleGoogle`,
  googleRegister: `${API_BASE}/google-register`,
  /**
   * The spec's googleLogin fallback service (§7: path and method not shown, so ours). Exists only
   * when Google is not configured and the server is not in production; answers status,
   * result.token, result.user for a fresh demo shopper account.
   */
  googleDemoLogin: `${API_BASE}/auth/google-demo`,
  logout: `${API_BASE}/logout`,
  /** Not in the spec's table: completes the forgot-password link (token + new password). */
  resetPassword: `${API_BASE}/reset-password`,
  // profile (spec routes profile, edit-profile)
  profile: `${API_BASE}/profile`,
  profilePassword: `${API_BASE}/profile/password`,
  profilePicture: `${API_BASE}/profile/picture`,
  /** Stored media (profile pictures, later store images), served by id. */
  media: (id: string) => `${API_BASE}/media/${encodeURIComponent(id)}`,
  /** Public runtime settings the app needs before sign-in (Google client id, product name). */
  clientConfig: `${API_BASE}/client-config`,
  /** Dev outbox: exists only when the server is not in production mode. */
  devOutbox: `${API_BASE}/dev/outbox`,
  // commerce
  cart: `${API_BASE}/cart`,
  // CMS
  pages: `${API_BASE}/pages`,
  page: (id: string) => `${API_BASE}/pages/${encodeURIComponent(id)}`,
} as const;

export function isApiPath(pathname: string): boolean {
  return (
    pathname === API_BASE ||
    pathname === '/api' ||
    pathname.startsWith(`${API_BASE}/`) ||
    pathname.startsWith('/api/')
  );
}
