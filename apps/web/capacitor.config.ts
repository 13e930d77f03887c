import type { CapacitorConfig } from '@capacitor/cli';

// Native shells load the built web app from dist/ (the API origin is baked in at build time through
// VITE_API_ORIGIN, see src/lib/platform.ts). No android/ or ios/ projects are committed yet.
const config: CapacitorConfig = {
  appId: 'com.localmart.app',
  appName: 'Localmart',
  webDir: 'dist',
};

export default config;
