/**
 * Native push (the Capacitor app's Firebase / APNs tokens). The app registers its token with the
 * same route as a browser (kind `fcm` or `apns`), and the push job hands those devices to this
 * sender. Sending for real needs a Firebase service account (FCM HTTP v1) and an APNs key, which
 * this project does not have: the default sender says so in the log and treats the push as done,
 * so the bell and the live events still carry every notification. A deployment with those
 * credentials implements `NativePushSender` and passes it to the push plugin.
 */
export interface NativePushMessage {
  title: string;
  body: string;
  /** The app path to open on tap. */
  link: string;
  notificationId: string;
}

export type NativePushOutcome =
  | { kind: 'sent' }
  /** The token is no longer valid (FCM UNREGISTERED, APNs 410): delete the device. */
  | { kind: 'gone' }
  /** Not configured here: nothing was sent and nothing will be retried. */
  | { kind: 'skipped' }
  | { kind: 'failed'; message: string };

export interface NativePushSender {
  send(
    device: { kind: 'fcm' | 'apns'; token: string },
    message: NativePushMessage,
  ): Promise<NativePushOutcome>;
}

/** The stub: native credentials are not configured. */
export const unconfiguredNativePush: NativePushSender = {
  async send() {
    return { kind: 'skipped' };
  },
};
