import {
  STORE_EMAIL_ALERT_LABELS,
  STORE_EMAIL_ALERTS,
  type StoreAlertPreferences,
} from '@localmart/contract';
import { type FormEvent, useState } from 'react';
import { useCurrentStore } from '../../lib/store-context.tsx';
import { Empty, Failed, Loading, ManagePage } from '../../shell/manage-page.tsx';
import { useAlertPreferences, useSaveAlertPreferences } from './alerts-api.ts';
import { useStoreAlerts } from './store-alerts-provider.tsx';
import '../../components/buttons.css';
import './alerts.css';

/**
 * /manage/stores/:id/alerts: how this member hears the store (issue 14). On this device: the sound
 * and desktop notifications; by email: which alerts reach them (each member chooses their own).
 */
export function AlertsPage() {
  const { businessId, access } = useCurrentStore();
  if (access === 'admin') {
    return (
      <ManagePage title="Alerts">
        <Empty title="Alerts are chosen by each member of the store." />
      </ManagePage>
    );
  }
  return (
    <ManagePage
      title="Alerts"
      subtitle="How you hear about new orders, price-match requests and messages."
    >
      <DeviceAlerts />
      <EmailAlerts businessId={businessId} />
    </ManagePage>
  );
}

const NOTIFICATION_WORDS = {
  granted: 'Desktop notifications are on.',
  denied: 'Desktop notifications are blocked in this browser’s site settings.',
  default: 'Desktop notifications are off: turning on the sound asks for them.',
  unsupported: 'This browser does not show desktop notifications here.',
} as const;

function DeviceAlerts() {
  const alerts = useStoreAlerts();
  if (!alerts) return null;
  const { sound, turnOnSound, turnOffSound, notifications } = alerts;
  return (
    <section className="mys-card mal-device" aria-labelledby="mal-device-title">
      <h2 id="mal-device-title">On this device</h2>
      <p>
        {sound === 'on'
          ? 'Sound is on: a new order rings every few seconds until someone acknowledges it.'
          : sound === 'blocked'
            ? 'Sound is blocked by the browser until you click on the page or turn it on.'
            : 'Sound is off on this device.'}
      </p>
      <p>{NOTIFICATION_WORDS[notifications]}</p>
      <p>
        {sound === 'on' ? (
          <button
            type="button"
            className="mys-action-button mys-action-button-quiet"
            onClick={turnOffSound}
          >
            Turn off sound
          </button>
        ) : (
          <button type="button" className="mys-action-button" onClick={() => void turnOnSound()}>
            Turn on sound
          </button>
        )}
      </p>
    </section>
  );
}

function EmailAlerts({ businessId }: { businessId: string }) {
  const preferences = useAlertPreferences(businessId);
  if (preferences.isPending) return <Loading label="Loading your email alerts…" />;
  if (preferences.isError) {
    return (
      <Failed message={preferences.error.message} onRetry={() => void preferences.refetch()} />
    );
  }
  return <EmailAlertsForm businessId={businessId} saved={preferences.data} />;
}

function EmailAlertsForm({
  businessId,
  saved,
}: {
  businessId: string;
  saved: StoreAlertPreferences;
}) {
  const save = useSaveAlertPreferences(businessId);
  const [choice, setChoice] = useState(saved);
  const [ok, setOk] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOk(null);
    save.mutate(choice, { onSuccess: ({ message }) => setOk(message) });
  };

  return (
    <form className="mys-card" onSubmit={submit} aria-labelledby="mal-email-title">
      <h2 id="mal-email-title">Email alerts</h2>
      <p className="mal-hint">
        The store’s own address always gets new orders and orders cancelled for no answer.
      </p>
      <ul className="mal-choices">
        {STORE_EMAIL_ALERTS.map((alert) => (
          <li key={alert}>
            <input
              id={`mal-email-${alert}`}
              type="checkbox"
              checked={choice[alert]}
              aria-describedby={`mal-email-${alert}-hint`}
              onChange={(event) => {
                setOk(null);
                setChoice({ ...choice, [alert]: event.target.checked });
              }}
            />
            <span>
              <label htmlFor={`mal-email-${alert}`}>{STORE_EMAIL_ALERT_LABELS[alert].label}</label>
              <span id={`mal-email-${alert}-hint`} className="mal-hint">
                {STORE_EMAIL_ALERT_LABELS[alert].hint}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <button type="submit" className="mys-action-button" disabled={save.isPending}>
        Save email alerts
      </button>
      {save.isError ? (
        <p className="mys-field-error" role="alert">
          {save.error.message}
        </p>
      ) : null}
      {ok ? <p role="status">{ok}</p> : null}
    </form>
  );
}
