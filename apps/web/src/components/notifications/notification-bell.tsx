import { IonIcon, IonPopover } from '@ionic/react';
import type { Notification } from '@localmart/contract';
import { useQueryClient } from '@tanstack/react-query';
import { notificationsOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { logger } from '../../lib/logger.ts';
import {
  markNotificationsRead,
  notificationKeys,
  useNotifications,
} from '../../lib/notifications/notifications-api.ts';
import { timeAgo } from '../../lib/notifications/time-ago.ts';
import { useShopperEvents } from '../../lib/shopper-live.ts';

/** "Notifications, 2 unread": the badge said in words. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/**
 * The notification centre (issue 14): the bell with the unread count, and a popover with the
 * newest notifications. Fed live: a `notification.created` event reads the list again, and so does
 * the stream coming back after it was lost (what was missed meanwhile).
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<Event | undefined>(undefined);
  const query = useNotifications(true);
  const { reconnects } = useShopperEvents((event) => {
    if (event.data.kind === 'notification.created') {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    }
  });
  useEffect(() => {
    if (reconnects > 0) void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  }, [reconnects, queryClient]);

  const unread = query.data?.unread ?? 0;
  const items = query.data?.notifications ?? [];

  const markRead = (request: { ids: string[] } | { all: true }) =>
    markNotificationsRead(request)
      .then((list) => queryClient.setQueryData(notificationKeys.list, list))
      .catch((error: unknown) => logger.warn('notifications: mark read failed', error));

  const openOne = (notification: Notification) => {
    setOpen(false);
    if (!notification.readAt) void markRead({ ids: [notification.id] });
    navigate(notification.link);
  };

  return (
    <>
      <button
        type="button"
        className="lm-bell-button"
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(click) => {
          setAnchor(click.nativeEvent);
          setOpen(true);
        }}
      >
        <IonIcon icon={notificationsOutline} aria-hidden="true" />
        {unread > 0 && (
          <span className="lm-bell-badge" aria-hidden="true" data-testid="bell-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <IonPopover
        isOpen={open}
        event={anchor}
        onDidDismiss={() => setOpen(false)}
        className="lm-bell-popover"
        alignment="end"
      >
        <div className="lm-bell-panel" role="dialog" aria-label="Notifications">
          <div className="lm-bell-head">
            <h2 className="lm-bell-title">Notifications</h2>
            <button
              type="button"
              className="lm-bell-mark-all"
              disabled={unread === 0}
              onClick={() => void markRead({ all: true })}
            >
              Mark all read
            </button>
          </div>
          {query.isPending ? (
            <p className="lm-bell-empty">Loading…</p>
          ) : query.isError ? (
            <p className="lm-bell-empty">Notifications could not be loaded. Try again later.</p>
          ) : items.length === 0 ? (
            <p className="lm-bell-empty">
              Nothing yet. We will tell you here when your orders move.
            </p>
          ) : (
            <ul className="lm-bell-list">
              {items.map((notification) => (
                <li key={notification.id}>
                  <button
                    type="button"
                    className={`lm-bell-item${notification.readAt ? '' : ' lm-bell-item-unread'}`}
                    onClick={() => openOne(notification)}
                  >
                    <span className="lm-bell-item-title">
                      {!notification.readAt && <span className="lm-bell-dot" aria-label="Unread" />}
                      {notification.title}
                    </span>
                    <span className="lm-bell-item-body">{notification.body}</span>
                    <time className="lm-bell-item-time" dateTime={notification.createdAt}>
                      {timeAgo(notification.createdAt)}
                    </time>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </IonPopover>
    </>
  );
}
