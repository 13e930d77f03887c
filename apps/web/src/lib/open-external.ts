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
