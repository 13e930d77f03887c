import type { LiveEvent } from '@localmart/contract';
import { useEffect, useRef, useState } from 'react';
import {
  connectLive,
  defaultLiveDeps,
  type LiveClientDeps,
  type LiveState,
} from './live-client.ts';

export type { LiveState } from './live-client.ts';

export interface UseLiveEventsOptions {
  /**
   * Catch up from this event id when the stream first opens (e.g. the last id the page stored
   * before a reload). Later reconnects use the last id received, whatever this says.
   */
  after?: string | null;
  /** Tests inject fetch and the token here. */
  deps?: LiveClientDeps;
}

export interface LiveEventsStatus {
  /** `connecting` | `open` | `reconnecting` | `closed` (refused: signed out, not a member). */
  state: LiveState;
  /** The id of the last event received: the cursor to store for `after` after a reload. */
  lastEventId: string | null;
}

/**
 * Live events of issue 14 (ADR 0011) for a page.
 *
 * ```ts
 * const { state } = useLiveEvents(livePaths.storeEvents(businessId), (event) => {
 *   if (event.data.kind === 'order.placed') queryClient.invalidateQueries(…);
 * });
 * ```
 *
 * - `path`: `livePaths.shopperEvents` (the signed-in shopper's own) or `livePaths.storeEvents(id)`
 *   (a store's, members only); `null` keeps it closed (signed out, no store chosen yet).
 * - `onEvent(event)`: each event once, in id order (bar two changes committed in the other order
 *   than their ids: then as committed), including those caught up after a dropped
 *   connection (the stream sends what was missed first). It may change every render: the latest one
 *   is called, without reconnecting.
 * - Returns the connection `state` (show "reconnecting…" when it is not `open`; `closed` means the
 *   server refused it) and `lastEventId`.
 *
 * One stream per `path`: changing it closes the old one and opens the new one. Reconnects with
 * backoff and `Last-Event-ID`; on `closed` it stays closed until `path` changes.
 */
export function useLiveEvents(
  path: string | null,
  onEvent: (event: LiveEvent) => void,
  options: UseLiveEventsOptions = {},
): LiveEventsStatus {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const after = useRef(options.after ?? null);
  after.current = options.after ?? null;
  // Read when a stream opens: a new deps object per render must not reconnect.
  const deps = useRef(options.deps ?? defaultLiveDeps);
  deps.current = options.deps ?? defaultLiveDeps;
  const [status, setStatus] = useState<LiveEventsStatus>({
    state: path === null ? 'closed' : 'connecting',
    lastEventId: options.after ?? null,
  });

  useEffect(() => {
    if (path === null) {
      setStatus((previous) =>
        previous.state === 'closed' ? previous : { ...previous, state: 'closed' },
      );
      return;
    }
    const connection = connectLive(
      path,
      {
        after: after.current,
        onEvent: (event) => {
          setStatus((previous) => ({ ...previous, lastEventId: event.id }));
          handler.current(event);
        },
        onState: (state) => setStatus((previous) => ({ ...previous, state })),
      },
      deps.current,
    );
    return () => connection.close();
  }, [path]);

  return status;
}
