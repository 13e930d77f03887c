import { IonIcon } from '@ionic/react';
import { notificationsOutline } from 'ionicons/icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSession } from '../../lib/storage.ts';
import { usePaintedOnce } from '../ui/use-painted-once.ts';
import './notification-bell.css';

// The bell's list, its live stream and the HTTP client are a lazy chunk loaded after the first
// paint (issue 18's budgets): the toolbar shows a plain bell of the same size meanwhile.
const NotificationBell = lazy(() =>
  import('./notification-bell.tsx').then((m) => ({ default: m.NotificationBell })),
);

/** How long after the first paint the bell loads its count and opens the live stream. */
const BELL_DELAY_MS = 300;

/** The toolbar's bell, for a signed-in shopper only. */
export function NotificationBellSlot() {
  const { isLoggedIn } = useSession();
  const painted = usePaintedOnce();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!painted || !isLoggedIn) return;
    const timer = setTimeout(() => setReady(true), BELL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [painted, isLoggedIn]);
  if (!isLoggedIn) return null;
  const placeholder = (
    <span className="lm-bell-button" aria-hidden="true">
      <IonIcon icon={notificationsOutline} />
    </span>
  );
  if (!ready) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationBell />
    </Suspense>
  );
}
