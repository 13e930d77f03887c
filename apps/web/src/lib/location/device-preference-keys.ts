/** The device preferences' storage keys (device-preferences.ts), in a module without side effects. */
export const DEVICE_PREFERENCE_KEYS = {
  location: 'lm_location',
  country: 'lm_country',
} as const;
export type DevicePreferenceKey =
  (typeof DEVICE_PREFERENCE_KEYS)[keyof typeof DEVICE_PREFERENCE_KEYS];
