/** Business constants and limits of spec §9, and product-wide values. */
export const APP_VERSION = '1.0.0';
export const DEFAULT_APP_NAME = 'Localmart';

export const PASSWORD_MIN_LENGTH = 6;
/** Our own upper bound: argon2 input stays bounded (see docs/decisions). */
export const PASSWORD_MAX_LENGTH = 128;
export const VERIFICATION_CODE_LENGTH = 6;
export const CODE_INPUT_DEFAULT_LENGTH = 4;

/** One-time email codes: 10-minute life, 5 wrong tries kill the code, 60 s between resends. */
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_COOLDOWN_SECONDS = 60;
/** Password-reset links: 30-minute life, single use. */
export const RESET_LINK_TTL_MINUTES = 30;

/** Profile pictures: checked by content (magic bytes), not by the name or the declared type. */
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const TOAST = {
  position: 'bottom-right',
  durationMs: 4000,
  allowDuplicates: false,
} as const;

export const CMS_PAGE_SIZE = 10;
export const CMS_FIRST_PAGE = 1;

export const GOOGLE_SCOPES = ['profile', 'email'] as const;

export const DEMO_DELAY_MS = 1000;
export const DEMO_ERROR_DELAY_MS = 500;

/** Local storage keys of spec §3; one typed module in the web app owns them. */
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'userId',
  username: 'username',
  userEmail: 'user_email',
  isLoggedIn: 'isLoggedIn',
  authToken: 'authToken',
  userData: 'userData',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** CSRF: signed double-submit cookie echoed in a header (docs/decisions/0002-csrf.md). */
export const CSRF_COOKIE = 'lm_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** Terms of service constants (spec §9), used in the terms text. */
export const TERMS = {
  retailerResponseHours: 4,
  reminderIntervalMinutes: 30,
  supportHours: 'Monday to Friday 9-5 CST',
  paymentTermsDays: 30,
  nonRenewalNoticeDays: 30,
  curePeriodDays: 10,
  minimumAgeWithoutGuardian: 18,
  /**
   * No-show policy (issue 15): a reserved or paid pickup is held this long after its ready-by time
   * before the store may mark it not picked up. Stores may set their own hold window.
   */
  noShowHoldHours: 24,
} as const;
