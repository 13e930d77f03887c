import type { Location, NavigateFunction } from 'react-router-dom';
import { HOME_PATH } from '../../../lib/paths.ts';

/**
 * Back to the page that opened this one; to /home when the app was opened here directly (react-router
 * gives the first entry of a session the key 'default').
 */
export function goBack(navigate: NavigateFunction, location: Pick<Location, 'key'>): void {
  if (location.key === 'default') navigate(HOME_PATH, { replace: true });
  else navigate(-1);
}
