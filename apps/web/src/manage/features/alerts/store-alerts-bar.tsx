import { Link } from 'react-router-dom';
import { useStoreAlerts } from './store-alerts-provider.tsx';
import '../../components/buttons.css';
import './alerts.css';

const MAX_BANNERS = 2;

/**
 * The top of every store page: "Reconnecting…" while the live stream is down, the sound switch
 * (and, while a new order rings, that the browser is blocking it; the Alerts page has its own), and
 * a banner per alert until a member acknowledges it or opens it (the newest two, then "N more").
 */
export function StoreAlertsBar() {
  const value = useStoreAlerts();
  if (!value?.listening) return null;
  const { alerts, acknowledge, acknowledgeAll, sound, turnOnSound, live, page } = value;
  const ringing = alerts.some((alert) => alert.repeats);
  // A few banners at most: a busy lunch hour must not bury the page (on a phone) under them.
  const shown = alerts.slice(0, MAX_BANNERS);
  const more = alerts.length - shown.length;

  return (
    // Sticky only while something waits for an answer: the sound switch alone scrolls away with the
    // page, so on a phone it does not cover the top of every card (seen at 390x844).
    <div className={alerts.length > 0 ? 'mal-bar mal-bar-sticky' : 'mal-bar'}>
      {live === 'reconnecting' ? (
        <p className="mal-reconnecting" role="status">
          <span className="mal-dot" aria-hidden="true" /> Reconnecting…
        </p>
      ) : null}
      {sound !== 'on' && page !== 'Alerts' ? (
        <div
          className={ringing ? 'mal-sound mal-sound-blocked' : 'mal-sound'}
          role={ringing ? 'alert' : undefined}
        >
          <p>
            {ringing || sound === 'blocked'
              ? 'Sound is blocked by the browser: new orders cannot ring until you turn it on.'
              : 'Turn on sound to hear new orders ring, with desktop notifications.'}
          </p>
          <button type="button" className="mys-action-button" onClick={() => void turnOnSound()}>
            Turn on sound
          </button>
        </div>
      ) : null}
      {alerts.length > 0 ? (
        <ul className="mal-alerts" aria-label="New alerts" aria-live="assertive">
          {shown.map((alert) => (
            <li key={alert.key} className={`mal-alert mal-alert-${alert.kind}`}>
              <div className="mal-alert-text">
                <strong>{alert.title}</strong>
                <span>{alert.body}</span>
              </div>
              <div className="mal-alert-actions">
                <Link
                  className="mal-alert-open"
                  to={alert.link}
                  onClick={() => acknowledge(alert.key)}
                >
                  Open
                </Link>
                <button
                  type="button"
                  className="mys-action-button mal-acknowledge"
                  aria-label={`Acknowledge: ${alert.title}`}
                  onClick={() => acknowledge(alert.key)}
                >
                  Acknowledge
                </button>
              </div>
            </li>
          ))}
          {more > 0 ? (
            <li className="mal-alert mal-alert-more">
              <strong>
                {more} more {more === 1 ? 'alert' : 'alerts'}
              </strong>
              <button
                type="button"
                className="mys-action-button mal-acknowledge"
                onClick={acknowledgeAll}
              >
                Acknowledge all
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
