import { IonButton } from '@ionic/react';
import { STORAGE_KEYS, type PushDevice } from '@localmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { ContentSkeleton } from '../../../components/ui/content-skeleton.tsx';
import { isNativePlatform } from '../../../lib/platform.ts';
import { useStoredValue } from '../../../lib/storage.ts';
import {
  browserPush,
  disableWebPush,
  enableWebPush,
  listPushDevices,
  PUSH_DEVICE_ID_KEY,
  type PushBrowser,
  removeDevice,
  webPushMessages,
  webPushState,
  type WebPushState,
} from '../../../lib/notifications/web-push.ts';
import { profileKeys } from '../api/query-keys.ts';
import './notification-settings.css';

export const NOTIFICATIONS_TITLE = 'Notifications';
export const THIS_DEVICE_LABEL = 'Notifications on this device';
export const THIS_DEVICE_HINT =
  'Order accepted or declined, ready for pickup, out for delivery, cancelled, refund made: even when the app is closed.';
export const DEVICES_TITLE = 'Devices that get notifications';
export const NO_DEVICES = 'No device gets notifications yet.';

type Note = { tone: 'ok' | 'problem'; text: string } | null;

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

const STATE_NOTES: Partial<Record<WebPushState, string>> = {
  unsupported: webPushMessages.unsupported,
  'off-on-server': webPushMessages.offOnServer,
  denied: webPushMessages.denied,
};

/**
 * The profile's notification settings (issue 14): "Notifications on this device" (permission asked
 * only from this switch's click; Web Push in a browser, the native plugin in the app) and the list of
 * the person's devices with Remove.
 */
