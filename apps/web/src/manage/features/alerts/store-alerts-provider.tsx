import { type LiveEvent, livePaths } from '@localmart/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { type LiveState, useLiveEvents } from '../../../lib/live/use-live-events.ts';
import { storeKeyPrefix, useUnansweredCount } from './alerts-api.ts';
import { type AlertSound, createAlertSound, type SoundState } from './alert-sound.ts';
import {
  askNotificationAccess,
  type NotificationAccess,
  notificationAccess,
  notifyDesktop,
} from './desktop-notifications.ts';
import { alertFor, reduceAlerts, shouldRing, type StoreAlert } from './store-alerts-model.ts';
import { alertTitle, createFaviconBadge } from './title-badge.ts';

/**
 * The store site hears every order in time (issue 14). Mounted once per store (the store layout),
 * so whichever page a member has open: the store's live events refresh the pages' data, a new
 * order rings until a member acknowledges it, a desktop notification shows when allowed, and the
 * tab's title and icon count the orders waiting for an answer.
 */
export interface StoreAlertsValue {
  /** False for an admin who is not a member: no stream, no sound. */
  listening: boolean;
  alerts: readonly StoreAlert[];
  acknowledge(key: string): void;
  acknowledgeAll(): void;
  /** The page's name (the tab title's): the Alerts page shows its own sound controls. */
  page: string;
  sound: SoundState;
  /** From a click: starts the sound and asks for desktop notifications (never on page load). */
  turnOnSound(): Promise<void>;
  turnOffSound(): void;
  notifications: NotificationAccess;
  /** The event stream: `reconnecting` shows "Reconnecting…"; `closed` when not a member. */
  live: LiveState;
  unanswered: number | null;
}

const StoreAlertsContext = createContext<StoreAlertsValue | null>(null);

export function useStoreAlerts(): StoreAlertsValue | null {
  return useContext(StoreAlertsContext);
}

/** This device's choice (not an account setting): whether the member turned the sound on here. */
const SOUND_KEY = 'lm.manage.alertSound';
function soundWanted(): boolean {
  try {
    return window.localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}
function rememberSound(on: boolean) {
  try {
    if (on) window.localStorage.setItem(SOUND_KEY, 'on');
    else window.localStorage.removeItem(SOUND_KEY);
  } catch {
    // Private mode: the choice lasts this visit.
  }
}

export interface StoreAlertsProviderProps {
  businessId: string;
  /** Members hear their store; an admin who is not a member has no stream (it would be refused). */
  member: boolean;
  /** The page's name for the tab title ("Orders"). */
  page: string;
  children: ReactNode;
  /** Tests inject a sound with a fake audio context. */
  sound?: AlertSound;
}

export function StoreAlertsProvider({
  businessId,
  member,
  page,
  children,
  sound: injected,
}: StoreAlertsProviderProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const soundRef = useRef<AlertSound | null>(injected ?? null);
  soundRef.current ??= createAlertSound();
  const sound = soundRef.current;
  const [soundState, setSoundState] = useState<SoundState>(() => sound.state());
  const [notifications, setNotifications] = useState<NotificationAccess>(notificationAccess);
  const [alerts, dispatch] = useReducer(reduceAlerts, []);
  const alertsRef = useRef(alerts);
  alertsRef.current = alerts;

  useEffect(() => sound.subscribe(setSoundState), [sound]);

  // A member who turned sound on before: wanted at once, heard from their first click on the page
  // (browsers allow audio only after a gesture).
  useEffect(() => {
    if (!soundWanted()) return;
    sound.want();
    const unlock = () => {
      void sound.unlock();
    };
    const options = { once: true, capture: true } as const;
    document.addEventListener('pointerdown', unlock, options);
    document.addEventListener('keydown', unlock, options);
    return () => {
      document.removeEventListener('pointerdown', unlock, options);
      document.removeEventListener('keydown', unlock, options);
    };
  }, [sound]);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: storeKeyPrefix(businessId) }),
    [queryClient, businessId],
  );

  const onEvent = useCallback(
    (event: LiveEvent) => {
      void refresh();
      const alert = alertFor(event, businessId);
      const isNew = alert && !alertsRef.current.some((shown) => shown.key === alert.key);
      dispatch({ type: 'event', event, businessId });
      if (!alert || !isNew) return;
      notifyDesktop(alert, (link) => navigate(link));
      if (!alert.repeats) sound.chime();
    },
    [businessId, navigate, refresh, sound],
  );

  const live = useLiveEvents(member ? livePaths.storeEvents(businessId) : null, onEvent);

  // Back after a dropped connection: the stream catches up its events; the lists are read again
  // too, in case what was missed is older than the events kept.
  const lastState = useRef(live.state);
  useEffect(() => {
    if (live.state === 'open' && lastState.current === 'reconnecting') void refresh();
    lastState.current = live.state;
  }, [live.state, refresh]);

  const ring = shouldRing(alerts);
  useEffect(() => {
    if (ring) sound.ring();
    else sound.stop();
  }, [ring, sound]);
  useEffect(() => () => sound.stop(), [sound]);

  const unanswered = useUnansweredCount(businessId, member);
  const count = unanswered.data ?? null;

  useEffect(() => {
    const original = document.title;
    return () => {
      document.title = original;
    };
  }, []);
  useEffect(() => {
    document.title = alertTitle(count ?? 0, page);
  }, [count, page]);

  const favicon = useMemo(
    () => (typeof document === 'undefined' ? null : createFaviconBadge()),
    [],
  );
  useEffect(() => {
    favicon?.set(count ?? 0);
  }, [favicon, count]);
  useEffect(() => () => favicon?.restore(), [favicon]);

  const turnOnSound = useCallback(async () => {
    rememberSound(true);
    // Both from the same click: the browser counts it as the gesture for each.
    const [, access] = await Promise.all([sound.unlock(), askNotificationAccess()]);
    setNotifications(access);
  }, [sound]);

  const turnOffSound = useCallback(() => {
    rememberSound(false);
    sound.mute();
  }, [sound]);

  const value = useMemo<StoreAlertsValue>(
    () => ({
      listening: member,
      alerts,
      acknowledge: (key) => dispatch({ type: 'acknowledge', key }),
      acknowledgeAll: () => dispatch({ type: 'acknowledge-all' }),
      page,
      sound: soundState,
      turnOnSound,
      turnOffSound,
      notifications,
      live: live.state,
      unanswered: count,
    }),
    [member, alerts, page, soundState, turnOnSound, turnOffSound, notifications, live.state, count],
  );

  return <StoreAlertsContext.Provider value={value}>{children}</StoreAlertsContext.Provider>;
}
