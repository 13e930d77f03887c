import { lazy, Suspense, useEffect, useState } from 'react';
import { logger } from '../lib/logger.ts';
import { useAuthModals } from '../lib/auth-modals.ts';
import { whenIdle } from './prefetch-routes.ts';

const loadAuthModals = () => import('../features/auth/components/auth-modals.tsx');

const AuthModals = lazy(() => loadAuthModals().then((m) => ({ default: m.AuthModals })));

/**
 * Mounts the account dialogs (features/auth) once one is first asked for through lib/auth-modals.ts.
 * Their code (forms, zod schemas, Google sign-in) stays out of the initial download: it is fetched
 * when the browser is idle after first paint, and at the latest when a dialog opens.
 */
export function AuthModalsHost() {
  const { view } = useAuthModals();
  const [needed, setNeeded] = useState(view !== null);
  if (view !== null && !needed) setNeeded(true);

  useEffect(
    () =>
      whenIdle(() => {
        loadAuthModals().catch((error: unknown) => logger.warn('prefetch failed', error));
      }),
    [],
  );

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AuthModals />
    </Suspense>
  );
}