export function NotificationSettings({
  browser: given,
  native = isNativePlatform(),
}: {
  browser?: PushBrowser | null;
  native?: boolean;
}) {
  const [browser] = useState<PushBrowser | null>(() =>
    given !== undefined ? given : native ? null : browserPush(),
  );
  const userId = useStoredValue(STORAGE_KEYS.userId) ?? '';
  const queryClient = useQueryClient();
  const devicesKey = profileKeys.pushDevices(userId);
  const devices = useQuery({ queryKey: devicesKey, queryFn: () => listPushDevices() });
  const [state, setState] = useState<WebPushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const [nativeDeviceId, setNativeDeviceId] = useState<string | null>(null);
  const headingId = useId();
  const hintId = useId();

  useEffect(() => {
    if (!devices.data) return;
    let current = true;
    if (native) {
      setState(
        nativeDeviceId && devices.data.some((d) => d.id === nativeDeviceId)
          ? 'enabled'
          : 'disabled',
      );
      return;
    }
    void webPushState(browser ?? { ...browserPush(), notification: null }, devices.data).then(
      (next) => {
        if (current) setState(next);
      },
    );
    return () => {
      current = false;
    };
  }, [browser, devices.data, native, nativeDeviceId]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: devicesKey });

  async function turnOn() {
    if (native) {
      const { enableNativePush } = await import('../../../lib/native-push.ts');
      const outcome = await enableNativePush();
      if (outcome.kind === 'denied') {
        setState('denied');
        return setNote({ tone: 'problem', text: webPushMessages.denied });
      }
      setNativeDeviceId(outcome.device.id);
      return setNote({ tone: 'ok', text: webPushMessages.enabled });
    }
    if (!browser) return;
    const outcome = await enableWebPush(browser);
    switch (outcome.kind) {
      case 'enabled':
        setState('enabled');
        return setNote({ tone: 'ok', text: webPushMessages.enabled });
      case 'denied':
        setState(browser.notification?.permission === 'denied' ? 'denied' : 'disabled');
        return setNote({ tone: 'problem', text: webPushMessages.denied });
      case 'unsupported':
        setState('unsupported');
        return setNote({ tone: 'problem', text: webPushMessages.unsupported });
      case 'off-on-server':
        setState('off-on-server');
        return setNote({ tone: 'problem', text: webPushMessages.offOnServer });
      case 'no-worker':
        return setNote({ tone: 'problem', text: webPushMessages.noWorker });
    }
  }

  async function turnOff() {
    if (native) {
      const { disableNativePush } = await import('../../../lib/native-push.ts');
      await disableNativePush();
      if (nativeDeviceId) await removeDevice(null, nativeDeviceId);
      setNativeDeviceId(null);
    } else if (browser) {
      await disableWebPush(browser);
    }
    setState('disabled');
    setNote({ tone: 'ok', text: webPushMessages.disabled });
  }

  async function run(work: () => Promise<unknown>) {
    setBusy(true);
    setNote(null);
    try {
      await work();
    } catch (error) {
      // The server's envelopes speak to people; the browser's own errors (DOMException) do not.
      const fromServer =
        error instanceof Error && !(error instanceof DOMException) && error.message;
      setNote({ tone: 'problem', text: fromServer || webPushMessages.failed });
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  const ownId = native ? nativeDeviceId : (browser?.storage.getItem(PUSH_DEVICE_ID_KEY) ?? null);
  const stateNote = state ? STATE_NOTES[state] : undefined;
  const unavailable = state === 'unsupported' || state === 'off-on-server';

  let list;
  if (devices.data) {
    list =
      devices.data.length === 0 ? (
        <p className="lm-push-empty">{NO_DEVICES}</p>
      ) : (
        <ul className="lm-push-devices" aria-label={DEVICES_TITLE}>
          {devices.data.map((device: PushDevice) => (
            <li key={device.id} className="lm-card lm-push-device">
              <div>
                <p className="lm-push-device-name">
                  {device.label}
                  {device.id === ownId && <span className="lm-badge lm-badge-ok">This device</span>}
                </p>
                <p className="lm-push-device-meta">
                  Added <time dateTime={device.createdAt}>{formatDate(device.createdAt)}</time>
                </p>
              </div>
              <IonButton
                fill="outline"
                size="small"
                disabled={busy}
                aria-label={`Remove ${device.label}`}
                onClick={() =>
                  void run(async () => {
                    await removeDevice(native ? null : browser, device.id);
                    if (device.id === ownId) {
                      if (native) setNativeDeviceId(null);
                      setState('disabled');
                    }
                    setNote({ tone: 'ok', text: webPushMessages.disabled });
                  })
                }
              >
                Remove
              </IonButton>
            </li>
          ))}
        </ul>
      );
  } else if (devices.isError) {
    list = (
      <p className="lm-push-note lm-push-note-problem" role="alert">
        {devices.error.message}
      </p>
    );
  } else {
    list = <ContentSkeleton label="Loading your devices" />;
  }

  return (
    <section className="lm-push-settings" aria-labelledby={headingId}>
      <h2 id={headingId} className="lm-section-title">
        {NOTIFICATIONS_TITLE}
      </h2>
      <div className="lm-card lm-push-toggle">
        <label className="lm-push-switch">
          <span className="lm-push-switch-label">{THIS_DEVICE_LABEL}</span>
          <input
            type="checkbox"
            role="switch"
            aria-describedby={hintId}
            checked={state === 'enabled'}
            disabled={busy || state === null || unavailable}
            onChange={(event) => void run(event.target.checked ? turnOn : turnOff)}
          />
        </label>
        <p id={hintId} className="lm-push-hint">
          {THIS_DEVICE_HINT}
        </p>
        {note ? (
          <p
            className={`lm-push-note lm-push-note-${note.tone}`}
            role={note.tone === 'problem' ? 'alert' : 'status'}
          >
            {note.text}
          </p>
        ) : (
          stateNote && (
            // What this browser allows, read on load: information, not an alert.
            <p className="lm-push-note lm-push-note-problem">{stateNote}</p>
          )
        )}
      </div>
      <h3 className="lm-push-devices-title">{DEVICES_TITLE}</h3>
      {list}
    </section>
  );
}
