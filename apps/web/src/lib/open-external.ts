import { logger } from './logger.ts';
import { isNativePlatform, serverOrigin } from './platform.ts';

/**
 * Open one of the server's own pages (e.g. the store-owner site) outside the shopper app: a new tab on
 * the web, the system browser in the native shells, whose web view has no tabs and whose origin is
 * not the server's.
 */
export async function openServerPage(path: string): Promise<void> {
  if (!isNativePlatform()) {
    // noopener: the new tab cannot reach back into the shopper app through window.opener.
    window.open(path, '_blank', 'noopener');
    return;
  }
  try {
    // Loaded on native only, so the web bundle does not carry the plugin.
    const { Browser } = await import('@capacitor/browser');
    await Browser.open({ url: `${serverOrigin()}${path}` });
  } catch (error) {
    logger.error('could not open', path, error);
  }
}

/**
 * Open a page of another site (Google Maps directions): a new tab on the web, the system browser in
 * the native shells, which hands maps links to the maps app.
 */
export async function openExternalUrl(url: string): Promise<void> {
  if (!isNativePlatform()) {
    window.open(url, '_blank', 'noopener');
    return;
  }
  try {
    const { Browser } = await import('@capacitor/browser');
    await Browser.open({ url });
  } catch (error) {
    logger.error('could not open', url, error);
  }
}
