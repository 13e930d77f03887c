// lib/platform.ts on the server (vite.first-paint.config.ts): the first paint is for a browser on the
// web app's own origin, whose image and page URLs are relative.
export function isNativePlatform(): boolean {
  return false;
}

export function serverOrigin(): string {
  return '';
}
